using System;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis.Diagnostics;
using BenchmarkDotNet.Running;
using Prewired.Benchmarks.Common;

namespace Prewired.Benchmarks.Generator
{
    public static class Program
    {
        /// <summary>
        /// Runs the benchmarks the command line selects, e.g. <c>--filter '*' --job short</c> (GenerationBenchmarks and
        /// AnalyzerBenchmarks). <c>--cold</c> instead prints single-run timings in this fresh process (JIT included), the
        /// edits' effect on the generated files, each analyzer's time and the peak working set. <c>--size</c> prints the
        /// generated IL against the async body's IL for the body shapes of issue 19 (<see cref="SizeReport"/>).
        /// </summary>
        public static int Main(string[] args)
        {
            if (args.Length == 1 && args[0] == "--cold")
            {
                return ColdRun.Run(Console.Out);
            }

            if (args.Length == 1 && args[0] == "--size")
            {
                return SizeReport.Run(Console.Out);
            }

            if (args.Length is 2 or 3 && args[0] == "--repeat" && int.TryParse(args[1], out var runs))
            {
                // For a profiler: the generator over the project, again and again, with nothing else in the process.
                var project = new SyntheticCompilation(serviceFiles: args.Length == 3 ? int.Parse(args[2], System.Globalization.CultureInfo.InvariantCulture) : 100);
                for (var i = 0; i < runs; i++) SyntheticCompilation.CreateDriver().RunGenerators(project.Create());
                return 0;
            }

            if (args.Length is 2 or 3 && args[0] == "--repeat-analyzers" && int.TryParse(args[1], out var passes))
            {
                // For a profiler: the compiler's diagnostics with every shipped analyzer (or the one named) over the generated
                // project, again and again, each on a new compilation as AnalyzerBenchmarks measures them.
                var project = new SyntheticCompilation(serviceFiles: 100);
                SyntheticCompilation.CreateDriver().RunGeneratorsAndUpdateCompilation(project.Create(), out var output, out _);
                var analyzers = args.Length == 3
                    ? SyntheticCompilation.Analyzers.Where(a => a.GetType().Name == args[2]).ToImmutableArray()
                    : SyntheticCompilation.Analyzers;
                var trees = output.SyntaxTrees.ToImmutableArray();
                for (var i = 0; i < passes; i++)
                {
                    output.RemoveAllSyntaxTrees().AddSyntaxTrees(trees).WithAnalyzers(analyzers).GetAllDiagnosticsAsync().GetAwaiter().GetResult();
                }

                return 0;
            }

            BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, SuiteConfig.Create());
            return 0;
        }
    }
}
