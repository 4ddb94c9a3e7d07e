using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.CodeFixes.Syntax
{
    /// <summary>
    /// Rewrites declarations into the partial shape the generator needs, keeping the user's trivia (doc comments,
    /// attributes, blank lines, indentation) where it was.
    /// </summary>
    internal static class PartialSyntax
    {
        /// <summary>The type with 'partial' right before its keyword ('public sealed partial class'); unchanged when it has it.</summary>
        public static TypeDeclarationSyntax WithPartial(TypeDeclarationSyntax type)
        {
            if (type.Modifiers.Any(SyntaxKind.PartialKeyword)) return type;
            if (type.Modifiers.Count == 0)
            {
                // 'class C' -> 'partial class C': the keyword's leading trivia (doc comment, indentation) moves to 'partial'.
                var keyword = type.Keyword;
                var partial = SyntaxFactory.Token(keyword.LeadingTrivia, SyntaxKind.PartialKeyword, SyntaxFactory.TriviaList(SyntaxFactory.Space));
                return type.WithKeyword(keyword.WithLeadingTrivia()).WithModifiers(SyntaxFactory.TokenList(partial));
            }

            return type.WithModifiers(type.Modifiers.Add(SyntaxFactory.Token(SyntaxFactory.TriviaList(), SyntaxKind.PartialKeyword, SyntaxFactory.TriviaList(SyntaxFactory.Space))));
        }

        /// <summary>The declaration and every type it is nested in that is not partial, innermost first.</summary>
        public static IEnumerable<TypeDeclarationSyntax> NonPartialContainingTypes(SyntaxNode node)
            => node.AncestorsAndSelf().OfType<TypeDeclarationSyntax>().Where(t => !t.Modifiers.Any(SyntaxKind.PartialKeyword));

        /// <summary>
        /// The marked partial declaration of <paramref name="method"/>: no body, no 'async', 'partial' last before the
        /// return type, an accessibility (a partial method with a return value needs one; 'private' is what it had), and
        /// <paramref name="addedAttribute"/> after the existing attributes. Doc comments and attributes stay.
        /// </summary>
        public static MethodDeclarationSyntax ToPartialDeclaration(MethodDeclarationSyntax method, AttributeListSyntax? addedAttribute, SyntaxTrivia endOfLine)
        {
            if (method.AttributeLists.Any(IsBodyOnly))
            {
                // [AsyncMethodBuilder] configures the state machine, which only the body method has: it stays there.
                var leading = method.GetLeadingTrivia();
                method = method.WithAttributeLists(SyntaxFactory.List(method.AttributeLists.Where(l => !IsBodyOnly(l)))).WithLeadingTrivia(leading);
            }

            var firstHeaderToken = method.Modifiers.Count > 0 ? method.Modifiers[0] : method.ReturnType.GetFirstToken();
            var headerLeading = firstHeaderToken.LeadingTrivia;
            var attributeLists = method.AttributeLists;
            if (addedAttribute is not null)
            {
                if (attributeLists.Count == 0)
                {
                    // The new attribute takes the method's leading trivia (doc comment, indentation) and its own line.
                    addedAttribute = addedAttribute.WithLeadingTrivia(headerLeading).WithTrailingTrivia(endOfLine);
                    headerLeading = Layout.TrailingWhitespace(headerLeading);
                }
                else
                {
                    // After the last attribute list, laid out as the method's header was after it (own line or same line).
                    var last = attributeLists[attributeLists.Count - 1];
                    addedAttribute = addedAttribute.WithLeadingTrivia(headerLeading).WithTrailingTrivia(last.GetTrailingTrivia());
                    // Said once: an '#endif' closing an attribute's #if block sits in this trivia and now leads the new attribute.
                    headerLeading = Layout.TrailingWhitespace(headerLeading);
                }

                attributeLists = attributeLists.Add(addedAttribute);
            }

            var modifiers = new List<SyntaxToken>();
            if (!method.Modifiers.Any(IsAccessibility)) modifiers.Add(SyntaxFactory.Token(SyntaxKind.PrivateKeyword));
            modifiers.AddRange(method.Modifiers.Where(m => !m.IsKind(SyntaxKind.AsyncKeyword) && !m.IsKind(SyntaxKind.PartialKeyword)).Select(m => m.WithoutTrivia()));
            modifiers.Add(SyntaxFactory.Token(SyntaxKind.PartialKeyword));
            var modifierList = SpacedModifiers(modifiers, headerLeading);

            var returnType = method.Modifiers.Count > 0 ? method.ReturnType : method.ReturnType.WithLeadingTrivia();

            // A generic method's partial declaration repeats its constraints (the body keeps them too); the semicolon
            // follows the last clause, or the parameter list.
            var constraints = method.ConstraintClauses;
            var parameters = constraints.Count > 0 ? method.ParameterList : method.ParameterList.WithCloseParenToken(method.ParameterList.CloseParenToken.WithTrailingTrivia());
            if (constraints.Count > 0) constraints = constraints.Replace(constraints.Last(), constraints.Last().WithTrailingTrivia());
            var semicolon = SyntaxFactory.Token(SyntaxFactory.TriviaList(), SyntaxKind.SemicolonToken, method.GetTrailingTrivia());
            return method
                .WithAttributeLists(attributeLists)
                .WithModifiers(modifierList)
                .WithReturnType(returnType)
                .WithParameterList(parameters)
                .WithConstraintClauses(constraints)
                .WithBody(null)
                .WithExpressionBody(null)
                .WithSemicolonToken(semicolon);
        }

        /// <summary>
        /// The body of <paramref name="method"/> as a private async method named <paramref name="name"/>, on its own lines
        /// after a blank line: same static-ness, return type, parameters and body; no doc comment and no attributes (those
        /// describe the public method and stay on its declaration) but [AsyncMethodBuilder], which moves, and the method's
        /// [SuppressMessage]/[UnconditionalSuppressMessage] attributes, which are copied: a suppression on the method covers its
        /// body, and the body carries the same code (and a name that breaks the same naming rule: VSTHRD200's missing
        /// "Async" suffix on refit's <c>ApiException.Create</c>, whose body <c>CreateCore</c> warned without the copy).
        /// </summary>
        public static MethodDeclarationSyntax ToBodyMethod(MethodDeclarationSyntax method, string name, SyntaxTrivia endOfLine)
        {
            var indentation = Layout.Indentation(method);
            var modifiers = new List<SyntaxToken> { SyntaxFactory.Token(SyntaxKind.PrivateKeyword) };
            if (method.Modifiers.Any(SyntaxKind.StaticKeyword)) modifiers.Add(SyntaxFactory.Token(SyntaxKind.StaticKeyword));
            modifiers.Add(SyntaxFactory.Token(SyntaxKind.AsyncKeyword));

            // [AsyncMethodBuilder] and copies of the suppressions go with the body, each list on its own line.
            var bodyOnly = method.AttributeLists.Where(IsBodyOnly).Concat(SuppressionCopies(method))
                .Select((l, i) => l.WithLeadingTrivia(i == 0 ? SyntaxFactory.TriviaList(endOfLine, indentation) : SyntaxFactory.TriviaList(indentation)).WithTrailingTrivia(endOfLine))
                .ToList();
            var headerLeading = bodyOnly.Count == 0 ? SyntaxFactory.TriviaList(endOfLine, indentation) : SyntaxFactory.TriviaList(indentation);
            return method
                .WithAttributeLists(SyntaxFactory.List(bodyOnly))
                .WithModifiers(SpacedModifiers(modifiers, headerLeading))
                .WithReturnType(method.ReturnType.WithLeadingTrivia())
                .WithExplicitInterfaceSpecifier(null)
                .WithIdentifier(SyntaxFactory.Identifier(method.Identifier.LeadingTrivia, name, method.Identifier.TrailingTrivia));
        }

        /// <summary>The method with 'partial' (and an accessibility if it had none), its body untouched.</summary>
        public static MethodDeclarationSyntax WithPartialModifier(MethodDeclarationSyntax method)
        {
            if (method.Modifiers.Any(SyntaxKind.PartialKeyword) && method.Modifiers.Any(IsAccessibility)) return method;
            var leading = method.Modifiers.Count > 0 ? method.Modifiers[0].LeadingTrivia : method.ReturnType.GetLeadingTrivia();
            var modifiers = new List<SyntaxToken>();
            if (!method.Modifiers.Any(IsAccessibility)) modifiers.Add(SyntaxFactory.Token(SyntaxKind.PrivateKeyword));
            modifiers.AddRange(method.Modifiers.Where(m => !m.IsKind(SyntaxKind.PartialKeyword)).Select(m => m.WithoutTrivia()));
            modifiers.Add(SyntaxFactory.Token(SyntaxKind.PartialKeyword));
            return method.WithModifiers(SpacedModifiers(modifiers, leading)).WithReturnType(method.ReturnType.WithLeadingTrivia());
        }

        /// <summary>An attribute list parsed from text, so it carries no elastic trivia for a formatter to act on.</summary>
        public static AttributeListSyntax ParseAttributeList(string text)
            => ((MethodDeclarationSyntax)SyntaxFactory.ParseMemberDeclaration(text + " void M();")!).AttributeLists[0].WithoutTrivia();

        public static ExpressionSyntax NameOf(string name) => SyntaxFactory.ParseExpression("nameof(" + name + ")");

        /// <summary>
        /// The method's suppression attributes, one list each, written as they were (their text, so a qualified or aliased
        /// name stays valid where it was). None when a directive sits anywhere in the header, the attributes' included: an
        /// attribute that one target's build sees and another's does not would be copied by one and not the other ('dotnet
        /// format' merges the fixes of every target of a multi-targeted project), and a header split by an #if group is
        /// converted in its inactive branches as text, without copies.
        /// </summary>
        private static IEnumerable<AttributeListSyntax> SuppressionCopies(MethodDeclarationSyntax method)
        {
            var bodyStart = ((SyntaxNode?)method.Body ?? method.ExpressionBody)?.SpanStart ?? method.Span.End;
            if (method.DescendantTrivia().Any(t => t.SpanStart < bodyStart && (t.IsDirective || t.IsKind(SyntaxKind.DisabledTextTrivia)))) yield break;
            foreach (var list in method.AttributeLists)
            {
                if (list.Target is not null && !list.Target.Identifier.IsKind(SyntaxKind.MethodKeyword)) continue;
                foreach (var attribute in list.Attributes)
                {
                    if (LastName(attribute.Name) is not ("SuppressMessage" or "SuppressMessageAttribute" or "UnconditionalSuppressMessage" or "UnconditionalSuppressMessageAttribute")) continue;
                    yield return SyntaxFactory.AttributeList(SyntaxFactory.SingletonSeparatedList(attribute.WithoutTrivia()));
                }
            }
        }

        /// <summary>An attribute list that only holds [AsyncMethodBuilder(...)], which belongs to the async body.</summary>
        private static bool IsBodyOnly(AttributeListSyntax list)
            => list.Target is null && list.Attributes.All(a => LastName(a.Name) is "AsyncMethodBuilder" or "AsyncMethodBuilderAttribute");

        private static string LastName(NameSyntax name) => name switch
        {
            QualifiedNameSyntax qualified => qualified.Right.Identifier.ValueText,
            AliasQualifiedNameSyntax alias => alias.Name.Identifier.ValueText,
            SimpleNameSyntax simple => simple.Identifier.ValueText,
            _ => string.Empty,
        };

        private static bool IsAccessibility(SyntaxToken token)
            => token.IsKind(SyntaxKind.PublicKeyword) || token.IsKind(SyntaxKind.PrivateKeyword) || token.IsKind(SyntaxKind.ProtectedKeyword) || token.IsKind(SyntaxKind.InternalKeyword);

        private static SyntaxTokenList SpacedModifiers(List<SyntaxToken> modifiers, SyntaxTriviaList leading)
        {
            var spaced = modifiers.Select((m, i) => m.WithLeadingTrivia(i == 0 ? leading : SyntaxFactory.TriviaList()).WithTrailingTrivia(SyntaxFactory.Space));
            return SyntaxFactory.TokenList(spaced);
        }
    }
}
