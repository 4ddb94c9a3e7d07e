using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Prewired.Analyzers;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Prewired.Tests.Robustness;
using Prewired.Tests.Semantics;

namespace Prewired.Tests.Reliability
{
    /// <summary>What went wrong with one body: who is to blame (<see cref="Kind"/>) and the details.</summary>
    public sealed record Finding(BodyCase Body, string Kind, string Message)
    {
        /// <summary>The body is not valid C# 12 without warnings on its own: a bug of the fuzzer, not of the generator.</summary>
        public bool IsFuzzerBug => Kind.StartsWith("fuzzer", StringComparison.Ordinal);

        public override string ToString() => $"{Body.Name}: {Kind}\n{Message}";
    }

    /// <summary>
    /// Many bodies in one compilation: the generator runs once over all of them, the output compiles, the analyzer
    /// (MarkedMethodAnalyzer, which reports PW0101/PW0201) runs once, and the assembly is loaded into a collectible
    /// context that <see cref="Dispose"/> unloads. Compile-time problems become findings per body (attributed by the
    /// tree an error is in), and the bodies with none can be run.
    /// </summary>
    internal sealed class FuzzBatch : IDisposable
    {
        private static readonly Lazy<ImmutableArray<DiagnosticAnalyzer>> s_analyzers = new(() => ImmutableArray.Create<DiagnosticAnalyzer>(new MarkedMethodAnalyzer()));
        private static int s_counter;
        private readonly LoadedAssembly? _loaded;

        private FuzzBatch(LoadedAssembly? loaded, Dictionary<string, Type> types, Dictionary<string, string> generated, List<Finding> findings)
        {
            _loaded = loaded;
            Types = types;
            Generated = generated;
            Findings = findings;
        }

        /// <summary>The compiled class of every body without compile-time findings.</summary>
        public Dictionary<string, Type> Types { get; }

        /// <summary>Every file the generator produced for a body, concatenated with "// ---- hint ----" headers.</summary>
        public Dictionary<string, string> Generated { get; }

        public List<Finding> Findings { get; }

        public Func<ISemanticsCase> Factory(string name)
        {
            var type = Types[name];
            return () => (ISemanticsCase)Activator.CreateInstance(type)!;
        }

        public void Dispose() => _loaded?.Dispose();

        /// <summary>C# 12: what a consumer on the .NET 8 SDK compiles bodies and generated code with.</summary>
        public static TestCompilationSettings Settings(string assemblyName) => TestCompilationSettings.Default with
        {
            AssemblyName = assemblyName,
            LanguageVersion = LanguageVersion.CSharp12,
            AdditionalAssemblies = ImmutableArray.Create(typeof(Env).Assembly),
        };

        /// <summary>The body's source as the Semantics harness writes it, plus the Reliability helpers' namespace.</summary>
        public static string Source(BodyCase body)
            => body.Source().Replace("using Prewired.Tests.Semantics;", "using Prewired.Tests.Semantics;\nusing Prewired.Tests.Reliability;", StringComparison.Ordinal);

