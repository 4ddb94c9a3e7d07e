using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Prewired.Generator;
using Prewired.Tests.Harness;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// Compiles every body of <see cref="BodyTable"/> in one compilation with the generator, emits it and loads it in a
    /// collectible AssemblyLoadContext (Harness/CompileAndRun) that shares the test assembly (and so Env, Observer,
    /// ISemanticsCase) and the Prewired runtime with the default context. A body whose generated code does not compile is left out of the
    /// assembly, and its tests fail with the compiler's errors and the generated code.
    /// </summary>
    internal sealed class CompiledBodies
    {
        private static readonly Lazy<CompiledBodies> s_all = new(() => Compile(BodyTable.All, "PrewiredSemanticsBodies"));
        private readonly Dictionary<string, Type> _types;

        private CompiledBodies(
            Dictionary<string, Type> types,
            Dictionary<string, string> compileFailures,
            Dictionary<string, string> generated,
            Dictionary<string, List<string>> generatorDiagnostics,
            Dictionary<string, List<string>> generatedWarnings)
        {
            GeneratedWarnings = generatedWarnings;
            _types = types;
            CompileFailures = compileFailures;
            Generated = generated;
            GeneratorDiagnostics = generatorDiagnostics;
        }

        public static CompiledBodies All => s_all.Value;

        /// <summary>Body name to the compiler errors its generated code (or its source) caused.</summary>
        public Dictionary<string, string> CompileFailures { get; }

        /// <summary>Body name to every file the generator produced for it.</summary>
        public Dictionary<string, string> Generated { get; }

        /// <summary>Body name to the generator's own diagnostics in its file (PW0201 and friends).</summary>
        public Dictionary<string, List<string>> GeneratorDiagnostics { get; }

        /// <summary>Body name to the compiler warnings in its generated files (generated code must have none).</summary>
        public Dictionary<string, List<string>> GeneratedWarnings { get; }

        public Func<ISemanticsCase> Factory(string name)
        {
            if (CompileFailures.TryGetValue(name, out var failure)) throw new Xunit.Sdk.XunitException(failure);
            var type = _types[name];
            return () => (ISemanticsCase)Activator.CreateInstance(type)!;
        }

        public static CompiledBodies Compile(IReadOnlyList<BodyCase> bodies, string assemblyName)
        {
            var failures = new Dictionary<string, string>();
            var remaining = bodies.ToList();
            for (var attempt = 0; ; attempt++)
            {
                var sources = remaining.Select(b => b.Source()).ToArray();
                var settings = TestCompilationSettings.Default with
                {
                    AssemblyName = assemblyName,
                    AdditionalAssemblies = ImmutableArray.Create(typeof(Env).Assembly, LoggingGenerator.AbstractionsAssembly),
                };
                // The logging generator runs beside Prewired's, as in a build: bodies may call [LoggerMessage] methods.
                var run = GeneratorDriverHarness.Run(new IIncrementalGenerator[] { new PrewiredGenerator(), LoggingGenerator.Create() }, sources, settings);
                var generated = new Dictionary<string, string>();
                var generatorDiagnostics = new Dictionary<string, List<string>>();
                for (var i = 0; i < remaining.Count; i++)
                {
                    var prefix = "SemanticsCases." + remaining[i].ClassName + ".";
                    generated[remaining[i].Name] = string.Join("\n", run.GeneratedSources
                        .Where(s => s.HintName.StartsWith(prefix, StringComparison.Ordinal))
                        .Select(s => $"// ---- {s.HintName} ----\n{s.SourceText}"));
                    var tree = run.OutputCompilation.SyntaxTrees.ElementAt(i);
                    generatorDiagnostics[remaining[i].Name] = run.DriverDiagnostics
                        .Where(d => d.Location.SourceTree == tree || d.Location.SourceTree?.FilePath == tree.FilePath)
                        .Select(d => d.ToString())
                        .ToList();
                }

                var errors = run.OutputCompilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
                if (errors.Count == 0)
                {
                    // The team's harness (Harness/CompileAndRun.cs): emit to memory, load into a collectible context.
                    var loaded = CompileAndRun.Load(run.OutputCompilation, run);
                    var assembly = loaded.Assembly;
                    var types = remaining.ToDictionary(b => b.Name, b => assembly.GetType("SemanticsCases." + b.ClassName, throwOnError: true)!);
                    var warnings = remaining.ToDictionary(b => b.Name, b => run.OutputCompilation.GetDiagnostics()
                        .Where(d => d.Severity == DiagnosticSeverity.Warning && d.Location.SourceTree is { } t
                                    && Path.GetFileName(t.FilePath).StartsWith("SemanticsCases." + b.ClassName + ".", StringComparison.Ordinal))
                        .Select(d => d.ToString())
                        .ToList());
                    return new CompiledBodies(types, failures, generated, generatorDiagnostics, warnings);
                }

                // Attribute each error to the body whose source or generated file it is in, and compile again without them.
                var inputTrees = run.OutputCompilation.SyntaxTrees.Take(remaining.Count).ToList();
                BodyCase? BodyOf(SyntaxTree? tree)
                {
                    if (tree is null) return null;
                    var index = inputTrees.IndexOf(tree);
                    if (index >= 0) return remaining[index];
                    return remaining.FirstOrDefault(b => Path.GetFileName(tree.FilePath).StartsWith("SemanticsCases." + b.ClassName + ".", StringComparison.Ordinal));
                }

                var byBody = errors.GroupBy(e => BodyOf(e.Location.SourceTree)).ToList();
                if (byBody.Any(g => g.Key is null)) throw new InvalidOperationException("A compile error outside every body: " + string.Join("\n", byBody.Where(g => g.Key is null).SelectMany(g => g)));
                var culprits = new HashSet<string>(byBody.Select(g => g.Key!.Name));
                foreach (var group in byBody)
                {
                    var body = group.Key!;
                    var thrown = run.RunResult.Results.Where(r => r.Exception is not null).Select(r => "  the generator threw: " + r.Exception);
                    failures[body.Name] = $"The compiled body '{body.Name}' does not compile (generator output or body source):\n"
                                          + string.Join("\n", group.Select(e => "  " + e).Concat(thrown))
                                          + "\n\nGenerator diagnostics:\n  " + string.Join("\n  ", generatorDiagnostics[body.Name])
                                          + "\n\nBody:\n" + body.Display() + "\nGenerated:\n" + generated[body.Name];
                }

                remaining = remaining.Where(b => !culprits.Contains(b.Name)).ToList();
                if (attempt > 5) throw new InvalidOperationException("Could not isolate compile errors:\n" + string.Join("\n", errors));
            }
        }
    }
}
