using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.RoslynOracle.Extraction
{
    /// <summary>
    /// Evaluates the string a test passes as a program or an expected output, from syntax alone (the test files do not bind
    /// without Roslyn's test framework): literals of every kind, '+' of such strings, and names of locals or const fields
    /// initialized with one. Null for anything else (an interpolation with holes, a call): that program is skipped, saying so.
    /// </summary>
    internal static class ConstantStrings
    {
        public static string? Evaluate(ExpressionSyntax expression, SyntaxNode scope, int depth = 0)
        {
            if (depth > 8) return null;
            switch (expression)
            {
                case LiteralExpressionSyntax { RawKind: (int)SyntaxKind.StringLiteralExpression } literal:
                    return literal.Token.ValueText;
                case InterpolatedStringExpressionSyntax interpolated when interpolated.Contents.All(c => c is InterpolatedStringTextSyntax):
                    return string.Concat(interpolated.Contents.OfType<InterpolatedStringTextSyntax>().Select(t => t.TextToken.ValueText));
                case ParenthesizedExpressionSyntax parenthesized:
                    return Evaluate(parenthesized.Expression, scope, depth + 1);
                case BinaryExpressionSyntax { RawKind: (int)SyntaxKind.AddExpression } add:
                    var left = Evaluate(add.Left, scope, depth + 1);
                    var right = left is null ? null : Evaluate(add.Right, scope, depth + 1);
                    return right is null ? null : left + right;
                case IdentifierNameSyntax name:
                    return Initializer(name.Identifier.ValueText, name, scope) is { } value ? Evaluate(value, scope, depth + 1) : null;
                default:
                    return null;
            }
        }

        /// <summary>The initializer of the local (declared before <paramref name="use"/> in its method) or field named <paramref name="name"/>.</summary>
        public static ExpressionSyntax? Initializer(string name, SyntaxNode use, SyntaxNode scope)
        {
            var method = use.Ancestors().OfType<BaseMethodDeclarationSyntax>().FirstOrDefault();
            var local = method?.DescendantNodes().OfType<VariableDeclaratorSyntax>()
                .LastOrDefault(v => v.Identifier.ValueText == name && v.SpanStart < use.SpanStart && v.Initializer is not null);
            if (local is not null) return local.Initializer!.Value;

            // A later assignment 'source = ...' before the use wins over the declaration's value.
            var field = use.Ancestors().OfType<TypeDeclarationSyntax>().LastOrDefault()?.DescendantNodes().OfType<FieldDeclarationSyntax>()
                .SelectMany(f => f.Declaration.Variables).FirstOrDefault(v => v.Identifier.ValueText == name && v.Initializer is not null);
            return field?.Initializer!.Value;
        }

        /// <summary>Every string a collection of expressions evaluates to, or null when one does not.</summary>
        public static List<string>? EvaluateAll(IEnumerable<ExpressionSyntax> expressions, SyntaxNode scope)
        {
            var values = new List<string>();
            foreach (var expression in expressions)
            {
                if (Evaluate(expression, scope) is not { } value) return null;
                values.Add(value);
            }

            return values;
        }
    }
}
