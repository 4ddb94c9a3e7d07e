using System.Linq;
using Microsoft.CodeAnalysis;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;

namespace Prewired.Generator.Pipelines.Rules
{
    /// <summary>
    /// The lifetime <c>services.AddPrewired()</c> registers with, from <c>[assembly: PrewiredServices(Lifetime = ...)]</c>:
    /// read once here for the generator (which writes it) and the analyzer (which warns where a singleton chain would
    /// capture a scoped service, PW0317).
    /// </summary>
    internal static class ServicesLifetime
    {
        public const string AttributeName = "Prewired.DependencyInjection.PrewiredServicesAttribute";
        public const string Singleton = "Singleton";

        /// <summary>Singleton, Scoped or Transient: the <c>ServiceLifetime</c> member; Singleton when nothing says otherwise.</summary>
        public static string Of(Compilation compilation)
        {
            var attribute = compilation.Assembly.GetAttributes().FirstOrDefault(a => KnownTypes.IsType(a.AttributeClass, AttributeName));
            var value = attribute?.NamedArguments.FirstOrDefault(a => a.Key == "Lifetime").Value.Value;
            // ServiceLifetime's values: Singleton = 0, Scoped = 1, Transient = 2; anything else the compiler has already rejected.
            return value switch { 1 => "Scoped", 2 => "Transient", _ => Singleton };
        }
    }
}
