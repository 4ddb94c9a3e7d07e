namespace Prewired
{
    /// <summary>
    /// Marks a notification: a message published to every handler of it (<see cref="INotificationHandler{TNotification}"/>),
    /// none, one or many, as Mediator's <c>INotification</c>. The generated <c>PrewiredSender</c> has a <c>Publish</c> overload
    /// for each notification type of the assembly, whose handlers are found at compile time.
    /// </summary>
    public interface INotification
    {
    }
}
