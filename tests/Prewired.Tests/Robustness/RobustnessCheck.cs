using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Diagnostics;
using System.Linq;
using System.Reflection;
using System.Runtime.ExceptionServices;
using System.Text;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using Prewired.Analyzers;
using Prewired.Generator;
using Prewired.Tests.Harness;

namespace Prewired.Tests.Robustness
{
    /// <summary>What one robustness run found wrong; empty when the generator and analyzer behaved.</summary>
    internal sealed class RobustnessOutcome
    {
        public RobustnessOutcome(IReadOnlyList<string> sources, bool inputHasErrors, IReadOnlyList<string> problems, IReadOnlyList<GeneratedSourceResult> generated)
        {
            Sources = sources;
            InputHasErrors = inputHasErrors;
            Problems = problems;
            Generated = generated;
        }

        public IReadOnlyList<string> Sources { get; }

        /// <summary>True when the user's code alone (no generator) has an error other than CS8795.</summary>
        public bool InputHasErrors { get; }

        public IReadOnlyList<string> Problems { get; }

        public IReadOnlyList<GeneratedSourceResult> Generated { get; }

        public bool Ok => Problems.Count == 0;

        public string Describe()
        {
            var text = new StringBuilder();
            foreach (string problem in Problems)
            {
                text.Append("  - ").AppendLine(problem);
            }

            for (int i = 0; i < Sources.Count; i++)
            {
                text.AppendLine($"  // ---- {TestCompilation.SourcePath(i)} ----");
                string[] lines = LineDiff.SplitLines(Sources[i]);
                for (int line = 0; line < lines.Length; line++)
                {
                    text.Append((line + 1).ToString(System.Globalization.CultureInfo.InvariantCulture).PadLeft(6)).Append(" | ").AppendLine(lines[line]);
                }
            }

            foreach (GeneratedSourceResult source in Generated)
            {
                text.AppendLine($"  // ---- generated: {source.HintName} ----");
                string[] lines = LineDiff.SplitLines(source.SourceText.ToString());
                for (int line = 0; line < lines.Length; line++)
                {
                    text.Append((line + 1).ToString(System.Globalization.CultureInfo.InvariantCulture).PadLeft(6)).Append(" | ").AppendLine(lines[line]);
                }
            }

            return text.ToString();
        }
    }

    /// <summary>
    /// Runs the <see cref="PrewiredGenerator"/> and then every Prewired analyzer over any source, however
    /// broken, the way the compiler and the IDE do, and collects what must never happen:
    /// <list type="bullet">
    /// <item>the generator throws (the driver's <see cref="GeneratorRunResult.Exception"/>, CS8784/CS8785);</item>
    /// <item>code of the generator or the analyzer throws at all, even when something catches it (the generator's
    /// <c>Guarded</c> wrapper swallows exceptions of its transforms): seen as first-chance exceptions with a Prewired
    /// frame on the stack;</item>
    /// <item>the analyzer throws (the exception callback of <see cref="CompilationWithAnalyzers"/>, AD0001);</item>
    /// <item>when the user's code alone has no error but CS8795 (a partial method without implementation, which is the
    /// generator's to supply): any error in the output compilation, except a CS8795 that the analyzer explains with an
    /// error at the same place (PW0001, PW0002 and PW0007 mean no implementation can be generated).</item>
    /// </list>
    /// </summary>
    internal static class RobustnessCheck
    {
        // One compilation holding the references; each run adds its trees to it, so the references are bound once.
        private static readonly Lazy<CSharpCompilation> s_empty = new(() => TestCompilation.Create(Array.Empty<string>()));
        private static readonly CSharpParseOptions s_parseOptions = TestCompilationSettings.Default.ParseOptions;

        /// <summary>Ids of the analyzer errors that mean "no implementation can be generated", so CS8795 stays.</summary>
        private static readonly ImmutableHashSet<string> s_noImplementationIds = ImmutableHashSet.Create("PW0001", "PW0002", "PW0007");

        public static RobustnessOutcome Run(params string[] sources) => Run(sources, analyzeInputToo: true);

