using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// Local functions of a [FastPath] body. The synchronous path and each continuation are separate methods, so a local
    /// function they call is declared again in each. That is exact when the copies cannot tell their variables from the
    /// originals: the function shares no variable with the method, or shares only variables nobody writes once they are
    /// declared (parameters never assigned, locals never assigned after their declaration, of a type that cannot be
    /// changed through a member), whose copies hold the same value at every moment. A function of the body's own block is
    /// in scope everywhere in the method, so every generated method that calls it declares it at its end; one of a nested
    /// block is printed in its block, as the body has it.
    /// </summary>
    internal static class LocalFunctions
    {
        public static bool CanBeCopied(LocalFunctionStatementSyntax function, SyntaxNode body, SemanticModel model)
        {
            if (function.Parent is not (BlockSyntax or SwitchSectionSyntax) || !body.Contains(function)) return false;
            if (model.GetDeclaredSymbol(function)?.ContainingSymbol is not IMethodSymbol method) return false;
            foreach (var identifier in function.DescendantNodes().OfType<IdentifierNameSyntax>())
            {
                // A local or parameter of the method itself (not of the local function or a function inside it).
                if (model.GetSymbolInfo(identifier).Symbol is (ILocalSymbol or IParameterSymbol { IsThis: false }) and var variable
                    && SymbolEqualityComparer.Default.Equals(variable.ContainingSymbol, method)
                    && !IsNeverWrittenAfterDeclaration(variable, body, model))
                {
                    return false;
                }
            }

            return true;
        }

        /// <summary>
        /// No assignment, increment, <c>ref</c>/<c>out</c>/<c>in</c> use or deconstruction target names
        /// <paramref name="variable"/> in <paramref name="body"/> (lambdas and local functions included), and its type
        /// cannot be changed through a member call or a field (a class, a primitive, an enum, a read-only struct).
        /// </summary>
        private static bool IsNeverWrittenAfterDeclaration(ISymbol variable, SyntaxNode body, SemanticModel model)
        {
            var type = variable switch
            {
                ILocalSymbol local => local.IsRef || local.IsConst ? null : local.Type,
                IParameterSymbol parameter => parameter.RefKind == RefKind.None ? parameter.Type : null,
                _ => null,
            };
            if (type is null) return false;
            if (type.IsValueType && type.SpecialType == SpecialType.None && type.TypeKind != TypeKind.Enum && type is not INamedTypeSymbol { IsReadOnly: true }) return false;
            foreach (var identifier in body.DescendantNodes().OfType<IdentifierNameSyntax>())
            {
                if (identifier.Identifier.ValueText != variable.Name || !IsWritten(identifier)) continue;
                if (SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(identifier).Symbol, variable)) return false;
            }

            return true;
        }

        /// <summary>Whether <paramref name="expression"/> (a variable's name) is assigned, incremented, passed by reference or deconstructed into there.</summary>
        public static bool IsWritten(ExpressionSyntax expression)
        {
            // Up through parentheses and tuples: (a, b) = ... writes both.
            var node = (SyntaxNode)expression;
            while (node.Parent is ParenthesizedExpressionSyntax || node.Parent is ArgumentSyntax { Parent: TupleExpressionSyntax } || node.Parent is TupleExpressionSyntax)
            {
                node = node.Parent;
            }

            return node.Parent switch
            {
                AssignmentExpressionSyntax assignment => assignment.Left == node,
                PrefixUnaryExpressionSyntax prefix => prefix.IsKind(SyntaxKind.PreIncrementExpression) || prefix.IsKind(SyntaxKind.PreDecrementExpression),
                PostfixUnaryExpressionSyntax postfix => postfix.IsKind(SyntaxKind.PostIncrementExpression) || postfix.IsKind(SyntaxKind.PostDecrementExpression),
                ArgumentSyntax argument => argument.RefKindKeyword.RawKind != 0,
                RefExpressionSyntax => true,
                _ => false,
            };
        }

        /// <summary>
        /// Those of <paramref name="functions"/> whose name <paramref name="code"/> mentions, or a function already taken
        /// does (a copy nobody calls would be warning CS8321). By name: a mention that is not a call only keeps one more.
        /// </summary>
        public static IEnumerable<LocalFunctionStatementSyntax> Called(IReadOnlyList<LocalFunctionStatementSyntax> functions, string code)
        {
            var taken = new HashSet<LocalFunctionStatementSyntax>();

            // The code's tokens without their trivia: a comment the writer puts next to a resume point ('// await A0(300)')
            // is no call (the continuation after the only call declared the function again, unused: CS8321).
            var texts = new List<string> { WithoutComments(code) };
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

        private static string WithoutComments(string code)
            => string.Join(" ", SyntaxFactory.ParseTokens(code).Select(token => token.Text));

        /// <summary>The local functions declared in the method's own block, in source order.</summary>
        public static IEnumerable<LocalFunctionStatementSyntax> TopLevel(SyntaxNode body)
            => body is BlockSyntax block ? block.Statements.OfType<LocalFunctionStatementSyntax>() : Enumerable.Empty<LocalFunctionStatementSyntax>();
    }
}
