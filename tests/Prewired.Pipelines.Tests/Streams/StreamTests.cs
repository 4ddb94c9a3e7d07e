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
        public void A_synchronous_stream_without_a_token_that_can_be_canceled_costs_only_the_chain_s_iterators()
        {
            var sender = Sender();
            var pipeline = new Prewired.Generated.Prewired.Pipelines.Tests.Streams.ReadyWordsStreamPipeline(new SeeItems<ReadyWords, string>(), new ReadyWordsHandler());
            var request = new ReadyWords();
            // The chain's own stream (the behavior's and the handler's async iterators) against the sender's: every stage takes
            // the enumerator's token itself ([EnumeratorCancellation]), so CreateStream hands out the chain's stream as it is.
            var chain = BytesPerEnumeration(request, () => pipeline.Invoke(request, CancellationToken.None), CancellationToken.None);
            var sent = BytesPerEnumeration(request, () => sender.CreateStream(request, CancellationToken.None), CancellationToken.None);
            Assert.Equal(chain, sent);
        }

        [Fact]
        public void Under_a_token_that_can_be_canceled_the_sender_adds_one_enumerable_and_one_enumerator()
        {
            using var cancel = new CancellationTokenSource();
            var sender = Sender();
            var pipeline = new Prewired.Generated.Prewired.Pipelines.Tests.Streams.ReadyWordsStreamPipeline(new SeeItems<ReadyWords, string>(), new ReadyWordsHandler());
            var request = new ReadyWords();
            var chain = BytesPerEnumeration(request, () => pipeline.Invoke(request, cancel.Token), cancel.Token);
            var passed = BytesPerEnumeration(request, () => sender.CreateStream(request, cancel.Token), CancellationToken.None);
            var enumerated = BytesPerEnumeration(request, () => sender.CreateStream(request), cancel.Token);
            // The 40-byte enumerable and the enumerator that checks the token after each item; no linked source for one token.
            Assert.True(passed <= chain + 40 + MaxEnumerator, $"CreateStream(token) {passed} B per enumeration, the chain alone {chain} B");
            Assert.Equal(chain, enumerated); // the token of WithCancellation alone reaches the chain through GetAsyncEnumerator
        }

        /// <summary>The checking enumerator's size on 64-bit (its fields, a ManualResetValueTaskSourceCore and an awaiter), rounded up.</summary>
        private const long MaxEnumerator = 128;

        [Fact]
        public async Task A_stream_whose_items_are_pending_under_a_token_that_can_be_canceled_hands_out_every_item()
        {
            using var cancel = new CancellationTokenSource();
            var items = new List<int>();
            await foreach (var item in Sender().CreateStream(new Ticks { Count = 5 }, cancel.Token).WithCancellation(cancel.Token)) items.Add(item);
            Assert.Equal(new[] { 0, 1, 2, 3, 4 }, items);
        }

        private static long BytesPerEnumeration(ReadyWords request, Func<IAsyncEnumerable<string>> stream, CancellationToken enumeratorToken)
        {
            for (var i = 0; i < 100; i++) Drain(stream(), enumeratorToken);
            request.Seen.Clear();
            var before = GC.GetAllocatedBytesForCurrentThread();
            for (var i = 0; i < 1000; i++) Drain(stream(), enumeratorToken);
            var bytes = (GC.GetAllocatedBytesForCurrentThread() - before) / 1000;
            Assert.Equal(10 * 1000, request.Seen.Count);
            request.Seen.Clear();
            return bytes;
        }

        /// <summary>Every item is ready, so each move completes synchronously and is taken as it is (no async method of the test's own).</summary>
        private static void Drain(IAsyncEnumerable<string> stream, CancellationToken enumeratorToken)
        {
            var enumerator = stream.GetAsyncEnumerator(enumeratorToken);
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
