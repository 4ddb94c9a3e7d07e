using System;
using System.IO;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Order;

namespace Prewired.Benchmarks.Common
{
    /// <summary>The configuration every Prewired benchmark suite runs with (linked into each benchmark project).</summary>
    public static class SuiteConfig
    {
        /// <summary>
        /// It deliberately adds no job: the job comes from the command line, <c>--job short</c> being the ShortRun job
        /// PRODUCT.md §3's anchors were measured with (1 launch, 3 warm-up and 3 measured iterations), <c>--job dry</c> a
        /// single-invocation smoke test and no <c>--job</c> the full default. (A job marked as default here would override
        /// <c>--job</c>: BenchmarkDotNet prefers a config's default job to the command line's.) Rows keep the declared
        /// order, so each table reads baseline first. Results go to benchmarks/BenchmarkDotNet.Artifacts (git-ignored)
        /// unless <c>--artifacts</c> says otherwise.
        /// </summary>
        public static IConfig Create()
        {
            var config = DefaultConfig.Instance.WithOrderer(new DefaultOrderer(SummaryOrderPolicy.Declared));
            var benchmarksDirectory = FindBenchmarksDirectory();
            return benchmarksDirectory is null
                ? config
                : config.WithArtifactsPath(Path.Combine(benchmarksDirectory, "BenchmarkDotNet.Artifacts"));
        }

        // The repository's benchmarks/ directory (the one holding this file's folder), found upwards from
        // bin/Release/net10.0/; null when the program runs from elsewhere.
        private static string? FindBenchmarksDirectory()
        {
            for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
            {
                if (Directory.Exists(Path.Combine(directory.FullName, "Common")) && File.Exists(Path.Combine(directory.FullName, "Directory.Build.props")))
                {
                    return directory.FullName;
                }
            }

            return null;
        }
    }
}
