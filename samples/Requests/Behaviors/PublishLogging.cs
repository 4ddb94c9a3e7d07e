using System.Threading;
using System.Threading.Tasks;
using Prewired;

namespace Requests.Behaviors
{
    /// <summary>
    /// Around every publish, once, however many handlers the notification has (they run inside <c>next.Invoke</c>).
    /// Mediator has no notification behaviors; MediatR users wrap the publisher for this.
    /// </summary>
    public sealed class PublishLogging<TNotification>(Journal journal) : INotificationBehavior<TNotification>
        where TNotification : INotification
    {
        public async ValueTask Handle<TNext>(TNotification notification, TNext next, CancellationToken cancellationToken)
            where TNext : struct, INotificationNext<TNotification>
        {
            journal.Write($"publish {typeof(TNotification).Name}");
            await next.Invoke(notification, cancellationToken);
            journal.Write($"published {typeof(TNotification).Name}");
        }
    }
}
