using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.MarkedMethods;

namespace Prewired.Generator.FastPath
{
    /// <summary>How a local or parameter's type is written when it becomes a continuation parameter or local.</summary>
    internal static class VariableTypes
    {
        public static string Display(ISymbol variable, SemanticModel model) => Of(variable, model).ToDisplayString(MethodShellParser.TypeFormat);

        /// <summary>
        /// A <c>var</c> local is always nullable-annotated; as a continuation parameter that would turn every later
        /// dereference into a warning, so it takes the nullability of its initializer, which is what the user meant.
        /// </summary>
        public static ITypeSymbol Of(ISymbol variable, SemanticModel model)
        {
            if (variable is IParameterSymbol parameter) return parameter.Type;
            var local = (ILocalSymbol)variable;
            if (local.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax() is ForEachStatementSyntax { Type.IsVar: true } forEach
                && forEach.SyntaxTree == model.SyntaxTree
                && model.GetForEachStatementInfo(forEach).ElementType is { } elementType
                && SymbolEqualityComparer.Default.Equals(elementType, local.Type))
            {
                // The same for a foreach variable: it takes the element's nullability, as the collection's own type gives
                // it (the foreach info's element type lacks annotations inferred for the collection's type arguments:
                // 'var items = ListOf(maybeNull, "b")' is a List<string?>).
                return AnnotatedCurrent(forEach, model) is { } current && SymbolEqualityComparer.Default.Equals(current, local.Type)
                    ? current
                    : local.Type.WithNullableAnnotation(elementType.NullableAnnotation);
            }

            if (local.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax() is VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Type.IsVar: true }, Initializer.Value: { } initializer }
                && initializer.SyntaxTree == model.SyntaxTree
                && model.GetTypeInfo(initializer).Type is { } initializerType
                && SymbolEqualityComparer.Default.Equals(initializerType, local.Type))
            {
                return local.Type.WithNullableAnnotation(initializerType.NullableAnnotation);
            }

            return local.Type;
        }

        /// <summary>The type of <c>Current</c> of the enumerator the collection's own (annotated) type returns, or null.</summary>
        private static ITypeSymbol? AnnotatedCurrent(ForEachStatementSyntax forEach, SemanticModel model)
            => model.GetForEachStatementInfo(forEach).GetEnumeratorMethod is { } getEnumerator
                ? AnnotatedEnumerator.Of(getEnumerator, model.GetTypeInfo(forEach.Expression).Type).ReturnType.GetMembers("Current").OfType<IPropertySymbol>().FirstOrDefault()?.Type
                : null;
    }
}
