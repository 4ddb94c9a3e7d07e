using System.Linq;
using Microsoft.CodeAnalysis;
using Prewired.Generator.FastPath;

namespace Prewired.Generator.Marks
{
    /// <summary>
    /// The mark's explicit opt-out of the context guard, <c>AssumeContextUnchanged = true</c> on [FastPath] or [TailAwait]:
    /// the generator then emits no guard where it could not prove one unneeded, and the analyzers warn (PW0203) where the
    /// body visibly changes a context.
    /// </summary>
    internal static class ContextAssumption
    {
        public const string PropertyName = "AssumeContextUnchanged";

        public static bool IsSet(AttributeData attribute)
            => attribute.NamedArguments.Any(argument => argument.Key == PropertyName && argument.Value.Value is true);
    }
}
