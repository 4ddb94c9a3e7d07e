namespace Prewired
{
    /// <summary>
    /// How a publish runs a notification's handlers, chosen per assembly with
    /// <c>[assembly: NotificationDefaults(Publisher = NotificationPublisher.Concurrent)]</c>. Both copy the exception semantics
    /// of Mediator 3.0.2's publishers of the same names (docs/pipelines.md#notifications-publish).
    /// </summary>
    public enum NotificationPublisher
    {
        /// <summary>
        /// Mediator's <c>ForeachAwaitPublisher</c>, the default: each handler in order, awaited before the next starts. A
        /// failing handler does not stop the others; when all have run, the failures are thrown together as one
        /// <see cref="System.AggregateException"/> (with a single handler, its own exception, unwrapped).
        /// </summary>
        Sequential = 0,

        /// <summary>
        /// Mediator's <c>TaskWhenAllPublisher</c>: every handler started, in order, before any is awaited; then all awaited,
        /// and the failures thrown together as one <see cref="System.AggregateException"/> (with a single handler, its own
        /// exception, unwrapped).
        /// </summary>
        Concurrent = 1,
    }
}
