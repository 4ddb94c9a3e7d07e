using Microsoft.CodeAnalysis;
using Prewired.Generator.Model;

namespace Prewired.Generator.Analysis
{
    /// <summary>Metadata names of the types Prewired recognizes, and the classification of task-like types.</summary>
    internal static class KnownTypes
    {
        public const string TailAwaitAttribute = "Prewired.TailAwaitAttribute";
        public const string FastPathAttribute = "Prewired.FastPathAttribute";
        public const string PipelineAttribute = "Prewired.PipelineAttribute";

        public static string AttributeShortName(MarkKind kind) => kind == MarkKind.TailAwait ? "TailAwait" : "FastPath";

        /// <summary>Classifies Task, Task&lt;T&gt;, ValueTask and ValueTask&lt;T&gt;; null for anything else.</summary>
        public static ReturnKind? ClassifyTaskType(ITypeSymbol? type)
        {
            if (type is not INamedTypeSymbol named || !IsSystemThreadingTasks(named.ContainingNamespace)) return null;
            return (named.Name, named.Arity) switch
            {
                ("Task", 0) => ReturnKind.Task,
                ("Task", 1) => ReturnKind.TaskOfT,
                ("ValueTask", 0) => ReturnKind.ValueTask,
                ("ValueTask", 1) => ReturnKind.ValueTaskOfT,
                _ => null,
            };
        }

        /// <summary>The T of Task&lt;T&gt;/ValueTask&lt;T&gt;, or null.</summary>
        public static ITypeSymbol? ResultType(ITypeSymbol? type)
            => type is INamedTypeSymbol { Arity: 1 } named && ClassifyTaskType(type) is not null ? named.TypeArguments[0] : null;

        private static bool IsSystemThreadingTasks(INamespaceSymbol? ns)
            => ns is { Name: "Tasks", ContainingNamespace: { Name: "Threading", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } };

        /// <summary>System.Runtime.CompilerServices.ConfiguredTaskAwaitable / ConfiguredValueTaskAwaitable (generic or not).</summary>
        public static bool IsConfiguredAwaitable(ITypeSymbol? type)
            => type is INamedTypeSymbol { Name: "ConfiguredTaskAwaitable" or "ConfiguredValueTaskAwaitable" } named
               && named.ContainingNamespace?.ToDisplayString() == "System.Runtime.CompilerServices";
    }
}
