using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using Xunit;

namespace Prewired.Tests.Harness
{
    /// <summary>Which compiler diagnostics take part in the comparison (Microsoft.CodeAnalysis.Testing's CompilerDiagnostics).</summary>
    public enum CompilerDiagnostics
    {
        None,
        Errors,
        Warnings,
    }

    /// <summary>
    /// One analyzer test, configured like Microsoft.CodeAnalysis.Testing's <c>CSharpAnalyzerTest</c>: sources with span
    /// markup, the expected diagnostics, and options; <see cref="RunAsync"/> compiles, optionally runs source generators
    /// first (their output is part of the compilation the analyzers see, as in a real build), runs the analyzers through
    /// <see cref="CompilationWithAnalyzers"/> (which applies #pragma and configured severities) and compares.
    /// </summary>
    /// <example>
    /// <code>
    /// await new AnalyzerTest
    /// {
    ///     Analyzers = { new NonTailAwaitAnalyzer() },
    ///     Generators = { new TailAwaitGenerator() },
    ///     Sources = { source },
    ///     GlobalConfig = "is_global = true\ndotnet_diagnostic.PW0101.severity = warning",
    ///     ExpectedDiagnostics = { new DiagnosticResult("PW0101").WithLocation(0).WithSeverity(DiagnosticSeverity.Warning) },
    /// }.RunAsync();
    /// </code>
    /// </example>
    public class AnalyzerTest
    {
        /// <summary>Sources with markup; the n-th is compiled as <c>/0/Test{n}.cs</c>.</summary>
        public List<string> Sources { get; } = new();

        /// <summary>Sets the first source, as the real library's TestCode does.</summary>
        public string TestCode
        {
            get => Sources.Count > 0 ? Sources[0] : "";
            set
            {
                if (Sources.Count == 0)
                {
                    Sources.Add(value);
                }
                else
                {
                    Sources[0] = value;
                }
            }
        }

        public List<DiagnosticAnalyzer> Analyzers { get; } = new();

        /// <summary>Run before the analyzers: the Prewired generator supplies the partial method implementations.</summary>
        public List<IIncrementalGenerator> Generators { get; } = new();

        public List<DiagnosticResult> ExpectedDiagnostics { get; } = new();

        /// <summary>
        /// A .globalconfig (<c>is_global = true</c>) or a root .editorconfig (<c>[*.cs]</c> sections); text with neither
        /// is taken as a global config. Its severities apply to analyzer and compiler diagnostics alike.
        /// </summary>
        public string? GlobalConfig { get; set; }

        public TestCompilationSettings CompilationSettings { get; set; } = TestCompilationSettings.Default;

        /// <summary>Errors by default: a test whose source does not compile fails, unless it expects those errors.</summary>
        public CompilerDiagnostics CompilerDiagnostics { get; set; } = CompilerDiagnostics.Errors;

        public async Task RunAsync(CancellationToken cancellationToken = default)
        {
            if (Analyzers.Count == 0)
            {
                throw new InvalidOperationException("An analyzer test needs at least one analyzer.");
            }

            ImmutableArray<ParsedMarkup> markup = Sources.Select(MarkupParser.Parse).ToImmutableArray();
            TestAnalyzerConfig config = TestAnalyzerConfig.Parse(GlobalConfig);
            Compilation compilation = TestCompilation.Create(
                markup.Select(m => m.Text),
                CompilationSettings with { SyntaxTreeOptions = config.SyntaxTreeOptions });

            var reported = new List<Diagnostic>();
            if (Generators.Count > 0)
            {
                GeneratorRun run = GeneratorDriverHarness.Run(compilation, Generators, config.OptionsProvider);
                foreach (GeneratorRunResult result in run.RunResult.Results.Where(r => r.Exception is not null))
                {
                    Assert.Fail($"{result.Generator.GetGeneratorType().FullName} threw: {result.Exception}");
                }

                compilation = run.OutputCompilation;
                reported.AddRange(run.DriverDiagnostics);
            }

            reported.AddRange(compilation.GetDiagnostics(cancellationToken).Where(IsComparedCompilerDiagnostic));
            reported.AddRange(await RunAnalyzersAsync(compilation, config, cancellationToken).ConfigureAwait(false));

            List<DiagnosticResult> expected = ExpectedDiagnostics.Select(d => Resolve(d, markup)).Concat(FromMarkup(markup)).ToList();
            if (DiagnosticMatcher.Compare(expected, reported) is { } failure)
            {
                Assert.Fail(failure + SourcesWithLineNumbers(markup));
            }
        }

