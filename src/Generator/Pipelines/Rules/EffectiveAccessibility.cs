using Microsoft.CodeAnalysis;
using Prewired.Generator.FastPath;

namespace Prewired.Generator.Pipelines.Rules
{
    /// <summary>
    /// How far a type is visible, coarsely: the generated constructor and Invoke must not be more visible than the types in
    /// their signatures (CS0051), so they are public only when every type there is at least as visible as the pipeline.
    /// </summary>
    internal static class EffectiveAccessibility
    {
        public const int Private = 1;
        public const int Internal = 2;
        public const int Public = 3;

        public static int Of(ITypeSymbol type)
        {
            switch (type)
            {
                case IArrayTypeSymbol array:
                    return Of(array.ElementType);
                case ITypeParameterSymbol:
                    return Public;
                case INamedTypeSymbol named:
                    var level = Public;
                    for (var current = named; current is not null; current = current.ContainingType)
                    {
                        level = System.Math.Min(level, Level(current.DeclaredAccessibility));
                    }

                    foreach (var argument in named.TypeArguments) level = System.Math.Min(level, Of(argument));
                    return level;
                default:
                    return Public;
            }
        }

        /// <summary>The modifier for a member whose signature mentions types no more visible than <paramref name="signatureLevel"/>.</summary>
        public static string MemberModifier(int containerLevel, int signatureLevel) => signatureLevel >= containerLevel ? "public" : "internal";

        private static int Level(Accessibility accessibility) => accessibility switch
        {
            Accessibility.Public => Public,
            Accessibility.Internal or Accessibility.ProtectedOrInternal => Internal,
            _ => Private,
        };
    }
}
