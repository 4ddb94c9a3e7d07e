using System.Linq;
using Microsoft.CodeAnalysis;
using Prewired.Generator.Emit;
using Prewired.Generator.SharedRules;
using Prewired.Generator.SharedRules.Pipelines;

namespace Prewired.Generator.Pipelines.Sender
{
    /// <summary>What the sender and <c>AddPrewired()</c> depend on besides the pipelines, read from the compilation as values.</summary>
    /// <param name="DependencyInjection">Whether Prewired.DependencyInjection is referenced, which turns <c>AddPrewired()</c> on.</param>
    /// <param name="Lifetime">The <c>ServiceLifetime</c> member [assembly: PrewiredServices] asks for: Singleton, Scoped or Transient.</param>
    /// <param name="HideFrames">Whether the target has StackTraceHiddenAttribute.</param>
    internal sealed record SenderOptions(bool DependencyInjection, string Lifetime, bool HideFrames)
    {
        public const string AttributeName = "Prewired.DependencyInjection.PrewiredServicesAttribute";

        public static SenderOptions Of(Compilation compilation)
        {
            var attribute = compilation.Assembly.GetAttributes().FirstOrDefault(a => KnownTypes.IsType(a.AttributeClass, AttributeName));
            var value = attribute?.NamedArguments.FirstOrDefault(a => a.Key == "Lifetime").Value.Value;
            // ServiceLifetime's values: Singleton = 0, Scoped = 1, Transient = 2; anything else the compiler has already rejected.
            var lifetime = value switch { 1 => "Scoped", 2 => "Transient", _ => "Singleton" };
            return new SenderOptions(compilation.GetTypeByMetadataName(PipelineRegistrationTarget.HelperType) is not null, lifetime, TargetFeatures.Of(compilation).StackTraceHidden);
        }
    }
}
