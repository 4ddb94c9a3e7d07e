using System;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Prewired.CompilerServices;
using Prewired.Generated.Prewired.Pipelines.Tests.Notifications;
using Xunit;

namespace Prewired.Pipelines.Tests.Notifications
{
    /// <summary>
    /// The concurrent publisher (<c>NotificationPublisher.Concurrent</c>, Mediator 3.0.2's TaskWhenAllPublisher semantics) over
    /// this assembly's generated handler list of <see cref="Probe"/>: the publisher is chosen per assembly, and this one
    /// publishes sequentially, so the concurrent one is called here as a concurrent assembly's generated code calls it
    /// (its generated form is in the generator's snapshot tests).
    /// </summary>
    public sealed class ConcurrentPublishTests
    {
        private static readonly ProbePublisher Publisher = new(new CountPublishes<Probe>(), new FirstProbeHandler(), new SecondProbeHandler(), new ThirdProbeHandler());

        [Fact]
        public async Task Every_handler_starts_before_any_is_awaited()
        {
            var probe = new Probe { Steps = new[] { Step.Gate, Step.Gate, Step.Complete } };
            var publish = NotificationPublishing.Concurrent(Publisher, probe, CancellationToken.None);
            Assert.False(publish.IsCompleted);
            Assert.Equal(new[] { "start 0", "start 1", "start 2" }, probe.Log);
            probe.Gate.SetResult();
            await publish;
            Assert.Equal(3, probe.Completed);
        }

        [Fact]
        public async Task Every_failure_is_aggregated_in_handler_order_and_a_synchronous_throw_does_not_keep_the_rest_from_starting()
        {
            var probe = new Probe { Steps = new[] { Step.GateThenThrow, Step.Throw, Step.Fault } };
            var publish = NotificationPublishing.Concurrent(Publisher, probe, CancellationToken.None);
            Assert.Equal(new[] { "start 0", "start 1", "start 2" }, probe.Log);
            probe.Gate.SetResult();
            var thrown = await Assert.ThrowsAsync<AggregateException>(async () => await publish);
            Assert.Equal(new[] { "handler 0", "handler 1", "handler 2" }, thrown.InnerExceptions.Select(e => e.Message));
        }

        [Fact]
        public async Task One_failure_among_successes_is_still_an_AggregateException()
        {
            var probe = new Probe { Steps = new[] { Step.Yield, Step.Fault, Step.Complete } };
            var thrown = await Assert.ThrowsAsync<AggregateException>(async () => await NotificationPublishing.Concurrent(Publisher, probe, CancellationToken.None));
            Assert.Equal("handler 1", Assert.Single(thrown.InnerExceptions).Message);
            Assert.Equal(2, probe.Completed);
        }

        [Fact]
        public async Task A_canceled_token_reaches_every_handler_and_each_cancellation_is_aggregated()
        {
            using var cancel = new CancellationTokenSource();
            cancel.Cancel();
            var probe = new Probe { Steps = new[] { Step.HonourToken, Step.HonourToken, Step.Yield } };
            var thrown = await Assert.ThrowsAsync<AggregateException>(async () => await NotificationPublishing.Concurrent(Publisher, probe, cancel.Token));
            Assert.Equal(2, thrown.InnerExceptions.Count);
            Assert.All(thrown.InnerExceptions, e => Assert.IsAssignableFrom<OperationCanceledException>(e));
            Assert.Equal(1, probe.Completed);
        }

        [Fact]
        public void A_synchronous_concurrent_publish_allocates_nothing_either()
        {
            var probe = new Probe { Quiet = true };
            for (var i = 0; i < 100; i++) _ = NotificationPublishing.Concurrent(Publisher, probe, CancellationToken.None);
            var before = GC.GetAllocatedBytesForCurrentThread();
            for (var i = 0; i < 1000; i++)
            {
                if (!NotificationPublishing.Concurrent(Publisher, probe, CancellationToken.None).IsCompletedSuccessfully) throw new InvalidOperationException();
            }

            Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
        }
    }
}
