using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Analyzers.ConcurrentNext
{
    /// <summary>
    /// The diagnostics of one method, at most one per next use. Several passes can each find something at the same call
    /// (a call inside <c>Parallel.ForEach(items, i =&gt; next(c))</c> both runs concurrently and has its task discarded by
    /// the <c>Action</c> lambda); the user needs the one that explains the bug, so a concurrent call wins over a dropped
    /// task and the first concurrent call found is kept. The control flow passes also revisit blocks, which this deduplicates.
    /// Which IDs the findings get (the warnings, or the suggestions outside a Prewired pipeline) is decided once per method,
    /// by <see cref="PipelineIntent"/>.
    /// </summary>
    internal sealed class Findings
    {
        private readonly Dictionary<SyntaxNode, (NextUse Use, bool Concurrent, string[] Arguments)> _byUse = new();

        public bool IsEmpty => _byUse.Count == 0;

        public void Concurrent(NextUse use, string other)
        {
            if (_byUse.TryGetValue(use.Syntax, out var existing) && existing.Concurrent) return;
            _byUse[use.Syntax] = (use, true, new[] { use.Text, other });
        }

        public void NotAwaited(NextUse use)
        {
            if (_byUse.ContainsKey(use.Syntax)) return;
            _byUse[use.Syntax] = (use, false, new[] { use.Text });
        }

        /// <summary>PW0320/PW0321 in a Prewired pipeline (<paramref name="inPrewiredPipeline"/>), PW0322/PW0323 elsewhere.</summary>
        public IEnumerable<Diagnostic> ToDiagnostics(bool inPrewiredPipeline) => _byUse.Values
            .OrderBy(f => f.Use.Position)
            .Select(f => Diagnostic.Create(Descriptor(f.Concurrent, inPrewiredPipeline), f.Use.Location, f.Arguments.Cast<object>().ToArray()));

        private static DiagnosticDescriptor Descriptor(bool concurrent, bool inPrewiredPipeline) => (concurrent, inPrewiredPipeline) switch
        {
            (true, true) => DiagnosticDescriptors.ConcurrentNext,
            (true, false) => DiagnosticDescriptors.ConcurrentNextOutsidePipeline,
            (false, true) => DiagnosticDescriptors.NextNotAwaited,
            (false, false) => DiagnosticDescriptors.NextNotAwaitedOutsidePipeline,
        };
    }
}
