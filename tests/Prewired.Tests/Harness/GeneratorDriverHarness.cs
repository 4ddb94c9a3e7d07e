using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Prewired.Tests.Harness
{
    /// <summary>
    /// Runs incremental generators over test sources the way the compiler does, with step tracking on so
    /// <see cref="IncrementalCachingAssert"/> can inspect every named step.
    /// </summary>
    /// <example>
    /// <code>
    /// GeneratorRun run = GeneratorDriverHarness.Run(new TailAwaitGenerator(), source);
    /// run.AssertGeneratedCodeCompilesCleanly();
    /// SnapshotVerifier.Verify(run);
    /// IncrementalCachingAssert.AssertCachedOnRerun(run);
    /// </code>
    /// </example>
    public static class GeneratorDriverHarness
    {
        public static GeneratorRun Run(IIncrementalGenerator generator, params string[] sources) =>
            Run(new[] { generator }, sources);

        public static GeneratorRun Run(
            IEnumerable<IIncrementalGenerator> generators,
            IEnumerable<string> sources,
            TestCompilationSettings? settings = null,
            AnalyzerConfigOptionsProvider? options = null) =>
            Run(TestCompilation.Create(sources, settings), generators, options);

        public static GeneratorRun Run(
            Compilation compilation,
            IEnumerable<IIncrementalGenerator> generators,
            AnalyzerConfigOptionsProvider? options = null)
        {
            ImmutableArray<IIncrementalGenerator> generatorList = generators.ToImmutableArray();
            GeneratorDriver driver = CreateDriver(
                generatorList,
                compilation.SyntaxTrees.FirstOrDefault()?.Options as CSharpParseOptions ?? TestCompilationSettings.Default.ParseOptions,
                options);
            driver = driver.RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out ImmutableArray<Diagnostic> driverDiagnostics);
            return new GeneratorRun(generatorList, compilation, driver, output, driverDiagnostics);
        }

        /// <summary>
        /// A driver that records every named step (trackIncrementalGeneratorSteps) and, like the IDE and the command-line
        /// compiler, keeps its state between runs: run it again to see what was cached.
        /// </summary>
        public static GeneratorDriver CreateDriver(
            IEnumerable<IIncrementalGenerator> generators,
            CSharpParseOptions parseOptions,
            AnalyzerConfigOptionsProvider? options = null) =>
            CSharpGeneratorDriver.Create(
                generators.Select(GeneratorExtensions.AsSourceGenerator),
                additionalTexts: null,
                parseOptions,
                options,
                new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));
    }
}
