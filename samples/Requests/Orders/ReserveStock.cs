using System.Threading;
using System.Threading.Tasks;
using Prewired;

namespace Requests.Orders
{
    /// <summary>A handler of <see cref="OrderPlaced"/> that completes synchronously (no state machine, no allocation).</summary>
    public sealed class ReserveStock(Journal journal) : INotificationHandler<OrderPlaced>
    {
        public ValueTask Handle(OrderPlaced notification, CancellationToken cancellationToken)
        {
            journal.Write($"stock: {notification.Quantity} x {notification.Sku} reserved for order {notification.Id}");
            return default;
        }
    }
}
