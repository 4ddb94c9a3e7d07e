using System;
using BenchmarkDotNet.Running;
using Prewired.Benchmarks.Common;

namespace Prewired.Benchmarks.Generator
{
    public static class Program
    {
        /// <summary>
        /// Runs the benchmarks the command line selects, e.g. <c>--filter '*' --job short</c> (GenerationBenchmarks and
        /// AnalyzerBenchmarks). <c>--cold</c> instead prints single-run timings in this fresh process (JIT included), the
        /// edits' effect on the generated files, each analyzer's time and the peak working set.
        /// </summary>
        public static int Main(string[] args)
        {
            if (args.Length == 1 && args[0] == "--cold")
            {
                return ColdRun.Run(Console.Out);
            }

            if (args.Length is 2 or 3 && args[0] == "--repeat" && int.TryParse(args[1], out var runs))
            {
                // For a profiler: the generator over the project, again and again, with nothing else in the process.
                var project = new SyntheticCompilation(serviceFiles: args.Length == 3 ? int.Parse(args[2], System.Globalization.CultureInfo.InvariantCulture) : 100);
                for (var i = 0; i < runs; i++) SyntheticCompilation.CreateDriver().RunGenerators(project.Create());
                return 0;
            }

            BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, SuiteConfig.Create());
            return 0;
        }
    }
}
