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
        public void A_synchronous_stream_costs_the_chain_s_iterators_and_one_40_byte_enumerable_at_most()
        {
            var sender = Sender();
            var pipeline = new Prewired.Generated.Prewired.Pipelines.Tests.Streams.ReadyWordsStreamPipeline(new SeeItems<ReadyWords, string>(), new ReadyWordsHandler());
            var request = new ReadyWords();
            // The chain's own stream (the behavior's and the handler's async iterators) against the sender's, no token either side.
            var chain = BytesPerEnumeration(request, () => pipeline.Invoke(request, CancellationToken.None));
            var sent = BytesPerEnumeration(request, () => sender.CreateStream(request, CancellationToken.None));
            Assert.True(sent <= chain + 40, $"CreateStream {sent} B per enumeration, the chain alone {chain} B");
        }

        [Fact]
        public async Task A_stream_whose_items_are_pending_under_a_token_that_can_be_canceled_hands_out_every_item()
        {
            using var cancel = new CancellationTokenSource();
            var items = new List<int>();
            await foreach (var item in Sender().CreateStream(new Ticks { Count = 5 }, cancel.Token).WithCancellation(cancel.Token)) items.Add(item);
            Assert.Equal(new[] { 0, 1, 2, 3, 4 }, items);
        }

        private static long BytesPerEnumeration(ReadyWords request, Func<IAsyncEnumerable<string>> stream)
        {
            for (var i = 0; i < 100; i++) Drain(stream());
            request.Seen.Clear();
            var before = GC.GetAllocatedBytesForCurrentThread();
            for (var i = 0; i < 1000; i++) Drain(stream());
            var bytes = (GC.GetAllocatedBytesForCurrentThread() - before) / 1000;
            Assert.Equal(10 * 1000, request.Seen.Count);
            request.Seen.Clear();
            return bytes;
        }

        /// <summary>Every item is ready, so each move completes synchronously and is taken as it is (no async method of the test's own).</summary>
        private static void Drain(IAsyncEnumerable<string> stream)
        {
            var enumerator = stream.GetAsyncEnumerator(CancellationToken.None);
            try
            {
                while (enumerator.MoveNextAsync().GetAwaiter().GetResult()) _ = enumerator.Current;
            }
            finally
            {
                enumerator.DisposeAsync().GetAwaiter().GetResult();
            }
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
