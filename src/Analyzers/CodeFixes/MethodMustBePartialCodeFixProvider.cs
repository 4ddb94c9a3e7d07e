using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.CodeFixes;
using Prewired.CodeFixes.Syntax;
using Prewired.Generator.Marks;

namespace Prewired.CodeFixes
{
    /// <summary>
    /// PW0001: the marked method must be a partial declaration without a body. One fix per case, all under one
    /// equivalence key (each instance has exactly one), and every one also makes the containing types partial (a partial
    /// method needs a partial type):
    /// <list type="bullet">
    /// <item>no body: <b>make it partial</b>;</item>
    /// <item>a body, and the method the attribute names exists: <b>remove the body</b> (the generator implements the
    /// method from the named one; a user-written implementing part is removed);</item>
    /// <item>an <c>async</c> body, and the named method does not exist: <b>move the body</b> to a new private method of
    /// that name (or a fresh <c>...Core</c> name, which the attribute then names), as the PW0102 conversion does.</item>
    /// </list>
    /// A non-async body whose named method does not exist gets no fix here: PW0003's fix creates the body method first.
    /// </summary>
    [ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(MethodMustBePartialCodeFixProvider)), Shared]
    public sealed class MethodMustBePartialCodeFixProvider : PrewiredCodeFixProvider
    {
        public const string Key = "Prewired.MakeMethodPartial";

        public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(DiagnosticIds.MethodMustBePartial);

        internal override IEnumerable<FixOffer> GetOffers(FixSession session, Diagnostic diagnostic)
        {
            var token = session.Root.FindToken(diagnostic.Location.SourceSpan.Start);
            if (token.Parent is not MethodDeclarationSyntax method || method.Identifier != token) return Enumerable.Empty<FixOffer>();
            if (session.Model.GetDeclaredSymbol(method, session.CancellationToken) is not IMethodSymbol symbol) return Enumerable.Empty<FixOffer>();
            if (method.Modifiers.Any(SyntaxKind.AbstractKeyword) || method.Modifiers.Any(SyntaxKind.ExternKeyword)) return Enumerable.Empty<FixOffer>();

            var hasBody = method.Body is not null || method.ExpressionBody is not null;
            if (!hasBody)
            {
                return new[] { new FixOffer($"Make '{symbol.Name}' partial", Key, s => MakePartial(s, method)) };
            }

            // A user-written implementing part of a marked partial definition: the fix removes or moves this part. Only
            // when the attributes sit on the definition (moving them across parts is not worth a fix of its own).
            var isImplementingPart = method.Modifiers.Any(SyntaxKind.PartialKeyword) && symbol.PartialDefinitionPart is not null;
            if (isImplementingPart && method.AttributeLists.Count > 0) return Enumerable.Empty<FixOffer>();
            var definition = symbol.PartialDefinitionPart ?? symbol;
            var mark = MethodMarks.Of(definition).FirstOrDefault();
            if (mark.Attribute is null) return Enumerable.Empty<FixOffer>();

            var bodyName = mark.Attribute.ConstructorArguments.Length == 1 ? mark.Attribute.ConstructorArguments[0].Value as string : null;
            if (bodyName is not null && MethodMarks.HasBodyCandidate(definition, bodyName))
            {
                return new[]
                {
                    new FixOffer($"Remove the body of '{symbol.Name}' (the generator implements it from '{bodyName}')", Key, s => RemoveBody(s, method, isImplementingPart)),
                };
            }

            if (!method.Modifiers.Any(SyntaxKind.AsyncKeyword)) return Enumerable.Empty<FixOffer>();

            // The body goes to the method the attribute names when that name is free; otherwise to a fresh ...Core name,
            // which the attribute is then pointed at (only possible when the attribute is in this document).
            var reserved = session.ReservedNames(symbol.ContainingType);
            var keepsName = bodyName is not null && MemberNames.IsValidIdentifier(bodyName) && !reserved.Contains(bodyName);
            var argument = MethodMarks.ArgumentSyntax(mark.Attribute, session.CancellationToken);
            if (!keepsName && (argument is null || argument.SyntaxTree != method.SyntaxTree)) return Enumerable.Empty<FixOffer>();
            var preview = keepsName ? bodyName! : MemberNames.CoreName(symbol.Name, reserved);
            return new[]
            {
                new FixOffer($"Move the body of '{symbol.Name}' to a new method '{preview}'", Key, s => MoveBody(s, method, symbol, keepsName ? bodyName : null, argument, isImplementingPart)),
            };
        }

        private static void MakePartial(FixSession session, MethodDeclarationSyntax method)
        {
            session.Editor.ReplaceNode(method, (current, _) => PartialSyntax.WithPartialModifier((MethodDeclarationSyntax)current));
            session.MakeContainingTypesPartial(method);
        }

        private static void RemoveBody(FixSession session, MethodDeclarationSyntax method, bool isImplementingPart)
        {
            if (isImplementingPart)
            {
                session.Editor.RemoveNode(method);
                return;
            }

            session.Editor.ReplaceNode(method, (current, _) => PartialSyntax.ToPartialDeclaration((MethodDeclarationSyntax)current, null, session.EndOfLine));
            session.MakeContainingTypesPartial(method);
        }

        private static void MoveBody(FixSession session, MethodDeclarationSyntax method, IMethodSymbol symbol, string? bodyName, AttributeArgumentSyntax? argument, bool isImplementingPart)
        {
            string coreName;
            if (bodyName is not null && session.TryTake(symbol.ContainingType, bodyName))
            {
                coreName = bodyName;
            }
            else
            {
                coreName = session.TakeCoreName(symbol.ContainingType, symbol.Name);
                if (argument is null || argument.SyntaxTree != method.SyntaxTree) return;
                session.Editor.ReplaceNode(argument.Expression, (current, _) => PartialSyntax.NameOf(coreName).WithTriviaFrom(current));
            }

            var body = PartialSyntax.ToBodyMethod(method, coreName, session.EndOfLine);
            if (isImplementingPart)
            {
                // The definition stays as it is; this part becomes the body method, in its place.
                session.Editor.ReplaceNode(method, body.WithLeadingTrivia(method.GetLeadingTrivia()));
                return;
            }

            session.Editor.InsertAfter(method, body);
            session.Editor.ReplaceNode(method, (current, _) => PartialSyntax.ToPartialDeclaration((MethodDeclarationSyntax)current, null, session.EndOfLine));
            session.MakeContainingTypesPartial(method);
        }
    }
}
