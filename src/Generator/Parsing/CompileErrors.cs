using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace Prewired.Generator.Parsing
{
    /// <summary>
    /// Where a compilation's method bodies have errors, worked out once per syntax tree. Asking the compiler for the
    /// diagnostics of one span still makes it walk every namespace and type of the compilation (its method and
    /// documentation-comment compilers filter symbols by location as they go), so asking once per marked method grows with
    /// methods x types: 1,000 marked methods took seconds. Once per tree, shared by that tree's marked methods, it is
    /// linear. Nothing here reaches a pipeline model: the cache dies with its compilation.
    /// </summary>
    internal static class CompileErrors
    {
        private static readonly ConditionalWeakTable<Compilation, ConcurrentDictionary<SyntaxTree, ImmutableArray<TextSpan>>> s_byCompilation = new();

        /// <summary>True when the compiler reports an error inside <paramref name="node"/> (syntax, binding or flow analysis).</summary>
        public static bool In(SyntaxNode node, SemanticModel model, CancellationToken cancellationToken)
        {
            if (node.ContainsDiagnostics) return true;
            var spans = s_byCompilation.GetValue(model.Compilation, _ => new ConcurrentDictionary<SyntaxTree, ImmutableArray<TextSpan>>())
                .GetOrAdd(node.SyntaxTree, tree => ErrorSpans(model, cancellationToken));
            return spans.Any(span => span.IntersectsWith(node.Span));
        }

        // Method-body diagnostics only: declaration diagnostics concern no statement of a body, and asking for them makes
        // the compiler work out every file's declaration diagnostics on each new compilation (every edit, in the IDE).
        private static ImmutableArray<TextSpan> ErrorSpans(SemanticModel model, CancellationToken cancellationToken)
            => model.GetMethodBodyDiagnostics(span: null, cancellationToken)
                .Where(d => d.Severity == DiagnosticSeverity.Error && d.Location.IsInSource)
                .Select(d => d.Location.SourceSpan)
                .ToImmutableArray();
    }
}
