using System;
using System.IO;
using System.Linq;

namespace Prewired.Benchmarks.Pipelines
{
    /// <summary>
    /// <c>--check</c>: runs every available form, for every category and depth, on a fresh context, twice (the benchmarks
    /// reuse one context) and verifies each call with <see cref="PipelineVerifier"/>; Warmup builds a new Success chain per
    /// call as its benchmark does. Then <see cref="AllocationCheck"/> counts bytes per call. Cheap (no timing); exit code 1
    /// if anything is off.
    /// </summary>
    public static class SelfCheck
    {
        private static readonly int[] Depths = { 10, 20, 40 };

        /// <summary>Runs the check, writing one line per form, category and depth to <paramref name="output"/>.</summary>
        public static int Run(TextWriter output)
        {
            var failures = 0;
            var checks = 0;
            foreach (var depth in Depths)
            {
                foreach (var category in new[] { "Success", "Exception", "ExceptionSync", "Replay", "Warmup" })
                {
                    var warmup = category == "Warmup";
                    var scenario = warmup ? Scenario.Success : Enum.Parse<Scenario>(category);
                    foreach (var form in PipelineFactory.AvailableForms)
                    {
                        checks++;
                        var problem = Check(form, scenario, depth, freshEachCall: warmup);
                        if (problem is not null) failures++;
                        var expected = PipelineVerifier.ExpectedTerminations(scenario);
                        output.WriteLine($"depth {depth,2}  {category,-13}  {form,-17}  {(problem is null ? $"ok ({Describe(scenario)}, terminator {expected}x per call)" : "FAIL: " + problem)}");
                    }
                }
            }

            foreach (PipelineForm form in Enum.GetValues(typeof(PipelineForm)))
            {
                if (!PipelineFactory.AvailableForms.Contains(form))
                {
                    output.WriteLine($"skipped {form}: built with PrewiredPipelinesGenerated=false");
                }
            }

            var allocationFailures = AllocationCheck.Run(output, Depths);
            checks += 1;
            failures += allocationFailures == 0 ? 0 : 1;
            output.WriteLine(allocationFailures == 0 ? "allocation: ok (Success and Replay allocate 0 B per call in every form)" : $"allocation: FAIL ({allocationFailures} Success/Replay case(s) allocate)");
            output.WriteLine(failures == 0 ? $"{checks} passed, 0 failed" : $"{checks - failures} passed, {failures} failed");
            return failures == 0 ? 0 : 1;
        }

        private static string? Check(PipelineForm form, Scenario scenario, int depth, bool freshEachCall)
        {
            try
            {
                var context = new BenchmarkContext();
                var pipeline = PipelineFactory.Create(form, scenario, depth);
                for (var call = 1; call <= 2; call++)
                {
                    if (freshEachCall && call > 1) pipeline = PipelineFactory.Create(form, scenario, depth);
                    if (PipelineVerifier.Verify(pipeline, scenario, context) is { } problem) return $"call {call}: {problem}";
                }

                return null;
            }
            catch (Exception e)
            {
                return $"could not build or run: {e.GetType().Name}: {e.Message}";
            }
        }

        private static string Describe(Scenario scenario) => scenario switch
        {
            Scenario.Exception => "InvalidOperationException via a faulted task",
            Scenario.ExceptionSync => "InvalidOperationException thrown synchronously",
            _ => "completed synchronously",
        };
    }
}
