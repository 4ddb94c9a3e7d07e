using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace Prewired.Pipelines.Tests.Streams
{
    /// <summary>
    /// <c>PrewiredSender.CreateStream</c> as this project's build generates it: the handler's items through the assembly's
    /// stream behavior, and cancellation by the token passed to CreateStream or to WithCancellation, both of which stop it.
    /// </summary>
    public sealed class StreamTests
    {
        private static PrewiredSender Sender() => new ServiceCollection().AddPrewired().BuildServiceProvider().GetRequiredService<PrewiredSender>();

        [Fact]
        public async Task The_items_come_through_the_behavior_which_sees_every_one()
        {
            var request = new Ticks { Count = 5 };
            var items = new List<int>();
            await foreach (var item in Sender().CreateStream(request)) items.Add(item);
            Assert.Equal(new[] { 0, 1, 2, 3, 4 }, items);
            Assert.Equal(new object[] { 0, 1, 2, 3, 4 }, request.Seen);
        }

        [Fact]
        public async Task The_token_passed_to_CreateStream_stops_the_enumeration()
        {
            using var cancel = new CancellationTokenSource();
            var request = new Ticks { Count = 100 };
            var items = new List<int>();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
            {
                await foreach (var item in Sender().CreateStream(request, cancel.Token))
                {
                    items.Add(item);
                    if (item == 2) cancel.Cancel();
                }
            });
            Assert.Equal(new[] { 0, 1, 2 }, items);
            Assert.True(request.HandlerToken.CanBeCanceled);
        }

        [Fact]
        public async Task The_token_passed_to_WithCancellation_stops_the_enumeration()
        {
            using var cancel = new CancellationTokenSource();
            var request = new Ticks { Count = 100 };
            var items = new List<int>();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
            {
                await foreach (var item in Sender().CreateStream(request).WithCancellation(cancel.Token))
                {
                    items.Add(item);
                    if (item == 2) cancel.Cancel();
                }
            });
            Assert.Equal(new[] { 0, 1, 2 }, items);
            // The handler's own token is canceled by it too: the two are linked, not one of them dropped.
            Assert.True(request.HandlerToken.IsCancellationRequested);
        }

        [Fact]
        public async Task Both_tokens_reach_the_handler_linked()
        {
            using var first = new CancellationTokenSource();
            using var second = new CancellationTokenSource();
            var request = new Ticks { Count = 100 };
            var count = 0;
            await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
            {
                await foreach (var item in Sender().CreateStream(request, first.Token).WithCancellation(second.Token))
                {
                    if (++count == 3) first.Cancel();
                }
            });
            Assert.Equal(3, count);
            Assert.True(request.HandlerToken.IsCancellationRequested);
            Assert.False(second.IsCancellationRequested);
        }

        [Fact]
        public async Task A_handler_that_ignores_its_token_is_stopped_by_the_sender()
        {
            using var cancel = new CancellationTokenSource();
            var request = new Endless();
            var count = 0;
            await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
            {
                await foreach (var item in Sender().CreateStream(request).WithCancellation(cancel.Token))
                {
                    if (++count == 4) cancel.Cancel();
                }
            });
            Assert.Equal(4, count);
            // The behavior saw the fifth item the handler made; the caller never got it.
            Assert.Equal(5, request.Seen.Count);
        }

        [Fact]
        public async Task Without_a_container_the_stream_pipeline_is_passed_by_name()
        {
            var pipeline = new Prewired.Generated.Prewired.Pipelines.Tests.Streams.TicksStreamPipeline(new SeeItems<Ticks, int>(), new TicksHandler());
            var sender = new PrewiredSender(ticksStreamPipeline: pipeline);
            var items = new List<int>();
            await foreach (var item in sender.CreateStream(new Ticks { Count = 2 })) items.Add(item);
            Assert.Equal(new[] { 0, 1 }, items);
        }
    }
}
