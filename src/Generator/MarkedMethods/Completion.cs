using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.Generator.MarkedMethods
{
    /// <summary>
    /// Whether the end of a rewritten body is still reachable once some statements became returns. The compiler's
    /// flow analysis answers for the original body; this walks the structured statements around the rewritten ones
    /// and asks the compiler about everything else, so no return is appended where it would be unreachable code.
    /// </summary>
    internal static class Completion
    {
        public static bool CompletesNormally(StatementSyntax statement, ISet<SyntaxNode> nowReturns, ISet<SyntaxNode> removed, SemanticModel model)
        {
            if (nowReturns.Contains(statement)) return false;
            if (!statement.DescendantNodes().Any(nowReturns.Contains)) return Awaits.RegionFlow.ControlFlow(model, statement)?.EndPointIsReachable ?? true;
            switch (statement)
            {
                case BlockSyntax block:
                    return Sequence(block.Statements, nowReturns, removed, model);
                case IfStatementSyntax ifStatement:
                    return ifStatement.Else is null
                           || CompletesNormally(ifStatement.Statement, nowReturns, removed, model)
                           || CompletesNormally(ifStatement.Else.Statement, nowReturns, removed, model);
                case SwitchStatementSyntax switchStatement:
                    // A switch completes when a remaining break leaves it, or when no label matched and there is no default.
                    var hasDefault = switchStatement.Sections.SelectMany(s => s.Labels).Any(l => l is DefaultSwitchLabelSyntax);
                    return !hasDefault || switchStatement.Sections.Any(s => s.Statements.Any(st => HasBreakFor(st, removed)));
                case LabeledStatementSyntax labeled:
                    return CompletesNormally(labeled.Statement, nowReturns, removed, model);
                default:
                    return true;
            }
        }

        private static bool Sequence(SyntaxList<StatementSyntax> statements, ISet<SyntaxNode> nowReturns, ISet<SyntaxNode> removed, SemanticModel model)
        {
            foreach (var statement in statements)
            {
                if (removed.Contains(statement)) continue;
                if (!CompletesNormally(statement, nowReturns, removed, model)) return false;
            }

            return true;
        }

        /// <summary>A break in <paramref name="statement"/> that leaves the enclosing switch (not a nested loop or switch).</summary>
        private static bool HasBreakFor(StatementSyntax statement, ISet<SyntaxNode> removed)
            => statement.DescendantNodesAndSelf(n => n == statement || n is not (SwitchStatementSyntax or ForStatementSyntax or CommonForEachStatementSyntax or WhileStatementSyntax or DoStatementSyntax) && !Awaits.AwaitSites.IsNestedFunction(n))
                .OfType<BreakStatementSyntax>().Any(b => !removed.Contains(b));
    }
}
