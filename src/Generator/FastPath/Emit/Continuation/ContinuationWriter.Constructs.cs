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
    /// The continuation through loops, foreach, try, using and switch statements that hold a resume point: each is
    /// written as the synchronous path writes it, with its header skipped when resuming into it (the variables the header
    /// would set are live state the hand-off passed) and a dispatch at the top of each statement list inside it. Each
    /// construct has its file (ContinuationWriter.Loops, .TryStatements, .Using, .Switch); here what they share.
    /// </summary>
    internal sealed partial class ContinuationWriter
    {
        private const string State = ContinuationLayout.StateParameter;

        /// <summary>Statements written by <paramref name="write"/> as one list: its dispatch first.</summary>
        private void InList(System.Action write, bool topLevel = false)
        {
            var outer = _lines;
            var scope = new DispatchScope();
            _scopes.Push(scope);
            _lines = new CodeLines();
            write();
            var inner = _lines;
            _lines = outer;
            _scopes.Pop();
            // A continuation with no statement that steers by the resume point need not clear it at the top.
            if (!scope.WriteDispatch(_lines, exhaustive: topLevel, resetNeeded: !topLevel || _labels > 0)) inner.RemoveFirst();
            _lines.Append(inner);
        }

        /// <summary>A loop condition the compiler treats as the constant true ('while (true)'): its loop ends only by a jump.</summary>
        private bool IsConstantTrue(ExpressionSyntax condition) => _model.GetConstantValue(condition) is { HasValue: true, Value: true };
    }
}
