using Prewired.Generator.Model;

namespace Prewired.Generator.Pipelines.Messages
{
    /// <summary>What one type declaration contributes to notifications and streams, as values (no symbols).</summary>
    /// <param name="NotificationHandlers">One per notification type the class handles.</param>
    /// <param name="Notification">The type itself, when it is a notification the sender publishes.</param>
    /// <param name="StreamHandlers">One per stream request the class handles.</param>
    internal sealed record MessageModels(EquatableArray<NotificationHandlerModel> NotificationHandlers, NotificationTypeModel? Notification, EquatableArray<StreamHandlerModel> StreamHandlers)
    {
        public bool IsEmpty => NotificationHandlers.Count == 0 && Notification is null && StreamHandlers.Count == 0;
    }

    /// <summary>A generated class's member that calls a user type: a behavior or a handler.</summary>
    /// <param name="TypeName">The type, fully qualified.</param>
    /// <param name="ParameterName">Its simple name camelCased, before numbering (the class numbers repeats).</param>
    /// <param name="CallThrough">The interface to call it through when it implements the method explicitly; null for a direct call.</param>
    internal sealed record CalleeModel(string TypeName, string ParameterName, string? CallThrough);

    /// <summary>One notification type a class handles.</summary>
    /// <param name="Handled">The handled type (the T of INotificationHandler&lt;T&gt;), fully qualified: a notification, or a base of some.</param>
    /// <param name="Handler">The handler and how to call it.</param>
    /// <param name="OrderKey">Orders the handlers of one notification: source order (<see cref="Pipelines.Rules.HandlerSelection.OrderKey"/>).</param>
    internal sealed record NotificationHandlerModel(string Handled, CalleeModel Handler, string OrderKey);

    /// <summary>A notification type the sender gets a <c>Publish</c> for.</summary>
    /// <param name="Notification">The type, fully qualified.</param>
    /// <param name="Receivers">What a handler of it may take: itself, its base types and interfaces, fully qualified.</param>
    /// <param name="Public">Whether it is public, so its Publish can be.</param>
    /// <param name="Behaviors">The assembly's notification behaviors closed over it, outermost first.</param>
    /// <param name="Concurrent">Whether the assembly's publisher is the concurrent one.</param>
    /// <param name="Class">The generated publisher class.</param>
    /// <param name="HideFrames">Whether the target has StackTraceHiddenAttribute.</param>
    internal sealed record NotificationTypeModel(string Notification, EquatableArray<string> Receivers, bool Public, EquatableArray<CalleeModel> Behaviors, bool Concurrent, PipelineClass Class, bool HideFrames);

    /// <summary>One stream request a class handles, with the chain generated for it.</summary>
    /// <param name="Request">The stream request, fully qualified.</param>
    /// <param name="Response">The item type, fully qualified.</param>
    /// <param name="Handler">The handler and how to call it.</param>
    /// <param name="OrderKey">Orders the handlers of one request; the first one counts (a second is PW0325).</param>
    /// <param name="Public">Whether request and response are public, so its CreateStream can be.</param>
    /// <param name="Behaviors">The assembly's stream behaviors closed over the request and response, outermost first.</param>
    /// <param name="Class">The generated stream pipeline class.</param>
    /// <param name="HideFrames">Whether the target has StackTraceHiddenAttribute.</param>
    /// <param name="EnumeratorTokens">
    /// Whether the handler and every behavior are async iterators whose token is <c>[EnumeratorCancellation]</c>: then the chain
    /// takes the enumerator's token by itself, and a <c>CreateStream</c> whose own token cannot be canceled hands out the
    /// chain's stream as it is.
    /// </param>
    internal sealed record StreamHandlerModel(string Request, string Response, CalleeModel Handler, string OrderKey, bool Public, EquatableArray<CalleeModel> Behaviors, PipelineClass Class, bool HideFrames, bool EnumeratorTokens);

    /// <summary>A notification's generated publisher: the type, its behaviors, and every handler of it in order.</summary>
    /// <param name="Notification">The notification type and its chain.</param>
    /// <param name="Handlers">Its handlers, in source order; each with the type it handles (the interface to call it through).</param>
    internal sealed record PublisherModel(NotificationTypeModel Notification, EquatableArray<NotificationHandlerModel> Handlers)
    {
        public string QualifiedName => "global::" + Notification.Class.Namespace + "." + Notification.Class.Name;
    }
}
