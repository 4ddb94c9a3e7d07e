// [TailAwait]: an async method whose only await is `return await` needs no state machine. The generated GetOrderFastAsync
// runs the same statements and returns the source's task itself (with one status check when it has already completed),
// while keeping the async contract: the argument checks' exceptions still come back in the returned task.
using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Prewired;

namespace Quickstart
{
    public sealed record Order(int Id, string Item);

    /// <summary>Where orders come from: a database or a remote service in a real application.</summary>
    public interface IOrderSource
    {
        ValueTask<Order> LoadAsync(int id, CancellationToken cancellationToken);
    }

    /// <summary>A source whose orders are all in memory, so every load completes synchronously (the common case being measured).</summary>
    public sealed class InMemoryOrderSource : IOrderSource
    {
        private readonly Dictionary<int, Order> _orders = new() { [7] = new Order(7, "keyboard") };

        public ValueTask<Order> LoadAsync(int id, CancellationToken cancellationToken) => new(_orders[id]);
    }

    public partial class OrderStore
    {
        private readonly IOrderSource _source;

        public OrderStore(IOrderSource source) => _source = source;

        /// <summary>
        /// The plain async method [TailAwait] is generated from. In an application it would be private (say GetOrderCoreAsync)
        /// and the generated method would get the public name; both are public here so the program can compare them.
        /// </summary>
        public async ValueTask<Order> GetOrderAsync(int id, CancellationToken cancellationToken)
        {
            ArgumentOutOfRangeException.ThrowIfNegativeOrZero(id);
            cancellationToken.ThrowIfCancellationRequested();
            return await _source.LoadAsync(id, cancellationToken);
        }

        /// <summary>The same method without async machinery; generated into obj/&lt;Configuration&gt;/net10.0/generated/.</summary>
        [TailAwait(nameof(GetOrderAsync))]
        public partial ValueTask<Order> GetOrderFastAsync(int id, CancellationToken cancellationToken);
    }
}