        public static FuzzBatch Compile(IReadOnlyList<BodyCase> bodies)
        {
            var findings = new List<Finding>();
            var remaining = bodies.ToList();
            var assemblyName = "PrewiredFuzz" + Interlocked.Increment(ref s_counter);
            for (var attempt = 0; ; attempt++)
            {
                if (remaining.Count == 0) return new FuzzBatch(null, new(), new(), findings);
                var settings = Settings(assemblyName);
                Compilation input = TestCompilation.Create(remaining.Select(Source), settings);
                GeneratorDriver driver = CSharpGeneratorDriver.Create(new[] { new PrewiredGenerator().AsSourceGenerator() }, parseOptions: settings.ParseOptions);
                Compilation output;
                IReadOnlyCollection<string> thrown;
                using (var watch = FirstChanceExceptions.Watch())
                {
                    driver = driver.RunGeneratorsAndUpdateCompilation(input, out output, out _);
                    thrown = watch.Exceptions.ToList();
                }

                var runResult = driver.GetRunResult();
                var inputTrees = input.SyntaxTrees.ToList();
                var generatedFiles = runResult.Results.SelectMany(r => r.GeneratedSources).ToList();
                var generated = new Dictionary<string, string>();
                foreach (var body in remaining)
                {
                    var prefix = "SemanticsCases." + body.ClassName + ".";
                    generated[body.Name] = string.Join("\n", generatedFiles.Where(s => s.HintName.StartsWith(prefix, StringComparison.Ordinal))
                        .Select(s => $"// ---- {s.HintName} ----\n{s.SourceText}"));
                }

                BodyCase? BodyOf(SyntaxTree? tree)
                {
                    if (tree is null) return null;
                    var index = inputTrees.IndexOf(tree);
                    if (index >= 0) return remaining[index];
                    var file = Path.GetFileName(tree.FilePath);
                    return remaining.FirstOrDefault(b => file.StartsWith("SemanticsCases." + b.ClassName + ".", StringComparison.Ordinal));
                }

                var culprits = new HashSet<string>();
                if (thrown.Count > 0 || runResult.Results.Any(r => r.Exception is not null))
                {
                    // Rare: find the body (or bodies) that make the generator throw, one at a time.
                    foreach (var body in remaining.Where(b => GeneratorThrowsOn(b) is not null))
                    {
                        culprits.Add(body.Name);
                        findings.Add(new Finding(body, "generator-exception", GeneratorThrowsOn(body)!));
                    }

                    if (culprits.Count == 0) throw new InvalidOperationException("The generator threw on a batch but on no body alone:\n" + string.Join("\n", thrown));
                }

                var diagnostics = output.GetDiagnostics();
                foreach (var group in diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error).GroupBy(d => BodyOf(d.Location.SourceTree)))
                {
                    var body = group.Key ?? throw new InvalidOperationException("A compile error outside every body:\n" + string.Join("\n", group));
                    if (!culprits.Add(body.Name)) continue;
                    var own = OwnErrors(body);
                    findings.Add(own.Count > 0
                        ? new Finding(body, "fuzzer-invalid-body", "The body does not compile on its own:\n  " + string.Join("\n  ", own) + "\n\nBody:\n" + body.Display())
                        : new Finding(body, "generator-output-does-not-compile", "  " + string.Join("\n  ", group) + "\n\nBody:\n" + body.Display() + "\nGenerated:\n" + generated[body.Name]));
                }

                if (culprits.Count > 0)
                {
                    remaining = remaining.Where(b => !culprits.Contains(b.Name)).ToList();
                    if (attempt > 8) throw new InvalidOperationException("Could not isolate the compile errors of a batch.");
                    continue;
                }

                // Warnings: the body's own (but CS1998, an async method without awaits) are the fuzzer's; any in generated files the generator's.
                foreach (var group in diagnostics.Where(d => d.Severity == DiagnosticSeverity.Warning && d.Id != "CS1998").GroupBy(d => BodyOf(d.Location.SourceTree)))
                {
                    if (group.Key is not { } body) continue;
                    var tree = inputTrees[remaining.IndexOf(body)];
                    var own = group.Where(d => d.Location.SourceTree == tree).ToList();
                    var inGenerated = group.Where(d => d.Location.SourceTree != tree).ToList();
                    if (own.Count > 0)
                    {
                        findings.Add(new Finding(body, "fuzzer-body-has-warnings", "  " + string.Join("\n  ", own) + "\n\nBody:\n" + body.Display()));
                    }
                    else if (inGenerated.Count > 0)
                    {
                        findings.Add(new Finding(body, "generator-warning-in-generated-code", "  " + string.Join("\n  ", inGenerated) + "\n\nBody:\n" + body.Display() + "\nGenerated:\n" + generated[body.Name]));
                    }
                }

                findings.AddRange(CheckShapes(remaining, inputTrees, generated, Analyze(output)));
                var loaded = CompileAndRun.Load(output);
                var types = remaining.ToDictionary(b => b.Name, b => loaded.Assembly.GetType("SemanticsCases." + b.ClassName, throwOnError: true)!);
                return new FuzzBatch(loaded, types, generated, findings);
            }
        }

