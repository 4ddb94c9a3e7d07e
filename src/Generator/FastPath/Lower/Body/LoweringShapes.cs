using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>How a foreach is lowered when an await inside it is split (the compiler's own choices, written out).</summary>
    internal enum ForEachShape
    {
        /// <summary>A one-dimensional array: an index loop, no enumerator, nothing to dispose.</summary>
        Array,

        /// <summary>A string: an index loop over its chars.</summary>
        String,

        /// <summary>GetEnumerator/MoveNext/Current (pattern or interface), disposed as C# does.</summary>
        Enumerator,
    }

    /// <summary>How a foreach enumerator or a using resource is disposed: as C# lowers it.</summary>
    internal enum DisposalShape
    {
        /// <summary>Not disposed: a struct or sealed class that does not implement IDisposable.</summary>
        None,

        /// <summary>Implements IDisposable: Dispose on the variable (null-checked for a reference type, no box for a struct).</summary>
        Disposable,

        /// <summary>A class that is not sealed or an interface not implementing IDisposable: disposed if the object turns out to be IDisposable.</summary>
        IfDisposable,
    }

    /// <summary>
    /// The foreach and using shapes whose awaits [FastPath] splits, shared by the classifier (which reports the others)
    /// and the generator (which writes the lowering out).
    /// </summary>
    internal static class LoweringShapes
    {
        /// <summary>The shape of <paramref name="forEach"/>, or null with the reason it is not split.</summary>
        public static ForEachShape? OfForEach(CommonForEachStatementSyntax forEach, SemanticModel model, out string reason)
        {
            reason = string.Empty;
            if (forEach is not ForEachStatementSyntax simple)
            {
                // Written out as a foreach and a deconstruction (HiddenAwaitLowering) unless that would not be exact.
                reason = LoweredBody.NotLoweredReason(forEach) is { } why
                    ? "it is inside a foreach that deconstructs its elements into read-only variables: " + why
                    : "it is inside a foreach that deconstructs its elements, which is not split yet";
                return null;
            }

            if (simple.Type is RefTypeSyntax)
            {
                reason = "it is inside a foreach with a ref iteration variable, which cannot live across an await";
                return null;
            }

            var collection = model.GetTypeInfo(simple.Expression).Type;
            var info = model.GetForEachStatementInfo(simple);
            if (collection is null || collection.TypeKind is TypeKind.Error or TypeKind.Dynamic || info.ElementType is null)
            {
                reason = "it is inside a foreach over a dynamic or unresolved collection, which is not split yet";
                return null;
            }

            if (!IsNameable(info.ElementType) || (model.GetDeclaredSymbol(simple) is ILocalSymbol local && !IsNameable(local.Type)))
            {
                reason = "it is inside a foreach whose element type cannot be named (anonymous or ref-like), so it cannot be handed to a continuation";
                return null;
            }

            if (collection is IArrayTypeSymbol array)
            {
                if (array.IsSZArray) return ForEachShape.Array;
                reason = "it is inside a foreach over a multi-dimensional array, which is not split yet";
                return null;
            }

            if (collection.SpecialType == SpecialType.System_String) return ForEachShape.String;
            var enumerator = info.GetEnumeratorMethod?.ReturnType;
            if (enumerator is null || info.MoveNextMethod is null || info.CurrentProperty is null || !IsNameable(enumerator))
            {
                reason = "it is inside a foreach whose enumerator is ref-like or cannot be named, so it cannot be handed to a continuation";
                return null;
            }

            return ForEachShape.Enumerator;
        }

        /// <summary>How the enumerator of <paramref name="forEach"/> is disposed.</summary>
        public static DisposalShape EnumeratorDisposal(ForEachStatementSyntax forEach, SemanticModel model)
        {
            var enumerator = model.GetForEachStatementInfo(forEach).GetEnumeratorMethod!.ReturnType;
            if (IsDisposable(enumerator)) return DisposalShape.Disposable;
            return enumerator.IsValueType || enumerator.IsSealed ? DisposalShape.None : DisposalShape.IfDisposable;
        }

        /// <summary>The resource type of a using statement or declaration, or null with the reason it is not split.</summary>
        public static ITypeSymbol? UsingResource(VariableDeclarationSyntax? declaration, ExpressionSyntax? expression, SemanticModel model, out string reason)
        {
            reason = string.Empty;
            ITypeSymbol? type;
            if (declaration is not null)
            {
                if (declaration.Variables.Count != 1)
                {
                    reason = "it is in the scope of a using that declares several resources, which is not split yet";
                    return null;
                }

                type = (model.GetDeclaredSymbol(declaration.Variables[0]) as ILocalSymbol)?.Type;
            }
            else
            {
                type = expression is null ? null : model.GetTypeInfo(expression).Type;
            }

            if (type is null || type.TypeKind is TypeKind.Error or TypeKind.Dynamic || !IsNameable(type)
                || type.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T || !(IsDisposable(type) || IsIDisposable(type)))
            {
                reason = "it is in the scope of a using whose resource is dynamic, nullable, ref-like or not IDisposable, which is not split yet";
                return null;
            }

            return type;
        }

        public static bool IsUsingDeclaration(StatementSyntax statement)
            => statement is LocalDeclarationStatementSyntax { UsingKeyword.RawKind: (int)SyntaxKind.UsingKeyword };

        /// <summary>A type a generated parameter can be declared with.</summary>
        /// <summary>
        /// The value of a collection of a nullable value type, as C# enumerates it (Nullable&lt;T&gt;.Value: a null one throws
        /// InvalidOperationException, not the NullReferenceException of a boxed null); '!' since the body throws there too
        /// (CS8629 otherwise), and two parentheses, or "(x)!" would parse as a cast.
        /// </summary>
        public static string NullableValue(string collection) => $"(({collection}))!.Value";

        /// <summary>Whether <paramref name="type"/> is a nullable value type (its value is what a foreach enumerates).</summary>
        public static bool IsNullableValueType(ITypeSymbol type) => type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T };

        public static bool IsNameable(ITypeSymbol type)
        {
            if (type.IsAnonymousType || type.IsRefLikeType || type.TypeKind is TypeKind.Error or TypeKind.Pointer or TypeKind.FunctionPointer) return false;
            return type switch
            {
                INamedTypeSymbol named => named.TypeArguments.All(IsNameable) && (named.ContainingType is null || IsNameable(named.ContainingType)),
                IArrayTypeSymbol array => IsNameable(array.ElementType),
                _ => true,
            };
        }

        private static bool IsIDisposable(ITypeSymbol type) => type.SpecialType == SpecialType.System_IDisposable;

        private static bool IsDisposable(ITypeSymbol type)
            => IsIDisposable(type) || type.AllInterfaces.Any(IsIDisposable)
               || (type is ITypeParameterSymbol parameter && parameter.ConstraintTypes.Any(c => IsIDisposable(c) || c.AllInterfaces.Any(IsIDisposable)));
    }
}
