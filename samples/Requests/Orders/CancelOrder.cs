using System;
using System.Threading;
using System.Threading.Tasks;
using Prewired;
using Requests.Behaviors;

namespace Requests.Orders
{
    // A command without a response. Mediator: `ICommand` and `ICommandHandler<CancelOrder>` returning Unit.Value; here the
    // handler answers Prewired.Unit, so the typed shared behaviors (Logging<CancelOrder, Unit>) close over it like any other.

    public sealed record CancelOrder(int Id) : IValidatable
    {
        public string? Validate() => Id <= 0 ? "the id must be positive" : null;
    }

    public sealed class CancelOrderHandler(OrderStore store) : ICancellableTerminator<CancelOrder, Unit>
    {
        public ValueTask<Unit> Terminate(CancelOrder context, CancellationToken cancellationToken)
        {
            // Synchronous: Unit.ValueTask is a completed ValueTask<Unit>, no allocation.
            if (!store.Cancel(context.Id)) throw new InvalidOperationException($"no order {context.Id}");
            return Unit.ValueTask;
        }
    }
}
