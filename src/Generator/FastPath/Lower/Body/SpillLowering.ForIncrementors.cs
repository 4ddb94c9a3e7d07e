using System.Collections.Generic;
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
    /// A <c>for</c> loop whose incrementors await: <c>for (init; cond; ) { body; incrementors; }</c>, each <c>continue</c>
    /// of the loop becoming <c>{ incrementors; continue; }</c>, which is what the loop runs between an iteration and the
    /// next test. Only when no continue leaves a try, using, lock or fixed of the body on its way (the incrementors would
    /// run before that finally or dispose instead of after it).
    /// </summary>
    internal sealed partial class SpillLowering
    {
        private readonly Dictionary<ContinueStatementSyntax, ForStatementSyntax> _continues = new();

        public override SyntaxNode? VisitForStatement(ForStatementSyntax node)
        {
            if (!node.Incrementors.Any(ContainsAwait)) return base.VisitForStatement(node);
            var id = _statementId++;
            var failure = _excluded.TryGetValue(id, out var excludedReason) ? excludedReason : ContinueFailure(node);
            var continues = Continues(node).ToList();
            var column = LoweringTemplate.LineIndent(node);
            List<StatementSyntax>? incrementors = null;
            if (failure is null)
            {
                incrementors = Incrementors(node, column + 4, out failure);
                foreach (var jump in continues) _continues[jump] = node;
            }

            if (failure is not null || incrementors is null)
            {
                _loweredAny = true;
                return base.VisitForStatement(node)!.WithAdditionalAnnotations(new SyntaxAnnotation(NotSpilledKind, failure ?? "its for loop's incrementors are not written out"));
            }

            var body = (StatementSyntax)Visit(node.Statement)!;
            var block = SyntaxFactory.Block(new[] { body.WithLeadingTrivia(SyntaxFactory.Whitespace(new string(' ', column + 4))).WithTrailingTrivia(SyntaxFactory.LineFeed) }.Concat(incrementors))
                .WithOpenBraceToken(SyntaxFactory.Token(SyntaxKind.OpenBraceToken).WithLeadingTrivia(SyntaxFactory.Whitespace(new string(' ', column))).WithTrailingTrivia(SyntaxFactory.LineFeed))
                .WithCloseBraceToken(SyntaxFactory.Token(SyntaxKind.CloseBraceToken).WithLeadingTrivia(SyntaxFactory.Whitespace(new string(' ', column))));
            _loweredAny = true;
            var visited = node
                .WithDeclaration((VariableDeclarationSyntax?)Visit(node.Declaration))
                .WithInitializers(VisitList(node.Initializers))
                .WithCondition((ExpressionSyntax?)Visit(node.Condition))
                .WithIncrementors(default)
                .WithCloseParenToken(node.CloseParenToken.WithTrailingTrivia(SyntaxFactory.LineFeed))
                .WithStatement(block);
            return visited.WithAdditionalAnnotations(new SyntaxAnnotation(IdKind, id.ToString(System.Globalization.CultureInfo.InvariantCulture)));
        }

        public override SyntaxNode? VisitContinueStatement(ContinueStatementSyntax node)
        {
            if (!_continues.TryGetValue(node, out var loop)) return base.VisitContinueStatement(node);
            var column = LoweringTemplate.LineIndent(node);
            var incrementors = Incrementors(loop, column + 4, out _) ?? new List<StatementSyntax>();
            var statements = incrementors.Concat(new[] { node.WithoutLeadingTrivia().WithLeadingTrivia(SyntaxFactory.Whitespace(new string(' ', column + 4))).WithTrailingTrivia(SyntaxFactory.LineFeed) });
            return SyntaxFactory.Block(statements)
                .WithOpenBraceToken(SyntaxFactory.Token(SyntaxKind.OpenBraceToken).WithLeadingTrivia(node.GetLeadingTrivia()).WithTrailingTrivia(SyntaxFactory.LineFeed))
                .WithCloseBraceToken(SyntaxFactory.Token(SyntaxKind.CloseBraceToken).WithLeadingTrivia(SyntaxFactory.Whitespace(new string(' ', column))))
                .WithTrailingTrivia(node.GetTrailingTrivia());
        }

        /// <summary>The incrementors as statements at <paramref name="column"/>, each written out; null with the reason when one cannot be.</summary>
        private List<StatementSyntax>? Incrementors(ForStatementSyntax loop, int column, out string? failure)
        {
            var result = new List<StatementSyntax>();
            failure = null;
            foreach (var incrementor in loop.Incrementors)
            {
                var template = new LoweringTemplate(System.Math.Max(0, column - 4));
                _template = template;
                _depth = 1;
                _root = incrementor;
                _failure = null;
                var rewritten = LowerExpression(incrementor);
                if (_failure is not null)
                {
                    failure = _failure;
                    return null;
                }

                template.Statement(SyntaxFactory.ExpressionStatement(rewritten.WithoutTrivia()).NormalizeWhitespace(), 0, 1);
                result.AddRange(template.Build(Written).Statements);
            }

            return result;
        }

        /// <summary>The continue statements of <paramref name="loop"/> itself (not of a loop nested in it).</summary>
        private static IEnumerable<ContinueStatementSyntax> Continues(ForStatementSyntax loop)
            => loop.Statement.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)).OfType<ContinueStatementSyntax>()
                .Where(c => c.Ancestors().First(a => a is ForStatementSyntax or CommonForEachStatementSyntax or WhileStatementSyntax or DoStatementSyntax) == loop);

        private static string? ContinueFailure(ForStatementSyntax loop)
        {
            foreach (var jump in Continues(loop))
            {
                for (var node = jump.Parent; node is not null && node != loop; node = node.Parent)
                {
                    if (node is TryStatementSyntax or UsingStatementSyntax or LockStatementSyntax or FixedStatementSyntax
                        || node is BlockSyntax block && block.Statements.TakeWhile(s => !s.Span.Contains(jump.Span)).Any(s => s is LocalDeclarationStatementSyntax { UsingKeyword.RawKind: not 0 }))
                    {
                        return "it is in a for loop's incrementor, and a continue leaves a try or using on its way to it, which is not written out yet";
                    }
                }
            }

            return null;
        }
    }
}
