using System;

namespace Prewired
{
    /// <summary>
    /// Declares, once per assembly, the behaviors that wrap every publish (<see cref="INotificationBehavior{TNotification}"/>,
    /// outermost first) and the publisher that runs the handlers. An open behavior (<c>typeof(Audit&lt;&gt;)</c>) is closed over
    /// each notification type whose constraints it meets; a closed one applies to its own notification type.
    /// </summary>
    /// <example>
    /// <code>
    /// [assembly: NotificationDefaults(typeof(Audit&lt;&gt;), Publisher = NotificationPublisher.Concurrent)]
    /// </code>
    /// </example>
    [AttributeUsage(AttributeTargets.Assembly, AllowMultiple = false, Inherited = false)]
    public sealed class NotificationDefaultsAttribute : Attribute
    {
        /// <summary>Declares the behaviors around every publish of the assembly, in the order they run.</summary>
        /// <param name="behaviors">Notification behavior types, open generic (one type parameter) or closed.</param>
        public NotificationDefaultsAttribute(params Type[] behaviors) => Behaviors = behaviors;

        /// <summary>The behaviors, in the order they run.</summary>
        public Type[] Behaviors { get; }

        /// <summary>How the handlers run: <see cref="NotificationPublisher.Sequential"/> (the default) or concurrently.</summary>
        public NotificationPublisher Publisher { get; set; } = NotificationPublisher.Sequential;
    }
}
