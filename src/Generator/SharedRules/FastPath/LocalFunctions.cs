using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.Generator.SharedRules
{
    /// <summary>
    /// Local functions of a [FastPath] body. The synchronous path and each continuation are separate methods, so a local
    /// function they call is declared again in each: exact when it shares no variable with the method (a copy that
    /// captured one would capture a different variable), and simple to place when it is declared in the body's own block
    /// (it is in scope everywhere in the method, so every generated method declares it at its end).
    /// </summary>
    internal static class LocalFunctions
    {
        public static bool CanBeCopied(LocalFunctionStatementSyntax function, SyntaxNode body, SemanticModel model)
        {
            if (function.Parent != body) return false;
            if (model.GetDeclaredSymbol(function)?.ContainingSymbol is not IMethodSymbol method) return false;
            foreach (var identifier in function.DescendantNodes().OfType<IdentifierNameSyntax>())
            {
                // A local or parameter of the method itself (not of the local function or a function inside it).
                if (model.GetSymbolInfo(identifier).Symbol is (ILocalSymbol or IParameterSymbol { IsThis: false }) and var variable
                    && SymbolEqualityComparer.Default.Equals(variable.ContainingSymbol, method))
                {
                    return false;
                }
            }

            return true;
        }

        /// <summary>
        /// Those of <paramref name="functions"/> whose name <paramref name="code"/> mentions, or a function already taken
        /// does (a copy nobody calls would be warning CS8321). By name: a mention that is not a call only keeps one more.
        /// </summary>
        public static IEnumerable<LocalFunctionStatementSyntax> Called(IReadOnlyList<LocalFunctionStatementSyntax> functions, string code)
        {
            var taken = new HashSet<LocalFunctionStatementSyntax>();
            var texts = new List<string> { code };
            for (var changed = true; changed;)
            {
                changed = false;
                foreach (var function in functions.Where(f => !taken.Contains(f)))
                {
                    var name = new System.Text.RegularExpressions.Regex(@"(?<![\w@])@?" + function.Identifier.ValueText + @"\b");
                    if (!texts.Any(t => name.IsMatch(t))) continue;
                    taken.Add(function);
                    texts.Add(function.ToString());
                    changed = true;
                }
            }

            return functions.Where(taken.Contains);
        }

        /// <summary>The local functions declared in the method's own block, in source order.</summary>
        public static IEnumerable<LocalFunctionStatementSyntax> TopLevel(SyntaxNode body)
            => body is BlockSyntax block ? block.Statements.OfType<LocalFunctionStatementSyntax>() : Enumerable.Empty<LocalFunctionStatementSyntax>();
    }
}
