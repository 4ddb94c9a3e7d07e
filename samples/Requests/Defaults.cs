using Prewired;
using Requests.Behaviors;

// The cross-cutting behaviors, declared once for the assembly, outermost first. Mediator lists them in
// MediatorOptions.PipelineBehaviors (or registers IPipelineBehavior<,> with the container); here the generator closes each
// over every request, notification and stream request at compile time and writes the chains.

// Every request: Logging, then Validation where the request is IValidatable.
[assembly: PipelineDefaults(typeof(Logging<,>), typeof(Validation<,>))]

// Every publish, around all of the notification's handlers. Sequential is the default publisher (Mediator's
// ForeachAwaitPublisher); written out here to show where the choice goes.
[assembly: NotificationDefaults(typeof(PublishLogging<>), Publisher = NotificationPublisher.Sequential)]

// Every stream.
[assembly: StreamDefaults(typeof(StreamLogging<,>))]
