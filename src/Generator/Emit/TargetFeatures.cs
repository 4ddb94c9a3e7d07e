using System.Linq;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;

namespace Prewired.Generator.Emit
{
    /// <summary>
    /// What the consuming compilation's references offer that generated code may use, decided from those references (a
    /// library multi-targeting net472, netstandard2.0 and net8.0 compiles once per target, each with its own answer), never
    /// from the generator's own target. The one place that answers "does the target have X"; emit sites ask it.
    /// </summary>
    /// <remarks>
    /// Computed once per compilation (cached against it) and read in the transforms, where members are rendered to text: a
    /// value-equal record, so a model rendered under the same features compares equal and incremental caching holds; a change
    /// of references that changes an answer changes the rendered text, and the output follows.
    /// </remarks>
    internal sealed record TargetFeatures(bool StackTraceHidden)
    {
        private static readonly ConditionalWeakTable<Compilation, TargetFeatures> s_byCompilation = new();

        public static TargetFeatures Of(Compilation compilation) => s_byCompilation.GetValue(compilation, Compute);

        private static TargetFeatures Compute(Compilation compilation)
        {
            return new TargetFeatures(
                // Bcl packages carry internal copies of the attribute for their own use: only one the user's code may name counts.
                StackTraceHidden: AccessibleType(compilation, "System.Diagnostics.StackTraceHiddenAttribute") is not null);
        }

        private static INamedTypeSymbol? AccessibleType(Compilation compilation, string metadataName)
            => compilation.GetTypesByMetadataName(metadataName)
                .FirstOrDefault(t => compilation.IsSymbolAccessibleWithin(t, compilation.Assembly));
    }
}
