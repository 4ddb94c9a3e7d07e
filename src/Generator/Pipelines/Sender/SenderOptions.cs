using Microsoft.CodeAnalysis;
using Prewired.Generator.Emit;
using Prewired.Generator.Pipelines.Rules;

namespace Prewired.Generator.Pipelines.Sender
{
    /// <summary>What the sender and <c>AddPrewired()</c> depend on besides the pipelines, read from the compilation as values.</summary>
    /// <param name="DependencyInjection">Whether Prewired.DependencyInjection is referenced, which turns <c>AddPrewired()</c> on.</param>
    /// <param name="Lifetime">The <c>ServiceLifetime</c> member [assembly: PrewiredServices] asks for: Singleton, Scoped or Transient.</param>
    /// <param name="HideFrames">Whether the target has StackTraceHiddenAttribute.</param>
    /// <param name="Namespace">The sender's namespace, the assembly's name (<see cref="SenderName"/>).</param>
    internal sealed record SenderOptions(bool DependencyInjection, string Lifetime, bool HideFrames, string Namespace)
    {
        public static SenderOptions Of(Compilation compilation)
        {
            var lifetime = ServicesLifetime.Of(compilation);
            return new SenderOptions(compilation.GetTypeByMetadataName(PipelineRegistrationTarget.HelperType) is not null, lifetime, TargetFeatures.Of(compilation).StackTraceHidden,
                SenderName.Namespace(compilation));
        }
    }
}
