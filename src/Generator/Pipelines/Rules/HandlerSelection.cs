using System.Linq;
using Microsoft.CodeAnalysis;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.Pipelines.Rules
{
    /// <summary>
    /// Which discovered handlers get a generated pipeline, decided the same way by the generator (on its models' strings) and
    /// the analyzer (on symbols, displayed with <see cref="SourceNames.TypeFormat"/>): a request's first handler in source
    /// order, unless an explicit [Pipeline] overrides it.
    /// </summary>
    internal static class HandlerSelection
    {
        /// <summary>
        /// An explicit [Pipeline] takes over a request's chain when it starts with the request, or ends with the handler (a
        /// chain that converts the request first, then calls the handler, is the user's wiring of that handler: a second,
        /// generated one beside it would only add an unused pipeline and warnings about it).
        /// </summary>
        public static bool Overrides(string pipelineEntry, string pipelineTerminator, string request, string handler)
            => pipelineEntry == request || pipelineTerminator == handler;

        /// <summary>
        /// The key that orders handlers of one request: file path, then position. The first handler is the one that counts, the
        /// others are errors (PW0314), whatever order the compiler hands the files over in.
        /// </summary>
        public static string OrderKey(INamedTypeSymbol handler)
        {
            var reference = handler.DeclaringSyntaxReferences.OrderBy(r => r.SyntaxTree.FilePath, System.StringComparer.Ordinal).ThenBy(r => r.Span.Start).FirstOrDefault();
            return reference is null ? string.Empty : reference.SyntaxTree.FilePath + "\0" + reference.Span.Start.ToString("D10", System.Globalization.CultureInfo.InvariantCulture);
        }
    }
}
