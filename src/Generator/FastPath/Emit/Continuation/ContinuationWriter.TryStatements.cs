using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Emit;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    // try statements that hold a resume point: a dispatch inside the try block, catch blocks that await run after
    // the statement, a finally that awaits runs after it with the pending exception or return recorded.
    internal sealed partial class ContinuationWriter
    {
        /// <summary>The try block (a list with its own dispatch: C# allows a jump into a try block only from inside it) and the catch clauses as they are.</summary>
        protected override void WriteTryAndCatches(TryStatementSyntax tryStatement)
        {
            Label(ResumePointsIn(tryStatement.Block), "try");
            _lines.Line("try");
            _lines.OpenBrace();
            WriteList(tryStatement.Block.Statements);
            _lines.CloseBrace();
            foreach (var catchClause in tryStatement.Catches) SyntaxPrinter.PrintStatement(catchClause, _lines, Replace);
        }

        /// <summary>
        /// A try statement with a catch block that awaits, written out as the synchronous path writes it; resuming into a
        /// catch block, its caught exception is live state (the others are null), so the if/else chain picks that block.
        /// </summary>
        protected override void WriteTryWithAwaitingCatch(TryStatementSyntax tryStatement, bool writeFinally)
        {
            var lowered = _lowering.AwaitingCatches(tryStatement).ToList();
            foreach (var clause in lowered) HoistFilterVariables(clause);
            foreach (var clause in lowered)
            {
                var caught = _lowering.Caught(clause)!;
                if (_layout.IsSynthetic(caught)) Executable($"{caught} = null!;");
                else _lines.Line($"global::System.Exception {caught} = null!;");
            }

            var outerTry = writeFinally && tryStatement.Finally is not null;
            if (outerTry)
            {
                Label(ResumePointsIn(tryStatement).Where(s => !tryStatement.Finally!.Span.Contains(s.Await.Span)), "try");
                _lines.Line("try");
                _lines.OpenBrace();
            }

            void Pieces()
            {
                if (_beforeFirstLabel && !HoldsResumePoint(tryStatement.Block))
                {
                    // The top of the continuation, resuming in a catch block: the try runs on no path.
                }
                else if (HoldsResumePoint(tryStatement.Block))
                {
                    Label(ResumePointsIn(tryStatement.Block), "try");
                    _lines.Line("try");
                    _lines.OpenBrace();
                    WriteList(tryStatement.Block.Statements);
                    _lines.CloseBrace();
                }
                else
                {
                    _lines.Line("try");
                    SyntaxPrinter.PrintStatement(tryStatement.Block, _lines, Replace);
                }

                WriteStoringCatchClauses(_beforeFirstLabel ? Enumerable.Empty<CatchClauseSyntax>() : tryStatement.Catches, lowered);

                var catchPoints = lowered.SelectMany(c => ResumePointsIn(c.Block)).ToList();
                if (catchPoints.Count > 0) Label(catchPoints, "catch");
                WriteCaughtBlocks(tryStatement, lowered);
            }

            if (!outerTry)
            {
                Pieces();
                return;
            }

            InList(Pieces);
            _lines.CloseBrace();
            WriteFinallyClause(tryStatement.Finally!);
        }

        /// <summary>
        /// A moved catch block in a list of its own (it may hold resume points). Its exception variable: when live, the
        /// handed-over variable is assigned after the dispatch (resuming in the block, it already holds the value); else
        /// it is declared in the block's preamble, before the dispatch, because a jump to a statement nested deeper in the
        /// block would skip a declaration after it, and the awaited operand there, or a statement the compiler sees on
        /// that path, reads the variable (CS0165). Not being live, it is not read again unless written first.
        /// </summary>
        protected override void WriteCaughtBlock(CatchClauseSyntax clause, string caught)
        {
            InList(() =>
            {
                if (clause.Declaration is { Identifier.RawKind: not 0 } declaration)
                {
                    var type = declaration.Type.WithoutTrivia().ToString();
                    var exception = _model.GetDeclaredSymbol(declaration);
                    if (_layout.IsLive(exception)) _lines.Line($"{_layout.NameOf(exception!)} = ({type}){caught}!;");
                    else _scopes.Peek().Preamble.Line($"{type} {declaration.Identifier.Text} = ({type}){caught}!;");
                }

                WriteStatements(clause.Block.Statements);
            });
        }

        /// <summary>
        /// A try statement whose finally awaits, written out as the synchronous path writes it (see FinallyLowering): the
        /// recorded exception and return are live state of every await in the finally, which runs as ordinary statements.
        /// </summary>
        protected override void WriteTryWithAwaitingFinally(TryStatementSyntax tryStatement, FinallyLowering lowering)
        {
            void Declare(string type, string name, string value)
            {
                if (_layout.IsSynthetic(name)) Executable($"{name} = {value};");
                else _lines.Line($"{type} {name} = {value};");
            }

            Declare("global::System.Exception", lowering.ErrorVariable, "null!");
            if (lowering.HasReturns)
            {
                Declare("var", lowering.PendingVariable, "false");
                if (lowering.ResultType is not null) Declare(lowering.ResultType, lowering.ReturnVariable, "default!");
            }

            var tryPoints = ResumePointsIn(tryStatement).Where(s => !tryStatement.Finally!.Span.Contains(s.Await.Span)).ToList();
            if (tryPoints.Count > 0) Label(tryPoints, "try");
            if (_beforeFirstLabel)
            {
                // The top of the continuation, resuming in the finally: the try runs on no path.
                WriteStatements(FinallyLowering.Statements(tryStatement.Finally!));
                WriteAfterFinally(tryStatement, lowering);
                return;
            }

            _lines.Line("try");
            _lines.OpenBrace();
            InList(() =>
            {
                if (_lowering.AwaitingCatches(tryStatement).Any())
                {
                    WriteTryWithAwaitingCatch(tryStatement, writeFinally: false);
                }
                else if (tryStatement.Catches.Count > 0)
                {
                    if (HoldsResumePoint(tryStatement.Block))
                    {
                        WriteTryAndCatches(tryStatement);
                    }
                    else
                    {
                        _lines.Line("try");
                        SyntaxPrinter.PrintStatement(tryStatement.Block, _lines, Replace);
                        foreach (var catchClause in tryStatement.Catches) SyntaxPrinter.PrintStatement(catchClause, _lines, Replace);
                    }
                }
                else
                {
                    WriteStatements(tryStatement.Block.Statements);
                }

                if (lowering.HasReturns) _lines.Line(lowering.EndLabel + ": ;");
            });
            _lines.CloseBrace();
            WriteRecordedFaultAndFinally(tryStatement, lowering);
            WriteAfterFinally(tryStatement, lowering);
        }

        private void WriteAfterFinally(TryStatementSyntax tryStatement, FinallyLowering lowering)
        {
            if (_lowering.FinallyAround(tryStatement) is { } outer)
            {
                lowering.WriteAfterFinally(_lines, outer.RecordReturn, outer.RecordReturn(null));
                return;
            }

            lowering.WriteAfterFinally(_lines, value => $"return {value};", "return;");
        }
    }
}
