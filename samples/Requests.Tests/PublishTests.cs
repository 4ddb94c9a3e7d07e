using System;
using System.Threading;
using System.Threading.Tasks;
using Requests.Orders;
using Xunit;

namespace Requests.Tests
{
    /// <summary><c>Publish</c>: both handlers of the notification, in source order, inside the notification behavior.</summary>
    public sealed class PublishTests : IDisposable
    {
        private readonly App _app = new();

        public void Dispose() => _app.Dispose();

        [Fact]
        public async Task Both_handlers_run_in_source_order_inside_one_run_of_the_behavior()
        {
            await _app.Sender.Publish(new OrderPlaced(5, "ink", 2), CancellationToken.None);
            Assert.Equal(new[]
            {
                "publish OrderPlaced",
                "stock: 2 x ink reserved for order 5",   // Orders/ReserveStock.cs: first by file path, synchronous
                "mail: confirmation of order 5 sent",    // Orders/SendConfirmation.cs: awaits, and the publish waits for it
                "published OrderPlaced",
            }, _app.Journal.Lines);
        }

        [Fact]
        public async Task A_canceled_token_reaches_both_handlers_and_the_one_that_honours_it_fails_the_publish()
        {
            using var cancel = new CancellationTokenSource();
            cancel.Cancel();
            // Mediator 3's semantics: every handler runs, and the failures come back together once all have run, in one
            // AggregateException (here the one cancellation); "published" is not written, as the behavior's next threw.
            var thrown = await Assert.ThrowsAsync<AggregateException>(async () => await _app.Sender.Publish(new OrderPlaced(5, "ink", 2), cancel.Token));
            Assert.Equal(cancel.Token, Assert.IsAssignableFrom<OperationCanceledException>(Assert.Single(thrown.InnerExceptions)).CancellationToken);
            Assert.Equal(new[] { "publish OrderPlaced", "stock: 2 x ink reserved for order 5" }, _app.Journal.Lines);
        }
    }
}
