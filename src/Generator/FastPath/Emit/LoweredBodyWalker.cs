using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Emit;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// The one walk of a lowered [FastPath] body that both generated methods are written by: the synchronous path
    /// (<see cref="SyncPathWriter"/>) and the continuation's state machine (<see cref="ContinuationWriter"/>) go through the
    /// same statement lists, the same statements and the same splits in the same order, and differ only in their
    /// strategies: what an await becomes (<see cref="WriteAwait"/>: an IsCompleted test and a hand-off, or a resume point
    /// and its awaiter field), how a resume point is entered (<see cref="EnterResumePoints"/>: not at all, or by a label
    /// the dispatch jumps to), and how each construct that holds a split is written around it.
    /// </summary>
    internal abstract partial class LoweredBodyWalker
    {
        protected CodeLines _lines;

        // Every split, in text order.
        protected readonly IReadOnlyList<SplitPoint> _splits;

        // A statement with several spilled awaits is keyed by its first; the others follow it, in order.
        protected readonly Dictionary<SyntaxNode, SplitPoint> _byStatement;

        // The second and later spilled awaits of a statement.
        protected readonly Dictionary<SyntaxNode, List<SplitPoint>> _laterSpills;

        // A spilled await's node, to the temporary its statement reads instead.
        protected readonly Dictionary<SyntaxNode, string> _spilled;

        protected readonly Lowering _lowering;

        protected LoweredBodyWalker(CodeLines lines, IEnumerable<SplitPoint> splits, Lowering lowering)
        {
            _lines = lines;
            _splits = splits.ToList();
            _lowering = lowering;
            _byStatement = _splits.Where(s => s.Statement is not null && s.SpillOrdinal == 0 && !s.IsConditionalPartner).ToDictionary(s => (SyntaxNode)s.Statement!, s => s);
            _laterSpills = _splits.Where(s => s.SpillOrdinal > 0).GroupBy(s => (SyntaxNode)s.Statement!).ToDictionary(g => g.Key, g => g.OrderBy(s => s.SpillOrdinal).ToList());
            _spilled = _splits.Where(s => s.Form == SplitForm.Spill && !s.IsConditionalPartner).ToDictionary(s => (SyntaxNode)s.Spilled, s => s.SpillVariable);
        }

        /// <summary>A statement list; a using declaration whose scope holds a split is written out as a try/finally.</summary>
        public void WriteStatements(IReadOnlyList<StatementSyntax> statements)
        {
            BeginList(statements);
            for (var i = 0; i < statements.Count; i++)
            {
                var statement = statements[i];
                var rest = statements.Skip(i + 1).ToList();
                if (LoweringShapes.IsUsingDeclaration(statement) && rest.Any(HoldsSplit))
                {
                    WriteUsingDeclaration((LocalDeclarationStatementSyntax)statement, _lowering.Using(statement) ?? throw Unexpected(statement), rest);
                    return;
                }

                WriteStatement(statement);
            }
        }

        /// <summary>
        /// One statement: its own split first (a spilled await is written before the statement, which reads its temporary),
        /// then as it is when nothing inside it splits, else the construct around the splits inside it.
        /// </summary>
        protected void WriteStatement(StatementSyntax statement)
        {
            if (Skips(statement)) return;
            var spilled = false;
            if (_byStatement.TryGetValue(statement, out var split) && split.AwaitingLoop is null)
            {
                WriteSplit(split);
                if (split.Form != SplitForm.Spill) return;
                WriteLaterSpills(statement);
                spilled = true;
            }

            var deeper = SplitsInside(statement, spilled);
            if (deeper.Count == 0)
            {
                WriteWhole(statement);
                return;
            }

            switch (statement)
            {
                case BlockSyntax block:
                    EnterResumePoints(deeper, "block");
                    _lines.OpenBrace();
                    WriteBlockStatements(block.Statements);
                    _lines.CloseBrace();
                    break;
                case ForStatementSyntax or WhileStatementSyntax or DoStatementSyntax:
                    WriteLoop(statement, deeper);
                    break;
                case ForEachStatementSyntax forEach:
                    WriteForEach(forEach, _lowering.ForEach(forEach) ?? throw Unexpected(statement), deeper);
                    break;
                case TryStatementSyntax tryStatement:
                    WriteTry(tryStatement);
                    break;
                case UsingStatementSyntax usingStatement:
                    WriteUsing(usingStatement, _lowering.Using(usingStatement) ?? throw Unexpected(statement), deeper);
                    break;
                case IfStatementSyntax ifStatement:
                    EnterResumePoints(deeper, "if");
                    WriteIf(ifStatement, "if");
                    break;
                case SwitchStatementSyntax switchStatement:
                    WriteSwitch(switchStatement);
                    break;
                default:
                    // The classifier only lets awaits through inside the statements above; the parser forwards on this.
                    throw Unexpected(statement);
            }
        }

        /// <summary>The second and later spilled awaits of <paramref name="statement"/>, after its first.</summary>
        protected void WriteLaterSpills(SyntaxNode statement)
        {
            if (_laterSpills.TryGetValue(statement, out var later)) foreach (var next in later) WriteSplit(next);
        }

        protected void WriteSplit(SplitPoint split)
        {
            if (split.Conditional is not null)
            {
                WriteConditionalSplit(split);
                return;
            }

            WriteAwait(split, declareSpill: true);
        }

        /// <summary>
        /// An await that is a conditional operand: an if/else assigns the temporary, awaiting only on the branch that
        /// evaluates the await; the operand tested first is evaluated once, in place (when resuming, the continuation takes
        /// the branch that awaits without testing it, <see cref="SteerConditional"/>).
        /// </summary>
        protected void WriteConditionalSplit(SplitPoint split)
        {
            var conditional = split.Conditional!;
            var temporary = split.SpillVariable;
            var firstOperand = ConditionalSpill.First(conditional);
            var otherBranch = ConditionalSpill.OtherBranch(conditional, split.ConditionalKind); // the value of ?: that does not await
            var first = Print(firstOperand);
            var points = new List<SplitPoint> { split };
            if (split.ConditionalPartner is { } partnerPoint) points.Add(partnerPoint);
            EnterResumePoints(points, "conditional");
            DeclareConditionalTemporary(split.ConditionalTypeName!, temporary);

            // A value of the body's (the other branch of ?:) maps to it; true, false and the tested left operand are hidden.
            void Assign(string value, SyntaxNode? origin = null)
            {
                _lines.OpenBrace();
                _lines.MappedLine($"{temporary} = {value};", origin);
                _lines.CloseBrace();
            }

            if (split.ConditionalPartner is { } partner)
            {
                // c ? await a : await b: each branch awaits its own into the one temporary.
                _lines.MappedLine($"if ({SteerConditional(first, string.Empty, split, awaitsWhenTrue: true, hasPartner: true)})", firstOperand);
                WriteAwaitedBranch(split, null);
                _lines.Line("else");
                WriteAwaitedBranch(partner, temporary);
                return;
            }

            switch (split.ConditionalKind)
            {
                case ConditionalSpillKind.And:
                    _lines.MappedLine($"if ({SteerConditional(first, string.Empty, split, awaitsWhenTrue: true, hasPartner: false)})", firstOperand);
                    WriteAwaitedBranch(split, null);
                    _lines.Line("else");
                    Assign("false");
                    break;
                case ConditionalSpillKind.Or:
                    _lines.MappedLine($"if ({SteerConditional(first, string.Empty, split, awaitsWhenTrue: false, hasPartner: false)})", firstOperand);
                    Assign("true");
                    _lines.Line("else");
                    WriteAwaitedBranch(split, null);
                    break;
                case ConditionalSpillKind.Coalesce:
                    var left = "__left" + split.Index;
                    _lines.MappedLine($"if ({SteerConditional(first, $" is {{ }} {left}", split, awaitsWhenTrue: false, hasPartner: false)})", firstOperand);
                    Assign(left);
                    _lines.Line("else");
                    WriteAwaitedBranch(split, null);
                    break;
                case ConditionalSpillKind.ConditionalWhenTrue:
                    _lines.MappedLine($"if ({SteerConditional(first, string.Empty, split, awaitsWhenTrue: true, hasPartner: false)})", firstOperand);
                    WriteAwaitedBranch(split, null);
                    _lines.Line("else");
                    Assign(Print(otherBranch!), otherBranch);
                    break;
                default:
                    _lines.MappedLine($"if ({SteerConditional(first, string.Empty, split, awaitsWhenTrue: false, hasPartner: false)})", firstOperand);
                    Assign(Print(otherBranch!), otherBranch);
                    _lines.Line("else");
                    WriteAwaitedBranch(split, null);
                    break;
            }
        }

        /// <summary>A try statement: by what awaits in it (its finally, a catch block, or only its try block).</summary>
        protected void WriteTry(TryStatementSyntax tryStatement)
        {
            if (_lowering.Finally(tryStatement) is { } finallyLowering)
            {
                WriteTryWithAwaitingFinally(tryStatement, finallyLowering);
                return;
            }

            if (_lowering.AwaitingCatches(tryStatement).Any())
            {
                WriteTryWithAwaitingCatch(tryStatement, writeFinally: true);
                return;
            }

            WriteTryAndCatches(tryStatement);
            if (tryStatement.Finally is { } finallyClause) WriteFinallyClause(finallyClause);
        }

        /// <summary>The end of a try statement whose finally awaits, written out: the exception its try block threw is
        /// recorded, and the finally's statements run after it (where they may await), as the compiler lowers it.</summary>
        protected void WriteRecordedFaultAndFinally(TryStatementSyntax tryStatement, FinallyLowering lowering)
        {
            _lines.Line("catch (global::System.Exception __exception)");
            _lines.OpenBrace();
            _lines.Line($"{lowering.ErrorVariable} = __exception;");
            _lines.CloseBrace();
            WriteStatements(FinallyLowering.Statements(tryStatement.Finally!));
        }

        protected static System.InvalidOperationException Unexpected(SyntaxNode statement)
            => new("Unexpected statement around a split await: " + statement.Kind());

        // ---- the strategies --------------------------------------------------------------------------------------------

        /// <summary>Before a statement list's statements (the continuation declares what its labels would skip).</summary>
        protected virtual void BeginList(IReadOnlyList<StatementSyntax> statements)
        {
        }

        /// <summary>A statement not written at all (in the continuation: before its first label, nothing runs).</summary>
        protected virtual bool Skips(StatementSyntax statement) => false;

        /// <summary>The splits inside <paramref name="statement"/> besides its own (written before it when it spilled).</summary>
        protected abstract IReadOnlyList<SplitPoint> SplitsInside(StatementSyntax statement, bool spilled);

        /// <summary>Whether a split is inside <paramref name="node"/>.</summary>
        protected abstract bool HoldsSplit(SyntaxNode node);

        /// <summary>A statement with no split inside: printed as written, through <see cref="Replace"/>.</summary>
        protected virtual void WriteWhole(StatementSyntax statement) => SyntaxPrinter.PrintStatement(statement, _lines, Replace);

        /// <summary>How a construct that holds resume points is entered (the continuation labels it for its dispatch).</summary>
        protected virtual void EnterResumePoints(IReadOnlyList<SplitPoint> points, string construct)
        {
        }

        /// <summary>A block's statements (the continuation's are a list with its own dispatch).</summary>
        protected virtual void WriteBlockStatements(IReadOnlyList<StatementSyntax> statements) => WriteStatements(statements);

        /// <summary>What the body's text becomes, node by node (returns true when it printed the node).</summary>
        protected abstract bool Replace(SyntaxNode node, SyntaxPrinter printer);

        /// <summary>What an await becomes.</summary>
        protected abstract void WriteAwait(SplitPoint split, bool declareSpill, string? target = null);

        /// <summary>The expression text of <paramref name="node"/>, through <see cref="Replace"/>.</summary>
        protected string Print(SyntaxNode node) => SyntaxPrinter.PrintExpression(node, Replace);

        /// <summary>The temporary a conditional split assigns (the continuation's may be state, or declared before already).</summary>
        protected virtual void DeclareConditionalTemporary(string type, string name) => _lines.Line($"{type} {name};");

        /// <summary>
        /// The test of a conditional split's if: <paramref name="first"/> (the operand tested first) followed by
        /// <paramref name="suffix"/>; the continuation steers into the branch that awaits when resuming there.
        /// </summary>
        protected virtual string SteerConditional(string first, string suffix, SplitPoint awaited, bool awaitsWhenTrue, bool hasPartner) => first + suffix;

        /// <summary>The branch of a conditional split that awaits, into <paramref name="target"/> (or the split's temporary).</summary>
        protected virtual void WriteAwaitedBranch(SplitPoint split, string? target)
        {
            _lines.OpenBrace();
            WriteAwait(split, declareSpill: false, target: target);
            _lines.CloseBrace();
        }

        protected abstract void WriteIf(IfStatementSyntax ifStatement, string keyword);

        protected abstract void WriteLoop(StatementSyntax loop, IReadOnlyList<SplitPoint> deeper);

        protected abstract void WriteForEach(ForEachStatementSyntax forEach, ForEachLowering lowering, IReadOnlyList<SplitPoint> deeper);

        protected abstract void WriteUsing(UsingStatementSyntax usingStatement, UsingLowering lowering, IReadOnlyList<SplitPoint> deeper);

        protected abstract void WriteUsingDeclaration(LocalDeclarationStatementSyntax declaration, UsingLowering lowering, IReadOnlyList<StatementSyntax> rest);

        protected abstract void WriteSwitch(SwitchStatementSyntax switchStatement);

        protected abstract void WriteTryWithAwaitingFinally(TryStatementSyntax tryStatement, FinallyLowering lowering);

        protected abstract void WriteTryWithAwaitingCatch(TryStatementSyntax tryStatement, bool writeFinally);

        protected abstract void WriteTryAndCatches(TryStatementSyntax tryStatement);

        protected abstract void WriteFinallyClause(FinallyClauseSyntax finallyClause);
    }
}
