using System;
using System.IO;
using System.Threading.Tasks;

namespace Prewired.Benchmarks.Pipelines
{
    /// <summary>
    /// Part of <c>--check</c>: counts the bytes each form allocates per call (no timing), because BenchmarkDotNet's dry job
    /// runs one cold operation and its Allocated column cannot show that. Success and Replay must allocate nothing once warm
    /// (PRODUCT.md §3), for every form; the other categories are reported for information.
    /// </summary>
    public static class AllocationCheck
    {
        /// <summary>Writes one table row per category and depth; returns how many 0 B expectations failed.</summary>
        public static int Run(TextWriter output, int[] depths)
        {
            output.WriteLine();
            output.WriteLine("Bytes allocated per call after 100 warm-up calls (Success and Replay, which run synchronously: this thread's");
            output.WriteLine("allocations, must be 0; the rest: all threads, for information only. This short run is mostly tier-0 code, which");
            output.WriteLine("makes no implicit tail calls, while the expression tree's dynamic methods are always fully optimized, so the");
            output.WriteLine("ExceptionSync figures, which grow with the frames the throw unwinds, are not the steady state BenchmarkDotNet sees):");
            output.Write($"{"category",-14}{"depth",6}");
            foreach (var form in PipelineFactory.AvailableForms) output.Write($"{form,18}");
            output.WriteLine();

            var failures = 0;
            foreach (var category in new[] { "Success", "Replay", "ExceptionSync", "Exception", "Warmup" })
            {
                foreach (var depth in depths)
                {
                    output.Write($"{category,-14}{depth,6}");
                    foreach (var form in PipelineFactory.AvailableForms)
                    {
                        var perCall = Measure(form, category, depth);
                        var mustBeZero = category is "Success" or "Replay";
                        if (mustBeZero && perCall != 0) failures++;
                        output.Write($"{(mustBeZero && perCall != 0 ? "FAIL " : string.Empty) + perCall.ToString("0.#") + " B",18}");
                    }

                    output.WriteLine();
                }
            }

            return failures;
        }

        private static double Measure(PipelineForm form, string category, int depth)
        {
            var warmup = category == "Warmup";
            var scenario = warmup ? Scenario.Success : Enum.Parse<Scenario>(category);
            var calls = warmup && form == PipelineForm.ExpressionTree ? 20 : 1000;
            var synchronous = scenario is Scenario.Success or Scenario.Replay && !warmup;
            var context = new BenchmarkContext();
            var pipeline = PipelineFactory.Create(form, scenario, depth);
            Func<Task> call = warmup
                ? () => PipelineFactory.Create(form, scenario, depth).Invoke(context)
                : () => pipeline.Invoke(context);

            for (var i = 0; i < 100; i++) Run(call);
            var before = synchronous ? GC.GetAllocatedBytesForCurrentThread() : GC.GetTotalAllocatedBytes(precise: true);
            for (var i = 0; i < calls; i++) Run(call);
            var after = synchronous ? GC.GetAllocatedBytesForCurrentThread() : GC.GetTotalAllocatedBytes(precise: true);
            return (double)(after - before) / calls;
        }

        // Runs one call to the end; the exception scenarios' InvalidOperationException is expected (PipelineVerifier checks it).
        private static void Run(Func<Task> call)
        {
            try
            {
                call().GetAwaiter().GetResult();
            }
            catch (InvalidOperationException)
            {
            }
        }
    }
}
