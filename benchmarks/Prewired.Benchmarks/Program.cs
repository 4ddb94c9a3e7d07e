using System;
using System.IO;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Order;
using BenchmarkDotNet.Running;

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

            BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, CreateConfig());
            return 0;
        }

        /// <summary>
        /// The suite's config. It deliberately adds no job: the job comes from the command line, <c>--job short</c> being the
        /// ShortRun job PRODUCT.md §3's anchors were measured with (1 launch, 3 warm-up and 3 measured iterations),
        /// <c>--job dry</c> a single-invocation smoke test and no <c>--job</c> the full default. (A job marked as default here
        /// would override <c>--job</c>: BenchmarkDotNet prefers a config's default job to the command line's.)
        /// Rows keep the declared order, so each table reads baseline, plain async forms, hand-written, generated.
        /// Results go to benchmarks/BenchmarkDotNet.Artifacts (git-ignored) unless <c>--artifacts</c> says otherwise.
        /// </summary>
        public static IConfig CreateConfig()
        {
            var config = DefaultConfig.Instance.WithOrderer(new DefaultOrderer(SummaryOrderPolicy.Declared));
            var benchmarksDirectory = FindBenchmarksDirectory();
            return benchmarksDirectory is null
                ? config
                : config.WithArtifactsPath(Path.Combine(benchmarksDirectory, "BenchmarkDotNet.Artifacts"));
        }

        // The repository's benchmarks/ directory, found upwards from bin/Release/net10.0/; null when run from elsewhere.
        private static string? FindBenchmarksDirectory()
        {
            for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
            {
                if (Directory.Exists(Path.Combine(directory.FullName, "Prewired.Benchmarks.RuntimeAsync"))
                    && Directory.Exists(Path.Combine(directory.FullName, "Prewired.Benchmarks")))
                {
                    return directory.FullName;
                }
            }

            return null;
        }
    }
}
