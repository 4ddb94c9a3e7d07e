using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;

namespace Prewired.CodeFixes
{
    /// <summary>One fix a provider offers for one diagnostic: its title, its equivalence key (what Fix All groups by) and its edits.</summary>
    internal sealed class FixOffer
    {
        public FixOffer(string title, string equivalenceKey, Action<FixSession> apply)
        {
            Title = title;
            EquivalenceKey = equivalenceKey;
            Apply = apply;
        }

        public string Title { get; }

        public string EquivalenceKey { get; }

        public Action<FixSession> Apply { get; }
    }

    /// <summary>
    /// The shape every Prewired code fix shares: the offers for a diagnostic are planned against a <see cref="FixSession"/>,
    /// and Fix All (document, project, solution) replays the offer with the chosen equivalence key for every diagnostic
    /// of a document in one session, so fixes that touch the same type or file merge instead of conflicting.
    /// </summary>
    public abstract class PrewiredCodeFixProvider : CodeFixProvider
    {
        internal abstract IEnumerable<FixOffer> GetOffers(FixSession session, Diagnostic diagnostic);

        public sealed override async Task RegisterCodeFixesAsync(CodeFixContext context)
        {
            var session = await FixSession.CreateAsync(context.Document, context.CancellationToken).ConfigureAwait(false);
            // One entry per ID and span: where the generator reports a usage error, the IDE also holds the analyzer's Hidden
            // copy of it (see UsageErrorReporting), and the user should see each fix once.
            foreach (var same in context.Diagnostics.Where(d => FixableDiagnosticIds.Contains(d.Id)).GroupBy(d => (d.Id, d.Location.SourceSpan)))
            {
                var diagnostic = same.First();
                var diagnostics = same.ToImmutableArray();
                foreach (var offer in GetOffers(session, diagnostic))
                {
                    var key = offer.EquivalenceKey;
                    var document = context.Document;
                    context.RegisterCodeFix(
                        CodeAction.Create(offer.Title, cancellationToken => FixAsync(document, ImmutableArray.Create(diagnostic), key, cancellationToken), key),
                        diagnostics);
                }
            }
        }

        /// <summary>
        /// Fix All with the chosen equivalence key. A host may pass none (FixAllState allows a null key; 'dotnet format'
        /// does when the first diagnostic it registered fixes for has another ID): then each diagnostic gets its first fix.
        /// </summary>
        public sealed override FixAllProvider GetFixAllProvider()
            => FixAllProvider.Create(async (context, document, diagnostics) =>
                await FixAsync(document, diagnostics, context.CodeActionEquivalenceKey, context.CancellationToken).ConfigureAwait(false));

        private async Task<Document> FixAsync(Document document, ImmutableArray<Diagnostic> diagnostics, string? equivalenceKey, CancellationToken cancellationToken)
        {
            var session = await FixSession.CreateAsync(document, cancellationToken).ConfigureAwait(false);
            foreach (var diagnostic in diagnostics.Where(d => FixableDiagnosticIds.Contains(d.Id)).GroupBy(d => (d.Id, d.Location.SourceSpan)).Select(g => g.First()).OrderBy(d => d.Location.SourceSpan.Start))
            {
                cancellationToken.ThrowIfCancellationRequested();
                var offers = GetOffers(session, diagnostic);
                var offer = equivalenceKey is null ? offers.FirstOrDefault() : offers.FirstOrDefault(o => o.EquivalenceKey == equivalenceKey);
                offer?.Apply(session);
            }

            return session.Finish();
        }
    }
}
