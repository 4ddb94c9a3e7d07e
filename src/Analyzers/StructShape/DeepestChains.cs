using System.Collections.Generic;
using System.Threading;
using Microsoft.CodeAnalysis;
using Prewired.Analyzers.Handlers;
using Prewired.Generator.Pipelines.Rules;

namespace Prewired.Analyzers.StructShape
{
    /// <summary>
    /// For each delegate-shape behavior of the compilation, the deepest chain it is a stage of. The chains are the ones the
    /// generator writes (<see cref="HandlerIndex.Chains"/>: valid [Pipeline] classes with the assembly's defaults they take,
    /// and each request handler's generated pipeline, the defaults then the handler), so the depth is what runs. Depth counts
    /// every stage, defaults and terminator included: each is one more call the chain makes per invocation.
    /// </summary>
    internal sealed class DeepestChains
    {
        private readonly Dictionary<INamedTypeSymbol, (string Owner, int Depth)> _deepest;

        private DeepestChains(Dictionary<INamedTypeSymbol, (string, int)> deepest) => _deepest = deepest;

        public static DeepestChains Build(Compilation compilation, CancellationToken cancellationToken)
        {
            var deepest = new Dictionary<INamedTypeSymbol, (string, int)>(SymbolEqualityComparer.Default);
            foreach (var (owner, stages) in HandlerIndex.Build(compilation, cancellationToken).Chains(compilation, cancellationToken))
            {
                foreach (var stage in stages)
                {
                    if (stage.Shape.Kind != StageKind.DelegateBehavior) continue;
                    // An open default is listed closed (Logging<GetPrice, Price>): the class the user wrote is its definition.
                    var definition = stage.Type.OriginalDefinition;
                    if (!deepest.TryGetValue(definition, out var found) || found.Item2 < stages.Count) deepest[definition] = (owner, stages.Count);
                }
            }

            return new DeepestChains(deepest);
        }

        /// <summary>The deepest chain <paramref name="behavior"/> (a definition) is a delegate-shape stage of; the first of equals.</summary>
        public (string Owner, int Depth)? Of(INamedTypeSymbol behavior)
            => _deepest.TryGetValue(behavior.OriginalDefinition, out var found) ? found : null;
    }
}
