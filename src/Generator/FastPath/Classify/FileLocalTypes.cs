using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// A file-local type (<c>file class X</c>) is visible only in its own file, and the generated code lives in another:
    /// a body that names one, calls a member of one (through <c>using static</c>, an extension method or an unqualified
    /// name), or has a value of one (<c>var x = Make();</c>, which a continuation would take as a parameter) cannot be split.
    /// </summary>
    internal static class FileLocalTypes
    {
        /// <summary>The first such use in <paramref name="body"/>: where, and the type's name; null when there is none.</summary>
        public static (Location Location, string Name)? FirstUse(SyntaxNode body, SemanticModel model)
        {
            // File-local types can only be seen from their own file: without one declared there, nothing to look for.
            if (!body.SyntaxTree.GetRoot().DescendantNodes(n => n is CompilationUnitSyntax or BaseNamespaceDeclarationSyntax or TypeDeclarationSyntax)
                    .OfType<BaseTypeDeclarationSyntax>().Any(t => t.Modifiers.Any(SyntaxKind.FileKeyword)))
            {
                return null;
            }

            foreach (var node in body.DescendantNodesAndSelf())
            {
                if (node is not (ExpressionSyntax or VariableDeclaratorSyntax or SingleVariableDesignationSyntax)) continue;
                var symbol = node is ExpressionSyntax ? model.GetSymbolInfo(node).Symbol : model.GetDeclaredSymbol(node);
                var type = node is ExpressionSyntax expression ? model.GetTypeInfo(expression).Type : (symbol as ILocalSymbol)?.Type;
                var fileLocal = FileLocal(symbol as ITypeSymbol) ?? FileLocal(symbol?.ContainingType) ?? FileLocal(type)
                                ?? FileLocal((symbol as IMethodSymbol)?.ReturnType);
                if (fileLocal is null) continue;

                // Point at the type's own name when the use spells it (X.Get()), else at the whole use.
                var name = node.DescendantNodesAndSelf().OfType<SimpleNameSyntax>()
                    .FirstOrDefault(n => SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(n).Symbol, fileLocal));
                return ((name ?? node).GetLocation(), fileLocal.Name);
            }

            return null;
        }

        /// <summary>
        /// Whether <paramref name="directive"/> (<c>using static X;</c>, <c>using A = X;</c>) names a file-local type. The
        /// generated file copies the body file's using directives, and there such a directive does not compile (CS0234),
        /// even when nothing uses it: it is left out, since generated code never uses a file-local type (a body that does
        /// forwards). With <paramref name="model"/> (of the directive's tree), by symbol; without, by the simple name of a
        /// file-local type declared in the same file, the only file where one is visible.
        /// </summary>
        public static bool IsUsingOfFileLocalType(UsingDirectiveSyntax directive, SemanticModel? model)
        {
            if (directive.StaticKeyword.RawKind == 0 && directive.Alias is null) return false;
            var declared = directive.SyntaxTree.GetRoot().DescendantNodes(n => n is CompilationUnitSyntax or BaseNamespaceDeclarationSyntax or TypeDeclarationSyntax)
                .OfType<BaseTypeDeclarationSyntax>().Where(t => t.Modifiers.Any(SyntaxKind.FileKeyword)).Select(t => t.Identifier.ValueText).ToList();
            // NamespaceOrType, not Name: an alias may name any type (using X = (int, Local);), where Name is null.
            var name = directive.NamespaceOrType;
            if (declared.Count == 0) return false;
            if (model is not null && ReferenceEquals(model.SyntaxTree, directive.SyntaxTree))
            {
                return name.DescendantNodesAndSelf().OfType<TypeSyntax>().Any(n => FileLocal(model.GetSymbolInfo(n).Symbol as ITypeSymbol) is not null);
            }

            return name.DescendantNodesAndSelf().OfType<SimpleNameSyntax>().Any(n => declared.Contains(n.Identifier.ValueText));
        }

        private static INamedTypeSymbol? FileLocal(ITypeSymbol? type)
        {
            switch (type)
            {
                case null:
                    return null;
                case IArrayTypeSymbol array:
                    return FileLocal(array.ElementType);
                case INamedTypeSymbol named:
                    for (var current = named; current is not null; current = current.ContainingType)
                    {
                        if (current.IsFileLocal) return current;
                    }

                    return named.TypeArguments.Select(FileLocal).FirstOrDefault(t => t is not null);
                default:
                    return null;
            }
        }
    }
}
