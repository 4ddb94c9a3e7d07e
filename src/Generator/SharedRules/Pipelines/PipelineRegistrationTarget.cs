using System.Linq;
using Microsoft.CodeAnalysis;

namespace Prewired.Generator.SharedRules.Pipelines
{
    /// <summary>
    /// The generated <c>services.AddXxx()</c> registration of a pipeline. It exists only when the compilation references
    /// Prewired.DependencyInjection (the core runtime takes no container dependency), and only for pipelines an extension
    /// class at namespace level can name: not generic, not nested in a generic type, and at least internal.
    /// </summary>
    internal sealed class PipelineRegistrationTarget
    {
        public const string HelperType = "Prewired.DependencyInjection.PipelineServices";

        private PipelineRegistrationTarget(string className, string methodName)
        {
            ClassName = className;
            MethodName = methodName;
        }

        /// <summary>The static class holding the extension method, e.g. <c>IncomingPipelineServiceCollectionExtensions</c>.</summary>
        public string ClassName { get; }

        /// <summary>The extension method, e.g. <c>AddIncomingPipeline</c>.</summary>
        public string MethodName { get; }

        public static PipelineRegistrationTarget? Find(INamedTypeSymbol pipeline, Compilation compilation)
        {
            if (compilation.GetTypeByMetadataName(HelperType) is null) return null;
            var chain = new System.Collections.Generic.List<INamedTypeSymbol>();
            for (var type = pipeline; type is not null; type = type.ContainingType) chain.Insert(0, type);
            if (chain.Any(t => t.Arity > 0) || EffectiveAccessibility.Of(pipeline) < EffectiveAccessibility.Internal) return null;

            // Nested pipelines are named with their containing types, so Outer.Pipeline and Other.Pipeline do not collide.
            var name = string.Concat(chain.Select(t => t.Name));
            return new PipelineRegistrationTarget(name + "ServiceCollectionExtensions", "Add" + name);
        }
    }
}
