using System.Collections.Immutable;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using Prewired.Generator;
using Prewired.Tests.Scale;

namespace Prewired.Benchmarks.Generator
{
    /// <summary>
    /// The synthetic project as the compiler sees it: parsed once (parsing is the compiler's cost, not the generator's),
    /// and a fresh <see cref="Compilation"/> on demand, so every measured run binds from scratch as a cold build does.
    /// </summary>
    public sealed class SyntheticCompilation
    {
        private static readonly CSharpParseOptions s_parseOptions = new(LanguageVersion.Latest);

        private readonly ImmutableArray<SyntaxTree> _trees;

        public SyntheticCompilation(int serviceFiles)
        {
            ServiceFiles = serviceFiles;
            _trees = SyntheticProject.Sources(serviceFiles)
                .Select(s => CSharpSyntaxTree.ParseText(SourceText.From(s.Text, Encoding.UTF8), s_parseOptions, s.Path))
                .ToImmutableArray();
        }

        public int ServiceFiles { get; }

        public CSharpCompilation Create() => CSharpCompilation.Create(
            "Synthetic",
            _trees,
            ReferencePack.Default,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable, optimizationLevel: OptimizationLevel.Release));

        /// <summary>A driver as the command-line compiler creates it (no step tracking), running the Prewired generator.</summary>
        public static GeneratorDriver CreateDriver() => CreateDriver(new PrewiredGenerator());

        /// <summary>A driver as the command-line compiler creates it, running <paramref name="generator"/>.</summary>
        public static GeneratorDriver CreateDriver(IIncrementalGenerator generator) =>
            CSharpGeneratorDriver.Create(new[] { generator.AsSourceGenerator() }, parseOptions: s_parseOptions);

        /// <summary>Every analyzer the package ships (the generator's own diagnostics come from them).</summary>
        public static ImmutableArray<DiagnosticAnalyzer> Analyzers { get; } = typeof(Prewired.Analyzers.MarkedMethodAnalyzer).Assembly.GetTypes()
            .Where(t => !t.IsAbstract && typeof(DiagnosticAnalyzer).IsAssignableFrom(t) && t.GetCustomAttributes(typeof(DiagnosticAnalyzerAttribute), false).Length > 0)
            .OrderBy(t => t.Name, System.StringComparer.Ordinal)
            .Select(t => (DiagnosticAnalyzer)System.Activator.CreateInstance(t)!)
            .ToImmutableArray();

        /// <summary><paramref name="compilation"/> with the file at <paramref name="path"/> replaced by <paramref name="text"/>: an edit.</summary>
        public static Compilation Edit(Compilation compilation, string path, string text)
        {
            var tree = compilation.SyntaxTrees.Single(t => t.FilePath == path);
            return compilation.ReplaceSyntaxTree(tree, tree.WithChangedText(SourceText.From(text, Encoding.UTF8)));
        }
    }
}
