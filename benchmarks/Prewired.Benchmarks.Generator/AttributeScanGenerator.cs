using Microsoft.CodeAnalysis;

namespace Prewired.Benchmarks.Generator
{
    /// <summary>
    /// The part of a generator run that is Roslyn's, not Prewired's: the same three ForAttributeWithMetadataName scans the
    /// Prewired generator makes (finding and binding the 1,100 attributes, making the semantic models), with transforms that
    /// do nothing. Timed beside the real generator, the difference is Prewired's own work.
    /// </summary>
    public sealed class AttributeScanGenerator : IIncrementalGenerator
    {
        public void Initialize(IncrementalGeneratorInitializationContext context)
        {
            foreach (var attribute in new[] { "Prewired.TailAwaitAttribute", "Prewired.FastPathAttribute", "Prewired.PipelineAttribute" })
            {
                var found = context.SyntaxProvider.ForAttributeWithMetadataName(attribute, static (_, _) => true, static (c, _) => c.TargetSymbol.Name);
                context.RegisterSourceOutput(found, static (_, _) => { });
            }
        }
    }
}
