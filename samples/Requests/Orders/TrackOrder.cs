using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Prewired;

namespace Requests.Orders
{
    // A stream request: one handler answers with a sequence. Mediator: IStreamRequest<T> and IStreamRequestHandler<,>, the
    // same names here; the sender's CreateStream returns the IAsyncEnumerable the caller enumerates.

    public sealed record TrackOrder(int Id) : IStreamRequest<string>;

    public sealed class TrackOrderHandler : IStreamRequestHandler<TrackOrder, string>
    {
        private static readonly string[] s_steps = { "packed", "shipped", "out for delivery", "delivered" };

        public async IAsyncEnumerable<string> Handle(TrackOrder request, [EnumeratorCancellation] CancellationToken cancellationToken)
        {
            foreach (var step in s_steps)
            {
                await Task.Yield();   // each update arrives later, as from a carrier's feed
                cancellationToken.ThrowIfCancellationRequested();
                yield return $"order {request.Id}: {step}";
            }
        }
    }
}
