using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Analyzers.ConcurrentNext
{
    /// <summary>What a framework method does with the tasks it is given, as far as "is it still running?" goes.</summary>
    internal enum TaskApiKind
    {
        /// <summary>Unknown: tasks passed in are the callee's business from now on (escaped).</summary>
        Other,

        /// <summary><c>Task.WhenAll</c>, <c>Task.WhenEach</c>: the result stands for all of them; awaiting it completes them.</summary>
        WhenAll,

        /// <summary><c>Task.WhenAny</c>: awaiting the result completes one of them, the others may still run.</summary>
        WhenAny,

        /// <summary><c>Task.WaitAll</c>: blocks until all of them complete.</summary>
        WaitAll,

        /// <summary><c>task.Wait()</c>, <c>awaiter.GetResult()</c>: blocks until the instance completes.</summary>
        Wait,

        /// <summary><c>ConfigureAwait</c>, <c>GetAwaiter</c>, <c>ContinueWith</c>, <c>WaitAsync</c>: the result stands for the instance.</summary>
        PassThrough,

        /// <summary><c>list.Add(task)</c>, <c>queue.Enqueue(task)</c>, <c>AddRange</c>: the collection now holds the tasks.</summary>
        Collect,

        /// <summary><c>ToList</c>, <c>ToArray</c>, ...: enumerates a lazy sequence, so every task it produces is started.</summary>
        Materialize,
    }

    internal static class TaskApis
    {
        public static TaskApiKind Classify(IMethodSymbol method)
        {
            var type = method.ContainingType;
            if (type is null) return TaskApiKind.Other;
            if (method.IsStatic && IsTaskType(type))
            {
                switch (method.Name)
                {
                    case "WhenAll":
                    case "WhenEach":
                        return TaskApiKind.WhenAll;
                    case "WhenAny":
                        return TaskApiKind.WhenAny;
                    case "WaitAll":
                        return TaskApiKind.WaitAll;
                }
            }

            switch (method.Name)
            {
                case "Wait" when !method.IsStatic && IsTaskType(type):
                case "GetResult" when !method.IsStatic && IsAwaiter(type):
                    return TaskApiKind.Wait;
                case "ConfigureAwait" or "GetAwaiter" or "ContinueWith" or "WaitAsync" when !method.IsStatic && (IsTaskType(type) || KnownTypes.IsConfiguredAwaitable(type)):
                    return TaskApiKind.PassThrough;
                case "Add" or "AddRange" or "Enqueue" or "Push" or "Insert" or "InsertRange" or "TryAdd" when !method.IsStatic:
                    return TaskApiKind.Collect;
                case "ToList" or "ToArray" or "ToHashSet" or "ToDictionary" or "ToLookup" or "ToImmutableArray" or "ToImmutableList" or "ToFrozenSet":
                    return TaskApiKind.Materialize;
            }

            return TaskApiKind.Other;
        }

        /// <summary>Task, Task&lt;T&gt;, ValueTask, ValueTask&lt;T&gt;.</summary>
        public static bool IsTaskType(ITypeSymbol? type) => KnownTypes.ClassifyTaskType(type?.OriginalDefinition) is not null;

        private static bool IsAwaiter(ITypeSymbol type)
            => type.Name.EndsWith("Awaiter", System.StringComparison.Ordinal) && type.ContainingNamespace?.ToDisplayString() == "System.Runtime.CompilerServices";

        /// <summary>
        /// A value that can stand for tasks: a task, an awaiter or awaitable wrapping one, or a collection or sequence
        /// (which may hold them). A bool, an int, a string cannot, so properties like <c>IsCompleted</c> or <c>Count</c>
        /// read from a task or a list do not carry the tasks along.
        /// </summary>
        public static bool CanHoldTasks(ITypeSymbol? type)
        {
            if (type is null || type.SpecialType == SpecialType.System_String) return false;
            if (IsTaskType(type) || KnownTypes.IsConfiguredAwaitable(type) || type is IArrayTypeSymbol) return true;
            if (type.ContainingNamespace?.ToDisplayString() == "System.Runtime.CompilerServices" && type.Name.EndsWith("Awaiter", System.StringComparison.Ordinal)) return true;
            return IsSequence(type);
        }

        /// <summary>IEnumerable, IEnumerator, IAsyncEnumerable (and their generic forms) or a type implementing one.</summary>
        public static bool IsSequence(ITypeSymbol? type)
        {
            if (type is null || type.SpecialType == SpecialType.System_String) return false;
            if (type is IArrayTypeSymbol || IsSequenceInterface(type)) return true;
            foreach (var implemented in type.AllInterfaces)
            {
                if (IsSequenceInterface(implemented)) return true;
            }

            return false;
        }

        private static bool IsSequenceInterface(ITypeSymbol type)
        {
            switch (type.OriginalDefinition.SpecialType)
            {
                case SpecialType.System_Collections_IEnumerable:
                case SpecialType.System_Collections_Generic_IEnumerable_T:
                case SpecialType.System_Collections_IEnumerator:
                case SpecialType.System_Collections_Generic_IEnumerator_T:
                    return true;
            }

            return type is INamedTypeSymbol { Name: "IAsyncEnumerable" or "IAsyncEnumerator", Arity: 1 } named
                   && named.ContainingNamespace?.ToDisplayString() == "System.Collections.Generic";
        }

        /// <summary>The instance a method call or element access stores into, when it is a local or a compiler temporary.</summary>
        public static object? HolderOf(IOperation? operation)
        {
            while (operation is IConversionOperation conversion) operation = conversion.Operand;
            return operation switch
            {
                ILocalReferenceOperation local => local.Local,
                IFlowCaptureReferenceOperation capture => capture.Id,
                _ => null,
            };
        }
    }
}
