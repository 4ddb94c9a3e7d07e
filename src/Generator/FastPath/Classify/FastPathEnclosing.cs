using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Awaits;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// The statements around a split await that the [FastPath] continuation can resume inside: blocks, if/else, switch
    /// sections, loops (for, while, do, foreach), try and catch blocks and using scopes. Anything else keeps the method forwarding,
    /// with the reason naming the construct.
    /// </summary>
    internal static class FastPathEnclosing
    {
        /// <summary>Null when every statement around <paramref name="statement"/> can be resumed inside; else why not.</summary>
        public static string? Reason(StatementSyntax statement, SyntaxNode methodBody, SemanticModel model)
        {
            for (SyntaxNode child = statement, current = statement.Parent!; current is not null && child != methodBody; child = current, current = current.Parent!)
            {
                var reason = current switch
                {
                    BlockSyntax block => UsingDeclarationsBefore(block, child, model),
                    SwitchSectionSyntax or SwitchStatementSyntax or IfStatementSyntax or ElseClauseSyntax => null,
                    ForStatementSyntax or WhileStatementSyntax or DoStatementSyntax => null,
                    CommonForEachStatementSyntax { AwaitKeyword.RawKind: (int)SyntaxKind.AwaitKeyword } => "it is inside an 'await foreach' loop, which is not split yet",
                    CommonForEachStatementSyntax forEach => LoweringShapes.OfForEach(forEach, model, out var why) is null ? why : null,
                    TryStatementSyntax => null,
                    CatchClauseSyntax => null,
                    FinallyClauseSyntax finallyClause => AwaitingFinally((TryStatementSyntax)finallyClause.Parent!),
                    UsingStatementSyntax { AwaitKeyword.RawKind: (int)SyntaxKind.AwaitKeyword } => "it is inside an 'await using' statement, which is not split yet",
                    UsingStatementSyntax usingStatement => LoweringShapes.UsingResource(usingStatement.Declaration, usingStatement.Expression, model, out var why) is null ? why : null,
                    LabeledStatementSyntax => "it is in a labeled statement, which goto can reach",
                    CheckedStatementSyntax or UnsafeStatementSyntax or FixedStatementSyntax or LockStatementSyntax => $"it is inside a '{current.GetFirstToken().ValueText}' statement",
                    _ => $"it is inside a '{current.GetFirstToken().ValueText}' statement, which is not split yet",
                };
                if (reason is not null) return reason;
            }

            return null;
        }

        /// <summary>
        /// An await in a finally block: split by writing the try statement out as the compiler does (returns in it wait
        /// for the finally, and for the finally of an enclosing try written out the same way), except when a break or
        /// continue leaves the try (a pending jump, not written out yet).
        /// </summary>
        private static string? AwaitingFinally(TryStatementSyntax tryStatement)
        {
            var guarded = new SyntaxNode[] { tryStatement.Block }.Concat(tryStatement.Catches).ToList();
            foreach (var jump in guarded.SelectMany(r => r.DescendantNodes(n => !AwaitSites.IsNestedFunction(n))))
            {
                if (jump is not (BreakStatementSyntax or ContinueStatementSyntax)) continue;
                var target = jump.Ancestors().FirstOrDefault(a => a is ForStatementSyntax or CommonForEachStatementSyntax or WhileStatementSyntax or DoStatementSyntax
                                                                 || (jump is BreakStatementSyntax && a is SwitchStatementSyntax));
                if (target is not null && !tryStatement.Span.Contains(target.Span)) return "it is inside a finally block of a try that a break or continue leaves, which is not split yet";
            }

            return null;
        }

        private static string? UsingDeclarationsBefore(BlockSyntax block, SyntaxNode child, SemanticModel model)
        {
            foreach (var statement in block.Statements)
            {
                if (statement == child) return null;
                if (statement is not LocalDeclarationStatementSyntax { UsingKeyword.RawKind: (int)SyntaxKind.UsingKeyword } declaration) continue;
                if (declaration.AwaitKeyword.RawKind == (int)SyntaxKind.AwaitKeyword) return "it is in the scope of an 'await using' declaration, which is not split yet";
                if (LoweringShapes.UsingResource(declaration.Declaration, null, model, out var reason) is null) return reason;
            }

            return null;
        }
    }
}
