using System;
using System.Threading.Tasks;

namespace Prewired.Benchmarks.Pipelines
{
    /// <summary>
    /// Runs one pipeline once and says whether it did what its scenario promises, so a miswired form cannot benchmark
    /// nothing: the terminator ran (three times for Replay), Success and Replay completed synchronously (the 0 B path),
    /// Exception surfaced an <see cref="InvalidOperationException"/> through the returned task, and ExceptionSync threw it
    /// straight out of <c>Invoke</c>. Used by <c>--check</c> and by every benchmark setup.
    /// </summary>
    public static class PipelineVerifier
    {
        /// <summary>How many times one invocation of <paramref name="scenario"/> runs the terminator.</summary>
        public static int ExpectedTerminations(Scenario scenario) => scenario == Scenario.Replay ? 3 : 1;

        /// <summary>Invokes <paramref name="pipeline"/> once on <paramref name="context"/>; null if all is as expected, else what is wrong.</summary>
        public static string? Verify(IPipeline<BenchmarkContext> pipeline, Scenario scenario, BenchmarkContext context)
        {
            var before = context.Terminations;
            Task? task = null;
            Exception? thrown = null;
            var thrownSynchronously = false;
            var completedSynchronously = false;
            try
            {
                task = pipeline.Invoke(context);
                completedSynchronously = task.IsCompleted;
            }
            catch (Exception e)
            {
                thrown = e;
                thrownSynchronously = true;
            }

            if (task is not null)
            {
                try
                {
                    task.GetAwaiter().GetResult();
                }
                catch (Exception e)
                {
                    thrown = e;
                }
            }

            var terminations = context.Terminations - before;
            var expected = ExpectedTerminations(scenario);
            if (terminations != expected)
            {
                return $"terminator ran {terminations} time(s), expected {expected}";
            }

            return scenario switch
            {
                Scenario.Success or Scenario.Replay when thrown is not null => $"threw {thrown.GetType().Name}: {thrown.Message}",
                Scenario.Success or Scenario.Replay when !completedSynchronously => "did not complete synchronously",
                Scenario.Exception or Scenario.ExceptionSync when thrown is not InvalidOperationException =>
                    thrown is null ? "no exception reached the caller" : $"{thrown.GetType().Name} reached the caller, expected InvalidOperationException",
                Scenario.Exception when thrownSynchronously => "threw synchronously, expected a faulted task",
                Scenario.ExceptionSync when !thrownSynchronously => "returned a faulted task, expected a synchronous throw",
                _ => null,
            };
        }

        /// <summary>Like <see cref="Verify"/>, but throws on a mismatch (benchmark setups: BenchmarkDotNet reports it and skips the case).</summary>
        public static void EnsureWorks(IPipeline<BenchmarkContext> pipeline, Scenario scenario, BenchmarkContext context, string name)
        {
            if (Verify(pipeline, scenario, context) is { } problem)
            {
                throw new InvalidOperationException($"{name} ({scenario}) is miswired: {problem}.");
            }
        }
    }
}
