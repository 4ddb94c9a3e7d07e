using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.Generator.SharedRules
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
        /// <c>await using</c> does: the IAsyncDisposable conversion first, then an instance DisposeAsync pattern).
        /// </summary>
        public static string? DisposeStatement(string variable, ITypeSymbol type, IMethodSymbol? method, SemanticModel model, out string reason)
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
            // A public DisposeAsync beside a different IAsyncDisposable.DisposeAsync (an explicit implementation): the
            // Roslyn 4.8 compiler calls the interface's, 4.11 and later (the .NET 10 SDK's too) call the public one, so no
            // single rewrite matches every compiler; the body stays a plain async method.
            if (method is null && viaInterface && PatternDisposeAsync(type) is { } pattern
                && asyncDisposable!.GetMembers("DisposeAsync").FirstOrDefault() is { } interfaceMethod
                && !SymbolEqualityComparer.Default.Equals(type.FindImplementationForInterfaceMember(interfaceMethod), pattern))
            {
                reason = "its type has a public DisposeAsync beside a different IAsyncDisposable.DisposeAsync, and which one 'await using' calls depends on the compiler version";
                return null;
            }

            if (!viaInterface)
            {
                method ??= PatternDisposeAsync(type);
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

                return $"{definition.ContainingType.ToDisplayString(SourceNames.TypeFormat)}.{definition.Name}({collection})";
            }

            if (method.ContainingType.TypeKind == TypeKind.Interface && collectionType.TypeKind is not (TypeKind.Interface or TypeKind.TypeParameter))
            {
                return $"(({method.ContainingType.ToDisplayString(SourceNames.TypeFormat)})({collection})).GetAsyncEnumerator()";
            }

            return $"{collection}.GetAsyncEnumerator()";
        }

        /// <summary>The one accessible-looking instance DisposeAsync of <paramref name="type"/> callable without arguments, or null.</summary>
        private static IMethodSymbol? PatternDisposeAsync(ITypeSymbol type)
        {
            IMethodSymbol? found = null;
            for (var current = type; current is not null; current = current.BaseType)
            {
                foreach (var candidate in current.GetMembers("DisposeAsync").OfType<IMethodSymbol>())
                {
                    if (candidate.IsStatic || candidate.DeclaredAccessibility != Accessibility.Public || candidate.IsGenericMethod) continue;
                    if (candidate.Parameters.Any(p => !p.IsOptional && !p.IsParams)) continue;
                    if (found is not null && !SymbolEqualityComparer.Default.Equals(found.OverriddenMethod, candidate)
                        && !SymbolEqualityComparer.Default.Equals(candidate.OverriddenMethod, found)) return null;
                    found ??= candidate;
                }
            }

            return found;
        }
    }
}
