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
    internal sealed record TargetFeatures(bool TaskIsCompletedSuccessfully, bool StackTraceHidden)
    {
        private static readonly ConditionalWeakTable<Compilation, TargetFeatures> s_byCompilation = new();

        public static TargetFeatures Of(Compilation compilation) => s_byCompilation.GetValue(compilation, Compute);

        /// <summary>
        /// The test "the awaited task did not complete successfully" on <paramref name="task"/>, a Task or Task&lt;T&gt;
        /// variable: <c>Task.IsCompletedSuccessfully</c> is .NET Core 2.0+ (not in netstandard2.0 or .NET Framework); the
        /// status test is the same check. ValueTask always has the property (System.Threading.Tasks.Extensions too).
        /// </summary>
        public string TaskNotCompletedSuccessfully(string task)
            => TaskIsCompletedSuccessfully
                ? $"!{task}.IsCompletedSuccessfully"
                : $"{task}.Status != global::System.Threading.Tasks.TaskStatus.RanToCompletion";

        private static TargetFeatures Compute(Compilation compilation)
        {
            var task = AccessibleType(compilation, "System.Threading.Tasks.Task");
            return new TargetFeatures(
                TaskIsCompletedSuccessfully: task is not null && task.GetMembers("IsCompletedSuccessfully").Any(m => m is IPropertySymbol { DeclaredAccessibility: Accessibility.Public, IsStatic: false }),
                // Bcl packages carry internal copies of the attribute for their own use: only one the user's code may name counts.
                StackTraceHidden: AccessibleType(compilation, "System.Diagnostics.StackTraceHiddenAttribute") is not null);
        }

        private static INamedTypeSymbol? AccessibleType(Compilation compilation, string metadataName)
            => compilation.GetTypesByMetadataName(metadataName)
                .FirstOrDefault(t => compilation.IsSymbolAccessibleWithin(t, compilation.Assembly));
    }
}
