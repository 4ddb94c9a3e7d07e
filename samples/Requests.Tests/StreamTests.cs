using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Requests.Orders;
using Xunit;

namespace Requests.Tests
{
    /// <summary><c>CreateStream</c>: the handler's items through the stream behavior, and cancellation by either token.</summary>
    public sealed class StreamTests : IDisposable
    {
        private readonly App _app = new();

        public void Dispose() => _app.Dispose();

        [Fact]
        public async Task Every_item_comes_through_the_behavior_which_sees_the_end()
        {
            var items = new List<string>();
            await foreach (var item in _app.Sender.CreateStream(new TrackOrder(3))) items.Add(item);
            Assert.Equal(new[] { "order 3: packed", "order 3: shipped", "order 3: out for delivery", "order 3: delivered" }, items);
            Assert.Equal(new[] { "stream TrackOrder { Id = 3 }", "stream TrackOrder ended after 4 item(s)" }, _app.Journal.Lines);
        }

        [Fact]
        public async Task The_token_passed_to_CreateStream_stops_it_after_the_items_already_handed_out()
        {
            using var cancel = new CancellationTokenSource();
            var items = new List<string>();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
            {
                await foreach (var item in _app.Sender.CreateStream(new TrackOrder(3), cancel.Token))
                {
                    items.Add(item);
                    if (items.Count == 2) cancel.Cancel();
                }
            });
            Assert.Equal(new[] { "order 3: packed", "order 3: shipped" }, items);
            Assert.Equal("stream TrackOrder ended after 2 item(s)", _app.Journal.Lines[^1]);
        }

        [Fact]
        public async Task The_token_passed_to_WithCancellation_stops_it_too()
        {
            using var cancel = new CancellationTokenSource();
            var items = new List<string>();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
            {
                await foreach (var item in _app.Sender.CreateStream(new TrackOrder(3)).WithCancellation(cancel.Token))
                {
                    items.Add(item);
                    if (items.Count == 1) cancel.Cancel();
                }
            });
            Assert.Single(items);
            Assert.Equal("stream TrackOrder ended after 1 item(s)", _app.Journal.Lines[^1]);
        }

        [Fact]
        public async Task A_caller_that_stops_early_ends_the_stream_and_the_behavior_sees_it()
        {
            await foreach (var item in _app.Sender.CreateStream(new TrackOrder(3)))
            {
                break;
            }

            Assert.Equal("stream TrackOrder ended after 1 item(s)", _app.Journal.Lines[^1]);
        }
    }
}
