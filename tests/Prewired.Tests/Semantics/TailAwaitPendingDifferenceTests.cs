using System.Linq;
using Xunit;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// Pins each difference PRODUCT.md §1.1 documents for [TailAwait] when the tail-awaited task is still pending at the
    /// call (one test each), and that a completed one gives exactly what the async method gives. The differential theory
    /// encodes the same differences as expectations (<see cref="Expectations.Tail"/>); these say them with the values.
    /// </summary>
    public sealed class TailAwaitPendingDifferenceTests
    {
        // B22: `env.Log(...); if (v == 1) return await env.TR(0, 1); return await env.TR(1, 2);` returning Task<int>.
        private const string TaskOfT = "B22_Tail_ReturnTaskOfT_Branches";

        // B26: `... return await env.TR(0, "r");` returning ValueTask<string>.
        private const string ValueTaskOfT = "B26_Tail_TaskOfT_InValueTaskOfT_WithGuardThrow";

        // B24: `env.Log("before"); await env.T(0);` returning Task.
        private const string TaskVoid = "B24_Tail_FinalAwait_TaskVoid";

        [Theory]
        [InlineData(TaskOfT, 1)]
        [InlineData(ValueTaskOfT, 0)]
        [InlineData(TaskVoid, 0)]
        public void Pending_task_faulted_with_OperationCanceledException_stays_Faulted(string body, int site)
        {
            var (original, tail) = Run(body, new Scenario(Mode.SyncSuccess, site, Mode.AsyncOceFault, CallerContext: false, Variant: 0));

            Assert.Equal("Canceled", original["FinalStatus"]);
            Assert.Equal("Faulted", tail["FinalStatus"]);
            // Both rethrow the very exception the awaited task was faulted with.
            Assert.Contains("OperationCanceledException: 'fault@", original["AwaitThrows"]);
            Assert.Contains("[injected#0, token canceled=False]", original["AwaitThrows"]);
            Assert.Equal(original["AwaitThrows"], tail["AwaitThrows"]);
            AssertOnlyDocumentedDifferences(original, tail);
        }

        [Theory]
        [InlineData(TaskOfT, 1)]
        [InlineData(ValueTaskOfT, 0)]
        [InlineData(TaskVoid, 0)]
        public void Pending_task_faulted_with_several_exceptions_keeps_them_all(string body, int site)
        {
            var (original, tail) = Run(body, new Scenario(Mode.SyncSuccess, site, Mode.AsyncMultiFault, CallerContext: false, Variant: 0));

            Assert.Equal("Faulted", original["FinalStatus"]);
            Assert.Equal("Faulted", tail["FinalStatus"]);
            Assert.Single(original["TaskExceptions"].Split(" ; "));
            Assert.Equal(2, tail["TaskExceptions"].Split(" ; ").Length);
            Assert.StartsWith(original["TaskExceptions"] + " ; ", tail["TaskExceptions"]);
            Assert.Equal(original["AwaitThrows"], tail["AwaitThrows"]); // await still throws the first
            AssertOnlyDocumentedDifferences(original, tail);
        }

        [Theory]
        [InlineData(TaskOfT, 1)]
        [InlineData(ValueTaskOfT, 0)]
        [InlineData(TaskVoid, 0)]
        public void Pending_task_completion_does_not_hop_to_the_captured_SynchronizationContext(string body, int site)
        {
            var (original, tail) = Run(body, new Scenario(Mode.SyncSuccess, site, Mode.AsyncSuccess, CallerContext: true, Variant: 0));

            var originalAfter = original.Log.SkipWhile(e => !e.StartsWith("[complete site#")).ToList();
            var tailAfter = tail.Log.SkipWhile(e => !e.StartsWith("[complete site#")).ToList();
            Assert.Equal("[post caller]", originalAfter[1]);
            Assert.StartsWith("(caller sees completion) | ctx=caller", originalAfter[2]);
            Assert.DoesNotContain(tailAfter, e => e.StartsWith("[post "));
            Assert.StartsWith("(caller sees completion) | ctx=none", tailAfter[1]);
            AssertOnlyDocumentedDifferences(original, tail);
        }

        [Fact]
        public void Pending_task_completion_does_not_hop_to_a_context_the_body_installed()
        {
            var (original, tail) = Run("B31_Tail_InstallsBodyContextBeforeTailAwait", new Scenario(Mode.SyncSuccess, 0, Mode.AsyncSuccess, CallerContext: false, Variant: 0));

            Assert.Contains("[post body]", original.Log);
            Assert.DoesNotContain("[post body]", tail.Log);
            // What the body did to the context stays inside it either way.
            Assert.Equal("flow=caller ctx=none flowSuppressed=False", original["CallerAfterCall"]);
            Assert.Equal(original["CallerAfterCall"], tail["CallerAfterCall"]);
            AssertOnlyDocumentedDifferences(original, tail);
        }

        [Theory]
        [InlineData(TaskOfT, 1)]
        [InlineData(ValueTaskOfT, 0)]
        [InlineData(TaskVoid, 0)]
        public void Pending_task_is_returned_to_the_caller_itself(string body, int site)
        {
            var (original, tail) = Run(body, new Scenario(Mode.SyncSuccess, site, Mode.AsyncSuccess, CallerContext: false, Variant: 0));

            Assert.Equal("no", original["ReturnedAwaitedTask"]);
            Assert.Equal("yes", tail["ReturnedAwaitedTask"]);
            Assert.Equal(original["Result"], tail["Result"]);
            AssertOnlyDocumentedDifferences(original, tail);
        }

        [Theory]
        [InlineData(TaskOfT, 1)]
        [InlineData(ValueTaskOfT, 0)]
        [InlineData(TaskVoid, 0)]
        public void Completed_task_gives_exactly_what_the_async_method_gives(string body, int site)
        {
            foreach (var mode in new[] { Mode.SyncSuccess, Mode.SyncFault, Mode.SyncCanceled, Mode.SyncOceFault, Mode.SyncMultiFault })
            {
                foreach (var callerContext in new[] { false, true })
                {
                    var (original, tail) = Run(body, new Scenario(Mode.SyncSuccess, site, mode, callerContext, Variant: 0));
                    Assert.Empty(original.Differences(tail));
                    if (mode == Mode.SyncOceFault) Assert.Equal("Canceled", tail["FinalStatus"]);
                    if (mode == Mode.SyncMultiFault) Assert.Single(tail["TaskExceptions"].Split(" ; "));
                }
            }
        }

        /// <summary>Everything else is equal: the generic expectation (the same one the theory uses) must hold.</summary>
        private static void AssertOnlyDocumentedDifferences(Outcome original, Outcome tail)
        {
            var expected = Expectations.Tail(original, awaitsSiteDirectly: true, out _);
            Assert.True(!expected.Differences(tail).Any(), Expectations.SideBySide(original, expected, tail, "[TailAwait]"));
        }

        private static (Outcome Original, Outcome Tail) Run(string body, Scenario scenario)
        {
            var factory = CompiledBodies.All.Factory(body);
            Outcome? original = null;
            Outcome? tail = null;
            Driver.OnCleanThread(() =>
            {
                original = Driver.Run(factory, Variant.Original, scenario);
                tail = Driver.Run(factory, Variant.TailAwait, scenario);
            });
            return (original!, tail!);
        }
    }
}
