using System;
using BenchmarkDotNet.Running;
using Prewired.Benchmarks.Common;

namespace Prewired.Benchmarks
{
    public static class Program
    {
        /// <summary>
        /// Runs the benchmarks the command line selects, e.g. <c>--filter '*StockPricesSync*' --job short</c>
        /// (commands per class: docs/benchmarks.md). <c>--check-runtime-async</c> instead prints the evidence that the
        /// runtime-async forms are compiled and run as runtime async (run it with and without DOTNET_RuntimeAsync=1).
        /// </summary>
        public static int Main(string[] args)
        {
            if (args.Length == 1 && args[0] == "--check-runtime-async")
            {
                return RuntimeAsyncCheck.Run();
            }

            BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, SuiteConfig.Create());
            return 0;
        }
    }
}
