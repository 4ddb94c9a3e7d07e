using System.ComponentModel;
using System.Threading;
using System.Threading.Tasks;

namespace Prewired.CompilerServices
{
    /// <summary>
    /// The handlers of one notification, found at compile time: what a generated publisher class implements, so that
    /// <see cref="NotificationPublishing"/> runs them by index (a switch of direct calls), with no list and no container
    /// enumeration per publish. Generated code implements it; users do not.
    /// </summary>
    /// <typeparam name="TNotification">The notification.</typeparam>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public interface INotificationHandlerList<in TNotification>
    {
        /// <summary>How many handlers the notification has.</summary>
        int Count { get; }

        /// <summary>Calls handler <paramref name="index"/> (0 to <see cref="Count"/> - 1, in source order).</summary>
        /// <param name="index">The handler's position.</param>
        /// <param name="notification">The notification.</param>
        /// <param name="cancellationToken">The publish's token.</param>
        ValueTask Handle(int index, TNotification notification, CancellationToken cancellationToken);
    }
}
