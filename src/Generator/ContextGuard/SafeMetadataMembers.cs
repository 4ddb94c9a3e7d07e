using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Prewired.Generator.ContextGuard
{
    /// <summary>
    /// Framework members proven not to change ExecutionContext or SynchronizationContext: none of them sets an
    /// AsyncLocal, a SynchronizationContext or an ExecutionContext, and none calls back into code the analysis cannot
    /// see, given the types actually involved. Anything not listed is assumed able to change the contexts. Two kinds:
    /// <list type="bullet">
    /// <item><b>value members</b> (<see cref="ValueTypes"/>): types whose members compute on their arguments, so they
    /// are inert when every value involved is plain data (<see cref="IsPlainData"/>): a user type there could bring its
    /// own ToString, Equals, GetHashCode, CompareTo or static interface members;</item>
    /// <item><b>storing members</b> (<see cref="StoringMembers"/>): members that keep, move or count values without
    /// calling any member of them (a list's Add, a queue's TryDequeue, Interlocked.Exchange), inert whatever the element
    /// types; members that compare or hash elements (Contains, IndexOf, Sort, a dictionary's lookups) are value members
    /// of the key or element type instead.</item>
    /// </list>
    /// Either way a parameter that takes an interface or a delegate (a comparer, a factory, an IEnumerable to copy from)
    /// makes the member unsafe: that is user code the member would call. A virtual member is listed only where the call
    /// is known to reach the framework's own implementation (a sealed type or a struct, or a receiver the analysis has
    /// resolved). Documented in docs/fast-path.md, "The context guard".
    /// </summary>
    internal static class SafeMetadataMembers
    {
        /// <summary>Types whose members run no user code when every type they touch is plain data.</summary>
        private static readonly HashSet<string> ValueTypes = new()
        {
            "System.String", "System.Char", "System.Decimal", "System.Math", "System.MathF", "System.Guid", "System.TimeSpan",
            "System.DateTime", "System.DateTimeOffset", "System.DateOnly", "System.TimeOnly", "System.Half", "System.Int128",
            "System.UInt128", "System.Index", "System.Range", "System.BitConverter", "System.Convert", "System.MemoryExtensions",
            "System.Buffers.Binary.BinaryPrimitives", "System.Numerics.BitOperations", "System.Text.StringBuilder",
            "System.Diagnostics.Stopwatch", "System.Enum", "System.IO.Path", "System.Runtime.CompilerServices.DefaultInterpolatedStringHandler",
            "System.Collections.Generic.List<T>", "System.Collections.Generic.Dictionary<TKey, TValue>",
            "System.Collections.Generic.HashSet<T>", "System.Collections.Generic.KeyValuePair<TKey, TValue>",
            "System.Nullable<T>", "System.ReadOnlySpan<T>", "System.Span<T>",
        };

        /// <summary>Per type, the members that store, move or count values without calling any member of them.</summary>
        private static readonly Dictionary<string, string[]> StoringMembers = new()
        {
            ["System.Collections.Generic.List<T>"] = new[] { "Count", "Capacity", "this[]", "Add", "Insert", "RemoveAt", "RemoveRange", "Clear", "ToArray", "GetEnumerator", "GetRange", "Reverse", "CopyTo", ".ctor" },
            ["System.Collections.Generic.List<T>.Enumerator"] = Enumerator(),
            ["System.Collections.Generic.Dictionary<TKey, TValue>"] = new[] { "Count", "Keys", "Values", "Clear", "GetEnumerator", ".ctor" },
            ["System.Collections.Generic.Dictionary<TKey, TValue>.Enumerator"] = Enumerator(),
            ["System.Collections.Generic.Dictionary<TKey, TValue>.KeyCollection"] = new[] { "Count", "GetEnumerator", "CopyTo" },
            ["System.Collections.Generic.Dictionary<TKey, TValue>.ValueCollection"] = new[] { "Count", "GetEnumerator", "CopyTo" },
            ["System.Collections.Generic.Dictionary<TKey, TValue>.KeyCollection.Enumerator"] = Enumerator(),
            ["System.Collections.Generic.Dictionary<TKey, TValue>.ValueCollection.Enumerator"] = Enumerator(),
            ["System.Collections.Generic.HashSet<T>"] = new[] { "Count", "Clear", "GetEnumerator", ".ctor" },
            ["System.Collections.Generic.HashSet<T>.Enumerator"] = Enumerator(),
            ["System.Collections.Generic.Queue<T>"] = new[] { "Count", "Enqueue", "Dequeue", "TryDequeue", "Peek", "TryPeek", "Clear", "ToArray", "GetEnumerator", ".ctor" },
            ["System.Collections.Generic.Queue<T>.Enumerator"] = Enumerator(),
            ["System.Collections.Generic.Stack<T>"] = new[] { "Count", "Push", "Pop", "TryPop", "Peek", "TryPeek", "Clear", "ToArray", "GetEnumerator", ".ctor" },
            ["System.Collections.Generic.Stack<T>.Enumerator"] = Enumerator(),
            ["System.Collections.Concurrent.ConcurrentQueue<T>"] = new[] { "Count", "IsEmpty", "Enqueue", "TryDequeue", "TryPeek", "Clear", "ToArray", ".ctor" },
            ["System.Collections.Concurrent.ConcurrentStack<T>"] = new[] { "Count", "IsEmpty", "Push", "TryPop", "TryPeek", "Clear", "ToArray", ".ctor" },
            ["System.Collections.Concurrent.ConcurrentDictionary<TKey, TValue>"] = new[] { "Count", "IsEmpty", "Keys", "Values", "Clear", "ToArray", "GetEnumerator", ".ctor" },
            ["System.Collections.Generic.KeyValuePair<TKey, TValue>"] = new[] { "Key", "Value", "Deconstruct", ".ctor" },
            ["System.Nullable<T>"] = new[] { "HasValue", "Value", "GetValueOrDefault", ".ctor" },
            ["System.ReadOnlySpan<T>"] = SpanMembers(),
            ["System.Span<T>"] = SpanMembers(),
            ["System.ReadOnlySpan<T>.Enumerator"] = Enumerator(),
            ["System.Span<T>.Enumerator"] = Enumerator(),
            // Not Span, Pin or ToArray: a Memory can be backed by a MemoryManager, whose GetSpan and Pin are user code.
            ["System.Memory<T>"] = new[] { "Length", "IsEmpty", "Slice", "Empty", ".ctor", "op_Implicit" },
            ["System.ReadOnlyMemory<T>"] = new[] { "Length", "IsEmpty", "Slice", "Empty", ".ctor", "op_Implicit" },
            ["System.ArraySegment<T>"] = new[] { "Array", "Offset", "Count", "this[]", "Slice", "AsSpan", ".ctor", "op_Implicit" },
            ["System.Array"] = new[] { "Length", "LongLength", "Rank", "GetLength", "Empty", "Resize", "Clear", "Fill", "Copy", "ConstrainedCopy" },
            ["System.Threading.Interlocked"] = new[] { "Increment", "Decrement", "Add", "Exchange", "CompareExchange", "Read", "And", "Or", "MemoryBarrier" },
            ["System.Threading.Volatile"] = new[] { "Read", "Write" },
            ["System.Text.Encoding"] = new[] { "UTF8", "ASCII", "Unicode", "BigEndianUnicode", "UTF32", "Latin1" }, // the framework's own instances
            ["System.GC"] = new[] { "SuppressFinalize", "KeepAlive" },
            ["System.EventArgs"] = new[] { "Empty", ".ctor" },
            ["System.Text.UTF8Encoding"] = new[] { ".ctor" },
            // Takes a slot or queues a waiter task; never runs a waiter's continuation (Release, left out, completes them).
            ["System.Threading.SemaphoreSlim"] = new[] { "WaitAsync", "CurrentCount" },
            ["System.WeakReference<T>"] = new[] { "TryGetTarget", "SetTarget", ".ctor" },
            ["System.Object"] = new[] { "ReferenceEquals", "GetType", ".ctor" },
            ["System.Environment"] = new[] { "TickCount", "TickCount64", "CurrentManagedThreadId", "ProcessorCount", "NewLine" },
            // Reading a token's state or throwing for it touches no context; Register is left out: it runs the callback
            // inline when the token is already canceled, and so is Cancel.
            ["System.Threading.CancellationToken"] = new[] { "IsCancellationRequested", "CanBeCanceled", "None", "ThrowIfCancellationRequested", "WaitHandle", "Equals", "GetHashCode", ".ctor" },
            ["System.Threading.CancellationTokenSource"] = new[] { "Token", "IsCancellationRequested" },
            // Unregistering waits for a callback running on another thread; it never runs one on this thread.
            ["System.Threading.CancellationTokenRegistration"] = new[] { "Dispose", "Unregister", "Token" },
            // Locks block; they run no code of anyone else's.
            ["System.Threading.Monitor"] = new[] { "Enter", "Exit", "TryEnter", "IsEntered" },
            // Task members that only read state or build tasks; Wait, Result and GetResult can block and run other
            // tasks inline, and TaskCompletionSource's setters run continuations inline, so they are not here.
            ["System.Threading.Tasks.Task"] = TaskMembers(),
            ["System.Threading.Tasks.Task<TResult>"] = TaskMembers(),
            ["System.Threading.Tasks.ValueTask"] = TaskMembers(),
            ["System.Threading.Tasks.ValueTask<TResult>"] = TaskMembers(),
            ["System.Runtime.CompilerServices.TaskAwaiter"] = AwaiterMembers(),
            ["System.Runtime.CompilerServices.TaskAwaiter<TResult>"] = AwaiterMembers(),
            ["System.Runtime.CompilerServices.ValueTaskAwaiter"] = AwaiterMembers(),
            ["System.Runtime.CompilerServices.ValueTaskAwaiter<TResult>"] = AwaiterMembers(),
            ["System.Runtime.CompilerServices.ConfiguredTaskAwaitable"] = AwaiterMembers(),
            ["System.Runtime.CompilerServices.ConfiguredTaskAwaitable<TResult>"] = AwaiterMembers(),
            ["System.Runtime.CompilerServices.ConfiguredTaskAwaitable.ConfiguredTaskAwaiter"] = AwaiterMembers(),
            ["System.Runtime.CompilerServices.ConfiguredTaskAwaitable<TResult>.ConfiguredTaskAwaiter"] = AwaiterMembers(),
            ["System.Runtime.CompilerServices.ConfiguredValueTaskAwaitable"] = AwaiterMembers(),
            ["System.Runtime.CompilerServices.ConfiguredValueTaskAwaitable<TResult>"] = AwaiterMembers(),
            ["System.Runtime.CompilerServices.ConfiguredValueTaskAwaitable.ConfiguredValueTaskAwaiter"] = AwaiterMembers(),
            ["System.Runtime.CompilerServices.ConfiguredValueTaskAwaitable<TResult>.ConfiguredValueTaskAwaiter"] = AwaiterMembers(),
        };

        /// <summary>
        /// Per dictionary type, the members that hash and compare keys but only store values. Like every hashing member
        /// here, this assumes the instance's comparer is the default or a framework comparer (StringComparer.Ordinal...):
        /// the analysis sees the type arguments, not the comparer an instance was built with.
        /// </summary>
        private static readonly Dictionary<string, string[]> KeyedMembers = new()
        {
            ["System.Collections.Generic.Dictionary<TKey, TValue>"] = new[] { "this[]", "TryGetValue", "ContainsKey", "Remove", "Add", "TryAdd" },
            ["System.Collections.Concurrent.ConcurrentDictionary<TKey, TValue>"] = new[] { "this[]", "TryGetValue", "ContainsKey", "TryRemove", "TryAdd", "GetOrAdd" },
        };

        /// <summary>
        /// The framework's own encodings, read from Encoding's static properties: a call on one of them reaches the
        /// framework's implementation (any other Encoding could be a user subclass).
        /// </summary>
        private static readonly string[] FrameworkEncodings = { "UTF8", "ASCII", "Unicode", "BigEndianUnicode", "UTF32", "Latin1" };

        private static readonly string[] EncodingMembers =
        {
            "GetBytes", "GetString", "GetByteCount", "GetCharCount", "GetChars", "GetMaxByteCount", "GetMaxCharCount", "TryGetBytes", "TryGetChars",
            "GetPreamble", "Preamble", "WebName", "CodePage",
        };

        /// <summary>How the tables name a type: namespace-qualified, type parameters, no keywords (System.Object, System.Nullable&lt;T&gt;).</summary>
        private static readonly SymbolDisplayFormat TableNames = new(
            typeQualificationStyle: SymbolDisplayTypeQualificationStyle.NameAndContainingTypesAndNamespaces,
            genericsOptions: SymbolDisplayGenericsOptions.IncludeTypeParameters,
            miscellaneousOptions: SymbolDisplayMiscellaneousOptions.ExpandNullable | SymbolDisplayMiscellaneousOptions.ExpandValueTuple);

        private static string[] Enumerator() => new[] { "MoveNext", "Current", "Dispose", "GetEnumerator" };

        private static string[] SpanMembers() => new[]
        {
            "Length", "IsEmpty", "this[]", "Slice", "CopyTo", "TryCopyTo", "ToArray", "Fill", "Clear", "Empty", "GetEnumerator", "GetPinnableReference", ".ctor", "op_Implicit",
        };

        private static string[] TaskMembers() => new[]
        {
            "IsCompleted", "IsCompletedSuccessfully", "IsFaulted", "IsCanceled", "Status", "Id", "Exception", "AsyncState", "CompletedTask", "FromResult",
            "FromException", "FromCanceled", "ConfigureAwait", "GetAwaiter", ".ctor", "AsTask", "Preserve", "Delay", "Yield", "WhenAll", "WhenAny",
        };

        private static string[] AwaiterMembers() => new[] { "IsCompleted", "GetAwaiter" };

        /// <param name="method">A framework member (not from source).</param>
        /// <param name="resolved">
        /// True when the analysis knows the call reaches this very implementation (not an override of it): a sealed or
        /// struct receiver, a non-virtual call. Otherwise a virtual member is never safe.
        /// </param>
        public static bool IsSafe(IMethodSymbol method, bool resolved)
        {
            var type = method.ContainingType;
            if (type is null) return false;
            if (!resolved && IsOverridable(method)) return false;
            var memberName = method.AssociatedSymbol?.Name ?? method.Name;
            var name = type.OriginalDefinition.ToDisplayString(TableNames);

            // Exceptions are built and thrown; only their constructors and ThrowIf helpers run here (Message and
            // ToString are virtual). The helpers compare with null or zero; a generic one (ThrowIfNegative<T>) runs T's
            // static members, so its type argument must be plain.
            if (IsExceptionType(type))
            {
                return (method.MethodKind == MethodKind.Constructor || method.Name.StartsWith("ThrowIf", System.StringComparison.Ordinal) || memberName is "InnerException" or "HResult")
                       && method.TypeArguments.All(IsPlainData)
                       && method.Parameters.All(p => IsPlainData(p.Type) || IsExceptionType(p.Type) || p.Type.SpecialType == SpecialType.System_Object);
            }

            var original = method.OriginalDefinition;
            if (StoringMembers.TryGetValue(name, out var storing) && storing.Contains(memberName))
            {
                return original.Parameters.Select((p, i) => (p.Type, Actual: method.Parameters[i].Type)).All(p => IsStoredParameter(p.Type, p.Actual));
            }

            // A dictionary's lookups hash and compare only its keys: the key type must be plain, the values are stored.
            if (KeyedMembers.TryGetValue(name, out var keyed) && keyed.Contains(memberName) && method.TypeArguments.Length == 0 && IsPlainData(type.TypeArguments[0]))
            {
                return original.Parameters.Select((p, i) => (p.Type, Actual: method.Parameters[i].Type))
                    .All(p => p.Type is ITypeParameterSymbol { Ordinal: 1 } || IsPlainData(p.Actual));
            }

            if (!AllTypeArgumentsPlain(type) || !method.TypeArguments.All(IsPlainData) || !method.Parameters.All(p => IsPlainData(p.Type))) return false;
            return type.SpecialType is >= SpecialType.System_Boolean and <= SpecialType.System_UIntPtr
                   || type.TypeKind == TypeKind.Enum
                   || ValueTypes.Contains(name)
                   || name.StartsWith("System.ValueTuple", System.StringComparison.Ordinal);
        }

        /// <summary>Whether <paramref name="method"/>, called on <paramref name="receiver"/>, is a framework Encoding's own member.</summary>
        public static bool IsFrameworkEncodingMember(IMethodSymbol method, IOperation? receiver)
        {
            if (method.ContainingType?.ToDisplayString(TableNames) != "System.Text.Encoding") return false;
            while (receiver is IConversionOperation { IsImplicit: true } conversion) receiver = conversion.Operand;
            if (receiver is not IPropertyReferenceOperation { Property: var property }) return false;
            return property.IsStatic && property.ContainingType?.ToDisplayString(TableNames) == "System.Text.Encoding" && FrameworkEncodings.Contains(property.Name)
                   && EncodingMembers.Contains(method.AssociatedSymbol?.Name ?? method.Name)
                   && method.Parameters.All(p => IsPlainData(p.Type));
        }

        /// <summary>
        /// A storing member's parameter is inert when the member keeps or moves the value (a type parameter of its own:
        /// <c>List&lt;T&gt;.Add(T)</c>, <c>Interlocked.Exchange&lt;T&gt;(ref T, T)</c>), or takes plain data, a
        /// CancellationToken, an exception, an array or <c>object</c> (GC.SuppressFinalize, Interlocked.Exchange(ref object,
        /// object): only the reference is used); an interface or a delegate (a comparer, a source to copy) is called.
        /// </summary>
        private static bool IsStoredParameter(ITypeSymbol declared, ITypeSymbol actual)
        {
            if (declared is ITypeParameterSymbol) return true;
            if (declared is IArrayTypeSymbol { ElementType: ITypeParameterSymbol } || declared is IArrayTypeSymbol { ElementType.SpecialType: SpecialType.System_Object }) return true;
            if (declared.OriginalDefinition.SpecialType == SpecialType.System_Array) return true;
            return IsPlainData(actual) || IsExceptionType(actual) || actual.SpecialType == SpecialType.System_Object
                   || actual.ToDisplayString(TableNames) == "System.Threading.CancellationToken" || IsTaskType(actual) || actual is IArrayTypeSymbol { ElementType: var element } && IsTaskType(element)
                   || actual is INamedTypeSymbol { Name: "Span" or "ReadOnlySpan" or "Memory" or "ReadOnlyMemory", ContainingNamespace.Name: "System" };
        }

        private static bool IsTaskType(ITypeSymbol type)
            => type.ContainingNamespace?.ToDisplayString() == "System.Threading.Tasks" && type.Name is "Task" or "ValueTask";

        private static bool IsOverridable(IMethodSymbol method)
            => (method.IsVirtual || method.IsAbstract || method.IsOverride && !method.IsSealed || method.ContainingType.TypeKind == TypeKind.Interface)
               && !(method.ContainingType.IsSealed || method.ContainingType.IsValueType);

        private static bool AllTypeArgumentsPlain(INamedTypeSymbol type)
        {
            for (var current = type; current is not null; current = current.ContainingType)
            {
                if (!current.TypeArguments.All(IsPlainData)) return false;
            }

            return true;
        }

        /// <summary>
        /// Primitives, strings, enums, decimals, the framework's date, time and numeric structs, and tuples, nullables,
        /// arrays and spans of them: types whose members (ToString, Equals, GetHashCode, CompareTo) run no user code.
        /// </summary>
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

            // System.Enum is a boxed enum value: its members are the framework's.
            return type.SpecialType is >= SpecialType.System_Boolean and <= SpecialType.System_String
                   || type.SpecialType is SpecialType.System_Enum or SpecialType.System_Decimal or SpecialType.System_DateTime or SpecialType.System_IntPtr or SpecialType.System_UIntPtr
                   || type.ToDisplayString(TableNames) is "System.Guid" or "System.TimeSpan" or "System.DateTimeOffset" or "System.DateOnly" or "System.TimeOnly"
                       or "System.Half" or "System.Int128" or "System.UInt128" or "System.Index" or "System.Range";
        }

        private static bool IsExceptionType(ITypeSymbol type)
        {
            for (var current = type; current is not null; current = current.BaseType)
            {
                if (current.ToDisplayString(TableNames) == "System.Exception") return type.ContainingNamespace?.ToDisplayString().StartsWith("System", System.StringComparison.Ordinal) == true;
            }

            return false;
        }
    }
}
