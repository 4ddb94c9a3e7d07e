using System.Linq;
using Microsoft.CodeAnalysis;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// How C# calls the members behind <c>await using</c> and <c>await foreach</c> (DisposeAsync, GetAsyncEnumerator,
    /// MoveNextAsync, Current), spelled as source that binds to the same member with the same receiver: a struct is
    /// called on the variable itself (no boxing copy), a reference type is null-checked before its DisposeAsync, an
    /// interface member implemented explicitly is reached through the interface. Null with a reason when a shape cannot
    /// be spelled exactly.
    /// </summary>
    internal static class HiddenAwaitCalls
    {
        private const string AsyncDisposable = "global::System.IAsyncDisposable";

        /// <summary>
        /// The statement disposing <paramref name="variable"/> of <paramref name="type"/> at the end of an <c>await using</c>
        /// scope or an <c>await foreach</c>. <paramref name="method"/> is the DisposeAsync C# binds (null: find it as
        /// <c>await using</c> does under the running compiler, <see cref="AwaitUsingBinding"/>); <paramref name="position"/> is
        /// where the using is, for the pattern method's accessibility.
        /// </summary>
        public static string? DisposeStatement(string variable, ITypeSymbol type, IMethodSymbol? method, SemanticModel model, int position, out string reason)
        {
            reason = string.Empty;
            if (type.TypeKind is TypeKind.Error or TypeKind.Dynamic || type.IsRefLikeType || type.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T)
            {
                reason = "its resource is dynamic, ref-like or of a nullable value type, which is not written out yet";
                return null;
            }

            var asyncDisposable = model.Compilation.GetTypeByMetadataName("System.IAsyncDisposable");
            var viaInterface = method is null
                ? asyncDisposable is not null && model.Compilation.ClassifyCommonConversion(type, asyncDisposable).IsImplicit
                : method.ContainingType.TypeKind == TypeKind.Interface && SymbolEqualityComparer.Default.Equals(method.ContainingType, asyncDisposable);
            if (method is null && viaInterface)
            {
                // A type that converts to IAsyncDisposable and also has an accessible instance DisposeAsync of its own that is
                // not the interface's implementation (a public DisposeAsync beside an explicit IAsyncDisposable.DisposeAsync):
                // Roslyn 4.8 binds the interface's, 4.11 and later (dotnet/roslyn#72598, the .NET 9 and 10 SDKs) the pattern
                // method. The generated code is compiled by the compiler running the generator, so it follows that one.
                if (type is ITypeParameterSymbol parameter && ConstraintDisposeAsync(parameter))
                {
                    reason = "its type parameter's constraints declare a DisposeAsync of their own, which is not written out yet";
                    return null;
                }

                var pattern = PatternDisposeAsync(type, model, position);
                var interfaceMethod = asyncDisposable!.GetMembers("DisposeAsync").FirstOrDefault();
                if (pattern is not null && interfaceMethod is not null
                    && !SymbolEqualityComparer.Default.Equals(pattern, interfaceMethod)
                    && !SymbolEqualityComparer.Default.Equals(type.FindImplementationForInterfaceMember(interfaceMethod), pattern))
                {
                    switch (AwaitUsingBinding)
                    {
                        case DisposeAsyncBinding.Pattern:
                            viaInterface = false;
                            method = pattern;
                            break;
                        case DisposeAsyncBinding.Interface:
                            break;
                        default:
                            reason = $"its type has a DisposeAsync beside a different IAsyncDisposable.DisposeAsync, and which one 'await using' calls under this compiler ({CompilerVersion}) is not known";
                            return null;
                    }
                }
            }

            if (!viaInterface)
            {
                method ??= PatternDisposeAsync(type, model, position);
                if (method is null || method.IsExtensionMethod || method.IsStatic || method.ContainingType.TypeKind == TypeKind.Interface)
                {
                    reason = "its DisposeAsync is not IAsyncDisposable's nor a single instance method of the resource type, which is not written out yet";
                    return null;
                }
            }

            // The interface call on a struct or a type parameter goes through a constrained call on the variable (no box).
            var call = !viaInterface ? $"{variable}.DisposeAsync()"
                : type.IsValueType || type.TypeKind == TypeKind.TypeParameter ? $"global::Prewired.CompilerServices.Disposal.DisposeAsync(ref {variable})"
                : type.ToDisplayString() == "System.IAsyncDisposable" ? $"{variable}.DisposeAsync()"
                : $"(({AsyncDisposable}){variable}).DisposeAsync()";

            // C# disposes a null resource by doing nothing: no DisposeAsync, no await.
            return type.IsValueType ? $"await {call};" : $"if ({variable} is not null) await {call};";
        }

        /// <summary>The receiver-side call of an enumerator member: on the variable, or through the interface it implements explicitly.</summary>
        public static string? EnumeratorMember(string variable, ITypeSymbol enumeratorType, ISymbol member, string memberText, out string reason)
        {
            reason = string.Empty;
            if (member.ContainingType.TypeKind != TypeKind.Interface || enumeratorType.TypeKind is TypeKind.Interface or TypeKind.TypeParameter)
            {
                return $"{variable}.{memberText}";
            }

            if (enumeratorType.IsValueType)
            {
                reason = "its struct enumerator implements the async enumerator interface explicitly, which is not written out yet";
                return null;
            }

            return $"(({member.ContainingType.ToDisplayString(SourceNames.TypeFormat)}){variable}).{memberText}";
        }

        /// <summary>The call that starts an <c>await foreach</c> over <paramref name="collection"/> (already printed, in parentheses unless a primary expression).</summary>
        public static string? GetAsyncEnumerator(IMethodSymbol method, ITypeSymbol collectionType, string collection, out string reason)
        {
            reason = string.Empty;
            if (method.IsExtensionMethod || method.ReducedFrom is not null)
            {
                // Called in its static form: binds without the using directive that brought the extension into scope.
                var definition = method.ReducedFrom ?? method;
                if (definition.Parameters.FirstOrDefault()?.RefKind is not RefKind.None)
                {
                    reason = "its GetAsyncEnumerator is an extension taking the collection by reference, which is not written out yet";
                    return null;
                }

                // C# found it for the collection as a receiver; as an ordinary argument the collection could bind another
                // overload (an interpolated string converts to FormattableString as an argument, not as a receiver: Roslyn's
                // oracle, O04), so it goes in converted to the receiver type C# chose.
                var receiver = method.ReducedFrom is not null ? method.ReceiverType! : method.Parameters[0].Type;
                var argument = SymbolEqualityComparer.Default.Equals(receiver, collectionType) || !LoweringShapes.IsNameable(receiver)
                    ? collection
                    : $"({receiver.ToDisplayString(SourceNames.TypeFormat)})({collection})";
                return $"{definition.ContainingType.ToDisplayString(SourceNames.TypeFormat)}.{definition.Name}({argument})";
            }

            if (LoweringShapes.IsNullableValueType(collectionType))
            {
                // Unwrapped first, as C# does (Roslyn's oracle, O03).
                collection = LoweringShapes.NullableValue(collection);
                collectionType = ((INamedTypeSymbol)collectionType).TypeArguments[0];
            }

            if (method.ContainingType.TypeKind == TypeKind.Interface && collectionType.TypeKind is not (TypeKind.Interface or TypeKind.TypeParameter))
            {
                return $"(({method.ContainingType.ToDisplayString(SourceNames.TypeFormat)})({collection})).GetAsyncEnumerator()";
            }

            return $"{collection}.GetAsyncEnumerator()";
        }

        /// <summary>The version of the C# compiler running the generator (it also compiles the generated code).</summary>
        public static readonly System.Version CompilerVersion = typeof(Microsoft.CodeAnalysis.CSharp.CSharpCompilation).Assembly.GetName().Version ?? new System.Version(0, 0);

        /// <summary>
        /// Which DisposeAsync <c>await using</c> binds, under the running compiler, for a type that converts to
        /// IAsyncDisposable and has a different accessible DisposeAsync of its own: Roslyn 4.8 the interface's (checked
        /// here with Microsoft.CodeAnalysis.CSharp 4.8.0), 4.11 and later the pattern method (checked with 4.11.0, 4.14.0
        /// and the .NET 10 SDK's compiler). 4.9 and 4.10 were not checked: such a body stays a plain async method there.
        /// </summary>
        public static DisposeAsyncBinding AwaitUsingBinding { get; } = BindingOf(CompilerVersion);

        /// <summary>See <see cref="AwaitUsingBinding"/>.</summary>
        public static DisposeAsyncBinding BindingOf(System.Version compiler)
            => compiler.Major > 4 || (compiler.Major == 4 && compiler.Minor >= 11) ? DisposeAsyncBinding.Pattern
                : compiler.Major == 4 && compiler.Minor <= 8 ? DisposeAsyncBinding.Interface
                : DisposeAsyncBinding.Unknown;

        /// <summary>The one instance DisposeAsync of <paramref name="type"/> callable without arguments and accessible at
        /// <paramref name="position"/>, or null (none, or several that are no overrides of one another).</summary>
        private static IMethodSymbol? PatternDisposeAsync(ITypeSymbol type, SemanticModel model, int position)
        {
            IMethodSymbol? found = null;
            for (var current = type; current is not null; current = current.BaseType)
            {
                foreach (var candidate in current.GetMembers("DisposeAsync").OfType<IMethodSymbol>())
                {
                    if (candidate.IsStatic || candidate.IsGenericMethod || !model.IsAccessible(position, candidate)) continue;
                    if (candidate.Parameters.Any(p => !p.IsOptional && !p.IsParams)) continue;
                    if (found is not null && !SymbolEqualityComparer.Default.Equals(found.OverriddenMethod, candidate)
                        && !SymbolEqualityComparer.Default.Equals(candidate.OverriddenMethod, found)) return null;
                    found ??= candidate;
                }
            }

            return found;
        }

        /// <summary>Whether a constraint of <paramref name="parameter"/> (its base class chain or an interface other than
        /// IAsyncDisposable) declares a DisposeAsync, which member lookup on the type parameter could find first.</summary>
        private static bool ConstraintDisposeAsync(ITypeParameterSymbol parameter)
        {
            foreach (var constraint in parameter.ConstraintTypes)
            {
                var types = constraint.AllInterfaces.Cast<ITypeSymbol>().Append(constraint);
                for (var current = constraint.BaseType; current is not null; current = current.BaseType) types = types.Append(current);
                if (types.Any(t => t.ToDisplayString() != "System.IAsyncDisposable" && !t.GetMembers("DisposeAsync").IsEmpty)) return true;
            }

            return false;
        }
    }

    /// <summary>Which DisposeAsync <c>await using</c> binds when a type has both (see <see cref="HiddenAwaitCalls.AwaitUsingBinding"/>).</summary>
    internal enum DisposeAsyncBinding
    {
        Unknown,
        Interface,
        Pattern,
    }
}
