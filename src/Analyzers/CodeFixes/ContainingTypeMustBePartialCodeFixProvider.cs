using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.CodeFixes;
using Prewired.CodeFixes.Syntax;
using Prewired.Generator.Marks;

namespace Prewired.CodeFixes
{
    /// <summary>
    /// PW0002: makes the type that declares the marked method (or, for [Pipeline], the pipeline class the diagnostic sits
    /// on) partial, and every type it is nested in. Fix All makes each type partial once however many methods it has.
    /// </summary>
    [ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(ContainingTypeMustBePartialCodeFixProvider)), Shared]
    public sealed class ContainingTypeMustBePartialCodeFixProvider : PrewiredCodeFixProvider
    {
        public const string Key = "Prewired.MakeContainingTypesPartial";

        public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(DiagnosticIds.ContainingTypeMustBePartial);

        internal override IEnumerable<FixOffer> GetOffers(FixSession session, Diagnostic diagnostic)
        {
            var token = session.Root.FindToken(diagnostic.Location.SourceSpan.Start);
            SyntaxNode? anchor = token.Parent switch
            {
                MethodDeclarationSyntax method when method.Identifier == token => method,
                TypeDeclarationSyntax type when type.Identifier == token => type,
                _ => null,
            };
            if (anchor is null) yield break;

            var types = PartialSyntax.NonPartialContainingTypes(anchor).Reverse().Select(t => "'" + t.Identifier.ValueText + "'").ToList();
            if (types.Count == 0) yield break;
            yield return new FixOffer($"Make {string.Join(", ", types)} partial", Key, s => s.MakeContainingTypesPartial(anchor));
        }
    }
}
