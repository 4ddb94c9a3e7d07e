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
using Prewired.Generator.Model;

namespace Prewired.CodeFixes
{
    /// <summary>
    /// PW0102 and PW0202: converts an ordinary async method to the partial shape. The method keeps its name, doc comment,
    /// attributes, modifiers and accessibility as a partial declaration marked <c>[TailAwait(nameof(XCoreAsync))]</c> or
    /// <c>[FastPath(nameof(XCoreAsync))]</c>; its body moves, unchanged, to a new private async method right after it (or after
    /// the private static methods that follow it, see <see cref="BodyAnchor"/>).
    /// Containing types become partial and <c>using Prewired;</c> is added when missing (outside any <c>#if</c> block). A header
    /// split by an <c>#if</c> group is converted in every branch that takes the same mark (<see cref="ConditionalHeader"/>).
    /// </summary>
    [ExportCodeFixProvider(Microsoft.CodeAnalysis.LanguageNames.CSharp, Name = nameof(ConvertToPartialShapeCodeFixProvider)), Shared]
    public sealed class ConvertToPartialShapeCodeFixProvider : PrewiredCodeFixProvider
    {
        /// <summary>
        /// One key for both rules: each diagnostic's fix converts to its own attribute, and Fix All only ever sees the
        /// diagnostics of the ID it was started from. (A host that asks for the key through a diagnostic of the other ID,
        /// as 'dotnet format' does with the first diagnostic of an analyzer reporting both, still gets the right fix.)
        /// </summary>
        public const string Key = "Prewired.ConvertToPartialShape";

        public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(DiagnosticIds.TailAwaitCandidate, DiagnosticIds.FastPathCandidate);

        internal override IEnumerable<FixOffer> GetOffers(FixSession session, Diagnostic diagnostic)
        {
            var token = session.Root.FindToken(diagnostic.Location.SourceSpan.Start);
            if (token.Parent is not MethodDeclarationSyntax method || method.Identifier != token) yield break;
            if (session.Model.GetDeclaredSymbol(method, session.CancellationToken) is not IMethodSymbol symbol) yield break;
            if (method.Body is null && method.ExpressionBody is null) yield break;
            // Directives inside the header in a shape the conversion cannot keep valid for every configuration: no offer.
            if (!ConditionalHeader.CanConvert(method, out _)) yield break;

            var kind = diagnostic.Id == DiagnosticIds.TailAwaitCandidate ? MarkKind.TailAwait : MarkKind.FastPath;
            var preview = MemberNames.CoreName(symbol.Name, session.ReservedNames(symbol.ContainingType));
            var attributeName = KnownTypes.AttributeShortName(kind);
            yield return new FixOffer(
                $"Convert '{symbol.Name}' to [{attributeName}] (body in '{preview}')",
                Key,
                s => Convert(s, method, symbol, kind));
        }

        /// <summary>The conversion, shared with PW0001's "move the body" fix.</summary>
        internal static void Convert(FixSession session, MethodDeclarationSyntax method, IMethodSymbol symbol, MarkKind kind)
        {
            var coreName = session.TakeCoreName(symbol.ContainingType, symbol.Name);
            var attribute = PartialSyntax.ParseAttributeList($"[{session.AttributeName(kind, method.SpanStart)}({PartialSyntax.NameOf(coreName)})]");
            if (ConditionalHeader.CanConvert(method, out var split) && split is not null)
            {
                // An #if group splits the header: it now wraps whole members, and every branch that takes the same mark is
                // converted, so each target of a multi-targeted project writes the same text.
                string Inactive(string text) => InactiveBranch.Convert(text, split.Active, kind, coreName, attribute, session.EndOfLine);
                var body = PartialSyntax.ToBodyMethod(split.Active, coreName, session.EndOfLine);
                var declaration = PartialSyntax.ToPartialDeclaration(split.Active, attribute, session.EndOfLine);
                session.Editor.InsertAfter(method, body.WithTrailingTrivia(body.GetTrailingTrivia().AddRange(split.After(Inactive))));
                session.Editor.ReplaceNode(method, declaration.WithLeadingTrivia(split.Before(Inactive).AddRange(declaration.GetLeadingTrivia())));
            }
            else
            {
                session.Editor.InsertAfter(BodyAnchor(method), PartialSyntax.ToBodyMethod(method, coreName, session.EndOfLine));
                session.Editor.ReplaceNode(method, (current, _) => PartialSyntax.ToPartialDeclaration((MethodDeclarationSyntax)current, attribute, session.EndOfLine));
            }

            session.MakeContainingTypesPartial(method);
        }

        /// <summary>
        /// The member the body method goes after: the declaration itself, or, when the body is an instance method and private
        /// static methods follow the declaration, the last of them. The body is a private method, and a private instance method
        /// before private static ones breaks the static-before-instance order of StyleCop's SA1204 (on by default where StyleCop
        /// is used; Polly builds with it as an error), which a file that follows it puts right there. Members behind an
        /// <c>#if</c> or <c>#region</c> directive are not passed.
        /// </summary>
        private static SyntaxNode BodyAnchor(MethodDeclarationSyntax method)
        {
            if (method.Modifiers.Any(SyntaxKind.StaticKeyword) || method.Parent is not TypeDeclarationSyntax type) return method;
            var members = type.Members;
            var anchor = method;
            for (var i = members.IndexOf(method) + 1; i < members.Count; i++)
            {
                if (members[i] is not MethodDeclarationSyntax next
                    || !next.Modifiers.Any(SyntaxKind.StaticKeyword)
                    || !IsPrivate(next)
                    || next.GetLeadingTrivia().Any(t => t.IsDirective))
                {
                    break;
                }

                anchor = next;
            }

            return anchor;
        }

        /// <summary>Private, written or by default (not <c>private protected</c>).</summary>
        private static bool IsPrivate(MemberDeclarationSyntax member) =>
            !member.Modifiers.Any(m => m.IsKind(SyntaxKind.PublicKeyword) || m.IsKind(SyntaxKind.InternalKeyword) || m.IsKind(SyntaxKind.ProtectedKeyword));
    }
}
