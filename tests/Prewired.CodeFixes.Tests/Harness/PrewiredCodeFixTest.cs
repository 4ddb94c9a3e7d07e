using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Testing;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Testing;
using Prewired.Generator;
using Prewired.Tests.Harness;

namespace Prewired.CodeFixes.Tests.Harness
{
    /// <summary>
    /// Microsoft.CodeAnalysis.Testing's <c>CSharpCodeFixTest</c> set up as the user project the stand-in
    /// <see cref="CodeFixTest{TCodeFix}"/> builds, so a test means what it meant there:
    /// <list type="bullet">
    /// <item>offline references (<see cref="TestReferences"/>) instead of a downloaded ref pack, as in
    /// <see cref="PrewiredAnalyzerTest{TAnalyzer}"/>; nullable enabled, Release, the latest language version;</item>
    /// <item>the Prewired generator runs in every state, so fixes see the generated implementations and a fixed
    /// <c>[FastPath]</c>/<c>[TailAwait]</c> method without them fails with CS8795 (its text is the snapshot tests' concern);</item>
    /// <item>all four analyzers run (<typeparamref name="TAnalyzer"/> first), and compiler warnings count
    /// (<see cref="CompilerDiagnostics.Warnings"/>): every diagnostic of every state is listed, in markup or
    /// <c>ExpectedDiagnostics</c>, so a fix may not trade one diagnostic for another;</item>
    /// <item>a single fix is applied once (<see cref="CodeFixTestBehaviors.FixOne"/>) to the <see cref="DiagnosticIndex"/>-th
    /// fixable diagnostic (document, then position order); with no <c>CodeActionEquivalenceKey</c> the provider must offer
    /// exactly one action;</item>
    /// <item><see cref="FixAllScope"/> turns the test into a Fix All test in that scope only: the expected text is the
    /// Fix All result, and the fixes applied one by one must reach the same text.</item>
    /// </list>
    /// </summary>
    public class PrewiredCodeFixTest<TAnalyzer, TCodeFix> : CSharpCodeFixTest<TAnalyzer, TCodeFix, DefaultVerifier>
        where TAnalyzer : DiagnosticAnalyzer, new()
        where TCodeFix : CodeFixProvider, new()
    {
        private static readonly ReferenceAssemblies s_none = new("net10.0");

        public PrewiredCodeFixTest()
        {
            ReferenceAssemblies = s_none;
            MarkupOptions = MarkupOptions.UseFirstDescriptor | MarkupOptions.TreatPositionIndicatorsAsCode;
            CompilerDiagnostics = CompilerDiagnostics.Warnings;
            TestState.AdditionalReferences.AddRange(TestReferences.Default);

            // The library's default is Diagnose (CS1591 on every public member without a doc comment); a user project
            // without GenerateDocumentationFile parses doc comments only, as the stand-in's project did.
            TestState.DocumentationMode = DocumentationMode.Parse;
            FixedState.DocumentationMode = DocumentationMode.Parse;
            BatchFixedState.DocumentationMode = DocumentationMode.Parse;
        }

        /// <summary>The sources with markup; the n-th is <c>/0/Test{n}.cs</c>.</summary>
        public SourceFileList Sources => TestState.Sources;

        /// <summary>The expected sources after the fix.</summary>
        public SourceFileList FixedSources => FixedState.Sources;

        /// <summary>Which fixable diagnostic (document, then position order) a single fix is applied to.</summary>
        public int DiagnosticIndex { get; set; }

        /// <summary>Fix All in this scope (the others are not run); null applies one fix.</summary>
        public FixAllScope? FixAllScope { get; set; }

        /// <summary>The title the applied action must have, when set.</summary>
        public string? ExpectedTitle { get; set; }

        /// <summary>
        /// Expect the provider to offer nothing for the diagnostic (with <c>CodeActionEquivalenceKey</c>: nothing under
        /// that key): the fixed state is the test state and no iteration may apply a fix.
        /// </summary>
        public bool ExpectNoFix { get; set; }

        protected override async Task RunImplAsync(CancellationToken cancellationToken)
        {
            TestBehaviors |= TestBehaviors.SkipGeneratedSourcesCheck;
            if (ExpectNoFix)
            {
                FixedState.Sources.AddRange(TestState.Sources);
                FixedState.ExpectedDiagnostics.AddRange(TestState.ExpectedDiagnostics);
                NumberOfIncrementalIterations = 0;
            }

            // The fixed state is exactly what its markup and expectations say, as in the stand-in: nothing inherited from the
            // test state's expectations, and markup of fixable IDs counts (a fix that leaves its diagnostic must say so).
            if (FixedState.Sources.Count > 0 && FixedState.InheritanceMode is null)
            {
                FixedState.InheritanceMode = StateInheritanceMode.Explicit;
                FixedState.MarkupHandling = MarkupMode.Allow;
                FixedState.AdditionalReferences.AddRange(TestState.AdditionalReferences);
            }

            var descriptors = GetDiagnosticAnalyzers().SelectMany(a => a.SupportedDiagnostics).GroupBy(d => d.Id).ToDictionary(g => g.Key, g => g.First());
            BraceMarkup.MoveToExpectations(TestState, descriptors);
            BraceMarkup.MoveToExpectations(FixedState, descriptors);

            if (ExpectedTitle is { } title)
            {
                CodeActionVerifier = (action, verifier) => verifier.Equal(title, action.Title, "the applied action's title");
            }

            if (FixAllScope is { } scope)
            {
                // Fix All over the scope; the one-by-one fixes (the library always runs them too) must agree with it.
                BatchFixedState.Sources.AddRange(FixedState.Sources);
                CodeFixTestBehaviors |= (scope == Microsoft.CodeAnalysis.CodeFixes.FixAllScope.Document ? 0 : CodeFixTestBehaviors.SkipFixAllInDocumentCheck)
                    | (scope == Microsoft.CodeAnalysis.CodeFixes.FixAllScope.Project ? 0 : CodeFixTestBehaviors.SkipFixAllInProjectCheck)
                    | (scope == Microsoft.CodeAnalysis.CodeFixes.FixAllScope.Solution ? 0 : CodeFixTestBehaviors.SkipFixAllInSolutionCheck);
            }
            else
            {
                CodeFixTestBehaviors |= CodeFixTestBehaviors.FixOne | CodeFixTestBehaviors.SkipFixAllCheck;
                bool changes = !TestState.Sources.Select(s => s.content.ToString()).SequenceEqual(FixedState.Sources.Select(s => s.content.ToString()));
                NumberOfIncrementalIterations ??= changes ? 1 : 0;
            }

            await base.RunImplAsync(cancellationToken).ConfigureAwait(false);
        }

        protected override IEnumerable<DiagnosticAnalyzer> GetDiagnosticAnalyzers()
        {
            var first = new TAnalyzer();
            return new[] { first }.Concat(TestProject.Analyzers.Where(a => a.GetType() != typeof(TAnalyzer)).Select(a => (DiagnosticAnalyzer)Activator.CreateInstance(a.GetType())!));
        }

        protected override IEnumerable<Type> GetSourceGenerators() => new[] { typeof(PrewiredGenerator) };

        protected override Diagnostic? TrySelectDiagnosticToFix(ImmutableArray<Diagnostic> fixableDiagnostics)
            => fixableDiagnostics.Length > DiagnosticIndex ? fixableDiagnostics[DiagnosticIndex] : null;

        protected override ImmutableArray<CodeAction> FilterCodeActions(ImmutableArray<CodeAction> actions)
        {
            actions = base.FilterCodeActions(actions);
            if (CodeActionEquivalenceKey is null && CodeActionIndex is null && actions.Length > 1)
            {
                throw new InvalidOperationException($"Several actions offered, set CodeActionEquivalenceKey: {string.Join(", ", actions.Select(a => $"'{a.Title}' ({a.EquivalenceKey})"))}.");
            }

            return actions;
        }

        protected override CompilationOptions CreateCompilationOptions() => new CSharpCompilationOptions(
            OutputKind.DynamicallyLinkedLibrary,
            optimizationLevel: OptimizationLevel.Release,
            nullableContextOptions: NullableContextOptions.Enable,
            deterministic: true);

        /// <summary>The symbols defined for the compilation (a target's NETFRAMEWORK, NET8_0_OR_GREATER, ...).</summary>
        public string[] PreprocessorSymbols { get; set; } = Array.Empty<string>();

        protected override ParseOptions CreateParseOptions() => new CSharpParseOptions(LanguageVersion.Latest, preprocessorSymbols: PreprocessorSymbols);

        // As in PrewiredAnalyzerTest: the library's "Default" entries for every supported ID are dropped (Prewired has no
        // rule that is off by default), keeping AD0001 as an error.
        protected override Project ApplyCompilationOptions(Project project)
        {
            project = base.ApplyCompilationOptions(project);
            CompilationOptions options = project.CompilationOptions!;
            var specific = options.SpecificDiagnosticOptions.Where(entry => entry.Value != ReportDiagnostic.Default).ToImmutableDictionary();
            return project.WithCompilationOptions(options.WithSpecificDiagnosticOptions(specific));
        }
    }
}
