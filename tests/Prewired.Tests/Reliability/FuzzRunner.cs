using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Prewired.Tests.Semantics;

namespace Prewired.Tests.Reliability
{
    /// <summary>How a run goes: batch size, parallelism, the extra caller setting.</summary>
    public sealed record FuzzOptions
    {
        /// <summary>Bodies per compilation.</summary>
        public int BatchSize { get; init; } = 80;

        /// <summary>Bodies of a batch run at once (each on its own clean thread).</summary>
        public int Parallelism { get; init; } = 1;

        /// <summary>Also run every scenario with the caller having suppressed ExecutionContext flow (a third caller setting).</summary>
        public bool CallerSuppressedFlowToo { get; init; }

        /// <summary>Stop starting new batches after this long (the report says how many bodies ran).</summary>
        public TimeSpan? TimeLimit { get; init; }

        /// <summary>Called with a line of progress after every batch.</summary>
        public Action<string>? Progress { get; init; }
    }

    /// <summary>Counts and findings of a run.</summary>
    public sealed class FuzzReport
    {
        private long _scenarios;
        private long _fastComparisons;
        private long _tailComparisons;

        public int Bodies { get; set; }

        public int TailBodies { get; set; }

        public int ForwardedBodies { get; set; }

        public int GuardedFastPaths { get; set; }

        public int UnguardedFastPaths { get; set; }

        public int Sites { get; set; }

        public long Scenarios => Interlocked.Read(ref _scenarios);

        public long FastPathComparisons => Interlocked.Read(ref _fastComparisons);

        public long TailAwaitComparisons => Interlocked.Read(ref _tailComparisons);

        public TimeSpan CompileTime { get; set; }

        public TimeSpan RunTime { get; set; }

        public TimeSpan Elapsed { get; set; }

        public bool StoppedByTimeLimit { get; set; }

        public ConcurrentBag<Finding> Findings { get; } = new();

        /// <summary>What the generator wrote into the bodies that ran (statement kinds, await positions, variables after resume points).</summary>
        public GeneratorCoverage Coverage { get; } = new();

        internal void Count(int scenarios, int fast, int tail)
        {
            Interlocked.Add(ref _scenarios, scenarios);
            Interlocked.Add(ref _fastComparisons, fast);
            Interlocked.Add(ref _tailComparisons, tail);
        }

        public string Summary()
            => $"{Bodies} bodies ({TailBodies} also [TailAwait], {ForwardedBodies} forwarded with PW0201, {GuardedFastPaths} split with the context guard, "
               + $"{UnguardedFastPaths} split without), {Sites} await sites, {Scenarios} scenarios, {FastPathComparisons} [FastPath] and {TailAwaitComparisons} "
               + $"[TailAwait] runs compared with the async body; {Findings.Count} findings; {Elapsed.TotalSeconds:F1} s "
               + $"(compile {CompileTime.TotalSeconds:F1} s, run {RunTime.TotalSeconds:F1} s){(StoppedByTimeLimit ? "; stopped by the time limit" : string.Empty)}";
    }

    /// <summary>
    /// Compiles bodies in batches (<see cref="FuzzBatch"/>) and runs each differentially the way the Semantics suite
    /// does: every scenario of <see cref="Driver.ScenariosFor"/> (each await site in each completion mode with the other
    /// sites synchronous, then asynchronous; all sites synchronous; all asynchronous; with and without the recording
    /// SynchronizationContext; every variant of v), the original async body against [FastPath] (exactly equal) and
    /// [TailAwait] (equal but for <see cref="Expectations.Tail"/>), every field and the whole log compared.
    /// </summary>
    public static class FuzzRunner
    {
        public static FuzzReport Run(IEnumerable<BodyCase> bodies, FuzzOptions options)
        {
            var report = new FuzzReport();
            var total = Stopwatch.StartNew();
            foreach (var batch in bodies.Chunk(options.BatchSize))
            {
                if (options.TimeLimit is { } limit && total.Elapsed > limit)
                {
                    report.StoppedByTimeLimit = true;
                    break;
                }

                RunBatch(batch, options, report);
                options.Progress?.Invoke($"{report.Bodies} bodies, {report.Scenarios} scenarios, {report.Findings.Count} findings, {total.Elapsed.TotalSeconds:F0} s");
            }

            report.Elapsed = total.Elapsed;
            return report;
        }

        /// <summary>The findings for <paramref name="bodies"/> (one batch), for shrinking and regression tests.</summary>
        public static List<Finding> Check(IReadOnlyList<BodyCase> bodies, FuzzOptions? options = null)
        {
            var report = new FuzzReport();
            RunBatch(bodies, options ?? new FuzzOptions(), report);
            return report.Findings.ToList();
        }

        private static void RunBatch(IReadOnlyList<BodyCase> batch, FuzzOptions options, FuzzReport report)
        {
            var compileWatch = Stopwatch.StartNew();
            using var compiled = FuzzBatch.Compile(batch);
            report.CompileTime += compileWatch.Elapsed;
            foreach (var finding in compiled.Findings) report.Findings.Add(finding);
            report.Bodies += batch.Count;
            foreach (var body in batch)
            {
                report.Coverage.Add(RandomBodyGenerator.CoverageOf(body));
                if (body.Tail) report.TailBodies++;
                if (!body.ExpectSplit) report.ForwardedBodies++;
                report.Sites += body.Sites().Count;
                if (compiled.Generated.TryGetValue(body.Name, out var generated) && body.ExpectSplit)
                {
                    if (generated.Contains("AsyncContextGuard.Capture()", StringComparison.Ordinal)) report.GuardedFastPaths++;
                    else report.UnguardedFastPaths++;
                }
            }

            var runWatch = Stopwatch.StartNew();
            var runnable = batch.Where(b => compiled.Types.ContainsKey(b.Name)).ToList();
            Parallel.ForEach(runnable, new ParallelOptions { MaxDegreeOfParallelism = Math.Max(1, options.Parallelism) }, body =>
            {
                foreach (var finding in Differential(body, compiled.Factory(body.Name), compiled.Generated[body.Name], options, report)) report.Findings.Add(finding);
            });
            report.RunTime += runWatch.Elapsed;
        }

