using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Prewired;

namespace Requests
{
    // The requests and their handlers. A Mediator user would write IRequest<TResponse> and IRequestHandler<,>; here the
    // request is a plain type, the handler an ICancellableTerminator<TRequest, TResponse>, and each request type gets one
    // [Pipeline] class listing its handler: the assembly's default behaviors come first.

    public sealed record CreateOrder(string Sku, int Quantity) : IValidatable
    {
        public string? Error => Quantity <= 0 ? "quantity must be positive" : string.IsNullOrEmpty(Sku) ? "sku is required" : null;
    }

    public sealed record OrderCreated(int Id);

    public sealed record GetOrder(int Id);

    public sealed record Order(int Id, string Sku, int Quantity);

    /// <summary>Where the orders live; a singleton.</summary>
    public sealed class OrderStore
    {
        private readonly ConcurrentDictionary<int, Order> _orders = new();
        private int _lastId;

        public Order Add(string sku, int quantity)
        {
            var order = new Order(Interlocked.Increment(ref _lastId), sku, quantity);
            _orders[order.Id] = order;
            return order;
        }

        public Order? Find(int id) => _orders.TryGetValue(id, out var order) ? order : null;
    }

    /// <summary>What the logging behavior wrote, in order; a singleton.</summary>
    public sealed class RequestLog
    {
        private readonly List<string> _lines = new();

        public IReadOnlyList<string> Lines => _lines;

        public void Write(string line)
        {
            lock (_lines) _lines.Add(line);
        }
    }

    public sealed class CreateOrderHandler(OrderStore store) : ICancellableTerminator<CreateOrder, OrderCreated>
    {
        public ValueTask<OrderCreated> Terminate(CreateOrder context, CancellationToken cancellationToken)
        {
            cancellationToken.ThrowIfCancellationRequested();
            return new(new OrderCreated(store.Add(context.Sku, context.Quantity).Id));
        }
    }

    /// <summary>Reads asynchronously, as a real store would: the token reaches it through every behavior.</summary>
    public sealed class GetOrderHandler(OrderStore store) : ICancellableTerminator<GetOrder, Order?>
    {
        public async ValueTask<Order?> Terminate(GetOrder context, CancellationToken cancellationToken)
        {
            await Task.Delay(1, cancellationToken);
            return store.Find(context.Id);
        }
    }

    /// <summary>Logging&lt;CreateOrder, OrderCreated&gt; → Validation&lt;CreateOrder, OrderCreated&gt; → CreateOrderHandler.</summary>
    [Pipeline(typeof(CreateOrderHandler))]
    public sealed partial class CreateOrderPipeline;

    /// <summary>
    /// Logging&lt;GetOrder, Order?&gt; → GetOrderHandler. GetOrder is not IValidatable, so Validation cannot apply: the
    /// exclusion says that is meant (without it, warning PW0312 would say Validation is left out).
    /// </summary>
    [Pipeline(typeof(GetOrderHandler), ExcludeDefaults = new[] { typeof(Validation<,>) })]
    public sealed partial class GetOrderPipeline;
}
