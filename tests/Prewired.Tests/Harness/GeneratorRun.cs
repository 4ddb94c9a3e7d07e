using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Xunit;

namespace Prewired.Tests.Harness
{
    /// <summary>One generator run: what went in, the driver (with its cache), and what came out.</summary>
    public sealed class GeneratorRun
    {
        internal GeneratorRun(
            ImmutableArray<IIncrementalGenerator> generators,
            Compilation inputCompilation,
            GeneratorDriver driver,
            Compilation outputCompilation,
            ImmutableArray<Diagnostic> driverDiagnostics)
        {
            Generators = generators;
            InputCompilation = inputCompilation;
            Driver = driver;
            OutputCompilation = outputCompilation;
            DriverDiagnostics = driverDiagnostics;
            RunResult = driver.GetRunResult();
        }

        public ImmutableArray<IIncrementalGenerator> Generators { get; }

        /// <summary>The user's compilation, before generation.</summary>
        public Compilation InputCompilation { get; }

        /// <summary>The driver after this run; running it again reuses its cached step outputs.</summary>
        public GeneratorDriver Driver { get; }

        /// <summary>The user's compilation plus every generated tree.</summary>
        public Compilation OutputCompilation { get; }

        /// <summary>Diagnostics the generators reported, and CS8784/CS8785 when one threw.</summary>
        public ImmutableArray<Diagnostic> DriverDiagnostics { get; }

        public GeneratorDriverRunResult RunResult { get; }

        public ImmutableArray<GeneratedSourceResult> GeneratedSources =>
            RunResult.Results.SelectMany(r => r.GeneratedSources).ToImmutableArray();

        /// <summary>Compiler diagnostics of <see cref="OutputCompilation"/>, user code and generated code alike.</summary>
        public ImmutableArray<Diagnostic> CompilationDiagnostics => OutputCompilation.GetDiagnostics();

        /// <summary>The text generated under <paramref name="hintName"/>; fails listing the hint names that exist.</summary>
        public string GeneratedText(string hintName)
        {
            foreach (GeneratedSourceResult source in GeneratedSources)
            {
                if (source.HintName == hintName)
                {
                    return source.SourceText.ToString();
                }
            }

            Assert.Fail($"No source was generated with hint name '{hintName}'. Generated: "
                + string.Join(", ", GeneratedSources.Select(s => $"'{s.HintName}'")));
            return "";
        }

        /// <summary>
        /// Fails when a generator threw, when the output compilation has any error, or when a generated file has any
        /// warning: generated code must compile cleanly under Nullable enable wherever the user's code is (warnings in
        /// the user's own test code are the test's business, not the generator's).
        /// </summary>
        public void AssertGeneratedCodeCompilesCleanly()
        {
            ImmutableArray<SyntaxTree> generatedTrees = GeneratedSources.Select(s => s.SyntaxTree).ToImmutableArray();
            ImmutableArray<string> problems = RunResult.Results
                .Where(r => r.Exception is not null)
                .Select(r => $"{r.Generator.GetGeneratorType().FullName} threw: {r.Exception}")
                .Concat(CompilationDiagnostics
                    .Where(d => d.Severity == DiagnosticSeverity.Error
                        || (d.Severity == DiagnosticSeverity.Warning && generatedTrees.Contains(d.Location.SourceTree!)))
                    .Select(d => d.ToString()))
                .ToImmutableArray();

            if (problems.Length > 0)
            {
                Assert.Fail(Describe($"Generated code does not compile cleanly ({problems.Length} problem(s)):", problems));
            }
        }

        /// <summary>A failure message: the diagnostics, then every generated file with line numbers.</summary>
        public string Describe(string headline, IEnumerable<string> problems)
        {
            var text = new StringBuilder().AppendLine(headline);
            foreach (string problem in problems)
            {
                text.Append("  ").AppendLine(problem);
            }

            foreach (GeneratedSourceResult source in GeneratedSources)
            {
                text.AppendLine().AppendLine($"// ---- generated: {source.HintName} ({source.SyntaxTree.FilePath}) ----");
                string[] lines = source.SourceText.ToString().Replace("\r\n", "\n").Split('\n');
                for (int i = 0; i < lines.Length; i++)
                {
                    text.Append((i + 1).ToString().PadLeft(4)).Append("  ").AppendLine(lines[i]);
                }
            }

            return text.ToString();
        }
    }
}
