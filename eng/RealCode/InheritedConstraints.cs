using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.RealCode
{
    /// <summary>
    /// The constraint clauses of a generic method, from its symbol. An override or an explicit interface implementation
    /// inherits its type parameters' constraints and may not repeat them, so its declaration has no clauses to copy; the
    /// marked method is an ordinary method and must state them, or the generator rejects the pair (PW0004: the type
    /// parameters are constrained differently).
    /// </summary>
    internal static class InheritedConstraints
    {
        private static readonly SymbolDisplayFormat s_type = SymbolDisplayFormat.FullyQualifiedFormat
            .AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

        /// <summary>
        /// The clauses the marked method of <paramref name="body"/> needs: an ordinary method's own; an override's from its
        /// symbol (it may state only <c>class</c> or <c>struct</c> itself, to disambiguate <c>T?</c>, and inherits the rest).
        /// </summary>
        public static SyntaxList<TypeParameterConstraintClauseSyntax> Of(MethodDeclarationSyntax body, IMethodSymbol symbol)
        {
            if (!(symbol.IsOverride || symbol.ExplicitInterfaceImplementations.Length > 0) || symbol.TypeParameters.Length == 0) return body.ConstraintClauses;
            var clauses = symbol.TypeParameters.Select(Clause).Where(c => c is not null).ToList();
            if (clauses.Count == 0) return body.ConstraintClauses;
            var parsed = (MethodDeclarationSyntax)SyntaxFactory.ParseMemberDeclaration("void M() " + string.Join(" ", clauses) + ";")!;
            return parsed.ConstraintClauses;
        }

        private static string? Clause(ITypeParameterSymbol parameter)
        {
            var constraints = new List<string>();
            if (parameter.HasUnmanagedTypeConstraint) constraints.Add("unmanaged");
            else if (parameter.HasValueTypeConstraint) constraints.Add("struct");
            else if (parameter.HasReferenceTypeConstraint)
            {
                constraints.Add(parameter.ReferenceTypeConstraintNullableAnnotation == NullableAnnotation.Annotated ? "class?" : "class");
            }
            else if (parameter.HasNotNullConstraint) constraints.Add("notnull");

            constraints.AddRange(parameter.ConstraintTypes.Select(t => t.ToDisplayString(s_type)));
            if (parameter.HasConstructorConstraint && !parameter.HasValueTypeConstraint) constraints.Add("new()");
            return constraints.Count == 0 ? null : $"where {parameter.Name} : {string.Join(", ", constraints)}";
        }
    }
}