        private async Task<ImmutableArray<Diagnostic>> RunAnalyzersAsync(Compilation compilation, TestAnalyzerConfig config, CancellationToken cancellationToken)
        {
            var exceptions = new ConcurrentQueue<string>();
            var options = new CompilationWithAnalyzersOptions(
                new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty, config.OptionsProvider),
                onAnalyzerException: (exception, analyzer, _) => exceptions.Enqueue($"{analyzer.GetType().FullName} threw: {exception}"),
                concurrentAnalysis: true,
                logAnalyzerExecutionTime: false,
                reportSuppressedDiagnostics: false);
            ImmutableArray<Diagnostic> diagnostics = await compilation
                .WithAnalyzers(Analyzers.ToImmutableArray(), options)
                .GetAnalyzerDiagnosticsAsync(cancellationToken)
                .ConfigureAwait(false);

            // A throwing analyzer shows up as an AD0001 warning in a real build; in a test it is a failure, loudly.
            if (!exceptions.IsEmpty)
            {
                Assert.Fail(string.Join(Environment.NewLine, exceptions));
            }

            return diagnostics;
        }

        private bool IsComparedCompilerDiagnostic(Diagnostic diagnostic) => CompilerDiagnostics switch
        {
            CompilerDiagnostics.None => false,
            CompilerDiagnostics.Errors => diagnostic.Severity == DiagnosticSeverity.Error,
            _ => diagnostic.Severity >= DiagnosticSeverity.Warning,
        };

        // [|...|] means "the diagnostic this test is about": the first analyzer's first descriptor.
        private IEnumerable<DiagnosticResult> FromMarkup(ImmutableArray<ParsedMarkup> markup)
        {
            for (int file = 0; file < markup.Length; file++)
            {
                SourceText text = SourceText.From(markup[file].Text);
                foreach (TextSpan span in markup[file].DefaultSpans)
                {
                    string id = Analyzers[0].SupportedDiagnostics.FirstOrDefault()?.Id
                        ?? throw new InvalidOperationException("[|...|] needs an analyzer with a supported diagnostic.");
                    yield return At(new DiagnosticResult(id), file, text, span);
                }

                foreach ((string id, TextSpan span) in markup[file].DiagnosticSpans)
                {
                    yield return At(new DiagnosticResult(id), file, text, span);
                }
            }
        }

        private static DiagnosticResult Resolve(DiagnosticResult result, ImmutableArray<ParsedMarkup> markup)
        {
            return result with
            {
                Locations = result.Locations.Select(location => location.MarkupKey is { } key ? Find(key) : location).ToImmutableArray(),
            };

            DiagnosticLocation Find(int key)
            {
                for (int file = 0; file < markup.Length; file++)
                {
                    if (markup[file].Locations.TryGetValue(key, out TextSpan span))
                    {
                        return SpanIn(file, SourceText.From(markup[file].Text), span);
                    }
                }

                throw new InvalidOperationException($"{result} refers to location #{key}, which no source marks with {{|#{key}:...|}}.");
            }
        }

        private static DiagnosticResult At(DiagnosticResult result, int file, SourceText text, TextSpan span) =>
            result with { Locations = result.Locations.Add(SpanIn(file, text, span)) };

        private static DiagnosticLocation SpanIn(int file, SourceText text, TextSpan span) =>
            new(null, TestCompilation.SourcePath(file), text.Lines.GetLinePositionSpan(span), StartOnly: false);

        private static string SourcesWithLineNumbers(ImmutableArray<ParsedMarkup> markup)
        {
            var text = new System.Text.StringBuilder();
            for (int file = 0; file < markup.Length; file++)
            {
                text.AppendLine().AppendLine($"// ---- {TestCompilation.SourcePath(file)} ----");
                string[] lines = LineDiff.SplitLines(markup[file].Text);
                for (int i = 0; i < lines.Length; i++)
                {
                    text.Append((i + 1).ToString(System.Globalization.CultureInfo.InvariantCulture).PadLeft(4)).Append(" | ").AppendLine(lines[i]);
                }
            }

            return text.ToString();
        }
    }
}