        private sealed record Failure(Variant Variant, Scenario Scenario, Outcome Original, Outcome Expected, Outcome Actual, List<string> Adjustments);

        private static List<Finding> Differential(BodyCase body, Func<ISemanticsCase> factory, string generated, FuzzOptions options, FuzzReport report)
        {
            var settings = options.CallerSuppressedFlowToo ? new[] { false, true } : new[] { false };
            var scenarios = settings.SelectMany(suppressed => Driver.ScenariosFor(body.Sites(), body.Variants).Select(s => s with { CallerSuppressedFlow = suppressed })).ToList();

            // A guarded [TailAwait] method calls the async body itself when the caller suppressed flow (only the builder can
            // restore that context): there it is exact and the documented elision differences do not apply.
            var tailFile = generated.Split("// ---- ").FirstOrDefault(f => f.Contains(".TailAwait.g.cs ----", StringComparison.Ordinal)) ?? string.Empty;
            var tailExactWhenSuppressed = tailFile.Contains("if (__guard.IsFlowSuppressed) return", StringComparison.Ordinal);
            var failures = new List<Failure>();
            Exception? crash = null;
            int fast = 0, tail = 0;
            Driver.OnCleanThread(() =>
            {
                try
                {
                    // One-time effects (static constructors, first-call JIT work) happen here, before anything is compared.
                    Driver.Run(factory, Variant.Original, scenarios[0]);
                    Driver.Run(factory, Variant.FastPath, scenarios[0]);
                    if (body.Tail) Driver.Run(factory, Variant.TailAwait, scenarios[0]);
                    foreach (var scenario in scenarios)
                    {
                        var original = Driver.Run(factory, Variant.Original, scenario);
                        var actual = Driver.Run(factory, Variant.FastPath, scenario);
                        fast++;
                        if (original.Differences(actual).Any()) failures.Add(new Failure(Variant.FastPath, scenario, original, original, actual, new List<string>()));
                        if (!body.Tail) continue;
                        var tailActual = Driver.Run(factory, Variant.TailAwait, scenario);
                        tail++;
                        var adjustments = new List<string>();
                        var expected = scenario.CallerSuppressedFlow && tailExactWhenSuppressed
                            ? original
                            : FuzzExpectations.Tail(original, body.TailAwaitsSiteDirectly, scenario.CallerSuppressedFlow, out adjustments);
                        if (expected.Differences(tailActual).Any()) failures.Add(new Failure(Variant.TailAwait, scenario, original, expected, tailActual, adjustments));
                    }
                }
                catch (Exception e)
                {
                    crash = e;
                }
            });

            report.Count(scenarios.Count, fast, tail);
            var findings = new List<Finding>();
            if (crash is not null)
            {
                findings.Add(new Finding(body, "run-crashed", crash + "\n\nBody:\n" + body.Display() + "\nGenerated:\n" + generated));
            }

            foreach (var group in failures.GroupBy(f => f.Variant))
            {
                var kind = group.Key == Variant.FastPath ? "divergence-fastpath" : "divergence-tailawait";
                findings.Add(new Finding(body, kind, Describe(body, group.Key, scenarios.Count, group.ToList(), generated)));
            }

            return findings;
        }

        private static string Describe(BodyCase body, Variant variant, int scenarioCount, List<Failure> failures, string generated)
        {
            var title = variant == Variant.FastPath ? "[FastPath]" : "[TailAwait]";
            var text = new StringBuilder();
            text.AppendLine($"{title} differs from the async body in {failures.Count} of {scenarioCount} scenarios.");
            text.AppendLine("Differing fields, by how often:");
            foreach (var group in failures.GroupBy(f => string.Join(", ", f.Expected.Differences(f.Actual))).OrderByDescending(g => g.Count()))
            {
                text.AppendLine($"  {group.Count(),4} x {group.Key}");
            }

            text.AppendLine("Scenarios that differ:");
            foreach (var failure in failures.Take(20)) text.AppendLine($"  {failure.Scenario}: {string.Join(", ", failure.Expected.Differences(failure.Actual))}");
            if (failures.Count > 20) text.AppendLine($"  ... and {failures.Count - 20} more");
            text.AppendLine();
            text.AppendLine("Body:");
            text.AppendLine(body.Display());
            foreach (var failure in failures.GroupBy(f => string.Join(", ", f.Expected.Differences(f.Actual))).Select(g => g.First()).Take(3))
            {
                text.AppendLine($"---- {failure.Scenario} ----");
                if (failure.Adjustments.Count > 0) text.AppendLine("  documented [TailAwait] differences applied: " + string.Join("; ", failure.Adjustments));
                text.AppendLine(Expectations.SideBySide(failure.Original, failure.Expected, failure.Actual, title));
            }

            text.AppendLine("Generated:");
            text.AppendLine(generated);
            return text.ToString();
        }
    }
}
