using Microsoft.CodeAnalysis;
using Prewired.Generator.FastPath;

namespace Prewired.Generator.Pipelines.Rules
{
    /// <summary>A validated stage: its type, the interface the chain calls it through, and the context it receives.</summary>
    internal sealed class ResolvedStage
    {
        public ResolvedStage(INamedTypeSymbol type, StageInterface shape, ITypeSymbol receives, int position)
        {
            Type = type;
            Shape = shape;
            Receives = receives;
            Position = position;
        }

        public INamedTypeSymbol Type { get; }

        public StageInterface Shape { get; }

        /// <summary>The context the stage before it passes on (for the first stage: the pipeline's context).</summary>
        public ITypeSymbol Receives { get; }

        /// <summary>Its index in the stage list, defaults included: where <see cref="ArgumentLocations"/> finds its <c>typeof</c>.</summary>
        public int Position { get; }
    }
}