        /// <param name="analyzeInputToo">Also run the analyzer on the user's code without generated files (what the IDE
        /// sees while the generator's output is stale or missing).</param>
        /// <param name="checkInputErrors">Whether to compute the input's errors; when false (a truncated source, which has
        /// syntax errors), only the no-exception checks apply.</param>
        /// <param name="generator">The generator to run; the <see cref="PrewiredGenerator"/> unless a self-test swaps it.</param>
        /// <param name="alsoWatch">An assembly whose frames also count for first-chance exceptions (self-tests).</param>
        public static RobustnessOutcome Run(
            IReadOnlyList<string> sources,
            bool analyzeInputToo,
            bool checkInputErrors = true,
            IIncrementalGenerator? generator = null,
            Assembly? alsoWatch = null)
        {
            ImmutableArray<SyntaxTree> trees = sources
                .Select((source, i) => CSharpSyntaxTree.ParseText(SourceText.From(source, Encoding.UTF8), s_parseOptions, TestCompilation.SourcePath(i)))
                .ToImmutableArray();
            Compilation input = s_empty.Value.AddSyntaxTrees(trees);
            var problems = new List<string>();

            using FirstChanceExceptions.Scope watch = FirstChanceExceptions.Watch(alsoWatch);

            // 1. The generator, as the compiler runs it.
            GeneratorDriver driver = CSharpGeneratorDriver.Create(
                new[] { (generator ?? new PrewiredGenerator()).AsSourceGenerator() },
                parseOptions: s_parseOptions);
            driver = driver.RunGeneratorsAndUpdateCompilation(input, out Compilation output, out ImmutableArray<Diagnostic> driverDiagnostics);
            GeneratorDriverRunResult runResult = driver.GetRunResult();
            foreach (GeneratorRunResult result in runResult.Results.Where(r => r.Exception is not null))
            {
                problems.Add($"the generator threw: {result.Exception}");
            }

            problems.AddRange(driverDiagnostics.Where(d => d.Id is "CS8784" or "CS8785").Select(d => $"driver: {d}"));
            ImmutableArray<GeneratedSourceResult> generated = runResult.Results.SelectMany(r => r.GeneratedSources).ToImmutableArray();
            var generatedTrees = new HashSet<SyntaxTree>(generated.Select(g => g.SyntaxTree));

            // 2. The analyzer, on what the build sees (user code plus generated code), and on the user's code alone.
            ImmutableArray<Diagnostic> analyzerDiagnostics = RunAnalyzer(output, problems);
            if (analyzeInputToo)
            {
                RunAnalyzer(input, problems);
            }

            // 3. Generated code never adds an error to code that has none of its own.
            bool inputHasErrors = true;
            if (checkInputErrors && !trees.Any(t => t.GetDiagnostics().Any(d => d.Severity == DiagnosticSeverity.Error)))
            {
                inputHasErrors = input.GetDiagnostics().Any(d => d.Severity == DiagnosticSeverity.Error && d.Id != "CS8795");
                if (!inputHasErrors)
                {
                    foreach (Diagnostic error in output.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error))
                    {
                        if (error.Id == "CS8795" && analyzerDiagnostics.Any(a => s_noImplementationIds.Contains(a.Id) && a.Location.Equals(error.Location)))
                        {
                            continue; // explained: no implementation can be generated for this declaration
                        }

                        string where = error.Location.SourceTree is { } tree && generatedTrees.Contains(tree) ? "in generated code" : "in user code";
                        problems.Add($"error {where} although the user's code alone has none (but CS8795): {error}");
                    }
                }
            }

            problems.AddRange(watch.Exceptions.Select(e => "a Prewired component threw (first chance, possibly swallowed): " + e));
            return new RobustnessOutcome(sources, inputHasErrors, problems, generated);
        }

