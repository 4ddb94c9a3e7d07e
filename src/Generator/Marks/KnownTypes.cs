using Microsoft.CodeAnalysis;
using Prewired.Generator.Model;

namespace Prewired.Generator.Marks
{
    /// <summary>Metadata names of the types Prewired recognizes, and the classification of task-like types.</summary>
    internal static class KnownTypes
    {
        public const string TailAwaitAttribute = "Prewired.TailAwaitAttribute";
        public const string FastPathAttribute = "Prewired.FastPathAttribute";
        public const string PipelineAttribute = "Prewired.PipelineAttribute";

        public static string AttributeShortName(MarkKind kind) => kind == MarkKind.TailAwait ? "TailAwait" : "FastPath";

        /// <summary>The mark <paramref name="attribute"/> is ([TailAwait] or [FastPath]), or null.</summary>
        public static MarkKind? MarkOf(AttributeData attribute)
            => IsType(attribute.AttributeClass, TailAwaitAttribute) ? MarkKind.TailAwait
                : IsType(attribute.AttributeClass, FastPathAttribute) ? MarkKind.FastPath
                : null;

        /// <summary>
        /// Whether <paramref name="type"/> is the non-generic type <paramref name="fullName"/> ("Namespace.Type", what
        /// <c>ToDisplayString()</c> gives for a type that has no keyword), compared name by name: the analyzers ask it of
        /// every attribute of every method, and a display string would be built and allocated each time.
        /// </summary>
        public static bool IsType(ITypeSymbol? type, string fullName)
        {
            if (type is not INamedTypeSymbol { Arity: 0 }) return false;
            var end = fullName.Length;
            for (ISymbol symbol = type; symbol is not INamespaceSymbol { IsGlobalNamespace: true }; symbol = symbol.ContainingSymbol)
            {
                if (symbol is null || symbol is INamedTypeSymbol { Arity: > 0 }) return false;
                var start = end - symbol.Name.Length;
                if (start < 0 || string.CompareOrdinal(fullName, start, symbol.Name, 0, symbol.Name.Length) != 0) return false;
                end = start;
                if (symbol.ContainingSymbol is INamespaceSymbol { IsGlobalNamespace: true }) break;
                if (end == 0 || fullName[end - 1] != '.') return false;
                end--;
            }

            return end == 0;
        }

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
