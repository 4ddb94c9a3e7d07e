using BenchmarkDotNet.Running;
using Prewired.Benchmarks.Common;

namespace Prewired.Benchmarks.Emitters
{
    public static class Program
    {
        /// <summary>Runs the classes the command line selects, e.g. <c>--filter '*' --job short</c> (docs/benchmarks.md).</summary>
        public static int Main(string[] args)
        {
            BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, SuiteConfig.Create());
            return 0;
        }
    }
}