        /// <summary>Every analyzer Prewired ships, found by reflection so a new one is covered the day it is added.</summary>
        private static readonly Lazy<ImmutableArray<DiagnosticAnalyzer>> s_analyzers = new(() => typeof(MarkedMethodAnalyzer).Assembly.GetTypes()
            .Where(t => !t.IsAbstract && typeof(DiagnosticAnalyzer).IsAssignableFrom(t) && t.GetCustomAttribute<DiagnosticAnalyzerAttribute>() is not null)
            .OrderBy(t => t.FullName, StringComparer.Ordinal)
            .Select(t => (DiagnosticAnalyzer)Activator.CreateInstance(t)!)
            .ToImmutableArray());

        private static ImmutableArray<Diagnostic> RunAnalyzer(Compilation compilation, List<string> problems)
        {
            var exceptions = new ConcurrentQueue<string>();
            var options = new CompilationWithAnalyzersOptions(
                new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty),
                onAnalyzerException: (exception, analyzer, diagnostic) => exceptions.Enqueue($"{analyzer.GetType().Name} threw: {exception}"),
                concurrentAnalysis: false,
                logAnalyzerExecutionTime: false,
                reportSuppressedDiagnostics: false);
            ImmutableArray<Diagnostic> diagnostics = compilation
                .WithAnalyzers(s_analyzers.Value, options)
                .GetAnalyzerDiagnosticsAsync(CancellationToken.None)
                .GetAwaiter().GetResult();
            problems.AddRange(exceptions);
            problems.AddRange(diagnostics.Where(d => d.Id is "AD0001" or "AD0002").Select(d => $"analyzer driver: {d}"));
            return diagnostics;
        }
    }

    /// <summary>
    /// First-chance exceptions thrown while a <see cref="Watch"/> scope is active on this logical flow (async-local, so
    /// work the driver starts on other threads counts too) whose stack has a frame of the generator or analyzer
    /// assemblies: an exception there is a bug even when the generator's Guarded wrapper catches it, since the user
    /// then silently loses that method's generated code.
    /// </summary>
    internal static class FirstChanceExceptions
    {
        private static readonly AsyncLocal<Scope?> s_current = new();
        private static readonly Assembly[] s_ours = { typeof(PrewiredGenerator).Assembly, typeof(MarkedMethodAnalyzer).Assembly };
        private static int s_subscribed;

        public static Scope Watch(Assembly? alsoWatch = null)
        {
            if (Interlocked.Exchange(ref s_subscribed, 1) == 0)
            {
                AppDomain.CurrentDomain.FirstChanceException += OnFirstChance;
            }

            var scope = new Scope(alsoWatch);
            s_current.Value = scope;
            return scope;
        }

        private static void OnFirstChance(object? sender, FirstChanceExceptionEventArgs e)
        {
            Scope? scope = s_current.Value;
            if (scope is null || scope.Disposed || e.Exception is OperationCanceledException)
            {
                return;
            }

            try
            {
                StackFrame[] frames = new StackTrace(1, false).GetFrames();
                MethodBase? ours = frames.Select(f => f.GetMethod()).FirstOrDefault(m => m?.DeclaringType is { } t && (s_ours.Contains(t.Assembly) || t.Assembly == scope.AlsoWatch));
                if (ours is not null)
                {
                    scope.Add($"{e.Exception.GetType().FullName}: {e.Exception.Message} (thrown through {ours.DeclaringType!.FullName}.{ours.Name})"
                        + Environment.NewLine + string.Join(Environment.NewLine, frames.Take(25).Select(f => "      at " + f.GetMethod()?.DeclaringType?.FullName + "." + f.GetMethod()?.Name)));
                }
            }
            catch
            {
                // Never let the monitor itself throw inside someone else's throw.
            }
        }

        internal sealed class Scope : IDisposable
        {
            private readonly ConcurrentQueue<string> _exceptions = new();

            public Scope(Assembly? alsoWatch) => AlsoWatch = alsoWatch;

            public Assembly? AlsoWatch { get; }

            public bool Disposed { get; private set; }

            public IReadOnlyCollection<string> Exceptions => _exceptions;

            public void Add(string exception) => _exceptions.Enqueue(exception);

            public void Dispose()
            {
                Disposed = true;
                if (s_current.Value == this)
                {
                    s_current.Value = null;
                }
            }
        }
    }
}
