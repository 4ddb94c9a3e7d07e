using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Awaits;
using Prewired.Generator.Emit;
using Prewired.Generator.MarkedMethods;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    // The resume points: their labels, the dispatch's comments, and each split await written at its point.
    internal sealed partial class ContinuationWriter
    {
        /// <summary>Writes a label for a statement that holds resume points and tells the enclosing list's dispatch about it.</summary>
        private string Label(IEnumerable<SplitPoint> points, string construct)
        {
            var label = $"__{construct}{_labels++}";
            var scope = _scopes.Peek();
            if (_lines.Count == 0) scope.FirstLabel = label;
            foreach (var point in points) scope.Add(point.Index, label, arrivingState: null, AwaitText(point));
            _lines.Line(label + ":");
            _beforeFirstLabel = false;
            return label;
        }

        /// <summary>The resume label of an await itself, where its dispatch clears the resume point.</summary>
        private void ResumeLabel(SplitPoint split, bool testsSlot)
        {
            var label = "__resume" + split.Index;
            var scope = _scopes.Peek();
            if (_lines.Count == 0) scope.FirstLabel = label;
            scope.Add(split.Index, label, testsSlot ? ContinuationLayout.ArrivingState : -1, AwaitText(split));
            _lines.Line(label + ":");
            _beforeFirstLabel = false;
        }

        private static string AwaitText(SplitPoint split) => new AwaitSite(split.Await).Display.Replace('\n', ' ').Replace('\r', ' ');

        /// <summary>
        /// True when resuming into <paramref name="inside"/> (a range of resume points of the statement being entered):
        /// the statement was entered while resuming only if its point is in it, so one branch's test is enough.
        /// </summary>
        private static string Resuming(IReadOnlyList<SplitPoint> inside, IReadOnlyList<SplitPoint> all)
        {
            const string state = ContinuationLayout.StateParameter;
            if (inside.Count == all.Count) return $"{state} >= 0";
            var indexes = inside.Select(s => s.Index).OrderBy(i => i).ToList();
            if (indexes.Count == 1) return $"{state} == {indexes[0]}";
            return indexes[indexes.Count - 1] - indexes[0] == indexes.Count - 1
                ? $"{state} >= {indexes[0]} && {state} <= {indexes[indexes.Count - 1]}"
                : string.Join(" || ", indexes.Select(i => $"{state} == {i}"));
        }

        protected override void DeclareConditionalTemporary(string type, string name)
        {
            if (!_layout.IsSynthetic(name) && !_hoistedSpills.Contains(name)) _lines.Line($"{type} {name};");
        }

        /// <summary>When resuming, the branch that awaits is taken without testing the operand tested first.</summary>
        protected override string SteerConditional(string first, string suffix, SplitPoint awaited, bool awaitsWhenTrue, bool hasPartner)
        {
            const string state = ContinuationLayout.StateParameter;
            if (hasPartner) return $"{state} == {awaited.Index} || {state} < 0 && ({first}){suffix}";
            return awaitsWhenTrue ? $"{state} >= 0 || ({first}){suffix}" : $"{state} < 0 && ({first}){suffix}";
        }

        /// <summary>The branch that awaits: a list of its own, with its dispatch.</summary>
        protected override void WriteAwaitedBranch(SplitPoint split, string? target)
        {
            _lines.OpenBrace();
            InList(() => WriteAwait(split, declareSpill: false, target: target));
            _lines.CloseBrace();
        }

        /// <summary>
        /// The await at its resume point (<see cref="WriteMachineAwait"/>), then the statement's own use of its result: the pass
        /// that arrives from the dispatch takes the awaiter the synchronous path handed over, every later pass evaluates the
        /// operand in place, as the body does.
        /// </summary>
        protected override void WriteAwait(SplitPoint split, bool declareSpill, string? target = null)
        {
            // An operand that reads a local the dispatch's jump skips the declaration of (a catch variable, a local declared
            // before the await in its block) would not compile after the label (CS0165): its awaiter is stored before the label.
            var testsSlot = !_beforeFirstLabel && OperandReadsOnlyAssigned(split.Await.Expression);
            // Printed only where it is written: printing records the locals it reads (CS0219 on a preamble's declaration
            // of a variable that only the unprinted operand reads).
            var operand = _beforeFirstLabel ? null : Print(split.Await.Expression);
            var awaited = WriteMachineAwait(split, testsSlot, operand);

            switch (split.Form)
            {
                case SplitForm.Return when split.Statement is not null && _lowering.FinallyAround(split.Statement) is { } finallyLowering:
                    _lines.MappedLine(finallyLowering.RecordReturn(awaited), split.MappedTo);
                    break;
                case SplitForm.Return:
                    _lines.MappedLine($"return {awaited};", split.MappedTo);
                    break;
                case SplitForm.Declare:
                    var declaration = ((LocalDeclarationStatementSyntax)split.Statement!).Declaration;
                    var declared = _model.GetDeclaredSymbol(declaration.Variables[0]);
                    _lines.MappedLine(Assigned(declared)
                        ? $"{AssignedName(declared!)} = {awaited};"
                        : $"{declaration.Type.WithoutTrivia()} {declaration.Variables[0].Identifier.Text} = {awaited};", split.MappedTo);
                    break;
                case SplitForm.Assign:
                    var assignment = (AssignmentExpressionSyntax)((ExpressionStatementSyntax)split.Statement!).Expression;
                    _lines.MappedLine($"{Print(assignment.Left)} = {awaited};", split.MappedTo);
                    break;
                case SplitForm.Spill:
                    var name = target ?? split.SpillVariable;
                    var declare = declareSpill && target is null && !_layout.IsSynthetic(name) && !_hoistedSpills.Contains(name);
                    _lines.MappedLine($"{(declare ? (split.ConditionalTypeName ?? "var") + " " : string.Empty)}{name} = {awaited};", split.MappedTo);
                    break;
                default:
                    // A conditional of two void awaits is not an expression: the same test as a statement.
                    _lines.MappedLine(awaited + ";", split.MappedTo);
                    break;
            }
        }
    }
}
