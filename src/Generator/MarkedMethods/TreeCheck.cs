using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace Prewired.Generator.MarkedMethods
{
    /// <summary>
    /// The compiler's error check of one syntax tree: where its method bodies have errors. Computed once, by whichever thread
    /// asks first (a transform, or <see cref="WorkAhead"/>'s thread); a transform that asks while the other thread computes
    /// waits for that answer, so the answer never depends on which thread computed it.
    /// </summary>
    internal sealed class TreeCheck
    {
        private readonly object _gate = new();
        private readonly Compilation _compilation;
        private readonly SyntaxTree _tree;
        private ImmutableArray<TextSpan> _spans;

        public TreeCheck(Compilation compilation, SyntaxTree tree) => (_compilation, _tree) = (compilation, tree);

        /// <summary>The error spans, computed here unless already known; waits while another thread computes them.</summary>
        public ImmutableArray<TextSpan> Spans(CancellationToken cancellationToken)
        {
            lock (_gate)
            {
                if (_spans.IsDefault) _spans = Compute(cancellationToken);
                return _spans;
            }
        }

        /// <summary>Computes the spans unless they are known or another thread is computing them.</summary>
        public void ComputeUnlessTaken(CancellationToken cancellationToken)
        {
            if (!Monitor.TryEnter(_gate)) return;
            try
            {
                if (_spans.IsDefault) _spans = Compute(cancellationToken);
            }
            finally
            {
                Monitor.Exit(_gate);
            }
        }

        // Method-body diagnostics only: declaration diagnostics concern no statement of a body, and asking for them makes the
        // compiler work out every file's declaration diagnostics on each new compilation (every edit, in the IDE).
        private ImmutableArray<TextSpan> Compute(CancellationToken cancellationToken)
            => _compilation.GetSemanticModel(_tree).GetMethodBodyDiagnostics(span: null, cancellationToken)
                .Where(d => d.Severity == DiagnosticSeverity.Error && d.Location.IsInSource)
                .Select(d => d.Location.SourceSpan)
                .ToImmutableArray();
    }
}
