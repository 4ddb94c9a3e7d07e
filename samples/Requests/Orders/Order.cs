using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace Requests.Orders
{
    public enum OrderStatus
    {
        Placed,
        Canceled,
    }

    public sealed record Order(int Id, string Sku, int Quantity, OrderStatus Status);

    /// <summary>
    /// The orders, in memory; a singleton. Ids count from 1 per store, so a transcript is the same on every run. Reads are
    /// asynchronous, as a database's would be: the token a caller passes to <c>Send</c> arrives here through every behavior.
    /// </summary>
    public sealed class OrderStore
    {
        private readonly Dictionary<int, Order> _orders = new();
        private int _lastId;

        public Order Add(string sku, int quantity)
        {
            lock (_orders)
            {
                var order = new Order(++_lastId, sku, quantity, OrderStatus.Placed);
                _orders[order.Id] = order;
                return order;
            }
        }

        public bool Cancel(int id)
        {
            lock (_orders)
            {
                if (!_orders.TryGetValue(id, out var order)) return false;
                _orders[id] = order with { Status = OrderStatus.Canceled };
                return true;
            }
        }

        public async ValueTask<Order?> FindAsync(int id, CancellationToken cancellationToken)
        {
            await Task.Yield();   // a real round trip; Task.Yield rather than a delay keeps the sample's timing out of it
            cancellationToken.ThrowIfCancellationRequested();
            lock (_orders) return _orders.TryGetValue(id, out var order) ? order : null;
        }
    }
}
