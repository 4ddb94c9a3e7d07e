using System;
using System.IO;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Order;
using BenchmarkDotNet.Running;

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

            BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, CreateConfig());
            return 0;
        }

        /// <summary>
        /// The suite's config, as in Prewired.Benchmarks: no job of its own (the command line's <c>--job</c> decides: <c>short</c>
        /// for ShortRun, <c>dry</c> for a single-invocation smoke test, none for the full default), rows in declared order so
        /// each category reads baseline, InvokerNode, generated delegate, generated struct, hand-written, and results in
        /// benchmarks/BenchmarkDotNet.Artifacts (git-ignored) unless <c>--artifacts</c> says otherwise.
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
                if (Directory.Exists(Path.Combine(directory.FullName, "Prewired.Benchmarks.Pipelines")))
                {
                    return directory.FullName;
                }
            }

            return null;
        }
    }
}
