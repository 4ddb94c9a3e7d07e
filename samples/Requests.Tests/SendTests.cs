using System;
using System.Threading;
using System.Threading.Tasks;
using Prewired;
using Prewired.Generated.Requests.Orders;
using Requests.Behaviors;
using Requests.Orders;
using Xunit;

namespace Requests.Tests
{
    /// <summary><c>Send</c>: each request through the assembly's shared behaviors to its handler, as the sample runs it.</summary>
    public sealed class SendTests : IDisposable
    {
        private readonly App _app = new();

        public void Dispose() => _app.Dispose();

        [Fact]
        public async Task A_command_goes_through_logging_and_validation_and_its_handler_publishes_to_both_handlers()
        {
            var order = await _app.Sender.Send(new PlaceOrder("pen", 3), CancellationToken.None);
            Assert.Equal(new Order(1, "pen", 3, OrderStatus.Placed), order);
            Assert.Equal(new[]
            {
                "> PlaceOrder { Sku = pen, Quantity = 3 }",
                "publish OrderPlaced",
                "stock: 3 x pen reserved for order 1",
                "mail: confirmation of order 1 sent",
                "published OrderPlaced",
                "< PlaceOrder: Order { Id = 1, Sku = pen, Quantity = 3, Status = Placed }",
            }, _app.Journal.Lines);
        }

        [Fact]
        public async Task A_query_reads_what_a_command_wrote()
        {
            var placed = await _app.Sender.Send(new PlaceOrder("pen", 3));
            Assert.Equal(placed, await _app.Sender.Send(new GetOrder(placed.Id)));
            Assert.Null(await _app.Sender.Send(new GetOrder(99)));
        }

        [Fact]
        public async Task A_command_without_a_response_answers_Unit_and_the_typed_logging_closes_over_it()
        {
            var placed = await _app.Sender.Send(new PlaceOrder("pen", 3));
            Assert.Equal(Unit.Value, await _app.Sender.Send(new CancelOrder(placed.Id)));
            Assert.Equal(OrderStatus.Canceled, (await _app.Sender.Send(new GetOrder(placed.Id)))!.Status);
            Assert.Contains("< CancelOrder: ()", _app.Journal.Lines);
        }

        [Fact]
        public async Task Validation_rejects_an_invalid_command_before_its_handler_runs()
        {
            var thrown = await Assert.ThrowsAsync<ValidationException>(async () => await _app.Sender.Send(new PlaceOrder("pen", 0)));
            Assert.Equal("the quantity must be positive", thrown.Message);
            Assert.Null(await _app.Sender.Send(new GetOrder(1)));   // nothing stored, nothing published
            Assert.Equal(new[] { "> PlaceOrder { Sku = pen, Quantity = 0 }", "< PlaceOrder failed: ValidationException" }, _app.Journal.Lines[..2]);
        }

        [Fact]
        public async Task A_handler_s_own_failure_comes_back_through_the_behaviors()
        {
            await Assert.ThrowsAsync<InvalidOperationException>(async () => await _app.Sender.Send(new CancelOrder(7)));
            Assert.Equal("< CancelOrder failed: InvalidOperationException", _app.Journal.Lines[^1]);
        }

        [Fact]
        public async Task A_canceled_token_reaches_the_handler_and_the_send_is_canceled()
        {
            using var cancel = new CancellationTokenSource();
            cancel.Cancel();
            var send = _app.Sender.Send(new GetOrder(1), cancel.Token).AsTask();
            var thrown = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => send);
            Assert.Equal(cancel.Token, thrown.CancellationToken);
            Assert.True(send.IsCanceled);
            Assert.Equal("< GetOrder failed: OperationCanceledException", _app.Journal.Lines[^1]);
        }

        [Fact]
        public async Task Without_a_container_the_sender_takes_pipelines_built_by_hand()
        {
            var journal = new Journal();
            var store = new OrderStore();
            store.Add("pen", 1);
            var sender = new PrewiredSender(getOrderPipeline: new GetOrderPipeline(new Logging<GetOrder, Order?>(journal), new GetOrderHandler(store)));
            Assert.Equal("pen", (await sender.Send(new GetOrder(1)))!.Sku);
            Assert.Equal(2, journal.Lines.Length);
        }
    }
}
