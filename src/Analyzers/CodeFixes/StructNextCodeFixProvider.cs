using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.CodeFixes;
using Prewired.Analyzers.StructShape;
using Prewired.CodeFixes.StructShape;
using Prewired.Generator.Marks;

namespace Prewired.CodeFixes
{
    /// <summary>
    /// PW0330: rewrites a delegate-shape behavior to the struct shape (<see cref="StructNextRewrite"/>). The analyzer has
    /// checked that next is only invoked; the declaration is found again here with the same rule
    /// (<see cref="DelegateBehavior"/>), so a document edited since the diagnostic gets no fix rather than a wrong one.
    /// </summary>
    [ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(StructNextCodeFixProvider)), Shared]
    public sealed class StructNextCodeFixProvider : PrewiredCodeFixProvider
    {
        public const string Key = "Prewired.ToStructNext";

        public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(DiagnosticIds.PreferStructNext);

        internal override IEnumerable<FixOffer> GetOffers(FixSession session, Diagnostic diagnostic)
        {
            var token = session.Root.FindToken(diagnostic.Location.SourceSpan.Start);
            if (token.Parent is not TypeDeclarationSyntax declaration || declaration.Identifier != token) yield break;
            if (session.Model.GetDeclaredSymbol(declaration, session.CancellationToken) is not INamedTypeSymbol type) yield break;
            var behavior = DelegateBehavior.Find(type, session.CancellationToken);
            if (behavior is null || behavior.Declaration.SyntaxTree != session.Root.SyntaxTree || behavior.TypeDeclaration != declaration) yield break;
            if (!session.Claim(behavior.Declaration)) yield break;

            var title = $"Rewrite '{type.Name}' to {behavior.InlineInterfaceName} (struct next)";
            yield return new FixOffer(title, Key, s =>
            {
                s.Editor.ReplaceNode(behavior.BaseType, (current, _) => StructNextRewrite.Interface((BaseTypeSyntax)current, behavior));
                s.Editor.ReplaceNode(behavior.Declaration, StructNextRewrite.Method(behavior.Declaration, behavior, s.Model));
            });
        }
    }
}
