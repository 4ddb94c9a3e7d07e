using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Text;
using Prewired.Tests.Semantics;
using Xunit;
using Xunit.Abstractions;

namespace Prewired.Tests.Reliability
{
    /// <summary>
    /// Random async bodies (<see cref="RandomBodyGenerator"/>) run differentially: [FastPath] must be indistinguishable
    /// from the async body and [TailAwait] equal but for the documented pending-case differences, in every completion-mode
    /// script with and without the recording SynchronizationContext. The regular suite runs a fixed-seed slice; the
    /// environment variables of <see cref="FuzzSettings"/> turn the same test into the big run.
    /// </summary>
    public sealed class RandomBodyTests(ITestOutputHelper output)
    {
        [Fact]
        public void Random_bodies_are_indistinguishable_from_their_async_originals()
        {
            var seed = FuzzSettings.Seed;
            var count = FuzzSettings.Bodies;
            var start = FuzzSettings.Start;
            var options = new FuzzOptions
            {
                Parallelism = FuzzSettings.Parallelism,
                CallerSuppressedFlowToo = FuzzSettings.SuppressedFlow,
                TimeLimit = FuzzSettings.TimeLimit,
                Progress = FuzzSettings.IsBigRun ? line => System.Console.Error.WriteLine("[fuzz] " + line) : null,
            };
            var skip = FuzzSettings.Skip;
            var bodies = (FuzzSettings.Only ?? Enumerable.Range(start, count).ToArray()).Where(i => !skip.Contains(i)).Select(i => RandomBodyGenerator.Generate(seed, i));
            var report = FuzzRunner.Run(bodies, options);
            output.WriteLine($"seed {seed}, bodies {start}..{start + count - 1}: {report.Summary()}");
            System.Console.Error.WriteLine($"[fuzz] seed {seed}, bodies {start}..{start + count - 1}: {report.Summary()}");
            var table = report.Coverage.Table();
            output.WriteLine(table);
            if (FuzzSettings.IsBigRun) System.Console.Error.WriteLine(table);
            if (FuzzSettings.CoverageFile is { } file) System.IO.File.WriteAllText(file, $"seed {seed}, bodies {start}..{start + count - 1}: {report.Summary()}\n\n{table}");
            Assert.True(report.Findings.IsEmpty, Failures(report.Findings.ToList(), seed));
            Assert.True(report.Bodies >= System.Math.Min(count, 300) || report.StoppedByTimeLimit || FuzzSettings.Only is not null, "Fewer bodies ran than asked for: " + report.Summary());
        }

        /// <summary>
        /// The Deep shape reaches what docs/reliability.md says it does: over 10,000 bodies of the slice's seed (generated only, not run: about a second),
        /// every statement kind directly inside every kind, every await position C# allows inside every kind, an await
        /// three or more constructs deep, and every kind of variable read after a resume point nested deeper than the read.
        /// </summary>
        [Fact]
        public void The_generator_reaches_every_position()
        {
            var coverage = new GeneratorCoverage();
            foreach (var body in RandomBodyGenerator.Bodies(FuzzSettings.SliceSeed, 10000)) coverage.Add(RandomBodyGenerator.CoverageOf(body));
            output.WriteLine(coverage.Table());
            var missing = coverage.MissingNesting().Concat(coverage.MissingAwaits()).ToList();
            Assert.True(missing.Count == 0, "Not generated: " + string.Join("; ", missing));
            Assert.True(Enumerable.Range(3, 10).Sum(coverage.BodiesWithDeepestAwait) > 0, "No await three or more constructs deep");
            var kinds = new[]
            {
                "catch variable", "out variable of a catch filter", "local in catch", "local in catch when", "local in finally", "local in try",
                "pattern variable of an if condition", "out variable of an if condition", "pattern variable of a switch section", "local in switch section",
                "foreach variable", "await foreach variable", "for variable", "using variable", "using declaration variable", "await using variable",
                "await using declaration variable", "local in goto loop (backward goto)", "local in labeled region (forward goto)",
            };
            var unread = kinds.Where(k => coverage.Variables(k, "read after a resume point nested deeper") == 0).ToList();
            Assert.True(unread.Count == 0, "Never read after a resume point nested deeper: " + string.Join(", ", unread));
            var unwritten = new[] { "catch variable", "out variable of a catch filter", "pattern variable of a switch section", "local in catch" }
                .Where(k => coverage.Variables(k, "written after a resume point") == 0).ToList();
            Assert.True(unwritten.Count == 0, "Never written after a resume point: " + string.Join(", ", unwritten));
        }

        /// <summary>Every body that ever found a bug, minimal, as it was shrunk: each must stay fixed.</summary>
        [Fact]
        public void Bodies_that_found_bugs_stay_fixed()
        {
            var findings = FuzzRunner.Check(RegressionBodies.All);
            Assert.True(findings.Count == 0, Failures(findings, seed: null));
        }

        /// <summary>Same seed, same bodies: a run can always be reproduced from its seed and a body from its index.</summary>
        [Fact]
        public void The_generator_is_reproducible()
        {
            var first = RandomBodyGenerator.Bodies(12345, 40).Select(b => b.Display()).ToList();
            var again = RandomBodyGenerator.Bodies(12345, 40).Select(b => b.Display()).ToList();
            Assert.Equal(first, again);
            Assert.Equal(RandomBodyGenerator.Generate(12345, 17).Display(), first[17]);
            Assert.NotEqual(first, RandomBodyGenerator.Bodies(12346, 40).Select(b => b.Display()).ToList());
        }

        private string Failures(List<Finding> findings, int? seed)
        {
            if (findings.Count == 0) return string.Empty;
            var text = new StringBuilder();
            text.AppendLine($"{findings.Count} findings{(seed is { } s ? $" (seed {s})" : string.Empty)}: {string.Join(", ", findings.GroupBy(f => f.Kind).Select(g => $"{g.Count()} x {g.Key}"))}");
            text.AppendLine(string.Join("\n", findings.Select(f => $"  {f.Body.Name}: {f.Kind}")));
            if (System.Environment.GetEnvironmentVariable("PREWIRED_FUZZ_DUMP") is { Length: > 0 } dump)
            {
                System.IO.File.WriteAllText(dump, string.Join("\n\n==========\n", findings.Select(f => f.ToString())));
            }

            foreach (var finding in findings.OrderBy(f => f.IsFuzzerBug ? 0 : 1).Take(System.Environment.GetEnvironmentVariable("PREWIRED_FUZZ_NOSHRINK") == "1" ? 0 : 3))
            {
                var minimal = BodyShrinker.Shrink(finding, line => output.WriteLine(line));
                text.AppendLine();
                text.AppendLine($"==== {finding.Body.Name}: {finding.Kind} ====");
                text.AppendLine("Minimal body (add it to RegressionBodies once fixed):");
                text.AppendLine(BodyShrinker.AsTableEntry(minimal.Body));
                text.AppendLine(minimal.Message);
            }

            return text.ToString();
        }
    }
}
