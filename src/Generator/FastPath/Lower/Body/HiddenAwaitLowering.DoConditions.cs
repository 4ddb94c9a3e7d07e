using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Awaits;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// A <c>do</c> loop whose condition awaits: <c>while (true) { body; if (!(condition)) break; }</c>, the condition then an
    /// ordinary if whose await splits or spills like any other. That is the loop C# runs: the body, then the condition,
    /// the body's variables out of the condition's scope (the body stays a block of its own). A <c>break</c> of the body
    /// still leaves the loop. A <c>continue</c> goes to the condition, so a body that continues is wrapped once more, as
    /// <c>do { body } while (false);</c>, whose end is the condition: exact only when the body does not also break, which
    /// would then leave the inner loop alone (that one stays as it is, with its reason).
    /// </summary>
    internal sealed partial class HiddenAwaitLowering
    {
        public override SyntaxNode? VisitDoStatement(DoStatementSyntax node)
        {
            if (_nested > 0 || _forcedReason is not null || !HoldsAwait(node.Condition)) return base.VisitDoStatement(node);
            var jumps = node.Statement.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n))
                .Where(n => n is BreakStatementSyntax or ContinueStatementSyntax && Target(n) == node).ToList();
            var continues = jumps.Any(j => j is ContinueStatementSyntax);
            if (continues && jumps.Any(j => j is BreakStatementSyntax))
            {
                return NotLowered(node, base.VisitDoStatement(node)!, "it is in the condition of a do loop whose body both breaks and continues it, which is not written out yet");
            }

            var template = new LoweringTemplate(Column(node));
            var body = (StatementSyntax)Visit(node.Statement)!;
            template.Line(1, "while (true)", SourcePositions.SpanOf(node.DoKeyword, node.DoKeyword));
            template.Line(1, "{");
            if (continues)
            {
                template.Line(2, "do");
                template.Statement(node.Statement, body, 2);
                template.Line(2, "while (false);");
            }
            else
            {
                template.Statement(node.Statement, body, 2);
            }

            template.Line(2, $"if (!({template.Expression(node.Condition, Visit(node.Condition)!, 2)})) break;", SourcePositions.SpanOf(node.WhileKeyword, node.SemicolonToken));
            template.Line(1, "}");
            _loweredAny = true;
            return template.Build(LoweredBody.Origin(node.DoKeyword.Span)).WithTriviaFrom(node);
        }

        /// <summary>The loop (or, for a break, switch) a break or continue leaves.</summary>
        private static SyntaxNode? Target(SyntaxNode jump)
            => jump.Ancestors().FirstOrDefault(a => a is ForStatementSyntax or CommonForEachStatementSyntax or WhileStatementSyntax or DoStatementSyntax
                                                    || (jump is BreakStatementSyntax && a is SwitchStatementSyntax));
    }
}
