using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.CodeFixes.Tests.Harness
{
    /// <summary>
    /// The stand-in code-fix test, kept for what Microsoft.CodeAnalysis.Testing's <c>CSharpCodeFixTest</c> (used through
    /// <see cref="PrewiredCodeFixTest{TAnalyzer, TCodeFix}"/>) cannot ask: Fix All for another diagnostic ID or with no
    /// equivalence key, as 'dotnet format' runs it, and the fixed text itself (<see cref="FixAsync"/>) for tests that run it
    /// (tests/Prewired.Tests/Harness/README.md lists them). One test:
    /// <list type="number">
    /// <item>the sources (markup: <c>[|...|]</c> is the provider's first fixable diagnostic, <c>{|ID:...|}</c> any
    /// diagnostic, <c>{|ID:{|}</c> one on an opening brace (<see cref="BraceMarkup"/>), <c>{|#n:...|}</c> unused here) are compiled in a workspace with the Prewired generator, and the analyzers'
    /// diagnostics of the fixable IDs (and of any other ID the markup names) must be exactly the marked ones;</item>
    /// <item>the fix (the action with <see cref="EquivalenceKey"/>, or the only one) is applied to one diagnostic, or
    /// Fix All over <see cref="FixAllScope"/>, through <see cref="CodeAction.GetOperationsAsync(CancellationToken)"/>,
    /// so the clean-up a host runs (simplification, formatting of annotated nodes) is applied as in an IDE;</item>
    /// <item>every document must then equal <see cref="FixedSources"/> exactly (markup removed), and the fixed project,
    /// generator included, must have no compiler warning or error anywhere and exactly the analyzer diagnostics the
    /// fixed markup names: a fix may not trade one diagnostic for another.</item>
    /// </list>
    /// </summary>
    public sealed class CodeFixTest<TCodeFix>
        where TCodeFix : CodeFixProvider, new()
    {
        public List<string> Sources { get; } = new();

        public List<string> FixedSources { get; } = new();

        public string TestCode
        {
            set => Set(Sources, value);
        }

        public string FixedCode
        {
            set => Set(FixedSources, value);
        }

        /// <summary>The action to apply; null when the provider offers exactly one for the diagnostic.</summary>
        public string? EquivalenceKey { get; set; }

        /// <summary>Fix All in this scope over every diagnostic of the fixed ID; null fixes only the <see cref="DiagnosticIndex"/>-th.</summary>
        public FixAllScope? FixAllScope { get; set; }

        /// <summary>
        /// The diagnostic ID Fix All runs for; by default the chosen diagnostic's. Another ID reproduces what 'dotnet format'
        /// does: it asks for the equivalence key through the first diagnostic an analyzer reported, whatever its ID.
        /// </summary>
        public string? FixAllDiagnosticId { get; set; }

        /// <summary>Fix All with no equivalence key (FixAllState allows it; 'dotnet format' passes none when no action was registered).</summary>
        public bool FixAllWithoutEquivalenceKey { get; set; }

        /// <summary>Which fixable diagnostic (in document and source order) a single fix is applied to.</summary>
        public int DiagnosticIndex { get; set; }

        public async Task RunAsync(CancellationToken cancellationToken = default)
        {
            var provider = new TCodeFix();
            ImmutableArray<ParsedMarkup> markup = Sources.Select(BraceMarkup.Parse).ToImmutableArray();
            using var project = TestProject.Create(markup.Select(m => m.Text));

            // 1. The diagnostics the fix starts from, at the marked spans.
            ProjectDiagnostics before = await TestProject.DiagnosticsAsync(project.Project, cancellationToken);
            var expectedBefore = Expected(markup, provider.FixableDiagnosticIds[0]);
            var comparedIds = provider.FixableDiagnosticIds.Concat(expectedBefore.Select(e => e.Id)).ToHashSet(StringComparer.Ordinal);
            AssertDiagnostics("before the fix", expectedBefore, before.All.Where(d => comparedIds.Contains(d.Id)), markup);
            var fixable = before.Analyzer.Where(d => provider.FixableDiagnosticIds.Contains(d.Id) && d.Location.IsInSource)
                .OrderBy(d => project.Documents.IndexOf(project.Solution.GetDocumentId(d.Location.SourceTree)!))
                .ThenBy(d => d.Location.SourceSpan.Start)
                .ToList();
            Assert.True(fixable.Count > DiagnosticIndex, $"Expected a fixable diagnostic #{DiagnosticIndex}; found {fixable.Count}.");
            Diagnostic diagnostic = fixable[DiagnosticIndex];
            Document document = project.Solution.GetDocument(diagnostic.Location.SourceTree)!;

            // 2. The fix.
            CodeAction? action = await ChooseActionAsync(provider, document, diagnostic, cancellationToken);
            Assert.NotNull(action);

            if (FixAllScope is { } scope)
            {
                FixAllProvider fixAll = provider.GetFixAllProvider() ?? throw new InvalidOperationException("The provider has no Fix All.");
                Assert.Contains(scope, fixAll.GetSupportedFixAllScopes());
                var context = new FixAllContext(document, provider, scope, FixAllWithoutEquivalenceKey ? null! : action.EquivalenceKey, new[] { FixAllDiagnosticId ?? diagnostic.Id },
                    new FixedDiagnostics(before.Analyzer), cancellationToken);
                action = await fixAll.GetFixAsync(context) ?? throw new InvalidOperationException("Fix All produced no action.");
            }

            Solution fixedSolution = await ApplyAsync(action, cancellationToken);

            // 3. The fixed text, exactly, and a clean build of it.
            ImmutableArray<ParsedMarkup> fixedMarkup = FixedSources.Select(BraceMarkup.Parse).ToImmutableArray();
            Assert.Equal(markup.Length, fixedMarkup.Length);
            for (int i = 0; i < project.Documents.Length; i++)
            {
                string actual = (await fixedSolution.GetDocument(project.Documents[i])!.GetTextAsync(cancellationToken)).ToString();
                if (actual != fixedMarkup[i].Text)
                {
                    Assert.Fail($"{TestProject.SourcePath(i)} after the fix differs from the expected text.{Environment.NewLine}"
                        + $"---- expected ----{Environment.NewLine}{fixedMarkup[i].Text}{Environment.NewLine}---- actual ----{Environment.NewLine}{actual}");
                }
            }

            ProjectDiagnostics after = await TestProject.DiagnosticsAsync(fixedSolution.GetProject(project.ProjectId)!, cancellationToken);
            AssertDiagnostics("after the fix", Expected(fixedMarkup, provider.FixableDiagnosticIds[0]), after.All, fixedMarkup);
            if (fixedMarkup.Any(m => m.Text.Contains("[TailAwait(", StringComparison.Ordinal) || m.Text.Contains("[FastPath(", StringComparison.Ordinal)))
            {
                Assert.True(after.GeneratedFiles > 0, "The fixed project has marked methods but the generator produced nothing.");
            }
        }

        /// <summary>Applies the fix to the given source (no markup) and returns the fixed text: for tests that then run both versions.</summary>
        public static async Task<string> FixAsync(string source, string? equivalenceKey = null, CancellationToken cancellationToken = default)
        {
            var provider = new TCodeFix();
            using var project = TestProject.Create(new[] { source });
            ProjectDiagnostics before = await TestProject.DiagnosticsAsync(project.Project, cancellationToken);
            Diagnostic diagnostic = before.Analyzer.Where(d => provider.FixableDiagnosticIds.Contains(d.Id)).OrderBy(d => d.Location.SourceSpan.Start).First();
            Document document = project.Solution.GetDocument(diagnostic.Location.SourceTree)!;
            var test = new CodeFixTest<TCodeFix> { EquivalenceKey = equivalenceKey };
            CodeAction action = await test.ChooseActionAsync(provider, document, diagnostic, cancellationToken) ?? throw new InvalidOperationException("No fix offered.");
            Solution fixedSolution = await ApplyAsync(action, cancellationToken);
            return (await fixedSolution.GetDocument(document.Id)!.GetTextAsync(cancellationToken)).ToString();
        }

        private async Task<CodeAction?> ChooseActionAsync(CodeFixProvider provider, Document document, Diagnostic diagnostic, CancellationToken cancellationToken)
        {
            var actions = new List<CodeAction>();
            var context = new CodeFixContext(document, diagnostic, (a, _) => actions.Add(a), cancellationToken);
            await provider.RegisterCodeFixesAsync(context);
            if (EquivalenceKey is not null)
            {
                return actions.SingleOrDefault(a => a.EquivalenceKey == EquivalenceKey)
                    ?? throw new InvalidOperationException($"No action with key '{EquivalenceKey}'; offered: {string.Join(", ", actions.Select(a => $"'{a.Title}' ({a.EquivalenceKey})"))}.");
            }

            if (actions.Count > 1)
            {
                throw new InvalidOperationException($"Several actions offered, set EquivalenceKey: {string.Join(", ", actions.Select(a => $"'{a.Title}' ({a.EquivalenceKey})"))}.");
            }

            return actions.SingleOrDefault();
        }

        private static async Task<Solution> ApplyAsync(CodeAction action, CancellationToken cancellationToken)
        {
            ImmutableArray<CodeActionOperation> operations = await action.GetOperationsAsync(cancellationToken);
            return operations.OfType<ApplyChangesOperation>().Single().ChangedSolution;
        }

        private static List<(string Id, int File, TextSpan Span)> Expected(ImmutableArray<ParsedMarkup> markup, string defaultId)
        {
            var expected = new List<(string, int, TextSpan)>();
            for (int file = 0; file < markup.Length; file++)
            {
                expected.AddRange(markup[file].DefaultSpans.Select(s => (defaultId, file, s)));
                expected.AddRange(markup[file].DiagnosticSpans.Select(d => (d.Id, file, d.Span)));
            }

            return expected;
        }

        private static void AssertDiagnostics(string when, List<(string Id, int File, TextSpan Span)> expected, IEnumerable<Diagnostic> actual, ImmutableArray<ParsedMarkup> markup)
        {
            var actualList = actual.Select(d => (d.Id, File: FileIndex(d), Span: d.Location.SourceSpan, Diagnostic: d)).ToList();
            var missing = expected.Where(e => !actualList.Any(a => a.Id == e.Id && a.File == e.File && a.Span == e.Span)).ToList();
            var unexpected = actualList.Where(a => !expected.Any(e => a.Id == e.Id && a.File == e.File && a.Span == e.Span)).ToList();
            if (missing.Count == 0 && unexpected.Count == 0)
            {
                return;
            }

            var message = new StringBuilder($"Diagnostics {when} differ.");
            foreach (var m in missing)
            {
                message.AppendLine().Append($"  missing:    {m.Id} at {TestProject.SourcePath(m.File)} '{markup[m.File].Text.Substring(m.Span.Start, m.Span.Length)}' {m.Span}");
            }

            foreach (var u in unexpected)
            {
                message.AppendLine().Append($"  unexpected: {u.Diagnostic}");
            }

            for (int file = 0; file < markup.Length; file++)
            {
                message.AppendLine().AppendLine($"// ---- {TestProject.SourcePath(file)} ----").Append(markup[file].Text);
            }

            Assert.Fail(message.ToString());
        }

        private static int FileIndex(Diagnostic diagnostic)
        {
            string? path = diagnostic.Location.SourceTree?.FilePath;
            for (int i = 0; i < 100; i++)
            {
                if (path == TestProject.SourcePath(i)) return i;
            }

            return -1;
        }

        private static void Set(List<string> list, string value)
        {
            if (list.Count == 0) list.Add(value);
            else list[0] = value;
        }

        /// <summary>What Fix All asks for: the diagnostics the test computed, per document.</summary>
        private sealed class FixedDiagnostics : FixAllContext.DiagnosticProvider
        {
            private readonly ImmutableArray<Diagnostic> _diagnostics;

            public FixedDiagnostics(ImmutableArray<Diagnostic> diagnostics) => _diagnostics = diagnostics;

            public override async Task<IEnumerable<Diagnostic>> GetDocumentDiagnosticsAsync(Document document, CancellationToken cancellationToken)
            {
                SyntaxTree? tree = await document.GetSyntaxTreeAsync(cancellationToken);
                return _diagnostics.Where(d => d.Location.SourceTree == tree);
            }

            public override Task<IEnumerable<Diagnostic>> GetProjectDiagnosticsAsync(Project project, CancellationToken cancellationToken)
                => Task.FromResult(_diagnostics.Where(d => !d.Location.IsInSource));

            public override Task<IEnumerable<Diagnostic>> GetAllDiagnosticsAsync(Project project, CancellationToken cancellationToken)
                => Task.FromResult<IEnumerable<Diagnostic>>(_diagnostics);
        }
    }
}
