using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.Awaits
{
    /// <summary>An await that belongs to the method itself: an await expression, or the hidden awaits of
    /// <c>await foreach</c> and <c>await using</c> (whose location is the <c>await</c> keyword).</summary>
    internal readonly struct AwaitSite
    {
        public AwaitSite(AwaitExpressionSyntax expression)
        {
            Expression = expression;
            HiddenAwaitStatement = null;
        }

        public AwaitSite(SyntaxNode hiddenAwaitStatement, SyntaxToken awaitKeyword)
        {
            Expression = null;
            HiddenAwaitStatement = hiddenAwaitStatement;
            AwaitKeyword = awaitKeyword;
        }

        public AwaitExpressionSyntax? Expression { get; }

        public SyntaxNode? HiddenAwaitStatement { get; }

        public SyntaxToken AwaitKeyword { get; }

        public Location Location => Expression?.GetLocation() ?? AwaitKeyword.GetLocation();

        /// <summary>The source text of the await, for diagnostic messages.</summary>
        public string Display => Expression is not null ? Shorten(Expression.ToString()) : "await " + (HiddenAwaitStatement is CommonForEachStatementSyntax ? "foreach" : "using");

        private static string Shorten(string text)
        {
            text = text.Replace("\r", " ").Replace("\n", " ");
            return text.Length <= 80 ? text : text.Substring(0, 77) + "...";
        }
    }

    internal static class AwaitSites
    {
        /// <summary>The awaits of the method body, in source order, skipping those of lambdas and local functions.</summary>
        public static List<AwaitSite> Collect(SyntaxNode body)
        {
            var sites = new List<AwaitSite>();
            foreach (var node in body.DescendantNodesAndSelf(descendIntoChildren: n => n == body || !IsNestedFunction(n)))
            {
                switch (node)
                {
                    case AwaitExpressionSyntax awaitExpression:
                        sites.Add(new AwaitSite(awaitExpression));
                        break;
                    case CommonForEachStatementSyntax { AwaitKeyword.RawKind: (int)SyntaxKind.AwaitKeyword } forEach:
                        sites.Add(new AwaitSite(forEach, forEach.AwaitKeyword));
                        break;
                    case UsingStatementSyntax { AwaitKeyword.RawKind: (int)SyntaxKind.AwaitKeyword } usingStatement:
                        sites.Add(new AwaitSite(usingStatement, usingStatement.AwaitKeyword));
                        break;
                    case LocalDeclarationStatementSyntax { AwaitKeyword.RawKind: (int)SyntaxKind.AwaitKeyword } usingDeclaration:
                        sites.Add(new AwaitSite(usingDeclaration, usingDeclaration.AwaitKeyword));
                        break;
                }
            }

            return sites;
        }

        public static bool IsNestedFunction(SyntaxNode node)
            => node is AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax;
    }
}
