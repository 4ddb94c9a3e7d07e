using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Model;

namespace Prewired.Generator.Marks
{
    /// <summary>The [TailAwait]/[FastPath] attributes of a method and the body method they name, as the validator sees them.</summary>
    internal static class MethodMarks
    {
        public static IEnumerable<(AttributeData Attribute, MarkKind Kind)> Of(IMethodSymbol method)
        {
            foreach (var attribute in method.GetAttributes())
            {
                if (KnownTypes.MarkOf(attribute) is { } kind) yield return (attribute, kind);
            }
        }

        public static bool IsMarked(IMethodSymbol method) => Of(method).Any();

        /// <summary>Whether the type has a method <paramref name="name"/> other than <paramref name="marked"/> (any part of it): what the validator looks up.</summary>
        public static bool HasBodyCandidate(IMethodSymbol marked, string name)
            => marked.ContainingType.GetMembers(name).OfType<IMethodSymbol>().Any(m => m.MethodKind == MethodKind.Ordinary && !IsSameMethod(m, marked));

        public static bool IsSameMethod(IMethodSymbol candidate, IMethodSymbol marked)
            => SymbolEqualityComparer.Default.Equals(candidate, marked)
               || SymbolEqualityComparer.Default.Equals(candidate.PartialDefinitionPart, marked)
               || SymbolEqualityComparer.Default.Equals(candidate, marked.PartialImplementationPart)
               || SymbolEqualityComparer.Default.Equals(candidate.PartialImplementationPart, marked)
               || SymbolEqualityComparer.Default.Equals(candidate, marked.PartialDefinitionPart);

        /// <summary>The attribute's first argument as written, or null.</summary>
        public static AttributeArgumentSyntax? ArgumentSyntax(AttributeData attribute, CancellationToken cancellationToken)
            => attribute.ApplicationSyntaxReference?.GetSyntax(cancellationToken) is AttributeSyntax { ArgumentList.Arguments.Count: > 0 } syntax
                ? syntax.ArgumentList.Arguments[0]
                : null;
    }
}
