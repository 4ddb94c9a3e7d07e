using System;
using System.Globalization;

namespace Prewired.Tests.Reliability
{
    /// <summary>
    /// The environment variables of the big runs. Unset, the regular suite runs its fixed-seed slices; set, the same
    /// tests run the big run instead (never skipped: whichever is configured runs and must find nothing).
    /// <list type="bullet">
    /// <item><c>PREWIRED_FUZZ_BODIES</c>: random bodies to run (the slice runs <see cref="SliceBodies"/>).</item>
    /// <item><c>PREWIRED_FUZZ_SEED</c>: their seed (default <see cref="SliceSeed"/>).</item>
    /// <item><c>PREWIRED_FUZZ_START</c>: index of the first body (to resume or split a run).</item>
    /// <item><c>PREWIRED_FUZZ_PARALLEL</c>: bodies run at once (default 1).</item>
    /// <item><c>PREWIRED_FUZZ_MINUTES</c>: stop starting batches after this many minutes (the output says how far it got).</item>
    /// <item><c>PREWIRED_FUZZ_SUPPRESSED_FLOW=1</c>: also run every scenario with the caller having suppressed flow.</item>
    /// <item><c>PREWIRED_FUZZ_COVERAGE=file</c>: also write the run's coverage table to a file.</item>
    /// <item><c>PREWIRED_MUTANTS</c> / <c>PREWIRED_MUTANTS_SEED</c>: the mutation run's size and seed.</item>
    /// </list>
    /// </summary>
    internal static class FuzzSettings
    {
        public const int SliceSeed = 20240601;
        public const int SliceBodies = 320;
        public const int MutantSliceSeed = 7;
        public const int MutantSlice = 1600;

        public static int Bodies => Int("PREWIRED_FUZZ_BODIES") ?? SliceBodies;

        public static int Seed => Int("PREWIRED_FUZZ_SEED") ?? SliceSeed;

        public static int Start => Int("PREWIRED_FUZZ_START") ?? 0;

        public static int Parallelism => Int("PREWIRED_FUZZ_PARALLEL") ?? 1;

        public static TimeSpan? TimeLimit => Int("PREWIRED_FUZZ_MINUTES") is { } minutes ? TimeSpan.FromMinutes(minutes) : null;

        /// <summary><c>PREWIRED_FUZZ_COVERAGE=file</c>: write the run's summary and coverage table to this file.</summary>
        public static string? CoverageFile => Environment.GetEnvironmentVariable("PREWIRED_FUZZ_COVERAGE") is { Length: > 0 } file ? file : null;

        public static bool SuppressedFlow => Environment.GetEnvironmentVariable("PREWIRED_FUZZ_SUPPRESSED_FLOW") == "1";

        /// <summary><c>PREWIRED_FUZZ_ONLY=12,40</c>: run only these body indexes of the seed (to reproduce and shrink one).</summary>
        public static int[]? Only => Environment.GetEnvironmentVariable("PREWIRED_FUZZ_ONLY") is { Length: > 0 } list
            ? Array.ConvertAll(list.Split(','), item => int.Parse(item, CultureInfo.InvariantCulture))
            : null;

        /// <summary>
        /// <c>PREWIRED_FUZZ_SKIP=8815</c>: leave these body indexes out. Only for a body that takes the test process down
        /// by itself, which no in-process check can report (seed 20261201 body 8815: the JIT crashes compiling the async
        /// original, docs/reliability.md); every other finding must stay a finding.
        /// </summary>
        public static int[] Skip => Environment.GetEnvironmentVariable("PREWIRED_FUZZ_SKIP") is { Length: > 0 } list
            ? Array.ConvertAll(list.Split(','), item => int.Parse(item, CultureInfo.InvariantCulture))
            : Array.Empty<int>();

        public static bool IsBigRun => Int("PREWIRED_FUZZ_BODIES") is not null;

        public static int Mutants => Int("PREWIRED_MUTANTS") ?? MutantSlice;

        public static int MutantSeed => Int("PREWIRED_MUTANTS_SEED") ?? MutantSliceSeed;

        /// <summary><c>PREWIRED_MUTANTS_ONLY=12,40</c>: run only these mutant indexes of the seed.</summary>
        public static int[]? OnlyMutants => Environment.GetEnvironmentVariable("PREWIRED_MUTANTS_ONLY") is { Length: > 0 } list
            ? Array.ConvertAll(list.Split(','), item => int.Parse(item, CultureInfo.InvariantCulture))
            : null;

        public static bool IsBigMutantRun => Int("PREWIRED_MUTANTS") is not null;

        private static int? Int(string name)
            => int.TryParse(Environment.GetEnvironmentVariable(name), NumberStyles.Integer, CultureInfo.InvariantCulture, out var value) ? value : null;
    }
}
