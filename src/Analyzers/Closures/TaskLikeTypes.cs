using Microsoft.CodeAnalysis;

namespace Prewired.Analyzers.Closures
{
    /// <summary>Task, Task&lt;T&gt;, ValueTask, ValueTask&lt;T&gt;, or any type (or method) with [AsyncMethodBuilder].</summary>
    internal static class TaskLikeTypes
    {
        public static bool ReturnsTaskLike(IMethodSymbol method)
        {
            if (method.ReturnsVoid || method.ReturnType is not INamedTypeSymbol type) return false;
            if (type.OriginalDefinition is { Name: "Task" or "ValueTask", ContainingNamespace: { Name: "Tasks", ContainingNamespace: { Name: "Threading", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } } })
            {
                return true;
            }

            return HasBuilder(type.OriginalDefinition) || HasBuilder(method);
        }

        private static bool HasBuilder(ISymbol symbol)
        {
            foreach (var attribute in symbol.GetAttributes())
            {
                if (attribute.AttributeClass is { Name: "AsyncMethodBuilderAttribute", ContainingNamespace: { Name: "CompilerServices", ContainingNamespace: { Name: "Runtime", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } } })
                {
                    return true;
                }
            }

            return false;
        }
    }
}
