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
    /// Writes out, as the C# compiler spills them (Roslyn's SpillSequenceSpiller), the statements of a [FastPath] body
    /// whose awaits <see cref="Spills"/> cannot spill as they are: every operand C# evaluates before an await goes into a
    /// temporary first, in order (a value into a <c>var</c>; a location as the receiver and indices that name it), and a
    /// conditional operand that awaits (<c>&amp;&amp;</c>, <c>||</c>, <c>??</c>, <c>?:</c>) becomes an if/else assigning a
    /// temporary. Object and collection initializers after an await become the object in a temporary and one statement per
    /// member; an expression body becomes a block. What is left then spills as it is. A statement whose order cannot be
    /// written out exactly is left as it is, annotated with the reason (<see cref="NotSpilledReason"/>).
    /// </summary>
    internal sealed partial class SpillLowering : CSharpSyntaxRewriter
    {
        /// <summary>On a statement left as it is: why it could not be written out.</summary>
        public const string NotSpilledKind = "Prewired.NotSpilled";

        private static readonly SyntaxAnnotation LoweredMethod = new("Prewired.SpillLoweredMethod");
        private static readonly SyntaxAnnotation Written = new("Prewired.SpillWritten");
        private const string IdKind = "Prewired.SpillStatement";

        private readonly SemanticModel _model;
        private readonly SyntaxNode _body;
        private readonly bool _hasResult;
        private readonly Dictionary<int, string> _excluded;
        private readonly HashSet<StatementSyntax> _visitPlainly = new();
        private int _next;
        private int _statementId;
        private bool _loweredAny;

        private SpillLowering(SemanticModel model, SyntaxNode body, bool hasResult, Dictionary<int, string> excluded)
        {
            _model = model;
            _body = body;
            _hasResult = hasResult;
            _excluded = excluded;
        }

        /// <summary>
        /// The body with its statements written out in a copy of the compilation, or null when no statement needed it.
        /// <paramref name="original"/> is the user's method, which findings map back to.
        /// </summary>
        public static LoweredBody? Lower(MethodDeclarationSyntax method, SemanticModel model, bool hasResult, MethodDeclarationSyntax original)
        {
            // A body that does not compile forwards anyway: nothing to write out.
            if (model.GetMethodBodyDiagnostics(method.Span).Any(d => d.Severity == DiagnosticSeverity.Error)) return null;
            var excluded = new Dictionary<int, string>();
            for (var attempt = 0; attempt < 2; attempt++)
            {
                var lowered = Rewrite(method, model, hasResult, excluded, out var loweredAny);
                if (!loweredAny) return null;
                var errors = lowered.Model.GetMethodBodyDiagnostics(lowered.Method.Span).Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
                if (errors.Count == 0) return new LoweredBody(lowered.Method, lowered.Model, original);

                // Not expected: each shape is checked first. A statement whose written-out form would not compile stays as it is.
                var root = lowered.Method.SyntaxTree.GetRoot();
                var newlyExcluded = false;
                foreach (var error in errors)
                {
                    var statement = error.Location.SourceTree == root.SyntaxTree && root.FullSpan.Contains(error.Location.SourceSpan)
                        ? root.FindNode(error.Location.SourceSpan).AncestorsAndSelf().FirstOrDefault(n => n.GetAnnotations(IdKind).Any())
                        : null;
                    if (statement is null || !int.TryParse(statement.GetAnnotations(IdKind).First().Data, System.Globalization.NumberStyles.Integer, System.Globalization.CultureInfo.InvariantCulture, out var id)) return null;
                    if (excluded.ContainsKey(id)) continue;
                    excluded[id] = $"written out as the compiler spills it, it would not compile here ({error.Id}: {error.GetMessage(System.Globalization.CultureInfo.InvariantCulture)})";
                    newlyExcluded = true;
                }

                if (!newlyExcluded) return null;
            }

            return null;
        }

        /// <summary>Why the awaits of <paramref name="statement"/> were not written out, when they were not.</summary>
        public static string? NotSpilledReason(SyntaxNode statement) => statement.GetAnnotations(NotSpilledKind).FirstOrDefault()?.Data;

        private static (MethodDeclarationSyntax Method, SemanticModel Model) Rewrite(MethodDeclarationSyntax method, SemanticModel model, bool hasResult, Dictionary<int, string> excluded, out bool loweredAny)
        {
            var body = (SyntaxNode?)method.Body ?? method.ExpressionBody!;
            var rewriter = new SpillLowering(model, body, hasResult, excluded);
            var rewritten = ((MethodDeclarationSyntax)rewriter.Visit(method)!).WithAdditionalAnnotations(LoweredMethod);
            loweredAny = rewriter._loweredAny;
            if (!loweredAny) return (method, model);
            var tree = method.SyntaxTree;
            var newTree = tree.WithRootAndOptions(tree.GetRoot().ReplaceNode(method, rewritten), tree.Options);
            var newModel = model.Compilation.ReplaceSyntaxTree(tree, newTree).GetSemanticModel(newTree);
            return ((MethodDeclarationSyntax)newTree.GetRoot().GetAnnotatedNodes(LoweredMethod).First(), newModel);
        }

        public override SyntaxNode? Visit(SyntaxNode? node)
        {
            var visited = base.Visit(node);
            return node is not null && visited is not null ? WithOrigin(node, visited) : visited;
        }

        // Awaits of lambdas and local functions are their own.
        public override SyntaxNode? VisitLocalFunctionStatement(LocalFunctionStatementSyntax node) => Keep(node);

        public override SyntaxNode? VisitParenthesizedLambdaExpression(ParenthesizedLambdaExpressionSyntax node) => Keep(node);

        public override SyntaxNode? VisitSimpleLambdaExpression(SimpleLambdaExpressionSyntax node) => Keep(node);

        public override SyntaxNode? VisitAnonymousMethodExpression(AnonymousMethodExpressionSyntax node) => Keep(node);

        public override SyntaxNode? VisitMethodDeclaration(MethodDeclarationSyntax node)
        {
            if (node.ExpressionBody is not { } arrow || node.Body is not null || !NeedsSpilling(arrow.Expression, null)) return base.VisitMethodDeclaration(node);

            // An expression body is the block { return e; } (or { e; } without a result): its statement is written out.
            var column = LoweringTemplate.LineIndent(node) + 4;
            var template = new LoweringTemplate(System.Math.Max(0, column - 4));
            var id = _statementId++;
            _template = template;
            _depth = 1;
            _root = arrow.Expression;
            _failure = _excluded.TryGetValue(id, out var excludedReason) ? excludedReason : null;
            _statementWritten = false;
            var rewritten = _failure is null ? LowerExpression(arrow.Expression) : arrow.Expression;
            if (_failure is { } failure)
            {
                _loweredAny = true;
                return base.VisitMethodDeclaration(node)!.WithAdditionalAnnotations(new SyntaxAnnotation(NotSpilledKind, failure));
            }

            if (_hasResult) template.Line(1, $"return {template.Expression(arrow.Expression, rewritten, 1)};");
            else if (!_statementWritten) template.Statement(SyntaxFactory.ExpressionStatement(rewritten.WithoutTrivia()).NormalizeWhitespace(), 0, 1);
            _loweredAny = true;
            var block = template.Build(Written).WithAdditionalAnnotations(new SyntaxAnnotation(IdKind, id.ToString(System.Globalization.CultureInfo.InvariantCulture)));
            return node.WithExpressionBody(null).WithSemicolonToken(default)
                .WithParameterList(node.ParameterList.WithTrailingTrivia(SyntaxFactory.LineFeed))
                .WithBody(block.WithLeadingTrivia(SyntaxFactory.Whitespace(new string(' ', column - 4))).WithTrailingTrivia(SyntaxFactory.LineFeed));
        }

        public override SyntaxNode? VisitBlock(BlockSyntax node)
        {
            if (!node.Statements.Any(s => RootOf(s) is { } root && NeedsSpilling(root, s))) return base.VisitBlock(node);
            var statements = new List<StatementSyntax>();
            foreach (var statement in node.Statements) statements.AddRange(LowerStatement(statement));
            return node.WithStatements(SyntaxFactory.List(statements)).WithOpenBraceToken(VisitToken(node.OpenBraceToken)).WithCloseBraceToken(VisitToken(node.CloseBraceToken));
        }

        public override SyntaxNode? VisitSwitchSection(SwitchSectionSyntax node)
        {
            if (!node.Statements.Any(s => RootOf(s) is { } root && NeedsSpilling(root, s))) return base.VisitSwitchSection(node);
            var statements = new List<StatementSyntax>();
            foreach (var statement in node.Statements) statements.AddRange(LowerStatement(statement));
            return node.WithLabels(VisitList(node.Labels)).WithStatements(SyntaxFactory.List(statements));
        }

        // An embedded statement (of an if, else or loop) written out as several becomes a block of them.
        public override SyntaxNode? VisitExpressionStatement(ExpressionStatementSyntax node) => EmbeddedOrVisited(node, () => base.VisitExpressionStatement(node));

        public override SyntaxNode? VisitReturnStatement(ReturnStatementSyntax node) => EmbeddedOrVisited(node, () => base.VisitReturnStatement(node));

        public override SyntaxNode? VisitThrowStatement(ThrowStatementSyntax node) => EmbeddedOrVisited(node, () => base.VisitThrowStatement(node));

        public override SyntaxNode? VisitIfStatement(IfStatementSyntax node) => EmbeddedOrVisited(node, () => base.VisitIfStatement(node));

        public override SyntaxNode? VisitSwitchStatement(SwitchStatementSyntax node) => EmbeddedOrVisited(node, () => base.VisitSwitchStatement(node));

        private SyntaxNode? EmbeddedOrVisited(StatementSyntax node, System.Func<SyntaxNode?> visit)
        {
            if (node.Parent is BlockSyntax or SwitchSectionSyntax || _visitPlainly.Contains(node) || RootOf(node) is not { } root || !NeedsSpilling(root, node)) return visit();
            var statements = LowerStatement(node);
            if (statements.Count == 1) return statements[0];
            return SyntaxFactory.Block(statements).WithLeadingTrivia(SyntaxFactory.Whitespace(new string(' ', LoweringTemplate.LineIndent(node))))
                .WithTrailingTrivia(SyntaxFactory.LineFeed);
        }

        /// <summary>The statement written out: temporaries and if/else before it, then itself reading them.</summary>
        private List<StatementSyntax> LowerStatement(StatementSyntax statement)
        {
            var root = RootOf(statement);
            if (root is null || !NeedsSpilling(root, statement)) return new List<StatementSyntax> { (StatementSyntax)Visit(statement)! };
            var id = _statementId++;
            var column = LoweringTemplate.LineIndent(statement);
            var template = new LoweringTemplate(System.Math.Max(0, column - 4));
            _template = template;
            _depth = 1;
            _root = root;
            _failure = _excluded.TryGetValue(id, out var excludedReason) ? excludedReason : null;
            _statementWritten = false;
            var rewritten = _failure is null ? LowerExpression(root) : root;
            if (_failure is { } failure)
            {
                // The body is rewritten for the annotation alone: PW0201 then names what would be wrong.
                _loweredAny = true;
                _visitPlainly.Add(statement);
                return new List<StatementSyntax> { ((StatementSyntax)Visit(statement)!).WithAdditionalAnnotations(new SyntaxAnnotation(NotSpilledKind, failure)) };
            }

            // The statement itself, its nested statements visited (an if's branches may hold statements to write out too).
            var visited = (StatementSyntax)VisitStatementAround(statement, root)!;
            var replaced = WithRoot(visited, rewritten);
            if (!_statementWritten) template.Statement(statement, replaced.WithoutLeadingTrivia(), 1);
            _loweredAny = true;
            var idAnnotation = new SyntaxAnnotation(IdKind, id.ToString(System.Globalization.CultureInfo.InvariantCulture));
            var built = template.Build(Written).Statements.Select(s => s.WithAdditionalAnnotations(idAnnotation)).ToList();
            built[0] = built[0].WithLeadingTrivia(statement.GetLeadingTrivia());
            return built;
        }

        /// <summary>The statement visited, except its root expression (which <see cref="LowerExpression"/> wrote out).</summary>
        private SyntaxNode? VisitStatementAround(StatementSyntax statement, ExpressionSyntax root) => statement switch
        {
            IfStatementSyntax i => i.WithStatement((StatementSyntax)Visit(i.Statement)!).WithElse((ElseClauseSyntax?)Visit(i.Else)),
            SwitchStatementSyntax s => s.WithSections(VisitList(s.Sections)),
            _ => statement,
        };

        private static StatementSyntax WithRoot(StatementSyntax statement, ExpressionSyntax root) => statement switch
        {
            ExpressionStatementSyntax e => e.WithExpression(root),
            ReturnStatementSyntax r => r.WithExpression(root.WithoutLeadingTrivia()),
            ThrowStatementSyntax t => t.WithExpression(root.WithoutLeadingTrivia()),
            IfStatementSyntax i => i.WithCondition(root),
            SwitchStatementSyntax s => s.WithExpression(root),
            LocalDeclarationStatementSyntax d => d.WithDeclaration(d.Declaration.WithVariables(SyntaxFactory.SingletonSeparatedList(
                d.Declaration.Variables[0].WithInitializer(d.Declaration.Variables[0].Initializer!.WithValue(root.WithoutLeadingTrivia()))))),
            _ => statement,
        };

        /// <summary>The expression a statement evaluates once, first: where its awaits are written out. Loop conditions
        /// (evaluated again each iteration) and using or foreach headers are not.</summary>
        private static ExpressionSyntax? RootOf(StatementSyntax statement) => statement switch
        {
            ExpressionStatementSyntax e => e.Expression,
            ReturnStatementSyntax r => r.Expression,
            ThrowStatementSyntax t => t.Expression,
            IfStatementSyntax i => i.Condition,
            SwitchStatementSyntax s => s.Expression,
            LocalDeclarationStatementSyntax { Declaration.Variables.Count: 1, AwaitKeyword.RawKind: 0, UsingKeyword.RawKind: 0 } d
                when !d.IsConst && d.Declaration.Type is not RefTypeSyntax => d.Declaration.Variables[0].Initializer?.Value,
            _ => null,
        };

        /// <summary>Whether some await of <paramref name="root"/> cannot spill as it is (nor split as a simple statement).</summary>
        private bool NeedsSpilling(ExpressionSyntax root, StatementSyntax? statement)
        {
            foreach (var awaitExpression in root.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)).OfType<AwaitExpressionSyntax>())
            {
                if (SplitForms.Of(awaitExpression, _body, _hasResult, out _) is not null) continue;
                if (statement is null || Spills.Of(awaitExpression, _body, _model, out _) is null) return true;
            }

            return false;
        }

        /// <summary>A node of the input kept as it is, its awaits (and what else findings are reported at) annotated with
        /// their place in the user's source, unless an earlier lowering already did.</summary>
        private static T Keep<T>(T node)
            where T : SyntaxNode
        {
            var marked = node.DescendantNodesAndSelf(_ => true).Where(NeedsOrigin).ToList();
            return marked.Count == 0 ? node : node.ReplaceNodes(marked, (original, rewritten) => WithOrigin(original, rewritten));
        }

        private static bool NeedsOrigin(SyntaxNode node)
            => node is AwaitExpressionSyntax or GotoStatementSyntax or LabeledStatementSyntax or LocalFunctionStatementSyntax && !node.GetAnnotations(LoweredBody.OriginKind).Any();

        private static SyntaxNode WithOrigin(SyntaxNode original, SyntaxNode rewritten)
            => NeedsOrigin(original) && !rewritten.GetAnnotations(LoweredBody.OriginKind).Any() ? rewritten.WithAdditionalAnnotations(LoweredBody.Origin(original.Span)) : rewritten;
    }
}
