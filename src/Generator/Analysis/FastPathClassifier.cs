using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.Generator.Analysis
{
    /// <summary>
    /// The rules behind PW0201: which awaits of a [FastPath] body the generator cannot split yet, and which constructs
    /// of the body keep it from splitting any. An empty result means every await is split.
    /// </summary>
    internal static class FastPathClassifier
    {
        public static List<Finding> FindBlockers(MethodDeclarationSyntax method, bool hasResult)
        {
            var body = (Microsoft.CodeAnalysis.SyntaxNode?)method.Body ?? method.ExpressionBody!;
            var blockers = new List<Finding>();
            var sites = AwaitSites.Collect(body);
            foreach (var site in sites)
            {
                var reason = Reason(site, body, hasResult);
                if (reason is not null) blockers.Add(new Finding(DiagnosticIds.FastPathNotSplit, site.Location, site.Display, reason, method.Identifier.ValueText));
            }

            if (sites.Count == 0) return blockers;
            foreach (var node in body.DescendantNodes(n => !AwaitSites.IsNestedFunction(n)))
            {
                var reason = node switch
                {
                    GotoStatementSyntax => "the body uses goto, which can jump across the points where it is split",
                    LabeledStatementSyntax => "the body has labeled statements, which goto can reach across the points where it is split",
                    LocalFunctionStatementSyntax => "the body declares a local function, which the split methods cannot share yet",
                    _ => null,
                };
                if (reason is not null)
                {
                    blockers.Add(new Finding(DiagnosticIds.FastPathNotSplit, node.GetFirstToken().GetLocation(), node.GetFirstToken().ValueText, reason, method.Identifier.ValueText));
                }
            }

            return blockers;
        }

        private static string? Reason(AwaitSite site, Microsoft.CodeAnalysis.SyntaxNode body, bool hasResult)
        {
            if (site.Expression is null)
            {
                return site.HiddenAwaitStatement is CommonForEachStatementSyntax
                    ? "'await foreach' hides an await of MoveNextAsync in a loop"
                    : "'await using' hides an await of DisposeAsync at the end of its scope";
            }

            var (kind, reason) = EnclosingConstructs.Find(site.Expression, body, returnExitsLoops: false);
            if (kind != EnclosingKind.None) return reason;
            if (SplitForms.Of(site.Expression, body, hasResult, out _) is null)
            {
                return "it is nested inside a larger expression; only 'await x;', 'var y = await x;', 'y = await x;' and 'return await x;' are split";
            }

            return site.Expression.Expression.DescendantNodes().OfType<AwaitExpressionSyntax>().Any()
                ? "its operand contains another await"
                : null;
        }
    }
}
