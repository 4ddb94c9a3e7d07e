using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Emit;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// The synchronous path through loops, try statements and using scopes that hold a split await. Loops and try keep
    /// their shape; a foreach and a using are written out as the compiler lowers them, so the enumerator and the resource
    /// can be handed over; every finally the hand-off returns through runs only when nothing was handed over.
    /// </summary>
    internal sealed partial class SyncPathWriter
    {
        private void WriteLoop(StatementSyntax loop)
        {
            if (_splits.TryGetValue(loop, out var conditionSplit) && conditionSplit.AwaitingLoop == loop)
            {
                WriteLoopWithAwaitedCondition(loop, conditionSplit);
                return;
            }

            switch (loop)
            {
                case ForStatementSyntax forStatement:
                    var initializers = forStatement.Declaration is { } declaration
                        ? Print(declaration)
                        : string.Join(", ", forStatement.Initializers.Select(Print));
                    var condition = forStatement.Condition is null ? string.Empty : " " + Print(forStatement.Condition);
                    var incrementors = string.Join(", ", forStatement.Incrementors.Select(Print));
                    _lines.Line($"for ({initializers};{condition};{(incrementors.Length > 0 ? " " + incrementors : string.Empty)})");
                    WriteEmbedded(forStatement.Statement);
                    break;
                case WhileStatementSyntax whileStatement:
                    _lines.Line($"while ({Print(whileStatement.Condition)})");
                    WriteEmbedded(whileStatement.Statement);
                    break;
                case DoStatementSyntax doStatement:
                    _lines.Line("do");
                    WriteEmbedded(doStatement.Statement);
                    _lines.Line($"while ({Print(doStatement.Condition)});");
                    break;
            }
        }

        /// <summary>
        /// <c>while (await x) body</c> as <c>while (true) { spill; if (!condition) break; body }</c> (a for keeps its
        /// initializer and incrementors around it): a continue still reaches the condition, now at the top of the body.
        /// </summary>
        private void WriteLoopWithAwaitedCondition(StatementSyntax loop, SplitPoint split)
        {
            if (loop is ForStatementSyntax forStatement)
            {
                var initializers = forStatement.Declaration is { } declaration ? Print(declaration) : string.Join(", ", forStatement.Initializers.Select(Print));
                var incrementors = string.Join(", ", forStatement.Incrementors.Select(Print));
                _lines.Line($"for ({initializers}; ;{(incrementors.Length > 0 ? " " + incrementors : string.Empty)})");
            }
            else
            {
                _lines.Line("while (true)");
            }

            _lines.OpenBrace();
            WriteSplit(split);
            WriteLaterSpills(loop);
            _lines.Line($"if (!({Print(split.LoopCondition!)})) break;");
            var body = FrameCollector.LoopBody(loop);
            if (body is BlockSyntax block) WriteStatements(block.Statements);
            else WriteStatement(body);
            _lines.CloseBrace();
        }

        private void WriteForEach(ForEachStatementSyntax forEach, ForEachLowering lowering)
        {
            _lines.Line(lowering.Start(Print(forEach.Expression)));
            var dispose = lowering.DisposeStatement;
            if (dispose is not null)
            {
                _lines.Line("try");
                _lines.OpenBrace();
            }

            _lines.Line(lowering.Header(first: true));
            _lines.OpenBrace();
            _lines.Line(lowering.IterationDeclaration);
            if (forEach.Statement is BlockSyntax block) WriteStatements(block.Statements);
            else WriteStatement(forEach.Statement);
            _lines.CloseBrace();
            if (dispose is not null)
            {
                _lines.CloseBrace();
                WriteFinallyUnlessHandedOff(dispose);
            }
        }

        private void WriteTry(TryStatementSyntax tryStatement)
        {
            _lines.Line("try");
            WriteStatement(tryStatement.Block);
            foreach (var catchClause in tryStatement.Catches) SyntaxPrinter.PrintStatement(catchClause, _lines, Replace);
            if (tryStatement.Finally is not { } finallyClause) return;
            _lines.Line("finally");
            _lines.OpenBrace();
            _lines.Line($"if (!{HandOffFlag})");
            SyntaxPrinter.PrintStatement(finallyClause.Block, _lines, Replace);
            _lines.CloseBrace();
        }

        private void WriteUsing(UsingStatementSyntax usingStatement, UsingLowering lowering)
        {
            _lines.OpenBrace();
            _lines.Line(usingStatement.Declaration is { } declaration
                ? Print(declaration) + ";"
                : $"var {lowering.ResourceVariable} = {Print(usingStatement.Expression!)};");
            _lines.Line("try");
            WriteEmbedded(usingStatement.Statement);
            WriteFinallyUnlessHandedOff(lowering.DisposeStatement);
            _lines.CloseBrace();
        }

        /// <summary><c>using var r = e;</c> and the rest of its block: the rest is the try, the finally disposes r.</summary>
        private void WriteUsingDeclaration(LocalDeclarationStatementSyntax declaration, UsingLowering lowering, IReadOnlyList<StatementSyntax> rest)
        {
            WriteSpills(declaration);
            _lines.Line(Print(declaration.Declaration) + ";");
            _lines.Line("try");
            _lines.OpenBrace();
            WriteStatements(rest);
            _lines.CloseBrace();
            WriteFinallyUnlessHandedOff(lowering.DisposeStatement);
        }

        private void WriteFinallyUnlessHandedOff(string statement)
        {
            _lines.Line("finally");
            _lines.OpenBrace();
            _lines.Line($"if (!{HandOffFlag}) {statement}");
            _lines.CloseBrace();
        }

        private string Print(Microsoft.CodeAnalysis.SyntaxNode node) => SyntaxPrinter.PrintExpression(node, Replace);
    }
}
