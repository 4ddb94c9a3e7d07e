using System.Linq;
using Microsoft.CodeAnalysis;

namespace Prewired.Generator.ContextGuard
{
    /// <summary>
    /// Framework members known not to change ExecutionContext or SynchronizationContext and not to call back into
    /// user code, when every type they touch is a plain data type (so no user Equals, GetHashCode, ToString or
    /// enumerator runs inside them). Anything not listed is assumed able to change the contexts.
    /// </summary>
    internal static class SafeMetadataMembers
    {
        private static readonly string[] SafeTypes =
        {
            "System.String", "System.Math", "System.MathF", "System.Decimal", "System.Char", "System.Guid", "System.TimeSpan",
            "System.Collections.Generic.List<T>", "System.Collections.Generic.List<T>.Enumerator",
            "System.Collections.Generic.Dictionary<TKey, TValue>", "System.Collections.Generic.Dictionary<TKey, TValue>.Enumerator",
            "System.Collections.Generic.KeyValuePair<TKey, TValue>",
            "System.Runtime.CompilerServices.DefaultInterpolatedStringHandler",
            "System.ReadOnlySpan<T>", "System.Span<T>",
        };

        // Task members that only read state or build completed tasks; Wait, Result and friends can block and run
        // continuations inline, so they are not here.
        private static readonly string[] SafeTaskMembers =
        {
            "IsCompleted", "IsCompletedSuccessfully", "IsFaulted", "IsCanceled", "Status", "CompletedTask", "FromResult",
            "FromException", "FromCanceled", "ConfigureAwait", "GetAwaiter", ".ctor", "AsTask", "Delay", "Yield", "WhenAll", "WhenAny",
        };

        // Reading a token's state or throwing for it touches no context; Register is left out: it runs the callback
        // inline when the token is already canceled.
        private static readonly string[] SafeCancellationTokenMembers =
        {
            "IsCancellationRequested", "CanBeCanceled", "None", "ThrowIfCancellationRequested", "WaitHandle", "Equals", "GetHashCode",
        };

        // Collection members that never compare, hash or enumerate user values: safe whatever the element type.
        private static readonly string[] NonComparingCollectionMembers =
        {
            "Count", "Capacity", "this[]", "get_Item", "set_Item", "Add", "Insert", "RemoveAt", "Clear", "ToArray", "GetEnumerator",
            "MoveNext", "Current", "Dispose", "Keys", "Values", ".ctor",
        };

        public static bool IsSafe(IMethodSymbol method)
        {
            var type = method.ContainingType;
            if (type is null) return false;
            if (!method.Parameters.All(p => IsPlainData(p.Type) || IsExceptionType(p.Type) || IsInertArgument(p.Type))) return false;
            var memberName = method.AssociatedSymbol?.Name ?? method.Name;

            // Task members store or return values; they never call into them, whatever their type.
            if (IsTaskType(type)) return SafeTaskMembers.Contains(memberName);
            var plainTypeArguments = method.TypeArguments.All(IsPlainData) && AllTypeArgumentsPlain(type);

            // A dictionary hashes and compares only its keys.
            if (!plainTypeArguments && IsCollection(type) && type.OriginalDefinition.Name == "Dictionary" && method.TypeArguments.Length == 0)
            {
                plainTypeArguments = IsPlainData(type.TypeArguments[0]);
            }

            if (!plainTypeArguments && !(IsCollection(type) && NonComparingCollectionMembers.Contains(memberName) && method.TypeArguments.Length == 0)) return false;
            if (IsExceptionType(type)) return method.MethodKind == MethodKind.Constructor || method.Name.StartsWith("ThrowIf", System.StringComparison.Ordinal);
            if (type.SpecialType is >= SpecialType.System_Boolean and <= SpecialType.System_UIntPtr) return true;
            if (type.TypeKind == TypeKind.Enum) return true;
            if (type.ToDisplayString() == "System.Threading.CancellationToken") return SafeCancellationTokenMembers.Contains(memberName);
            var name = type.OriginalDefinition.ToDisplayString();
            return SafeTypes.Contains(name) || name.StartsWith("System.ValueTuple", System.StringComparison.Ordinal)
                   || name.StartsWith("(", System.StringComparison.Ordinal);
        }

        private static bool IsCollection(INamedTypeSymbol type)
            => type.ContainingNamespace?.ToDisplayString() == "System.Collections.Generic" && type.OriginalDefinition.ToDisplayString() is var name && SafeTypes.Contains(name);

        /// <summary>A class or struct argument handed to a collection is stored, not called: only interfaces and delegates run user code.</summary>
        private static bool IsInertArgument(ITypeSymbol type)
            => type.TypeKind is TypeKind.Class or TypeKind.Struct or TypeKind.TypeParameter && type.TypeKind != TypeKind.Delegate;

        private static bool AllTypeArgumentsPlain(INamedTypeSymbol type)
        {
            for (var current = type; current is not null; current = current.ContainingType)
            {
                if (!current.TypeArguments.All(IsPlainData)) return false;
            }

            return true;
        }

        /// <summary>Primitives, strings, enums, decimals and tuples or arrays of them: types whose members run no user code.</summary>
        public static bool IsPlainData(ITypeSymbol type)
        {
            switch (type)
            {
                case IArrayTypeSymbol array:
                    return IsPlainData(array.ElementType);
                case INamedTypeSymbol { IsTupleType: true } tuple:
                    return tuple.TupleElements.All(e => IsPlainData(e.Type));
                case INamedTypeSymbol { TypeKind: TypeKind.Enum }:
                    return true;
                case INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable:
                    return IsPlainData(nullable.TypeArguments[0]);
                case INamedTypeSymbol { Name: "ReadOnlySpan" or "Span", ContainingNamespace.Name: "System" } span:
                    return IsPlainData(span.TypeArguments[0]);
            }

            return type.SpecialType is >= SpecialType.System_Boolean and <= SpecialType.System_String
                   || type.SpecialType == SpecialType.System_Decimal
                   || type.SpecialType == SpecialType.System_DateTime
                   || type.ToDisplayString() is "System.Guid" or "System.TimeSpan";
        }

        private static bool IsExceptionType(ITypeSymbol type)
        {
            for (var current = type; current is not null; current = current.BaseType)
            {
                if (current.ToDisplayString() == "System.Exception") return type.ContainingNamespace?.ToDisplayString().StartsWith("System", System.StringComparison.Ordinal) == true;
            }

            return false;
        }

        private static bool IsTaskType(INamedTypeSymbol type)
            => type.ContainingNamespace?.ToDisplayString() == "System.Threading.Tasks" && type.Name is "Task" or "ValueTask";
    }
}