        /// <summary>
        /// [FastPath] splits the body exactly when the fuzzer placed no await where it cannot be split, and forwards
        /// with PW0201 otherwise; [TailAwait] (for tail bodies) elides every await and reports no PW0101; the
        /// analyzer reports no other error.
        /// </summary>
        private static IEnumerable<Finding> CheckShapes(List<BodyCase> bodies, List<SyntaxTree> trees, Dictionary<string, string> generated, ImmutableArray<Diagnostic> analyzer)
        {
            for (var i = 0; i < bodies.Count; i++)
            {
                var body = bodies[i];
                var diagnostics = analyzer.Where(d => d.Location.SourceTree == trees[i]).ToList();
                var files = generated[body.Name].Split("// ---- ");
                var fastPath = files.FirstOrDefault(f => f.Contains(".FastPath.g.cs ----", StringComparison.Ordinal)) ?? string.Empty;
                var forwards = fastPath.Contains("// Forwarding to ", StringComparison.Ordinal);
                var pw0201 = diagnostics.Where(d => d.Id == "PW0201").ToList();
                var problems = new List<string>();
                if (body.ExpectSplit && forwards) problems.Add("[FastPath] forwards although every await can be split: " + ForwardReason(fastPath));
                if (!body.ExpectSplit && !forwards) problems.Add("[FastPath] split a body with an await the fuzzer placed where it cannot be split");
                if (forwards && pw0201.Count == 0) problems.Add("[FastPath] forwards but PW0201 is not reported: " + ForwardReason(fastPath));
                if (!forwards && pw0201.Count > 0) problems.Add("PW0201 is reported but [FastPath] splits: " + pw0201[0]);
                if (body.Tail)
                {
                    var tail = files.FirstOrDefault(f => f.Contains(".TailAwait.g.cs ----", StringComparison.Ordinal)) ?? string.Empty;
                    if (tail.Contains("// Forwarding to ", StringComparison.Ordinal)) problems.Add("[TailAwait] forwards a body whose awaits are all tail awaits: " + ForwardReason(tail));
                }

                problems.AddRange(diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error || d.Id == "PW0101").Select(d => "analyzer: " + d));
                if (problems.Count > 0)
                {
                    yield return new Finding(body, "generator-shape", "  " + string.Join("\n  ", problems) + "\n\nBody:\n" + body.Display() + "\nGenerated:\n" + generated[body.Name]);
                }
            }
        }

        private static string ForwardReason(string file)
        {
            return WrappedComments.JoinedLines(file).FirstOrDefault(l => l.StartsWith("// Forwarding to ", StringComparison.Ordinal)) ?? "?";
        }

        private static ImmutableArray<Diagnostic> Analyze(Compilation compilation)
        {
            var options = new CompilationWithAnalyzersOptions(
                new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty),
                onAnalyzerException: (exception, analyzer, _) => throw new InvalidOperationException($"{analyzer.GetType().Name} threw", exception),
                concurrentAnalysis: false,
                logAnalyzerExecutionTime: false,
                reportSuppressedDiagnostics: false);
            return compilation.WithAnalyzers(s_analyzers.Value, options).GetAnalyzerDiagnosticsAsync(CancellationToken.None).GetAwaiter().GetResult();
        }

        /// <summary>The body's own errors: its source compiled alone without the generator (CS8795, the missing implementations, aside).</summary>
        private static List<Diagnostic> OwnErrors(BodyCase body)
            => TestCompilation.Create(new[] { Source(body) }, Settings("Alone")).GetDiagnostics()
                .Where(d => d.Severity == DiagnosticSeverity.Error && d.Id != "CS8795")
                .ToList();

        /// <summary>Runs the generator over the body alone; the exception (first chance included) or null.</summary>
        private static string? GeneratorThrowsOn(BodyCase body)
        {
            var settings = Settings("Alone");
            var input = TestCompilation.Create(new[] { Source(body) }, settings);
            GeneratorDriver driver = CSharpGeneratorDriver.Create(new[] { new PrewiredGenerator().AsSourceGenerator() }, parseOptions: settings.ParseOptions);
            using var watch = FirstChanceExceptions.Watch();
            driver = driver.RunGeneratorsAndUpdateCompilation(input, out _, out _);
            var problems = driver.GetRunResult().Results.Where(r => r.Exception is not null).Select(r => "the generator threw: " + r.Exception)
                .Concat(watch.Exceptions.Select(e => "a Prewired component threw (first chance, possibly swallowed): " + e))
                .ToList();
            return problems.Count == 0 ? null : string.Join("\n", problems) + "\n\nBody:\n" + body.Display();
        }
    }
}
