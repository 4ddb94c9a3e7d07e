using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace Prewired.Generator.MarkedMethods
{
    /// <summary>
    /// Where a compilation's method bodies have errors, worked out once per syntax tree. Asking the compiler for the
    /// diagnostics of one span still makes it walk every namespace and type of the compilation (its method and
    /// documentation-comment compilers filter symbols by location as they go), so asking once per marked method grows with
    /// methods x types: 1,000 marked methods took seconds. Once per tree, shared by that tree's marked methods, it is
    /// linear. The answers come from <see cref="WorkAhead"/>, which also asks ahead for the trees after this one on a second
    /// thread. Nothing here reaches a pipeline model: the cache dies with its compilation.
    /// </summary>
    internal static class CompileErrors
    {
        /// <summary>True when the compiler reports an error inside <paramref name="node"/> (syntax, binding or flow analysis).</summary>
        public static bool In(SyntaxNode node, SemanticModel model, CancellationToken cancellationToken)
        {
            if (node.ContainsDiagnostics) return true;
            var spans = WorkAhead.CheckOf(model.Compilation, node.SyntaxTree, cancellationToken).Spans(cancellationToken);
            return spans.Any(span => span.IntersectsWith(node.Span));
        }
    }
}
