using Microsoft.CodeAnalysis;

namespace Prewired.Generator.SharedRules.Pipelines
{
    /// <summary>A validated stage: its type, the interface the chain calls it through, and the context it receives.</summary>
    internal sealed class ResolvedStage
    {
        public ResolvedStage(INamedTypeSymbol type, StageInterface shape, ITypeSymbol receives, Location location)
        {
            Type = type;
            Shape = shape;
            Receives = receives;
            Location = location;
        }

        public INamedTypeSymbol Type { get; }

        public StageInterface Shape { get; }

        /// <summary>The context the stage before it passes on (for the first stage: the pipeline's context).</summary>
        public ITypeSymbol Receives { get; }

        /// <summary>The <c>typeof</c> argument that lists it.</summary>
        public Location Location { get; }
    }
}
