using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Emit;
using Prewired.Generator.MarkedMethods;
using Prewired.Generator.Marks;
using Prewired.Generator.Model;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// Writes the synchronous path: the body's statements in their own structure, each split await replaced by an
    /// IsCompleted check that either takes the result in place or hands the awaitable and the live state to its
    /// continuation, and every return turned into the builder's completed task.
    /// </summary>
    internal sealed partial class SyncPathWriter : LoweredBodyWalker
    {
        /// <summary>The synchronous path's local that says an await handed over: finally blocks and disposals it returns
        /// through are then the continuation's to run.</summary>
        public const string HandOffFlag = "__handedOff";

        private readonly AsyncReturnForms _forms;

        // "<T>" for a generic method: the continuations are generic like it, and a call cannot always infer their type arguments.
        private readonly string _typeArguments;
        private readonly TargetFeatures _features;

        // The one continuation's parameters (a body with a split await has one).
        private readonly ContinuationLayout? _layout;

        public SyncPathWriter(CodeLines lines, IEnumerable<SplitPoint> splits, AsyncReturnForms forms, Lowering lowering, string typeArguments, TargetFeatures features, ContinuationLayout? layout = null)
            : base(lines, splits, lowering)
        {
            _layout = layout;
            _features = features;
            _typeArguments = typeArguments;
            _forms = forms;
            _assignedByFields = new HashSet<SyntaxNode>(splits.SelectMany(s => s.AssignedByFields)
                .Select(l => l.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax()).OfType<VariableDeclaratorSyntax>());
        }

        // Struct locals assigned field by field that an await hands over: declared '= default' (SplitPoint.AssignedByFields).
        private readonly HashSet<SyntaxNode> _assignedByFields;

        /// <summary>The splits inside <paramref name="statement"/> besides its own: any is enough to write it by construct.</summary>
        protected override IReadOnlyList<SplitPoint> SplitsInside(StatementSyntax statement, bool spilled)
            => (spilled ? statement.DescendantNodes().Any(_byStatement.ContainsKey) : ContainsSplit(statement))
                ? _splits.Where(s => statement.Span.Contains(s.Await.Span)).ToList()
                : System.Array.Empty<SplitPoint>();

        protected override bool HoldsSplit(SyntaxNode node) => ContainsSplit(node);

        /// <summary>A switch as written, its sections' statements walked.</summary>
        protected override void WriteSwitch(SwitchStatementSyntax switchStatement)
        {
            _lines.HeaderLine($"switch ({SyntaxPrinter.PrintExpression(switchStatement.Expression, Replace)})", switchStatement);
            _lines.OpenBrace();
            foreach (var section in switchStatement.Sections)
            {
                foreach (var label in section.Labels) _lines.Line(SyntaxPrinter.PrintExpression(label, Replace));
                _lines.Indent++;
                WriteStatements(section.Statements);
                _lines.Indent--;
            }

            _lines.CloseBrace();
        }

        /// <summary>The spilled awaits a statement written out of its own shape (a using declaration) reads, before it.</summary>
        private void WriteSpills(SyntaxNode statement)
        {
            if (!_byStatement.TryGetValue(statement, out var split) || split.Form != SplitForm.Spill) return;
            WriteSplit(split);
            WriteLaterSpills(statement);
        }

        private bool ContainsSplit(SyntaxNode node) => _byStatement.ContainsKey(node) || node.DescendantNodes().Any(_byStatement.ContainsKey);

        /// <summary>Writes a split await that is the whole expression body of the method.</summary>
        public void WriteArrowSplit(SplitPoint split) => WriteSplit(split);

        protected override void WriteIf(IfStatementSyntax ifStatement, string keyword)
        {
            _lines.HeaderLine($"{keyword} ({SyntaxPrinter.PrintExpression(ifStatement.Condition, Replace)})", ifStatement);
            WriteEmbedded(ifStatement.Statement);
            if (ifStatement.Else is null) return;
            // An else-if whose condition spills an await keeps the await inside the else: it runs only on that branch.
            if (ifStatement.Else.Statement is IfStatementSyntax elseIf && !_byStatement.ContainsKey(elseIf))
            {
                WriteIf(elseIf, "else if");
                return;
            }

            _lines.Line("else");
            WriteEmbedded(ifStatement.Else.Statement);
        }

        private void WriteEmbedded(StatementSyntax statement)
        {
            if (statement is BlockSyntax)
            {
                WriteStatement(statement);
                return;
            }

            _lines.OpenBrace();
            WriteStatement(statement);
            _lines.CloseBrace();
        }

        protected override void WriteAwait(SplitPoint split, bool declareSpill, string? target = null)
        {
            // Arguments use the variables' own names; a continuation parameter renamed to avoid a clash is the callee's business.
            string Resume(string awaitable) => $"return {_forms.Wrap($"{_layout!.Name}{_typeArguments}({_layout.Arguments(split, awaitable)})")};";
            string? result; // the awaited value, read once the await has completed successfully
            string? discard; // the statement that observes a completed await whose value is not used
            if (split.Custom is { } custom)
            {
                _lines.MappedLine($"var {split.AwaiterVariable} = ({SyntaxPrinter.PrintExpression(split.Await.Expression, Replace)}).GetAwaiter();", split.MappedTo);
                // The state machine takes the awaiter as it is (CustomAwaiter).
                HandOff(split, $"!{split.AwaiterVariable}.IsCompleted", Resume(split.AwaiterVariable));
                result = $"{split.AwaiterVariable}.GetResult()";
                discard = result + ";";
            }
            else if (split.TaskKind is { } taskKind)
            {
                // A task awaited as it is: one status test on the task, as hand-written Optimization #3 does, and the result
                // read directly. Only a pending task goes to the continuation: one that completed faulted or canceled
                // throws here, as the await would (CompletedFault, out of line: the hot path keeps no awaiter struct).
                // Handed over, it would run the continuation's builder, whose ExecutionContext restore when it returns is
                // a context switch the async method does not make (an AsyncLocal change notification it lacks: seed
                // 20261201 bodies 3981 and 9070, issue 33).
                _lines.MappedLine($"var {split.AwaitableVariable} = {SyntaxPrinter.PrintExpression(split.Await.Expression, Replace)};", split.MappedTo);
                var notCompletedSuccessfully = !taskKind.IsValueTask()
                    ? _features.TaskNotCompletedSuccessfully(split.AwaitableVariable)
                    : $"!{split.AwaitableVariable}.IsCompletedSuccessfully";
                HandOff(split, $"{notCompletedSuccessfully} && global::Prewired.CompilerServices.CompletedFault.IsPendingElseThrow({split.AwaitableVariable})", Resume(split.AwaitableVariable));
                result = taskKind is ReturnKind.TaskOfT or ReturnKind.ValueTaskOfT ? $"{split.AwaitableVariable}.Result" : null;
                discard = taskKind switch
                {
                    // A value task's pooled source is released when its result is read; a successful Task has nothing to observe.
                    ReturnKind.ValueTaskOfT => $"_ = {result};",
                    ReturnKind.ValueTask => $"{split.AwaitableVariable}.GetAwaiter().GetResult();",
                    _ => null,
                };
            }
            else
            {
                _lines.MappedLine($"var {split.AwaitableVariable} = {SyntaxPrinter.PrintExpression(split.Await.Expression, Replace)};", split.MappedTo);
                _lines.Line($"var {split.AwaiterVariable} = {split.AwaitableVariable}.GetAwaiter();");
                HandOff(split, $"!{split.AwaiterVariable}.IsCompleted", Resume(split.AwaitableVariable));
                result = $"{split.AwaiterVariable}.GetResult()";
                discard = result + ";";
            }

            switch (split.Form)
            {
                case SplitForm.Return when split.Statement is not null && _lowering.FinallyAround(split.Statement) is { } finallyLowering:
                    _lines.Line(finallyLowering.RecordReturn(result));
                    break;
                case SplitForm.Return:
                    _lines.Line("return " + _forms.ValuePrefix + result + _forms.ValueSuffix);
                    break;
                case SplitForm.Declare:
                    var declaration = ((LocalDeclarationStatementSyntax)split.Statement!).Declaration;
                    _lines.Line($"{declaration.Type} {declaration.Variables[0].Identifier.Text} = {result};");
                    break;
                case SplitForm.Assign:
                    var assignment = (AssignmentExpressionSyntax)((ExpressionStatementSyntax)split.Statement!).Expression;
                    _lines.Line($"{assignment.Left.WithoutTrivia()} = {result};");
                    break;
                case SplitForm.Spill:
                    _lines.Line($"{(declareSpill ? "var " : string.Empty)}{target ?? split.SpillVariable} = {result};");
                    break;
                default:
                    if (discard is not null) _lines.Line(discard);
                    if (split.Statement is null) _lines.Line(_forms.CompletedReturn);
                    break;
            }
        }

        private void HandOff(SplitPoint split, string pendingTest, string returnStatement)
        {
            _lines.Line($"if ({pendingTest})");
            if (!split.NeedsHandOffFlag && returnStatement.StartsWith("return ", System.StringComparison.Ordinal))
            {
                // The hand-off is a return, on a line of its own; anything else a lowering hands over is braced.
                _lines.Indent++;
                _lines.BrokenLine(returnStatement);
                _lines.Indent--;
                return;
            }

            _lines.OpenBrace();
            if (split.NeedsHandOffFlag) _lines.Line($"{HandOffFlag} = true;");
            _lines.BrokenLine(returnStatement);
            _lines.CloseBrace();
        }

        protected override bool Replace(SyntaxNode node, SyntaxPrinter printer)
        {
            // A local the compiler would count unassigned on a path of the lowering the body does not have: declared with a
            // default no code can observe (a struct assigned field by field that an await hands over; one assigned across a
            // lowered catch or finally).
            if (node is VariableDeclaratorSyntax { Initializer: null } declarator && (_assignedByFields.Contains(declarator) || _lowering.AssignedAcrossLoweredCatch(declarator)))
            {
                printer.Write(declarator.Identifier.Text + " = default!");
                return true;
            }

            if (LoweredBodyReplacements.TryReplace(node, printer, _lowering, _spilled, Print)) return true;
            return ReturnRewriter.TryRewrite(node, printer, _forms);
        }
    }
}
