using System.Threading;
using System.Threading.Tasks;

namespace Prewired
{
    /// <summary>
    /// Handles a notification (Mediator's <c>INotificationHandler&lt;TNotification&gt;</c>). Every concrete, non-generic class
    /// of the assembly implementing it is one of the notification's handlers, in source order (file path, then position);
    /// a handler of a base type or interface of the notification handles it too.
    /// </summary>
    /// <typeparam name="TNotification">The notification handled.</typeparam>
    public interface INotificationHandler<in TNotification>
        where TNotification : INotification
    {
        /// <summary>Handles one published notification.</summary>
        /// <param name="notification">The notification.</param>
        /// <param name="cancellationToken">The token passed to <c>Publish</c> (or by a notification behavior).</param>
        ValueTask Handle(TNotification notification, CancellationToken cancellationToken);
    }
}
