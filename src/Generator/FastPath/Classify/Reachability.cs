using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Awaits;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// Whether a statement of a body can be unreachable code at all, decided from syntax and constants, so the compiler's
    /// control-flow analysis (a pass over the whole method per question) runs only where the answer can be yes. C# code
    /// becomes unreachable only after a jump (return, throw, break, continue, goto, yield break), after a loop that may
    /// never end, or under a condition whose value the compiler knows.
    /// </summary>
    internal static class Reachability
    {
        public static bool MayBeUnreachable(StatementSyntax statement, SyntaxNode body, SemanticModel model)
        {
            for (SyntaxNode node = statement; node != body && node.Parent is { } parent; node = parent)
            {
                if (KnownCondition(parent, node, model)) return true;
                var earlier = parent.ChildNodes().TakeWhile(c => c != node).OfType<StatementSyntax>();
                if (earlier.Any(MayEndFlow)) return true;
            }

            return false;
        }

        /// <summary>A statement after which flow may not continue: it holds a jump, or a loop with a condition (which may never
        /// end; a foreach always can).</summary>
        private static bool MayEndFlow(StatementSyntax statement)
            => statement.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)).Any(n => n is
                ReturnStatementSyntax or ThrowStatementSyntax or BreakStatementSyntax or ContinueStatementSyntax or GotoStatementSyntax
                or YieldStatementSyntax or WhileStatementSyntax or DoStatementSyntax or ForStatementSyntax);

        /// <summary>The condition guarding <paramref name="child"/> in <paramref name="parent"/> is one the compiler may know the value of.</summary>
        private static bool KnownCondition(SyntaxNode parent, SyntaxNode child, SemanticModel model)
        {
            var condition = parent switch
            {
                IfStatementSyntax i when child != i.Condition => i.Condition,
                ElseClauseSyntax { Parent: IfStatementSyntax i } => i.Condition,
                SwitchSectionSyntax { Parent: SwitchStatementSyntax s } => s.Expression,
                WhileStatementSyntax w when child == w.Statement => w.Condition,
                ForStatementSyntax f when child == f.Statement => f.Condition,
                _ => null,
            };

            // Patterns can make a branch unreachable without a constant (an irrefutable pattern, or a default section after
            // cases that cover every value): ask the compiler then.
            if (condition is null) return false;
            if (model.GetConstantValue(condition).HasValue) return true;
            if (parent is SwitchSectionSyntax section) return section.Labels.Any(l => l is DefaultSwitchLabelSyntax or CasePatternSwitchLabelSyntax);
            return condition.DescendantNodesAndSelf().Any(n => n is IsPatternExpressionSyntax or SwitchExpressionSyntax);
        }
    }
}
