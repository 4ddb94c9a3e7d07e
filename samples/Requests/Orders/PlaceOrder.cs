using System.Threading;
using System.Threading.Tasks;
using Prewired;
using Requests.Behaviors;

namespace Requests.Orders
{
    // A command with a response. Mediator: `record PlaceOrder(...) : ICommand<Order>` and an ICommandHandler<PlaceOrder, Order>.
    // Prewired needs no marker on the request: the handler's interface says what it answers.

    public sealed record PlaceOrder(string Sku, int Quantity) : IValidatable
    {
        public string? Validate() => string.IsNullOrEmpty(Sku) ? "a SKU is required" : Quantity <= 0 ? "the quantity must be positive" : null;
    }

    /// <summary>
    /// Logging → Validation → this handler (the assembly's [PipelineDefaults]), generated because the class exists. It
    /// publishes <see cref="OrderPlaced"/> through the sender, as a Mediator handler does through IPublisher: the sender
    /// resolves each chain on its first use, so a handler may take the sender that sends to it.
    /// </summary>
    public sealed class PlaceOrderHandler(OrderStore store, PrewiredSender sender) : ICancellableTerminator<PlaceOrder, Order>
    {
        public async ValueTask<Order> Terminate(PlaceOrder context, CancellationToken cancellationToken)
        {
            var order = store.Add(context.Sku, context.Quantity);
            await sender.Publish(new OrderPlaced(order.Id, order.Sku, order.Quantity), cancellationToken);
            return order;
        }
    }
}
