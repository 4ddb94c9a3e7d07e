using System.Diagnostics.CodeAnalysis;
using System.Threading;
using System.Threading.Tasks;
using Prewired;

namespace Requests.Orders
{
    // A query. Mediator: `IQuery<Order?>` and an IQueryHandler<GetOrder, Order?>; the same handler interface here.

    public sealed record GetOrder(int Id);

    /// <summary>
    /// Logging → this handler: a query has nothing to validate, so Validation&lt;,&gt; (constrained to IValidatable) is left
    /// out of its chain. Prewired says so at build time (warning PW0316) where a runtime mediator would skip the behavior
    /// silently; the attribute says it is meant.
    /// </summary>
    [SuppressMessage("Prewired", "PW0316", Justification = "Queries are not validated: Validation<,> selects the IValidatable requests.")]
    public sealed class GetOrderHandler(OrderStore store) : ICancellableTerminator<GetOrder, Order?>
    {
        public ValueTask<Order?> Terminate(GetOrder context, CancellationToken cancellationToken) => store.FindAsync(context.Id, cancellationToken);
    }
}
