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
    /// Writes a [FastPath] body's <c>await using</c> and <c>await foreach</c> out as C# lowers them (the C# spec's using
    /// and foreach statements; Roslyn's UsingStatement and AsyncForEach lowering), so their hidden awaits become ordinary
    /// ones the generator splits: <c>await using</c> is a try whose finally awaits DisposeAsync (not on a null resource),
    /// <c>await foreach</c> is the enumerator, <c>while (await e.MoveNextAsync())</c> and the same finally. A construct
    /// that cannot be written out exactly is left as it is, annotated with the reason (PW0201 names it). Two more
    /// constructs are written out the same way because an ordinary await inside them could not be split otherwise: a
    /// foreach that deconstructs its elements (a foreach and a deconstruction per element), and variables a lambda or
    /// local function shares with the body across an await (one shared object each: HiddenAwaitLowering.SharedVariables.cs).
    /// </summary>
    internal sealed partial class HiddenAwaitLowering : CSharpSyntaxRewriter
    {
        private static readonly SyntaxAnnotation LoweredMethod = new("Prewired.LoweredMethod");

        private readonly SemanticModel _model;
        private readonly string? _forcedReason;

        // The variables kept in a shared object (SharedVariables), and how deep the visit is inside lambdas and local
        // functions (whose own awaits are theirs: only their uses of those variables are rewritten).
        private readonly HashSet<ISymbol> _shared;
        private int _nested;
        private int _next;
        private bool _loweredAny;

        // Why the last await foreach was left as it is (LowerForEach returns null).
        private string _pendingReason = string.Empty;

        private HiddenAwaitLowering(SemanticModel model, string? forcedReason, HashSet<ISymbol> shared)
        {
            _model = model;
            _forcedReason = forcedReason;
            _shared = forcedReason is null ? shared : new HashSet<ISymbol>(SymbolEqualityComparer.Default);
        }

        /// <summary>The body written out in a copy of the compilation (constructs left as they are carry their reason).</summary>
        /// <param name="original">The user's method, which findings map back to, when <paramref name="method"/> is a copy of it.</param>
        public static LoweredBody Lower(MethodDeclarationSyntax method, SemanticModel model, MethodDeclarationSyntax? original = null)
        {
            original ??= method;
            var lowered = Rewrite(method, model, original, forcedReason: null, out var loweredAny);
            var error = loweredAny ? lowered.Model.GetMethodBodyDiagnostics(lowered.Method.Span).FirstOrDefault(d => d.Severity == DiagnosticSeverity.Error) : null;
            if (error is not null)
            {
                // Not expected: every shape written out is checked first. The user's code is still never miscompiled.
                lowered = Rewrite(method, model, original, $"written out as C# lowers it, it would not compile here ({error.Id}: {error.GetMessage(System.Globalization.CultureInfo.InvariantCulture)})", out _);
            }

            return lowered;
        }

        private static LoweredBody Rewrite(MethodDeclarationSyntax method, SemanticModel model, MethodDeclarationSyntax original, string? forcedReason, out bool loweredAny)
        {
            var body = (SyntaxNode?)method.Body ?? method.ExpressionBody!;
            var rewriter = new HiddenAwaitLowering(model, forcedReason, SharedVariables.ToShare(body, model));
            var rewritten = (MethodDeclarationSyntax)rewriter.Visit(method)!;
            rewritten = rewriter.ShareParameters(method, rewritten).WithAdditionalAnnotations(LoweredMethod);
            loweredAny = rewriter._loweredAny;
            var tree = method.SyntaxTree;
            var newTree = tree.WithRootAndOptions(tree.GetRoot().ReplaceNode(method, rewritten), tree.Options);
            var newModel = model.Compilation.ReplaceSyntaxTree(tree, newTree).GetSemanticModel(newTree);
            var newMethod = (MethodDeclarationSyntax)newTree.GetRoot().GetAnnotatedNodes(LoweredMethod).First();
            return new LoweredBody(newMethod, newModel, original);
        }

        public override SyntaxNode? Visit(SyntaxNode? node)
        {
            var visited = base.Visit(node);
            return node is AwaitExpressionSyntax or GotoStatementSyntax or LabeledStatementSyntax or LocalFunctionStatementSyntax && visited is not null
                ? visited.WithAdditionalAnnotations(LoweredBody.Origin(node.Span))
                : visited;
        }

        // Awaits of lambdas and local functions are their own: inside them only the uses of shared variables change.
        public override SyntaxNode? VisitLocalFunctionStatement(LocalFunctionStatementSyntax node) => Nested(node, base.VisitLocalFunctionStatement);

        public override SyntaxNode? VisitParenthesizedLambdaExpression(ParenthesizedLambdaExpressionSyntax node) => Nested(node, base.VisitParenthesizedLambdaExpression);

        public override SyntaxNode? VisitSimpleLambdaExpression(SimpleLambdaExpressionSyntax node) => Nested(node, base.VisitSimpleLambdaExpression);

        public override SyntaxNode? VisitAnonymousMethodExpression(AnonymousMethodExpressionSyntax node) => Nested(node, base.VisitAnonymousMethodExpression);

        private SyntaxNode? Nested<T>(T node, System.Func<T, SyntaxNode?> visit)
            where T : SyntaxNode
        {
            if (_shared.Count == 0) return node;
            _nested++;
            try
            {
                return visit(node);
            }
            finally
            {
                _nested--;
            }
        }

        public override SyntaxNode? VisitBlock(BlockSyntax node)
        {
            if (_nested > 0) return base.VisitBlock(node);
            if (!node.Statements.Any(s => IsAwaitUsingDeclaration(s) || IsUsingDeclarationOfSeveral(s))) return WithGotosWrittenOut((BlockSyntax)base.VisitBlock(node)!, node);
            // The gotos of the statements before a declaration are written out over the whole list, which sees what the
            // declaration's scope (now a try) reads of their variables.
            var statements = Statements(node.Statements.ToList());
            return WithGotosWrittenOut(node.WithStatements(SyntaxFactory.List(statements.Select(s => s.Node))), node);
        }

        /// <summary>Whether <paramref name="statement"/> awaits (not counting lambdas and local functions, whose awaits are theirs).</summary>
        public static bool HoldsAwait(SyntaxNode statement)
            => statement.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)).Any(n => n is AwaitExpressionSyntax
                || n is CommonForEachStatementSyntax { AwaitKeyword.RawKind: (int)SyntaxKind.AwaitKeyword }
                || n is UsingStatementSyntax { AwaitKeyword.RawKind: (int)SyntaxKind.AwaitKeyword }
                || n is LocalDeclarationStatementSyntax { AwaitKeyword.RawKind: (int)SyntaxKind.AwaitKeyword });

        /// <summary>Whether <paramref name="body"/> has a construct this lowering writes out for an ordinary await (a deconstructing foreach holding one, a for loop whose initializer awaits, a do loop whose condition does, a using of several resources).</summary>
        public static bool HasConstructToWriteOut(SyntaxNode body)
            => body.DescendantNodes(n => !AwaitSites.IsNestedFunction(n)).Any(n => n is ForEachVariableStatementSyntax f && HoldsAwait(f.Statement)
                || n is CheckedStatementSyntax c && HoldsAwait(c.Block) || n is ForStatementSyntax loop && InitializerAwaits(loop)
                || n is DoStatementSyntax d && HoldsAwait(d.Condition)
                || n is UsingStatementSyntax u && DeclaresSeveralResources(u) || n is StatementSyntax s && IsUsingDeclarationOfSeveral(s))
               || HasGotoAcrossAnAwait(body);

        /// <summary>The first break or continue in <paramref name="scope"/> whose loop or switch is outside it.</summary>
        private static string? LeavingJump(List<StatementSyntax> scope)
        {
            foreach (var jump in scope.SelectMany(s => s.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n))))
            {
                if (jump is not (BreakStatementSyntax or ContinueStatementSyntax)) continue;
                var target = Target(jump);
                if (target is null || !scope.Any(s => s.Span.Contains(target.Span))) return jump is BreakStatementSyntax ? "break" : "continue";
            }

            return null;
        }

        /// <summary>A construct left as it is: its reason, and its place in the user's source for the finding at its await keyword.</summary>
        private static SyntaxNode NotLowered(SyntaxNode original, SyntaxNode visited, string reason)
            => visited.WithAdditionalAnnotations(new SyntaxAnnotation(LoweredBody.NotLoweredKind, reason), LoweredBody.Origin(original.Span));

        /// <summary>
        /// The statements of a written-out loop's or await using's body: its own, inlined, unless a goto jumps across an
        /// await to a label at the block's own level. Such a block stays a block, visited as one, so its gotos are written
        /// out (<see cref="WithGotosWrittenOut"/>) as in any other block.
        /// </summary>
        private List<(StatementSyntax Node, int Indent)> BodyStatements(StatementSyntax statement)
            => statement is BlockSyntax block && HasGotoAcrossAnAwaitAtItsLevel(block)
                ? new List<(StatementSyntax Node, int Indent)> { ((StatementSyntax)VisitBlock(block)!, LoweringTemplate.LineIndent(block)) }
                : Statements(Inner(statement));

        /// <summary>The statements of an embedded statement, inlined into the written-out block: a block's own (an await
        /// using declaration among them scopes over the rest), or the statement itself.</summary>
        private static List<StatementSyntax> Inner(StatementSyntax statement) => statement is BlockSyntax block ? block.Statements.ToList() : new List<StatementSyntax> { statement };

        private static bool IsAwaitUsingDeclaration(StatementSyntax statement)
            => statement is LocalDeclarationStatementSyntax { AwaitKeyword.RawKind: (int)SyntaxKind.AwaitKeyword, UsingKeyword.RawKind: (int)SyntaxKind.UsingKeyword };

        private static int Column(SyntaxNode node) => node.GetLocation().GetLineSpan().StartLinePosition.Character;
    }
}
