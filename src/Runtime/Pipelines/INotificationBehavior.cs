using System.Threading;
using System.Threading.Tasks;

namespace Prewired
{
    /// <summary>
    /// Wraps each publish of a notification: <c>next.Invoke</c> runs the notification's handlers with the assembly's publisher
    /// (<see cref="NotificationDefaultsAttribute.Publisher"/>), once per call. Listed in <see cref="NotificationDefaultsAttribute"/>;
    /// the struct-<c>next</c> shape of <see cref="ICancellableInlineBehavior{TInContext, TOutContext}"/>, so the call to the rest is
    /// a direct one the JIT can inline and a synchronous publish allocates nothing.
    /// </summary>
    /// <typeparam name="TNotification">The notification published.</typeparam>
    /// <example>
    /// <code>
    /// public sealed class Audit&lt;TNotification&gt; : INotificationBehavior&lt;TNotification&gt; where TNotification : INotification
    /// {
    ///     public async ValueTask Handle&lt;TNext&gt;(TNotification notification, TNext next, CancellationToken cancellationToken)
    ///         where TNext : struct, INotificationNext&lt;TNotification&gt;
    ///     {
    ///         log.Published(notification);
    ///         await next.Invoke(notification, cancellationToken);
    ///     }
    /// }
    /// </code>
    /// </example>
    public interface INotificationBehavior<TNotification>
        where TNotification : INotification
    {
        /// <summary>Runs around one publish; call <c>next.Invoke</c> to run the rest (the next behavior, or the handlers).</summary>
        /// <typeparam name="TNext">The generated continuation of this position.</typeparam>
        /// <param name="notification">The notification published.</param>
        /// <param name="next">The rest of the publish; it takes the token to pass on.</param>
        /// <param name="cancellationToken">The token passed to <c>Publish</c> (or by the behavior before).</param>
        ValueTask Handle<TNext>(TNotification notification, TNext next, CancellationToken cancellationToken) where TNext : struct, INotificationNext<TNotification>;
    }

    /// <summary>The rest of a publish, as an <see cref="INotificationBehavior{TNotification}"/> receives it.</summary>
    /// <typeparam name="TNotification">The notification published.</typeparam>
    public interface INotificationNext<in TNotification>
    {
        /// <summary>Runs the rest of the publish: the next behavior, or every handler. Calls must be sequential.</summary>
        /// <param name="notification">The notification to pass on.</param>
        /// <param name="cancellationToken">The token the rest receives.</param>
        ValueTask Invoke(TNotification notification, CancellationToken cancellationToken);
    }
}
