using System.Collections.Generic;
using System.Linq;
using System.Text;
using Xunit;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// Differential compile-and-run tests: every body of <see cref="BodyTable"/> runs as the original async method and as
    /// each generated method, with fresh identical environments, under every scenario (each await site in each
    /// completion mode with the other sites synchronous, then asynchronous; all sites synchronous; all asynchronous;
    /// with and without the caller's SynchronizationContext; every value of v). [FastPath] must be indistinguishable
    /// from the original in all of them; [TailAwait] may differ only as PRODUCT.md §1.1 documents (see
    /// <see cref="Expectations.Tail"/>).
    /// </summary>
    public sealed class DifferentialTests
    {
        public static TheoryData<string> AllBodies()
        {
            var data = new TheoryData<string>();
            foreach (var body in BodyTable.All) data.Add(body.Name);
            return data;
        }

        public static TheoryData<string> TailBodies()
        {
            var data = new TheoryData<string>();
            foreach (var body in BodyTable.All.Where(b => b.Tail)) data.Add(body.Name);
            return data;
        }

        [Theory]
        [MemberData(nameof(AllBodies))]
        public void FastPath_is_indistinguishable_from_the_async_body(string body) => Check(body, Variant.FastPath);

        [Theory]
        [MemberData(nameof(TailBodies))]
        public void TailAwait_matches_the_async_body_except_the_documented_pending_differences(string body) => Check(body, Variant.TailAwait);

        /// <summary>A third caller setting: the caller suppressed ExecutionContext flow before the call. The async
        /// method builder still restores the caller's (suppressed) context; so must the generated methods.</summary>
        [Theory]
        [MemberData(nameof(AllBodies))]
        public void FastPath_is_indistinguishable_when_the_caller_suppressed_flow(string body) => Check(body, Variant.FastPath, callerSuppressedFlow: true);

        [Theory]
        [MemberData(nameof(TailBodies))]
        public void TailAwait_matches_when_the_caller_suppressed_flow(string body) => Check(body, Variant.TailAwait, callerSuppressedFlow: true);

        /// <summary>The differential tests only mean something if the generator really split the body (and decided the
        /// guard as the body's comment in the table says): a forwarding implementation is trivially equal.</summary>
        [Theory]
        [MemberData(nameof(AllBodies))]
        public void FastPath_is_split_and_guarded_as_expected(string body)
        {
            var testCase = BodyTable.Get(body);
            var compiled = CompiledBodies.All;
            compiled.Factory(body); // fails with the compile errors, if any
            var generated = compiled.Generated[body];
            var fastPath = generated.Split("// ---- ").FirstOrDefault(f => f.Contains(".FastPath.g.cs ----")) ?? string.Empty;
            var forwards = fastPath.Contains("// Forwarding to ");
            var problems = new List<string>();
            if (testCase.ExpectSplit && forwards) problems.Add("the [FastPath] method forwards to the body instead of splitting it");
            if (!testCase.ExpectSplit && !forwards) problems.Add("the [FastPath] method was expected to forward (an await it cannot split yet)");
            if (testCase.ExpectGuard is { } guard && !forwards && fastPath.Contains("AsyncContextGuard.Capture()") != guard)
            {
                problems.Add(guard ? "the context guard was expected but is missing" : "no context guard was expected (only async helpers, reads and operators)");
            }

            if (problems.Count > 0)
            {
                Assert.Fail($"{body}: {string.Join("; ", problems)}.\n\nBody:\n{testCase.Display()}\nGenerator diagnostics:\n  "
                            + string.Join("\n  ", compiled.GeneratorDiagnostics[body]) + "\n\nGenerated:\n" + generated);
            }
        }

        /// <summary>PRODUCT.md §2: generated code compiles without warnings under Nullable enable.</summary>
        [Theory]
        [MemberData(nameof(AllBodies))]
        public void Generated_code_compiles_without_warnings(string body)
        {
            var compiled = CompiledBodies.All;
            compiled.Factory(body);
            var warnings = compiled.GeneratedWarnings[body];
            Assert.True(warnings.Count == 0, $"{body}: warnings in generated code:\n  {string.Join("\n  ", warnings)}\n\nBody:\n{BodyTable.Get(body).Display()}\nGenerated:\n{compiled.Generated[body]}");
        }

        internal static void Check(string name, Variant variant, bool callerSuppressedFlow = false)
        {
            var body = BodyTable.Get(name);
            var compiled = CompiledBodies.All;
            var factory = compiled.Factory(name);
            var scenarios = Driver.ScenariosFor(body.Sites(), body.Variants)
                .Select(s => s with { CallerSuppressedFlow = callerSuppressedFlow })
                .ToList();
            var failures = new List<(Scenario Scenario, Outcome Original, Outcome Expected, Outcome Actual, List<string> Adjustments)>();

            // On the guard's public-API path, a guarded [TailAwait] method calls the async body itself when the caller
            // suppressed flow (no public API names that context), so there it is exact and the documented elision
            // differences do not apply. The thread-fields path (this runtime's) restores a suppressed-flow context itself.
            var tailFile = compiled.Generated[name].Split("// ---- ").FirstOrDefault(f => f.Contains(".TailAwait.g.cs ----")) ?? string.Empty;
            var tailExactHere = callerSuppressedFlow && tailFile.Contains("if (__guard.IsFlowSuppressed) return")
                && !Prewired.Tests.Runtime.GuardPaths.ThreadFieldsAvailable;
            Driver.OnCleanThread(() =>
            {
                // One-time effects (static constructors, first-call JIT work) happen here, before anything is compared.
                Driver.Run(factory, Variant.Original, scenarios[0]);
                Driver.Run(factory, variant, scenarios[0]);
                foreach (var scenario in scenarios)
                {
                    var original = Driver.Run(factory, Variant.Original, scenario);
                    var actual = Driver.Run(factory, variant, scenario);
                    var adjustments = new List<string>();
                    var expected = variant == Variant.TailAwait && !tailExactHere ? Expectations.Tail(original, body.TailAwaitsSiteDirectly, out adjustments) : original;
                    if (body.RacesWithThreadPool && !scenario.CallerContext)
                    {
                        expected = Expectations.WithoutPoolRace(expected);
                        actual = Expectations.WithoutPoolRace(actual);
                    }

                    if (expected.Differences(actual).Any()) failures.Add((scenario, original, expected, actual, adjustments));
                }
            });

            if (failures.Count == 0) return;
            Assert.Fail(Report(body, variant, scenarios.Count, failures, compiled.Generated[name]));
        }

        private static string Report(
            BodyCase body,
            Variant variant,
            int scenarioCount,
            List<(Scenario Scenario, Outcome Original, Outcome Expected, Outcome Actual, List<string> Adjustments)> failures,
            string generated)
        {
            var title = variant == Variant.FastPath ? "[FastPath]" : "[TailAwait]";
            var text = new StringBuilder();
            text.AppendLine($"{body.Name}: {title} differs from the async body in {failures.Count} of {scenarioCount} scenarios.");
            text.AppendLine();
            text.AppendLine("Differing fields, by how often:");
            foreach (var group in failures.GroupBy(f => string.Join(", ", f.Expected.Differences(f.Actual))).OrderByDescending(g => g.Count()))
            {
                text.AppendLine($"  {group.Count(),4} x {group.Key}");
            }

            text.AppendLine();
            text.AppendLine("Scenarios that differ:");
            foreach (var failure in failures.Take(40))
            {
                text.AppendLine($"  {failure.Scenario}: {string.Join(", ", failure.Expected.Differences(failure.Actual))}");
            }

            if (failures.Count > 40) text.AppendLine($"  ... and {failures.Count - 40} more");
            text.AppendLine();
            text.AppendLine("Body:");
            text.AppendLine(body.Display());

            // One detailed comparison per distinct kind of difference, at most four.
            foreach (var failure in failures.GroupBy(f => string.Join(", ", f.Expected.Differences(f.Actual))).Select(g => g.First()).Take(4))
            {
                text.AppendLine($"---- {failure.Scenario} ----");
                if (failure.Adjustments.Count > 0)
                {
                    text.AppendLine("  documented [TailAwait] differences applied to the expectation: " + string.Join("; ", failure.Adjustments));
                }

                text.AppendLine(Expectations.SideBySide(failure.Original, failure.Expected, failure.Actual, title));
            }

            text.AppendLine("Generated:");
            text.AppendLine(generated);
            return text.ToString();
        }
    }
}
