using System.Linq;
using Microsoft.CodeAnalysis;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// The GetEnumerator a foreach calls, as the collection's own type declares it: the foreach info's method is the declared
    /// type's, without the nullable annotations inferred for the collection's type arguments (<c>var groups =
    /// ...GroupBy(x => x.Store).ToList()</c> is a <c>List&lt;IGrouping&lt;IMessageStore?, Envelope&gt;&gt;</c>), so an
    /// enumerator or iteration variable typed from it warns (CS8620, CS8604) where the compiler's own does not.
    /// </summary>
    internal static class AnnotatedEnumerator
    {
        /// <summary><paramref name="getEnumerator"/> as a member of <paramref name="collectionType"/>, or itself when it is not one.</summary>
        public static IMethodSymbol Of(IMethodSymbol getEnumerator, ITypeSymbol? collectionType)
        {
            if (getEnumerator.IsExtensionMethod || collectionType is not INamedTypeSymbol named
                || !SymbolEqualityComparer.Default.Equals(getEnumerator.ContainingType.OriginalDefinition, named.OriginalDefinition))
            {
                return getEnumerator;
            }

            return named.GetMembers(getEnumerator.Name).OfType<IMethodSymbol>()
                .FirstOrDefault(m => SymbolEqualityComparer.Default.Equals(m.OriginalDefinition, getEnumerator.OriginalDefinition)) ?? getEnumerator;
        }
    }
}
