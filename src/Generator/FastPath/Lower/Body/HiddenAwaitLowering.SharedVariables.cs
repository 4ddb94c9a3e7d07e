using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Marks;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// The variables of <see cref="SharedVariables"/>, written the compiler's way: a shared local's declaration becomes its
    /// shared object (<c>var x__shared = new StrongBox&lt;T&gt;(init);</c>), a shared parameter gets one first thing, and
    /// every use, in the body and in its lambdas and local functions, reads and writes the object's field.
    /// </summary>
    internal sealed partial class HiddenAwaitLowering
    {
        /// <summary>A use of a shared variable: the field of its shared object.</summary>
        public override SyntaxNode? VisitIdentifierName(IdentifierNameSyntax node)
        {
            if (_shared.Count == 0 || _model.GetSymbolInfo(node).Symbol is not { } symbol || !_shared.Contains(symbol)) return base.VisitIdentifierName(node);
            _loweredAny = true;
            return SyntaxFactory.ParseExpression(SharedVariables.BoxName(symbol) + ".Value").WithTriviaFrom(node);
        }

        /// <summary>The declaration of a shared local: its shared object, holding the initial value.</summary>
        public override SyntaxNode? VisitLocalDeclarationStatement(LocalDeclarationStatementSyntax node)
        {
            if (_shared.Count == 0 || node.Declaration.Variables.Count != 1 || _model.GetDeclaredSymbol(node.Declaration.Variables[0]) is not ILocalSymbol local
                || !_shared.Contains(local))
            {
                return base.VisitLocalDeclarationStatement(node);
            }

            var declarator = node.Declaration.Variables[0];
            var type = node.Declaration.Type.IsVar ? VarType(local, declarator) : node.Declaration.Type.WithoutTrivia().ToString();
            var initializer = declarator.Initializer is { } init ? (ExpressionSyntax)Visit(init.Value)! : null;
            return Share(local, type, initializer).WithTriviaFrom(node);
        }

        /// <summary>A <c>var</c> local's type with its initializer's nullability (a <c>var</c> is always annotated), as the continuation's parameters take it.</summary>
        private string VarType(ILocalSymbol local, VariableDeclaratorSyntax declarator)
        {
            var type = local.Type;
            if (declarator.Initializer is { } init && _model.GetTypeInfo(init.Value).Type is { } initializerType && SymbolEqualityComparer.Default.Equals(initializerType, type))
            {
                type = type.WithNullableAnnotation(initializerType.NullableAnnotation);
            }

            return type.ToDisplayString(SourceNames.TypeFormat);
        }

        private StatementSyntax Share(ISymbol variable, string type, ExpressionSyntax? initializer)
        {
            _loweredAny = true;
            var statement = SyntaxFactory.ParseStatement($"var {SharedVariables.BoxName(variable)} = new {SharedVariables.BoxType}<{type}>({(initializer is null ? string.Empty : "__pw_initial")});");
            if (initializer is null) return statement;
            var slot = statement.DescendantNodes().OfType<IdentifierNameSyntax>().First(i => i.Identifier.ValueText == "__pw_initial");
            return statement.ReplaceNode(slot, initializer.WithoutTrivia());
        }

        /// <summary>The method with a shared object for each shared parameter, made from it first thing.</summary>
        private MethodDeclarationSyntax ShareParameters(MethodDeclarationSyntax original, MethodDeclarationSyntax rewritten)
        {
            var parameters = original.ParameterList.Parameters.Select(p => _model.GetDeclaredSymbol(p)).OfType<IParameterSymbol>().Where(_shared.Contains).ToList();
            if (parameters.Count == 0 || rewritten.Body is not { } body) return rewritten;
            var first = body.Statements.FirstOrDefault();
            var indentation = first?.GetLeadingTrivia().LastOrDefault(t => t.IsKind(SyntaxKind.WhitespaceTrivia)) ?? SyntaxFactory.Whitespace("        ");
            var added = parameters.Select(p => Share(p, p.Type.ToDisplayString(SourceNames.TypeFormat), SyntaxFactory.IdentifierName(SourceNames.Escaped(p.Name)))
                .WithLeadingTrivia(indentation).WithTrailingTrivia(SyntaxFactory.LineFeed));
            return rewritten.WithBody(body.WithStatements(SyntaxFactory.List(added.Concat(body.Statements))));
        }
    }
}
