using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Marks;

namespace Prewired.Generator.FastPath
{
    // using statements and declarations (and await using) written out as try/finally over a resource variable.
    internal sealed partial class HiddenAwaitLowering : CSharpSyntaxRewriter
    {
        public override SyntaxNode? VisitUsingStatement(UsingStatementSyntax node)
        {
            if (_nested > 0) return base.VisitUsingStatement(node);
            if (DeclaresSeveralResources(node)) return NestedUsings(node);
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

        /// <summary>
        /// A statement list whose <c>await using</c> declarations take the rest of the list as their scope: <c>T x = e;
        /// try { rest } finally { dispose x }</c>. A local function of the rest stays at the list's level (its scope is the
        /// whole block) only when the statements before the declaration call it, directly or through another such function;
        /// any other stays where it is, inside the try, where it still sees the rest's locals it captures (seed 20240601,
        /// bodies 7970 and 8984: a local function reading a local of the rest, hoisted out of the try, did not compile, CS0103,
        /// and the body forwarded).
        /// </summary>
        private List<(StatementSyntax Node, int Indent)> Statements(List<StatementSyntax> statements)
        {
            var result = new List<(StatementSyntax Node, int Indent)>();
            for (var i = 0; i < statements.Count; i++)
            {
                var statement = statements[i];
                if (IsUsingDeclarationOfSeveral(statement) && _forcedReason is null && statements.Skip(i + 1).Any(HoldsAwait))
                {
                    result.AddRange(SingleUsingDeclarations((LocalDeclarationStatementSyntax)statement));
                    continue;
                }

                if (!IsAwaitUsingDeclaration(statement))
                {
                    result.Add(((StatementSyntax)Visit(statement)!, LoweringTemplate.LineIndent(statement)));
                    continue;
                }

                var declaration = (LocalDeclarationStatementSyntax)statement;
                var rest = statements.Skip(i + 1).ToList();
                var hoisted = HoistedLocalFunctions(statements.Take(i + 1), rest);
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
                foreach (var (inner, indent) in Statements(rest.Where(s => !hoisted.Contains(s)).ToList())) template.Statement(inner, indent, depth);
                CloseResources(template, resources, depth);
                _loweredAny = true;
                var built = template.Build(LoweredBody.HiddenAwait(declaration.AwaitKeyword, "await using")).Statements;
                var column = Column(declaration);
                result.Add((built[0].WithLeadingTrivia(declaration.GetLeadingTrivia()), column));
                result.AddRange(built.Skip(1).Select(b => (b, column)));
                result.AddRange(hoisted.Select(f => ((StatementSyntax)Visit(f)!, LoweringTemplate.LineIndent(f))));
                return result;
            }

            return result;
        }

        /// <summary>
        /// The local functions of <paramref name="rest"/> that <paramref name="before"/> (the statements up to and with the
        /// await using declaration) names, and those the named ones name in turn: they must stay at the list's level.
        /// </summary>
        private static List<LocalFunctionStatementSyntax> HoistedLocalFunctions(IEnumerable<StatementSyntax> before, List<StatementSyntax> rest)
        {
            var functions = rest.OfType<LocalFunctionStatementSyntax>().ToList();
            var hoisted = new List<LocalFunctionStatementSyntax>();
            if (functions.Count == 0) return hoisted;
            var named = new HashSet<string>(before.SelectMany(s => s.DescendantNodesAndSelf()).OfType<IdentifierNameSyntax>().Select(n => n.Identifier.ValueText));
            bool added;
            do
            {
                added = false;
                foreach (var function in functions)
                {
                    if (hoisted.Contains(function) || !named.Contains(function.Identifier.ValueText)) continue;
                    hoisted.Add(function);
                    named.UnionWith(function.DescendantNodes().OfType<IdentifierNameSyntax>().Select(n => n.Identifier.ValueText));
                    added = true;
                }
            }
            while (added);

            return functions.Where(hoisted.Contains).ToList();
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
    }
}
