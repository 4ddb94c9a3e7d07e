using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Analyzers.StructShape;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace Prewired.CodeFixes.StructShape
{
    /// <summary>
    /// The PW0330 rewrite of one behavior from the delegate shape to the struct shape. Only the tokens that change are
    /// replaced, each keeping its trivia, so the body, its comments and its layout stay as written:
    /// <list type="bullet">
    /// <item>the base-list entry <c>IBehavior&lt;A, B&gt;</c> becomes <c>IInlineBehavior&lt;A, B&gt;</c> (the cancellable and
    /// typed forms alike), qualified as it was written;</item>
    /// <item><c>Invoke</c> becomes <c>Invoke&lt;TNext&gt;</c>, the <c>next</c> parameter's delegate type <c>TNext</c>, and an
    /// implicit implementation gets <c>where TNext : struct, INext&lt;B&gt;</c> after its parameter list (an explicit one
    /// inherits the interface's constraints and may not restate them);</item>
    /// <item>each <c>next(...)</c> becomes <c>next.Invoke(...)</c>; <c>next.Invoke(...)</c> is already the struct's call.</item>
    /// </list>
    /// The analyzer reports only a <c>next</c> that is only invoked (<see cref="NextEscapes"/>), so these are all its uses.
    /// </summary>
    internal static class StructNextRewrite
    {
        public static BaseTypeSyntax Interface(BaseTypeSyntax entry, DelegateBehavior behavior)
            => entry.ReplaceToken(RightmostIdentifier(entry.Type), Renamed(RightmostIdentifier(entry.Type), behavior.InlineInterfaceName));

        public static MethodDeclarationSyntax Method(MethodDeclarationSyntax method, DelegateBehavior behavior, SemanticModel model)
        {
            var next = method.ParameterList.Parameters[1];
            var calls = method.DescendantNodes().OfType<InvocationExpressionSyntax>()
                .Where(c => c.Expression is IdentifierNameSyntax name && SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(name).Symbol, behavior.Next))
                .Select(c => c.Expression)
                .ToList();
            var typeParameter = FreeTypeParameterName(method, behavior.Type);

            var rewritten = method.ReplaceNodes(
                calls.Concat(new[] { next.Type! }),
                (original, _) => original == next.Type
                    ? IdentifierName(typeParameter).WithTriviaFrom(original)
                    : MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, ((ExpressionSyntax)original).WithoutTrivia(), IdentifierName("Invoke")).WithTriviaFrom(original));
            rewritten = rewritten.WithTypeParameterList(TypeParameterList(SingletonSeparatedList(TypeParameter(typeParameter))));

            if (rewritten.ExplicitInterfaceSpecifier is { } specifier)
            {
                var name = RightmostIdentifier(specifier.Name);
                return rewritten.WithExplicitInterfaceSpecifier(specifier.ReplaceToken(name, Renamed(name, behavior.InlineInterfaceName)));
            }

            // The clause goes where the parameter list ended; what followed it (the line break before '{', the space before
            // '=>') now follows the clause.
            var closeParen = rewritten.ParameterList.CloseParenToken;
            var clause = TypeParameterConstraintClause(IdentifierName(typeParameter))
                .WithConstraints(SeparatedList(new TypeParameterConstraintSyntax[] { ClassOrStructConstraint(SyntaxKind.StructConstraint), TypeConstraint(NextInterface(behavior)) }))
                .NormalizeWhitespace()
                .WithLeadingTrivia(Space)
                .WithTrailingTrivia(closeParen.TrailingTrivia);
            return rewritten
                .WithParameterList(rewritten.ParameterList.WithCloseParenToken(closeParen.WithTrailingTrivia()))
                .WithConstraintClauses(SingletonList(clause));
        }

        /// <summary>
        /// <c>INext&lt;B&gt;</c> (or <c>ICancellableNext</c>, with the response when there is one), written as the base-list entry
        /// is: the same qualification, and its own type arguments after the first (the context the behavior receives).
        /// </summary>
        private static TypeSyntax NextInterface(DelegateBehavior behavior)
        {
            var entry = behavior.BaseType.Type;
            var generic = (GenericNameSyntax)DelegateBehavior.RightmostName(entry)!;
            var nextName = GenericName(Identifier(behavior.NextInterfaceName))
                .WithTypeArgumentList(TypeArgumentList(SeparatedList(generic.TypeArgumentList.Arguments.Skip(1).Select(a => a.WithoutTrivia()))));
            return entry switch
            {
                QualifiedNameSyntax qualified => qualified.WithRight(nextName).WithoutTrivia(),
                AliasQualifiedNameSyntax alias => alias.WithName(nextName).WithoutTrivia(),
                _ => nextName,
            };
        }

        /// <summary><c>TNext</c>, or <c>TNext1</c>, ... when the name is taken by a type parameter of the class or an identifier of the method.</summary>
        private static string FreeTypeParameterName(MethodDeclarationSyntax method, INamedTypeSymbol type)
        {
            var taken = new HashSet<string>(method.DescendantTokens().Where(t => t.IsKind(SyntaxKind.IdentifierToken)).Select(t => t.ValueText));
            for (var current = type; current is not null; current = current.ContainingType)
            {
                taken.UnionWith(current.TypeParameters.Select(p => p.Name));
            }

            var name = "TNext";
            for (var i = 1; taken.Contains(name); i++) name = "TNext" + i;
            return name;
        }

        private static SyntaxToken RightmostIdentifier(TypeSyntax type) => DelegateBehavior.RightmostName(type)!.Identifier;

        private static SyntaxToken Renamed(SyntaxToken identifier, string name) => Identifier(identifier.LeadingTrivia, name, identifier.TrailingTrivia);
    }
}
