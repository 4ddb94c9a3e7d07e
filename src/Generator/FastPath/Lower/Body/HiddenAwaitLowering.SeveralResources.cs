using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.Generator.FastPath
{
    // A using statement or declaration of several resources whose scope awaits, written as the nested usings of one resource
    // each that C# defines it to be (using (T a = A(), b = B()) S is using (T a = A()) using (T b = B()) S; likewise for a
    // declaration), so both paths take each resource as they take a single one.
    internal sealed partial class HiddenAwaitLowering
    {
        /// <summary>Whether <paramref name="node"/> is a plain (not <c>await</c>) using statement of several resources whose statement awaits.</summary>
        private static bool DeclaresSeveralResources(UsingStatementSyntax node)
            => !node.AwaitKeyword.IsKind(SyntaxKind.AwaitKeyword) && node.Declaration is { Variables.Count: > 1 } declaration
               && declaration.Variables.All(v => v.Initializer is not null) && HoldsAwait(node.Statement);

        /// <summary>Whether <paramref name="statement"/> is a plain using declaration of several resources.</summary>
        private static bool IsUsingDeclarationOfSeveral(StatementSyntax statement)
            => statement is LocalDeclarationStatementSyntax { UsingKeyword.RawKind: (int)SyntaxKind.UsingKeyword, AwaitKeyword.RawKind: 0, Declaration.Variables.Count: > 1 } declaration
               && declaration.Declaration.Variables.All(v => v.Initializer is not null);

        /// <summary><c>{ using (T a = A()) using (T b = B()) S }</c>, each resource line mapped to its declarator.</summary>
        private SyntaxNode NestedUsings(UsingStatementSyntax node)
        {
            if (_forcedReason is not null) return NotLowered(node, base.VisitUsingStatement(node)!, _forcedReason);
            var declaration = node.Declaration!;
            var template = new LoweringTemplate(Column(node));
            foreach (var declarator in declaration.Variables) ResourceLine(template, declaration, declarator, "using ({0})");
            template.Statement(node.Statement, Visit(node.Statement)!, 1);
            _loweredAny = true;
            return template.Build(LoweredBody.HiddenAwait(node.UsingKeyword, "using")).WithTriviaFrom(node);
        }

        /// <summary><c>using T a = A(); using T b = B();</c> in the list, each mapped to its declarator.</summary>
        private IEnumerable<(StatementSyntax Node, int Indent)> SingleUsingDeclarations(LocalDeclarationStatementSyntax statement)
        {
            // The template's block is one level out: its statements land at the list's own indentation.
            var template = new LoweringTemplate(Column(statement) - 4);
            foreach (var declarator in statement.Declaration.Variables) ResourceLine(template, statement.Declaration, declarator, "using {0};");
            _loweredAny = true;
            var built = template.Build(LoweredBody.HiddenAwait(statement.UsingKeyword, "using")).Statements;
            var column = Column(statement);
            yield return (built[0].WithLeadingTrivia(statement.GetLeadingTrivia()), column);
            foreach (var next in built.Skip(1)) yield return (next, column);
        }

        private void ResourceLine(LoweringTemplate template, VariableDeclarationSyntax declaration, VariableDeclaratorSyntax declarator, string form)
        {
            var initializer = declarator.Initializer!.Value;
            var resource = $"{declaration.Type.WithoutTrivia()} {declarator.Identifier.Text} = {template.Expression(initializer, Visit(initializer)!, 1)}";
            template.Line(1, string.Format(System.Globalization.CultureInfo.InvariantCulture, form, resource), SourcePositions.SpanOf(declarator.GetFirstToken(), declarator.GetLastToken()));
        }
    }
}
