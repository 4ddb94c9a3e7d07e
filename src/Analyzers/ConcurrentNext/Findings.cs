using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Prewired.Generator.Analysis;

namespace Prewired.Analyzers.ConcurrentNext
{
    /// <summary>
    /// The diagnostics of one method, at most one per next use. Several passes can each find something at the same call
    /// (a call inside <c>Parallel.ForEach(items, i =&gt; next(c))</c> both runs concurrently and has its task discarded by
    /// the <c>Action</c> lambda); the user needs the one that explains the bug, so PW0320 wins over PW0321 and the first
    /// PW0320 found is kept. The control flow passes also revisit blocks, which this deduplicates.
    /// </summary>
    internal sealed class Findings
    {
        private readonly Dictionary<SyntaxNode, (NextUse Use, DiagnosticDescriptor Descriptor, string[] Arguments)> _byUse = new();

        public void Concurrent(NextUse use, string other)
        {
            if (_byUse.TryGetValue(use.Syntax, out var existing) && existing.Descriptor == DiagnosticDescriptors.ConcurrentNext) return;
            _byUse[use.Syntax] = (use, DiagnosticDescriptors.ConcurrentNext, new[] { use.Text, other });
        }

        public void NotAwaited(NextUse use)
        {
            if (_byUse.ContainsKey(use.Syntax)) return;
            _byUse[use.Syntax] = (use, DiagnosticDescriptors.NextNotAwaited, new[] { use.Text });
        }

        public IEnumerable<Diagnostic> ToDiagnostics() => _byUse.Values
            .OrderBy(f => f.Use.Position)
            .Select(f => Diagnostic.Create(f.Descriptor, f.Use.Location, f.Arguments.Cast<object>().ToArray()));
    }
}
