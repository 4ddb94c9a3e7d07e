using System.Linq;
using Microsoft.CodeAnalysis;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;

namespace Prewired.Generator.Pipelines.Rules
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

        /// <summary>
        /// Whether code at namespace level (the registration, the generated sender) can name the pipeline class: it is not
        /// generic, not nested in a generic type, and at least internal.
        /// </summary>
        public static bool IsNameable(INamedTypeSymbol pipeline)
        {
            for (var type = pipeline; type is not null; type = type.ContainingType)
            {
                if (type.Arity > 0) return false;
            }

            return EffectiveAccessibility.Of(pipeline) >= EffectiveAccessibility.Internal;
        }

        public static PipelineRegistrationTarget? Find(INamedTypeSymbol pipeline, Compilation compilation)
        {
            if (compilation.GetTypeByMetadataName(HelperType) is null || !IsNameable(pipeline)) return null;
            var chain = new System.Collections.Generic.List<INamedTypeSymbol>();
            for (var type = pipeline; type is not null; type = type.ContainingType) chain.Insert(0, type);

            // Nested pipelines are named with their containing types, so Outer.Pipeline and Other.Pipeline do not collide.
            var name = string.Concat(chain.Select(t => t.Name));
            return new PipelineRegistrationTarget(name + "ServiceCollectionExtensions", "Add" + name);
        }
    }
}
