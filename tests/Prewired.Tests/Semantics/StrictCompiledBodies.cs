using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Prewired.Tests.Reliability;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// Every differential body (<see cref="BodyTable"/> and <see cref="RegressionBodies"/>) compiled once per nullable
    /// context the way a library that builds with warnings as errors compiles it: every warning wave on
    /// (WarningLevel 9999) and every warning an error. The generators are Prewired's and the real logging generator
    /// (<see cref="LoggingGenerator"/>), as a real build runs them side by side. Only compiled, never emitted: what is
    /// checked is which diagnostics land in each body's generated files, against those of its own source file (the body
    /// compiled under the same options).
    /// </summary>
    internal sealed class StrictCompiledBodies
    {
        private static readonly Lazy<StrictCompiledBodies> s_enabled = new(() => Compile(NullableContextOptions.Enable));
        private static readonly Lazy<StrictCompiledBodies> s_disabled = new(() => Compile(NullableContextOptions.Disable));

        private StrictCompiledBodies(
            Dictionary<string, List<Diagnostic>> own,
            Dictionary<string, List<Diagnostic>> inGenerated,
            Dictionary<string, string> generated)
        {
            Own = own;
            InGenerated = inGenerated;
            Generated = generated;
        }

        public static IReadOnlyList<BodyCase> Bodies { get; } = BodyTable.All.Concat(RegressionBodies.All).ToList();

        public static StrictCompiledBodies For(NullableContextOptions nullable) =>
            nullable == NullableContextOptions.Disable ? s_disabled.Value : s_enabled.Value;

        /// <summary>Body name to the errors and warnings-as-errors in the body's own source file.</summary>
        public Dictionary<string, List<Diagnostic>> Own { get; }

        /// <summary>Body name to the errors and warnings-as-errors in the files generated for it.</summary>
        public Dictionary<string, List<Diagnostic>> InGenerated { get; }

        public Dictionary<string, string> Generated { get; }

        private static StrictCompiledBodies Compile(NullableContextOptions nullable) => Compile(nullable, Bodies);

        /// <summary>Compiles <paramref name="bodies"/> (all of <see cref="Bodies"/> for the tests; a few when investigating one).</summary>
        public static StrictCompiledBodies Compile(NullableContextOptions nullable, IReadOnlyList<BodyCase> bodies)
        {
            var settings = FuzzBatch.Settings("PrewiredStrictBodies" + nullable) with
            {
                Nullable = nullable,
                AdditionalAssemblies = ImmutableArray.Create(typeof(Env).Assembly, LoggingGenerator.AbstractionsAssembly),
            };
            var input = TestCompilation.Create(bodies.Select(FuzzBatch.Source), settings);
            // As an SDK project: NoWarn 1701;1702 (binding a reference built against an older System.Runtime) by default.
            input = input.WithOptions(input.Options
                .WithWarningLevel(9999)
                .WithGeneralDiagnosticOption(ReportDiagnostic.Error)
                .WithSpecificDiagnosticOptions(new Dictionary<string, ReportDiagnostic> { ["CS1701"] = ReportDiagnostic.Suppress, ["CS1702"] = ReportDiagnostic.Suppress }));
            var run = GeneratorDriverHarness.Run(input, new[] { new PrewiredGenerator(), LoggingGenerator.Create() });
            var inputTrees = input.SyntaxTrees.ToList();
            var own = new Dictionary<string, List<Diagnostic>>();
            var inGenerated = new Dictionary<string, List<Diagnostic>>();
            var generated = new Dictionary<string, string>();
            foreach (var body in bodies)
            {
                own[body.Name] = new List<Diagnostic>();
                inGenerated[body.Name] = new List<Diagnostic>();
                var prefix = "SemanticsCases." + body.ClassName + ".";
                generated[body.Name] = string.Join("\n", run.GeneratedSources
                    .Where(s => s.HintName.StartsWith(prefix, StringComparison.Ordinal))
                    .Select(s => $"// ---- {s.HintName} ----\n{s.SourceText}"));
            }

            // For a contributor reading what a body became: PREWIRED_DUMP_GENERATED=<folder> writes each body's files there.
            if (Environment.GetEnvironmentVariable("PREWIRED_DUMP_GENERATED") is { Length: > 0 } folder)
            {
                System.IO.Directory.CreateDirectory(folder);
                foreach (var (name, text) in generated) System.IO.File.WriteAllText(System.IO.Path.Combine(folder, $"{name}.{nullable}.g.cs"), text);
            }

            foreach (var diagnostic in run.OutputCompilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error))
            {
                var tree = diagnostic.Location.SourceTree;
                if (tree is null) throw new InvalidOperationException("A compile error outside every body: " + diagnostic);
                var index = inputTrees.IndexOf(tree);
                if (index >= 0)
                {
                    own[bodies[index].Name].Add(diagnostic);
                    continue;
                }

                // The logging generator writes one file for every class: attribute by the enclosing class.
                var className = tree.GetRoot().FindNode(diagnostic.Location.SourceSpan).AncestorsAndSelf()
                    .OfType<TypeDeclarationSyntax>().LastOrDefault()?.Identifier.ValueText;
                var body = bodies.FirstOrDefault(b => b.ClassName == className)
                           ?? throw new InvalidOperationException("A compile error in a generated file, outside every body's class: " + diagnostic);
                inGenerated[body.Name].Add(diagnostic);
            }

            return new StrictCompiledBodies(own, inGenerated, generated);
        }
    }
}
