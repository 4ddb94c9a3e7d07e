using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    // foreach (and await foreach, and a deconstructing foreach) written out with its enumerator, as C# lowers it,
    // when its body holds an await a hand-off must resume inside.
    internal sealed partial class HiddenAwaitLowering : CSharpSyntaxRewriter
    {
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
    }
}
