using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.Generator.SharedRules
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

        public override SyntaxNode? VisitUsingStatement(UsingStatementSyntax node)
        {
            if (_nested > 0) return base.VisitUsingStatement(node);
            if (!node.AwaitKeyword.IsKind(SyntaxKind.AwaitKeyword)) return base.VisitUsingStatement(node);
            var resources = Resources(node.Declaration, node.Expression, new[] { node.Statement }, out var reason);
            if (resources is null) return NotLowered(node, base.VisitUsingStatement(node)!, reason);

            // { T x = e; try { body } finally { dispose x } }, one try per resource, the first declared outermost.
            var column = Column(node);
            var template = new LoweringTemplate(column);
            var depth = 1;
            foreach (var resource in resources)
            {
                WriteResource(template, resource, depth);
                depth++;
            }

            foreach (var (statement, indent) in BodyStatements(node.Statement)) template.Statement(statement, indent, depth);
            CloseResources(template, resources, depth);
            _loweredAny = true;
            return template.Build(LoweredBody.HiddenAwait(node.AwaitKeyword, "await using")).WithTriviaFrom(node);
        }

        public override SyntaxNode? VisitBlock(BlockSyntax node)
        {
            if (_nested > 0) return base.VisitBlock(node);
            if (!node.Statements.Any(IsAwaitUsingDeclaration)) return WithGotosWrittenOut((BlockSyntax)base.VisitBlock(node)!, node);
            // The gotos of the statements before a declaration are written out over the whole list, which sees what the
            // declaration's scope (now a try) reads of their variables.
            var statements = Statements(node.Statements.ToList());
            return WithGotosWrittenOut(node.WithStatements(SyntaxFactory.List(statements.Select(s => s.Node))), node);
        }

        public override SyntaxNode? VisitForEachStatement(ForEachStatementSyntax node)
        {
            if (_nested > 0) return base.VisitForEachStatement(node);
            if (!node.AwaitKeyword.IsKind(SyntaxKind.AwaitKeyword)) return base.VisitForEachStatement(node);
            var local = _model.GetDeclaredSymbol(node);
            var iteration = (node.Type.IsVar ? "var " : node.Type.WithoutTrivia() + " ") + node.Identifier.Text + " = " + (node.Type.IsVar ? string.Empty : $"({node.Type.WithoutTrivia()})");
            return LowerForEach(node, local is null ? new ILocalSymbol[0] : new[] { local }, iteration) ?? NotLowered(node, base.VisitForEachStatement(node)!, _pendingReason);
        }

        public override SyntaxNode? VisitForEachVariableStatement(ForEachVariableStatementSyntax node)
        {
            if (_nested > 0) return base.VisitForEachVariableStatement(node);
            if (!node.AwaitKeyword.IsKind(SyntaxKind.AwaitKeyword)) return HoldsAwait(node.Statement) ? LowerDeconstruction(node) : base.VisitForEachVariableStatement(node);

            // var (a, b) / (var a, var b): new read-only variables; (a, b): existing ones, assigned.
            var locals = node.Variable.DescendantNodes().OfType<SingleVariableDesignationSyntax>()
                .Select(d => _model.GetDeclaredSymbol(d)).OfType<ILocalSymbol>().ToArray();
            return LowerForEach(node, locals, node.Variable.WithoutTrivia() + " = ") ?? NotLowered(node, base.VisitForEachVariableStatement(node)!, _pendingReason);
        }

        /// <summary>
        /// A foreach that deconstructs its elements, holding an await: <c>foreach (var e in c) { var (a, b) = e; body }</c>,
        /// as C# runs it (the element, then its deconstruction, every iteration), so the foreach splits like any other.
        /// Left as it is, with the reason, when the body calls members of a deconstructed struct variable, which C# runs on
        /// read-only copies.
        /// </summary>
        private SyntaxNode LowerDeconstruction(ForEachVariableStatementSyntax node)
        {
            var locals = node.Variable.DescendantNodes().OfType<SingleVariableDesignationSyntax>()
                .Select(d => _model.GetDeclaredSymbol(d)).OfType<ILocalSymbol>().ToArray();
            var reason = _forcedReason ?? locals.Select(l => ReadOnlyLocals.CopiedUse(l, node.Statement, _model)).FirstOrDefault(r => r is not null);
            if (reason is not null) return NotLowered(node, base.VisitForEachVariableStatement(node)!, reason);

            var element = "__element" + _next++;
            var template = new LoweringTemplate(Column(node));
            template.Line(1, $"foreach (var {element} in {template.Expression(node.Expression, Visit(node.Expression)!, 1)})", SourcePositions.SpanOf(node.ForEachKeyword, node.CloseParenToken));
            template.Line(1, "{");
            template.Line(2, $"{node.Variable.WithoutTrivia()} = {element};", SourcePositions.SpanOf(node.Variable.GetFirstToken(), node.Variable.GetLastToken()));
            foreach (var (statement, indent) in BodyStatements(node.Statement)) template.Statement(statement, indent, 2);
            template.Line(1, "}");
            _loweredAny = true;
            return template.Build(LoweredBody.Origin(node.ForEachKeyword.Span)).WithTriviaFrom(node);
        }

        /// <summary>Whether <paramref name="statement"/> awaits (not counting lambdas and local functions, whose awaits are theirs).</summary>
        public static bool HoldsAwait(SyntaxNode statement)
            => statement.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)).Any(n => n is AwaitExpressionSyntax
                || n is CommonForEachStatementSyntax { AwaitKeyword.RawKind: (int)SyntaxKind.AwaitKeyword }
                || n is UsingStatementSyntax { AwaitKeyword.RawKind: (int)SyntaxKind.AwaitKeyword }
                || n is LocalDeclarationStatementSyntax { AwaitKeyword.RawKind: (int)SyntaxKind.AwaitKeyword });

        /// <summary>Whether <paramref name="body"/> has a construct this lowering writes out for an ordinary await (a deconstructing foreach holding one, a for loop whose initializer awaits, a do loop whose condition does).</summary>
        public static bool HasConstructToWriteOut(SyntaxNode body)
            => body.DescendantNodes(n => !AwaitSites.IsNestedFunction(n)).Any(n => n is ForEachVariableStatementSyntax f && HoldsAwait(f.Statement)
                || n is CheckedStatementSyntax c && HoldsAwait(c.Block) || n is ForStatementSyntax loop && InitializerAwaits(loop)
                || n is DoStatementSyntax d && HoldsAwait(d.Condition)) || HasGotoAcrossAnAwait(body);

        /// <summary>
        /// <c>{ var e = c.GetAsyncEnumerator(); try { while (await e.MoveNextAsync()) { V v = (V)e.Current; body } } finally { dispose e } }</c>
        /// (no try when the enumerator has nothing to dispose). Null, with <see cref="_pendingReason"/>, when not exact.
        /// </summary>
        private SyntaxNode? LowerForEach(CommonForEachStatementSyntax node, ILocalSymbol[] locals, string iterationPrefix)
        {
            string? reason = _forcedReason;
            var info = _model.GetForEachStatementInfo(node);
            var collectionType = _model.GetTypeInfo(node.Expression).Type;
            var enumeratorType = info.GetEnumeratorMethod?.ReturnType;
            var variable = "__asyncEnumerator" + _next;
            string? start = null, moveNext = null, current = null, dispose = null;
            if (reason is null && (!info.IsAsynchronous || info.GetEnumeratorMethod is null || info.MoveNextMethod is null || info.CurrentProperty is null
                                   || collectionType is null || collectionType.TypeKind is TypeKind.Error or TypeKind.Dynamic || enumeratorType is null || !LoweringShapes.IsNameable(enumeratorType)))
            {
                reason = "its collection is dynamic or its enumerator cannot be named, which is not written out yet";
            }

            if (reason is null)
            {
                start = HiddenAwaitCalls.GetAsyncEnumerator(info.GetEnumeratorMethod!, collectionType!, "__collection__", out var why);
                moveNext = HiddenAwaitCalls.EnumeratorMember(variable, enumeratorType!, info.MoveNextMethod!, "MoveNextAsync()", out var whyMove);
                current = HiddenAwaitCalls.EnumeratorMember(variable, enumeratorType!, info.CurrentProperty!, "Current", out var whyCurrent);
                reason = start is null ? why : moveNext is null ? whyMove : current is null ? whyCurrent : null;
            }

            if (reason is null && info.DisposeMethod is null && !(enumeratorType!.IsValueType || enumeratorType.IsSealed))
            {
                reason = "its enumerator is neither sealed nor async-disposable, which is not written out yet";
            }

            if (reason is null && info.DisposeMethod is not null)
            {
                dispose = HiddenAwaitCalls.DisposeStatement(variable, enumeratorType!, info.DisposeMethod, _model, node.SpanStart, out var why);
                reason = dispose is null ? why : null;
            }

            reason ??= locals.Select(l => ReadOnlyLocals.CopiedUse(l, node.Statement, _model)).FirstOrDefault(r => r is not null);
            if (reason is not null)
            {
                _pendingReason = reason;
                return null;
            }

            _next++;
            var template = new LoweringTemplate(Column(node));
            var collection = template.Expression(node.Expression, Visit(node.Expression)!, 1);
            // A receiver needs parentheses unless primary; an argument (the static form of an extension) never does.
            if (start!.Contains("__collection__.") && node.Expression is not (InvocationExpressionSyntax or MemberAccessExpressionSyntax or SimpleNameSyntax or ThisExpressionSyntax or ElementAccessExpressionSyntax or ParenthesizedExpressionSyntax))
            {
                collection = "(" + collection + ")";
            }

            template.Line(1, $"var {variable} = {start!.Replace("__collection__", collection)};");
            var depth = 1;
            if (dispose is not null)
            {
                template.Line(1, "try");
                template.Line(1, "{");
                depth = 2;
            }

            // MoveNextAsync stands for 'in', the read of Current for the iteration variable (where C# puts their sequence points).
            template.Line(depth, $"while (await {moveNext})", SourcePositions.SpanOf(node.InKeyword, node.InKeyword));
            template.Line(depth, "{");
            var iteration = node is ForEachStatementSyntax simple ? (simple.Type.GetFirstToken(), simple.Identifier)
                : (((ForEachVariableStatementSyntax)node).Variable.GetFirstToken(), ((ForEachVariableStatementSyntax)node).Variable.GetLastToken());
            template.Line(depth + 1, iterationPrefix + current + ";", SourcePositions.SpanOf(iteration.Item1, iteration.Item2));
            foreach (var (statement, indent) in BodyStatements(node.Statement)) template.Statement(statement, indent, depth + 1);
            template.Line(depth, "}");
            if (dispose is not null)
            {
                template.Line(1, "}");
                template.Line(1, "finally");
                template.Line(1, "{");
                template.Line(2, dispose);
                template.Line(1, "}");
            }

            _loweredAny = true;
            return template.Build(LoweredBody.HiddenAwait(node.AwaitKeyword, "await foreach")).WithTriviaFrom(node);
        }

        /// <summary>
        /// A statement list whose <c>await using</c> declarations take the rest of the list as their scope: <c>T x = e;
        /// try { rest } finally { dispose x }</c>. Local functions of the rest stay at the list's level (their scope is the
        /// whole block).
        /// </summary>
        private List<(StatementSyntax Node, int Indent)> Statements(List<StatementSyntax> statements)
        {
            var result = new List<(StatementSyntax Node, int Indent)>();
            for (var i = 0; i < statements.Count; i++)
            {
                var statement = statements[i];
                if (!IsAwaitUsingDeclaration(statement))
                {
                    result.Add(((StatementSyntax)Visit(statement)!, LoweringTemplate.LineIndent(statement)));
                    continue;
                }

                var declaration = (LocalDeclarationStatementSyntax)statement;
                var rest = statements.Skip(i + 1).ToList();
                var resources = Resources(declaration.Declaration, null, rest.Where(s => s is not LocalFunctionStatementSyntax), out var reason);
                if (resources is null)
                {
                    result.Add(((StatementSyntax)NotLowered(statement, Visit(statement)!, reason), LoweringTemplate.LineIndent(statement)));
                    continue;
                }

                // The template's block is one level out: its statements land at the list's own indentation.
                var template = new LoweringTemplate(Column(declaration) - 4);
                var depth = 1;
                foreach (var resource in resources)
                {
                    WriteResource(template, resource, depth);
                    depth++;
                }

                // The rest is a statement list of its own: a later await using declaration scopes over what follows it.
                foreach (var (inner, indent) in Statements(rest.Where(s => s is not LocalFunctionStatementSyntax).ToList())) template.Statement(inner, indent, depth);
                CloseResources(template, resources, depth);
                _loweredAny = true;
                var built = template.Build(LoweredBody.HiddenAwait(declaration.AwaitKeyword, "await using")).Statements;
                var column = Column(declaration);
                result.Add((built[0].WithLeadingTrivia(declaration.GetLeadingTrivia()), column));
                result.AddRange(built.Skip(1).Select(b => (b, column)));
                result.AddRange(rest.OfType<LocalFunctionStatementSyntax>().Select(f => ((StatementSyntax)Visit(f)!, LoweringTemplate.LineIndent(f))));
                return result;
            }

            return result;
        }

        /// <summary>The resources of an <c>await using</c> (each: its variable, declared type text, initializer and dispose
        /// statement) whose scope is <paramref name="scope"/>, or null with the reason.</summary>
        private List<(string Variable, string Type, ExpressionSyntax Initializer, string Dispose)>? Resources(VariableDeclarationSyntax? declaration, ExpressionSyntax? expression, IEnumerable<StatementSyntax> scope, out string reason)
        {
            reason = _forcedReason ?? string.Empty;
            if (_forcedReason is not null) return null;
            var scopeList = scope.ToList();
            if (LeavingJump(scopeList) is { } jump)
            {
                reason = $"a '{jump}' in its scope leaves it (its DisposeAsync would run on a pending jump), which is not written out yet";
                return null;
            }

            var resources = new List<(string Variable, string Type, ExpressionSyntax Initializer, string Dispose)>();
            if (expression is not null)
            {
                var type = _model.GetTypeInfo(expression).Type;
                var variable = "__asyncResource" + _next++;
                var dispose = type is null ? null : HiddenAwaitCalls.DisposeStatement(variable, type, null, _model, expression.SpanStart, out reason);
                if (dispose is null)
                {
                    if (type is null) reason = "its resource has no type, which is not written out yet";
                    return null;
                }

                resources.Add((variable, "var", expression, dispose));
                return resources;
            }

            foreach (var declarator in declaration!.Variables)
            {
                if (_model.GetDeclaredSymbol(declarator) is not ILocalSymbol local || declarator.Initializer is null)
                {
                    reason = "its resource is not a local with an initializer, which is not written out yet";
                    return null;
                }

                var variable = SourceNames.Escaped(local.Name);
                var dispose = HiddenAwaitCalls.DisposeStatement(variable, local.Type, null, _model, declarator.SpanStart, out reason);
                if (dispose is null) return null;
                var copied = scopeList.Select(s => ReadOnlyLocals.CopiedUse(local, s, _model)).FirstOrDefault(r => r is not null);
                if (copied is not null)
                {
                    reason = copied;
                    return null;
                }

                resources.Add((variable, declaration.Type.WithoutTrivia().ToString(), declarator.Initializer.Value, dispose));
            }

            return resources;
        }

        private void WriteResource(LoweringTemplate template, (string Variable, string Type, ExpressionSyntax Initializer, string Dispose) resource, int depth)
        {
            // The resource's declaration stands for the user's (its declarator when it declares several); a resource
            // expression maps through its own tokens.
            SyntaxNode part = resource.Initializer.Parent is EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax declarator }
                ? declarator.Parent is VariableDeclarationSyntax { Variables.Count: 1 } declaration ? declaration : declarator
                : resource.Initializer;
            template.Line(
                depth,
                $"{resource.Type} {resource.Variable} = {template.Expression(resource.Initializer, Visit(resource.Initializer)!, depth)};",
                SourcePositions.SpanOf(part.GetFirstToken(), part.GetLastToken()));
            template.Line(depth, "try");
            template.Line(depth, "{");
        }

        private static void CloseResources(LoweringTemplate template, List<(string Variable, string Type, ExpressionSyntax Initializer, string Dispose)> resources, int depth)
        {
            for (var i = resources.Count - 1; i >= 0; i--)
            {
                depth--;
                template.Line(depth, "}");
                template.Line(depth, "finally");
                template.Line(depth, "{");
                template.Line(depth + 1, resources[i].Dispose);
                template.Line(depth, "}");
            }
        }

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
