using System.Threading;
using System.Threading.Tasks;
using Prewired;

namespace Requests.Orders
{
    /// <summary>A handler of <see cref="OrderPlaced"/> that awaits, as sending mail would; it gets the publish's token.</summary>
    public sealed class SendConfirmation(Journal journal) : INotificationHandler<OrderPlaced>
    {
        public async ValueTask Handle(OrderPlaced notification, CancellationToken cancellationToken)
        {
            await Task.Yield();
            cancellationToken.ThrowIfCancellationRequested();
            journal.Write($"mail: confirmation of order {notification.Id} sent");
        }
    }
}
