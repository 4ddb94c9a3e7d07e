using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// C# makes a using resource and a foreach iteration variable read-only: a call of a non-readonly member on a struct
    /// there works on a defensive copy. Written out as an ordinary local, the same call would change the variable itself,
    /// so such a use keeps the method forwarding.
    /// </summary>
    internal static class ReadOnlyLocals
    {
        /// <summary>The first use in <paramref name="scope"/> of <paramref name="local"/> that C# runs on a copy, or null.</summary>
        public static string? CopiedUse(ILocalSymbol local, SyntaxNode scope, SemanticModel model)
        {
            if (local.Type is not { IsValueType: true } type || type is INamedTypeSymbol { IsReadOnly: true } || type.SpecialType != SpecialType.None
                || type.TypeKind == TypeKind.Enum)
            {
                return null;
            }

            foreach (var identifier in scope.DescendantNodes().OfType<IdentifierNameSyntax>())
            {
                if (identifier.Identifier.ValueText != local.Name || !SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(identifier).Symbol, local)) continue;
                var member = identifier.Parent is MemberAccessExpressionSyntax access && access.Expression == identifier ? model.GetSymbolInfo(access).Symbol : null;
                var copied = identifier.Parent switch
                {
                    MemberAccessExpressionSyntax when member is IMethodSymbol method => !method.IsStatic && !method.IsReadOnly,
                    MemberAccessExpressionSyntax when member is IPropertySymbol property => property.GetMethod is { IsReadOnly: false },
                    MemberAccessExpressionSyntax when member is IFieldSymbol field => field.Type.IsValueType && identifier.Parent.Parent is MemberAccessExpressionSyntax,
                    MemberAccessExpressionSyntax => member is not null,
                    AwaitExpressionSyntax or CommonForEachStatementSyntax or ElementAccessExpressionSyntax => true,
                    _ => false,
                };
                if (copied) return $"'{local.Name}' is a read-only struct variable there whose members it calls on copies, which an ordinary local would not";
            }

            return null;
        }
    }
}
