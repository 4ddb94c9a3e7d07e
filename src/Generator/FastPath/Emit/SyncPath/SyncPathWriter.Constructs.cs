using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
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
        protected override void WriteLoop(StatementSyntax loop, IReadOnlyList<SplitPoint> deeper)
        {
            if (_byStatement.TryGetValue(loop, out var conditionSplit) && conditionSplit.AwaitingLoop == loop)
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
                    _lines.HeaderLine($"for ({initializers};{condition};{(incrementors.Length > 0 ? " " + incrementors : string.Empty)})", forStatement);
                    WriteEmbedded(forStatement.Statement);
                    break;
                case WhileStatementSyntax whileStatement:
                    _lines.HeaderLine($"while ({Print(whileStatement.Condition)})", whileStatement);
                    WriteEmbedded(whileStatement.Statement);
                    break;
                case DoStatementSyntax doStatement:
                    _lines.Line("do");
                    WriteEmbedded(doStatement.Statement);
                    _lines.HeaderLine($"while ({Print(doStatement.Condition)});", doStatement);
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
                _lines.HeaderLine($"for ({initializers}; ;{(incrementors.Length > 0 ? " " + incrementors : string.Empty)})", forStatement);
            }
            else
            {
                _lines.Line("while (true)");
            }

            _lines.OpenBrace();
            WriteSplit(split);
            WriteLaterSpills(loop);
            _lines.HeaderLine($"if (!({Print(split.LoopCondition!)})) break;", loop);
            var body = FrameCollector.LoopBody(loop);
            if (body is BlockSyntax block) WriteStatements(block.Statements);
            else WriteStatement(body);
            _lines.CloseBrace();
        }

        protected override void WriteForEach(ForEachStatementSyntax forEach, ForEachLowering lowering, IReadOnlyList<SplitPoint> deeper)
        {
            _lines.MappedLine(lowering.Start(Print(forEach.Expression)), forEach, ForEachPart.Collection);
            var dispose = lowering.DisposeStatement;
            if (dispose is not null)
            {
                _lines.Line("try");
                _lines.OpenBrace();
            }

            _lines.MappedLine(lowering.Header(first: true), forEach, ForEachPart.MoveNext);
            _lines.OpenBrace();
            _lines.MappedLine(lowering.IterationDeclaration, forEach, ForEachPart.IterationVariable);
            if (forEach.Statement is BlockSyntax block) WriteStatements(block.Statements);
            else WriteStatement(forEach.Statement);
            _lines.CloseBrace();
            if (dispose is not null)
            {
                _lines.CloseBrace();
                WriteFinallyUnlessHandedOff(dispose);
            }
        }

        protected override void WriteFinallyClause(FinallyClauseSyntax finallyClause) => WriteFinallyUnlessHandedOff(finallyClause);

        /// <summary>The try block and the catch clauses as they are.</summary>
        protected override void WriteTryAndCatches(TryStatementSyntax tryStatement)
        {
            _lines.Line("try");
            WriteStatement(tryStatement.Block);
            foreach (var catchClause in tryStatement.Catches) SyntaxPrinter.PrintStatement(catchClause, _lines, Replace);
        }

        /// <summary>The statement's own finally, run only when nothing was handed over (else it is the continuation's).</summary>
        private void WriteFinallyUnlessHandedOff(FinallyClauseSyntax finallyClause)
        {
            _lines.Line("finally");
            _lines.OpenBrace();
            _lines.Line($"if (!{HandOffFlag})");
            SyntaxPrinter.PrintStatement(finallyClause.Block, _lines, Replace);
            _lines.CloseBrace();
        }

        /// <summary>
        /// A try statement with a catch block that awaits, as the compiler lowers it: that clause only catches the
        /// exception into a variable (its filter still runs where it did), and its block runs after the try, where an
        /// await can hand over; a <c>throw;</c> there rethrows the caught exception. The finally, if any, wraps it all.
        /// </summary>
        protected override void WriteTryWithAwaitingCatch(TryStatementSyntax tryStatement, bool writeFinally)
        {
            var lowered = _lowering.AwaitingCatches(tryStatement).ToList();
            // Null until the clause catches; declared without '?' because the generated file may not enable nullable (CS8669).
            foreach (var clause in lowered) _lines.Line($"global::System.Exception {_lowering.Caught(clause)} = null!;");
            foreach (var (type, name) in lowered.SelectMany(_lowering.FilterOutVariables)) _lines.Line($"{type} {name} = default!;");
            if (writeFinally && tryStatement.Finally is not null)
            {
                _lines.Line("try");
                _lines.OpenBrace();
            }

            _lines.Line("try");
            WriteStatement(tryStatement.Block);
            WriteStoringCatchClauses(tryStatement.Catches, lowered);
            WriteCaughtBlocks(tryStatement, lowered);

            if (!writeFinally || tryStatement.Finally is not { } finallyClause) return;
            _lines.CloseBrace();
            WriteFinallyUnlessHandedOff(finallyClause);
        }

        /// <summary>An out variable declared in the filter is declared before the try (<see cref="Lowering.FilterOutVariables"/>).</summary>
        protected override bool ReplaceInFilter(CatchClauseSyntax clause, SyntaxNode node, SyntaxPrinter printer)
        {
            if (_lowering.FilterOutVariable(node) is not { } name) return Replace(node, printer);
            printer.Write(name);
            return true;
        }

        /// <summary>
        /// A try statement whose finally awaits, as the compiler lowers it (see <see cref="FinallyLowering"/>): the try and
        /// its catch clauses catch any exception into a variable, a return in them is recorded and jumps to the end of the
        /// try, the finally runs after as ordinary statements (its awaits hand over like any other), then the exception is
        /// rethrown or the recorded return made. A hand-off inside the try returns at once: the finally is the continuation's.
        /// </summary>
        protected override void WriteTryWithAwaitingFinally(TryStatementSyntax tryStatement, FinallyLowering lowering)
        {
            _lines.Line($"global::System.Exception {lowering.ErrorVariable} = null!;");
            if (lowering.HasReturns)
            {
                _lines.Line($"var {lowering.PendingVariable} = false;");
                if (lowering.ResultType is not null) _lines.Line($"{lowering.ResultType} {lowering.ReturnVariable} = default!;");
            }

            _lines.Line("try");
            _lines.OpenBrace();
            if (_lowering.AwaitingCatches(tryStatement).Any())
            {
                WriteTryWithAwaitingCatch(tryStatement, writeFinally: false);
            }
            else if (tryStatement.Catches.Count > 0)
            {
                WriteTryAndCatches(tryStatement);
            }
            else
            {
                WriteStatements(tryStatement.Block.Statements);
            }

            if (lowering.HasReturns) _lines.Line(lowering.EndLabel + ": ;");
            _lines.CloseBrace();
            WriteRecordedFaultAndFinally(tryStatement, lowering);

            // Inside another try written out this way (nested await using), the recorded return waits for its finally too.
            if (_lowering.FinallyAround(tryStatement) is { } outer)
            {
                lowering.WriteAfterFinally(_lines, outer.RecordReturn, outer.RecordReturn(null));
                return;
            }

            lowering.WriteAfterFinally(_lines, value => $"return {_forms.ValuePrefix}{value}{_forms.ValueSuffix}", _forms.CompletedReturn);
        }

        protected override void WriteUsing(UsingStatementSyntax usingStatement, UsingLowering lowering, IReadOnlyList<SplitPoint> deeper)
        {
            _lines.OpenBrace();
            _lines.MappedLine(
                usingStatement.Declaration is { } declaration ? Print(declaration) + ";" : $"var {lowering.ResourceVariable} = {Print(usingStatement.Expression!)};",
                (SyntaxNode?)usingStatement.Declaration ?? usingStatement.Expression);
            _lines.Line("try");
            WriteEmbedded(usingStatement.Statement);
            WriteFinallyUnlessHandedOff(lowering.DisposeStatement);
            _lines.CloseBrace();
        }

        /// <summary><c>using var r = e;</c> and the rest of its block: the rest is the try, the finally disposes r.</summary>
        protected override void WriteUsingDeclaration(LocalDeclarationStatementSyntax declaration, UsingLowering lowering, IReadOnlyList<StatementSyntax> rest)
        {
            WriteSpills(declaration);
            _lines.MappedLine(Print(declaration.Declaration) + ";", declaration);
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

    }
}
