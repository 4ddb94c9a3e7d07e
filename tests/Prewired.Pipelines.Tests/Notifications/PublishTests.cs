using System;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace Prewired.Pipelines.Tests.Notifications
{
    /// <summary>
    /// <c>PrewiredSender.Publish</c> with this assembly's publisher, the sequential one (no NotificationDefaults.Publisher):
    /// Mediator 3.0.2's ForeachAwaitPublisher semantics. Handlers run in source order, each awaited before the next; a
    /// failure does not stop the rest, and the failures come back as one AggregateException in handler order.
    /// </summary>
    public sealed class PublishTests
    {
        private static PrewiredSender Sender() => new ServiceCollection().AddPrewired().BuildServiceProvider().GetRequiredService<PrewiredSender>();

        [Fact]
        public async Task Every_handler_runs_in_source_order_and_the_behavior_once_per_publish()
        {
            var probe = new Probe { Steps = new[] { Step.Yield, Step.Complete, Step.Yield } };
            await Sender().Publish(probe);
            Assert.Equal(new[] { "start 0", "end 0", "start 1", "start 2", "end 2" }, probe.Log);
            Assert.Equal(3, probe.Completed);
            Assert.Equal(1, probe.Published);
        }

        [Fact]
        public async Task A_failing_handler_does_not_stop_the_others_and_its_failure_is_aggregated()
        {
            var probe = new Probe { Steps = new[] { Step.Complete, Step.Throw, Step.Complete } };
            var thrown = await Assert.ThrowsAsync<AggregateException>(async () => await Sender().Publish(probe));
            Assert.Equal(new[] { "handler 1" }, thrown.InnerExceptions.Select(e => e.Message));
            Assert.Equal(2, probe.Completed);
        }

        [Fact]
        public async Task Several_failures_synchronous_and_asynchronous_are_aggregated_in_handler_order()
        {
            var probe = new Probe { Steps = new[] { Step.YieldThenThrow, Step.Fault, Step.Throw } };
            var thrown = await Assert.ThrowsAsync<AggregateException>(async () => await Sender().Publish(probe));
            Assert.Equal(new[] { "handler 0", "handler 1", "handler 2" }, thrown.InnerExceptions.Select(e => e.Message));
            // Sequential: the second handler starts only after the first one's task has finished.
            Assert.Equal(new[] { "start 0", "end 0", "start 1", "start 2" }, probe.Log);
        }

        [Fact]
        public async Task A_single_handler_s_exception_comes_back_unwrapped()
        {
            var thrown = await Assert.ThrowsAsync<InvalidOperationException>(async () => await Sender().Publish(new Solo { Step = Step.Throw }));
            Assert.Equal("solo", thrown.Message);
        }

        [Fact]
        public async Task A_canceled_token_reaches_every_handler_and_each_cancellation_is_aggregated()
        {
            using var cancel = new CancellationTokenSource();
            cancel.Cancel();
            var probe = new Probe { Steps = new[] { Step.HonourToken, Step.Complete, Step.HonourToken } };
            var thrown = await Assert.ThrowsAsync<AggregateException>(async () => await Sender().Publish(probe, cancel.Token));
            Assert.Equal(2, thrown.InnerExceptions.Count);
            Assert.All(thrown.InnerExceptions, e => Assert.Equal(cancel.Token, Assert.IsAssignableFrom<OperationCanceledException>(e).CancellationToken));
            Assert.Equal(1, probe.Completed);
        }

        [Fact]
        public async Task A_handler_of_a_base_type_handles_the_derived_notification_too()
        {
            var shipped = new OrderShipped();
            await Sender().Publish(shipped);
            Assert.Equal(new[] { "every shop event", "order shipped" }, shipped.Log);
        }

        [Fact]
        public async Task A_notification_without_handlers_runs_only_its_behavior()
        {
            var unheard = new Unheard();
#pragma warning disable PW0324 // published on purpose: the test is that nothing runs
            await Sender().Publish(unheard);
#pragma warning restore PW0324
            Assert.Equal(1, unheard.Published);
        }

        [Fact]
        public void A_synchronous_sequential_publish_allocates_nothing()
        {
            var sender = Sender();
            var probe = new Probe { Quiet = true };
            for (var i = 0; i < 100; i++) Wait(sender.Publish(probe));
            var before = GC.GetAllocatedBytesForCurrentThread();
            for (var i = 0; i < 1000; i++) Wait(sender.Publish(probe, CancellationToken.None));
            Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
            Assert.Equal(3 * 1100, probe.Completed);
        }

        [Fact]
        public void A_synchronous_publish_to_one_handler_allocates_nothing()
        {
            var sender = Sender();
            var solo = new Solo { Step = Step.Complete };
            for (var i = 0; i < 100; i++) Wait(sender.Publish(solo));
            var before = GC.GetAllocatedBytesForCurrentThread();
            for (var i = 0; i < 1000; i++) Wait(sender.Publish(solo, CancellationToken.None));
            Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        [Fact]
        public async Task Handlers_registered_by_AddPrewired_are_singletons_as_request_handlers_are()
        {
            using var provider = new ServiceCollection().AddPrewired().BuildServiceProvider(new ServiceProviderOptions { ValidateScopes = true });
            using var scope = provider.CreateScope();
            Assert.Same(provider.GetRequiredService<FirstProbeHandler>(), scope.ServiceProvider.GetRequiredService<FirstProbeHandler>());
            await provider.GetRequiredService<PrewiredSender>().Publish(new Probe());
        }

        private static void Wait(ValueTask task)
        {
            if (!task.IsCompletedSuccessfully) throw new InvalidOperationException("Every handler completes synchronously here.");
        }
    }
}
