using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using BenchmarkDotNet.Attributes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Prewired.Benchmarks.Generator
{
    /// <summary>
    /// What Prewired's analyzers add to a build of the synthetic project (1,000 marked methods and 100 pipelines, the
    /// generated code included, as the compiler analyzes it): the compiler's own diagnostics alone (the baseline), then
    /// the same with every shipped analyzer, then with each analyzer alone. Each run is a new compilation, so binding is
    /// paid in every row and the difference to the baseline is the analyzers'.
    /// </summary>
    [MemoryDiagnoser]
    public class AnalyzerBenchmarks
    {
        private const string None = "(none)";
        private const string All = "(all)";

        private ImmutableArray<SyntaxTree> _trees;
        private Compilation _template = null!;
        private ImmutableArray<DiagnosticAnalyzer> _analyzers;

        [ParamsSource(nameof(AnalyzerSets))]
        public string Analyzers { get; set; } = None;

        public static IEnumerable<string> AnalyzerSets() =>
            new[] { None, All }.Concat(SyntheticCompilation.Analyzers.Select(a => a.GetType().Name));

        [GlobalSetup]
        public void Setup()
        {
            var project = new SyntheticCompilation(serviceFiles: 100);
            SyntheticCompilation.CreateDriver().RunGeneratorsAndUpdateCompilation(project.Create(), out var output, out _);
            _template = output;
            _trees = output.SyntaxTrees.ToImmutableArray();
            _analyzers = Analyzers switch
            {
                None => ImmutableArray<DiagnosticAnalyzer>.Empty,
                All => SyntheticCompilation.Analyzers,
                _ => SyntheticCompilation.Analyzers.Where(a => a.GetType().Name == Analyzers).ToImmutableArray(),
            };
        }

        [Benchmark(Description = "Compiler diagnostics + analyzers")]
        public int Diagnostics()
        {
            var compilation = _template.RemoveAllSyntaxTrees().AddSyntaxTrees(_trees);
            return _analyzers.IsEmpty
                ? compilation.GetDiagnostics().Length
                : compilation.WithAnalyzers(_analyzers).GetAllDiagnosticsAsync().GetAwaiter().GetResult().Length;
        }
    }
}
