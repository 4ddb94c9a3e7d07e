using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Generator
{
    /// <summary>
    /// The usage errors the generator reports itself: those whose misuse leaves a compiler error in the build (CS0751,
    /// CS0501, CS1988), where the command-line compiler would drop the analyzer's diagnostic and print only the CS error.
    /// Each is checked at its span with its message, next to the compiler error it explains, and with the driver's cache:
    /// the diagnostics live in the model as values, so a re-run and an unrelated edit leave every step cached.
    /// Where a throwing placeholder compiles (PW0003 in a partial type), the generator stays silent: the analyzer reports.
    /// </summary>
    public sealed class UsageDiagnosticTests
    {
        private static readonly string[] s_trackingNames = { TrackingNames.TailAwaitModels, TrackingNames.FastPathModels };

        [Fact]
        public void PW0002_for_a_partial_method_in_a_non_partial_class()
        {
            const string source = """
                public class Store
                {
                    [FastPath(nameof(GetCoreAsync))]
                    public partial ValueTask<int> GetAsync();

                    private async ValueTask<int> GetCoreAsync() => await Task.FromResult(1);
                }
                """;
            var run = RunCached(source);
            var diagnostic = Assert.Single(run.DriverDiagnostics);
            AssertAt(diagnostic, "PW0002", source, "GetAsync", "Type 'Store' must be declared 'partial' so the generator can add 'GetAsync' to it (every containing type too)");
            Assert.Equal(DiagnosticSeverity.Error, diagnostic.Severity);
            Assert.Equal("https://github.com/prewired/prewired/blob/main/docs/diagnostics/PW0002.md", diagnostic.Descriptor.HelpLinkUri);
            Assert.Contains(run.CompilationDiagnostics, d => d.Id == "CS0751");
            Assert.Empty(run.GeneratedSources);
        }

        [Fact]
        public void PW0001_for_a_declaration_without_body_or_partial()
        {
            const string source = """
                public partial class Store
                {
                    [TailAwait(nameof(GetCoreAsync))]
                    public Task<int> GetAsync();

                    private async Task<int> GetCoreAsync() => await Task.FromResult(1);
                }
                """;
            var run = RunCached(source);
            var diagnostic = Assert.Single(run.DriverDiagnostics);
            AssertAt(diagnostic, "PW0001", source, "GetAsync",
                "'GetAsync' is marked [TailAwait] but is not a partial method declaration without a body: declare it 'partial' and remove its body, the generator supplies the implementation");
            Assert.Contains(run.CompilationDiagnostics, d => d.Id == "CS0501");
        }

        /// <summary>Both at once (the command line showed only CS0751): every finding of the method is reported.</summary>
        [Fact]
        public void Every_finding_of_the_method_is_reported_when_one_is_hidden()
        {
            const string source = """
                public class Store
                {
                    [FastPath("GetCore")]
                    public partial ValueTask<int> GetAsync();
                }
                """;
            var run = RunCached(source);
            Assert.Equal(new[] { "PW0002", "PW0003" }, run.DriverDiagnostics.Select(d => d.Id).OrderBy(id => id, StringComparer.Ordinal));
        }

        /// <summary>An in parameter: the async body cannot declare it (CS1988 on the user's body), so the generator says why.</summary>
        [Fact]
        public void PW0007_for_an_in_parameter_next_to_the_compilers_CS1988()
        {
            const string source = """
                public partial class Store
                {
                    [FastPath(nameof(GetCoreAsync))]
                    public partial ValueTask<int> GetAsync(in int id);

                    private async ValueTask<int> GetCoreAsync(in int id) => await Task.FromResult(id);
                }
                """;
            var run = RunCached(source);
            var diagnostic = Assert.Single(run.DriverDiagnostics);
            AssertAt(diagnostic, "PW0007", source, "GetAsync", "'GetAsync' cannot be generated: ref, out and in parameters cannot flow into an async body");
            Assert.Contains(run.CompilationDiagnostics, d => d.Id == "CS1988");
        }

        /// <summary>A missing body in a partial type gets the throwing placeholder, which compiles: the analyzer reports PW0003.</summary>
        [Fact]
        public void Silent_where_the_placeholder_compiles()
        {
            var run = RunCached("""
                public partial class Store
                {
                    [FastPath("GetCore")]
                    public partial ValueTask<int> GetAsync();
                }
                """);
            Assert.Empty(run.DriverDiagnostics);
            Assert.Single(run.GeneratedSources);
        }

        /// <summary>Editing the file of the misuse, away from it, re-runs the transform; the model, diagnostics included, compares equal.</summary>
        [Fact]
        public void Diagnostics_model_stays_cached_after_an_edit_elsewhere_in_the_file()
        {
            var run = RunCached("""
                public class Store
                {
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<int> GetAsync();

                    private async Task<int> GetCoreAsync() => await Task.FromResult(1);
                }
                """);
            IncrementalCachingAssert.AssertCachedAfterEdit(run, IncrementalCachingAssert.AppendTo(0, "\ninternal sealed class Appended { }\n"), s_trackingNames);
        }

        /// <summary>
        /// A body whose pending awaitable cannot be handed to the continuation (a Task of an anonymous type: the parameter's
        /// type cannot be written; the generated code did not compile before) forwards. The rule is shared with the
        /// analyzers since issue 33 (FastPath/Classify/AwaitableHandOff), so the analyzer reports the PW0201 at the
        /// await (FastPathNotSplitTests) and PW0202 does not offer the method; the generator adds no second one, and the
        /// forwarding file compiles.
        /// </summary>
        [Fact]
        public void The_generator_forwards_an_awaitable_the_continuation_cannot_take_that_the_analyzer_reports()
        {
            const string source = """
                public partial class Store
                {
                    [FastPath(nameof(GetCoreAsync))]
                    public partial ValueTask<int> GetAsync(Func<int> first);

                    private async ValueTask<int> GetCoreAsync(Func<int> first)
                    {
                        return Add(first(), (await Task.FromResult(new { A = 1 })).A);
                    }

                    private static int Add(int a, int b) => a + b;
                }
                """;
            var run = RunCached(source);
            Assert.Empty(run.DriverDiagnostics);
            Assert.Contains(
                "// Forwarding to 'GetCoreAsync': 'await Task.FromResult(new { A = 1 })' cannot be split yet: it awaits a value of a type C# cannot write",
                WrappedComments.Joined(Assert.Single(run.GeneratedSources).SourceText.ToString()));
            Assert.DoesNotContain(run.CompilationDiagnostics, d => d.Severity >= DiagnosticSeverity.Warning);
        }

        private static GeneratorRun RunCached(string source)
        {
            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[] { GeneratorTest.Usings + source });
            Assert.All(run.RunResult.Results, r => Assert.Null(r.Exception));
            IncrementalCachingAssert.AssertCachedOnRerun(run, s_trackingNames);
            IncrementalCachingAssert.AssertCachedAfterUnrelatedEdit(run, s_trackingNames);
            return run;
        }

        private static void AssertAt(Diagnostic diagnostic, string id, string source, string text, string message)
        {
            Assert.Equal(id, diagnostic.Id);
            Assert.Equal(message, diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture));
            var span = diagnostic.Location.GetLineSpan();
            Assert.Equal(TestCompilation.SourcePath(0), span.Path);
            var full = GeneratorTest.Usings + source;
            Assert.Equal(text, full.Substring(diagnostic.Location.SourceSpan.Start, diagnostic.Location.SourceSpan.Length));
            var line = full.Split('\n')[span.StartLinePosition.Line];
            Assert.Equal(text, line.Substring(span.StartLinePosition.Character, text.Length));
        }
    }
}
