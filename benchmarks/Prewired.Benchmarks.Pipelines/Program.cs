using System;
using BenchmarkDotNet.Running;
using Prewired.Benchmarks.Common;

namespace Prewired.Benchmarks.Pipelines
{
    public static class Program
    {
        /// <summary>
        /// Runs the benchmarks the command line selects, e.g. <c>--filter '*' --job short</c> or one category with
        /// <c>--filter '*Success_*'</c> (set <c>PREWIRED_PIPELINE_DEPTHS=10</c> to run one depth). <c>--check</c> instead runs
        /// every form of every category and depth once and verifies what it did (exit code 1 on a mismatch).
        /// </summary>
        public static int Main(string[] args)
        {
            if (args.Length == 1 && args[0] == "--check")
            {
                return SelfCheck.Run(Console.Out);
            }

            BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, SuiteConfig.Create());
            return 0;
        }
    }
}
