using System.Runtime.CompilerServices;
using Prewired;
using Prewired.Generated;

// warning PW0326 at Audit<>: Pinged is not IAudited. Metrics<> leaves out both notifications, and the #pragma says it is meant.
[assembly: NotificationDefaults(typeof(Audit<>),
#pragma warning disable PW0326 // nothing is measured yet
    typeof(Metrics<>))]
#pragma warning restore PW0326
// warning PW0326 at CountItems<,>: GetNames is not ICounted.
[assembly: StreamDefaults(typeof(CountItems<,>))]

var audited = new List<string>();
var sender = new SkippedMessageBehavior.PrewiredSender(
    orderPlacedPublisher: new OrderPlacedPublisher(new Audit<OrderPlaced>(audited), new OrderPlacedHandler()),
    pingedPublisher: new PingedPublisher(new PingedHandler()),
    getTicksStreamPipeline: new GetTicksStreamPipeline(new CountItems<GetTicks, int>(), new GetTicksHandler()),
    getNamesStreamPipeline: new GetNamesStreamPipeline(new GetNamesHandler()));
await sender.Publish(new OrderPlaced(1));
await sender.Publish(new Pinged(2));
var ticks = new GetTicks(3);
var sum = 0;
await foreach (var tick in sender.CreateStream(ticks)) sum += tick;
var names = new List<string>();
await foreach (var name in sender.CreateStream(new GetNames())) names.Add(name);
if (audited.Count != 1 || sum != 3 || ticks.Counted != 3 || names.Count != 2) throw new InvalidOperationException("unexpected results");
Console.WriteLine($"OK skipped message behavior: audited {audited[0]}, {ticks.Counted} ticks counted, {names.Count} names");

public interface IAudited { }

public interface IMeasured { }

public interface ICounted { int Counted { get; set; } }

public sealed record OrderPlaced(int Id) : INotification, IAudited;

public sealed record Pinged(int Id) : INotification;

public sealed class OrderPlacedHandler : INotificationHandler<OrderPlaced>
{
    public ValueTask Handle(OrderPlaced notification, CancellationToken cancellationToken) => default;
}

public sealed class PingedHandler : INotificationHandler<Pinged>
{
    public ValueTask Handle(Pinged notification, CancellationToken cancellationToken) => default;
}

public sealed class Audit<TNotification>(List<string> log) : INotificationBehavior<TNotification> where TNotification : INotification, IAudited
{
    public ValueTask Handle<TNext>(TNotification notification, TNext next, CancellationToken cancellationToken)
        where TNext : struct, INotificationNext<TNotification>
    {
        log.Add(notification.ToString()!);
        return next.Invoke(notification, cancellationToken);
    }
}

public sealed class Metrics<TNotification> : INotificationBehavior<TNotification> where TNotification : INotification, IMeasured
{
    public ValueTask Handle<TNext>(TNotification notification, TNext next, CancellationToken cancellationToken)
        where TNext : struct, INotificationNext<TNotification> => next.Invoke(notification, cancellationToken);
}

public sealed record GetTicks(int Count) : IStreamRequest<int>, ICounted { public int Counted { get; set; } }

public sealed record GetNames : IStreamRequest<string>;

public sealed class GetTicksHandler : IStreamRequestHandler<GetTicks, int>
{
    public async IAsyncEnumerable<int> Handle(GetTicks request, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        for (var i = 0; i < request.Count; i++)
        {
            await Task.Yield();
            yield return i;
        }
    }
}

public sealed class GetNamesHandler : IStreamRequestHandler<GetNames, string>
{
    public async IAsyncEnumerable<string> Handle(GetNames request, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await Task.Yield();
        yield return "ada";
        yield return "grace";
    }
}

public sealed class CountItems<TRequest, TResponse> : IStreamBehavior<TRequest, TResponse> where TRequest : IStreamRequest<TResponse>, ICounted
{
    public async IAsyncEnumerable<TResponse> Handle<TNext>(TRequest request, TNext next, [EnumeratorCancellation] CancellationToken cancellationToken)
        where TNext : struct, IStreamNext<TRequest, TResponse>
    {
        await foreach (var item in next.Invoke(request, cancellationToken).WithCancellation(cancellationToken))
        {
            request.Counted++;
            yield return item;
        }
    }
}
