// A Mediator-style app on Prewired:  dotnet run -c Release --project samples/Requests
// Program's own lines start at the margin; what the handlers and behaviors wrote (the Journal) is indented under them.
using System;
using System.Threading;
using Microsoft.Extensions.DependencyInjection;
using Requests;
using Requests.Behaviors;
using Requests.Orders;

var journal = new Journal(Console.Out);
var services = new ServiceCollection()
    .AddSingleton(journal)
    .AddSingleton<OrderStore>()
    // Generated: every request, notification and stream pipeline of this assembly, their handlers and behaviors, and
    // PrewiredSender, all singletons (Mediator's default lifetime). Nothing is registered by open generic type.
    .AddPrewired();
using var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true, ValidateScopes = true });

// Mediator's ISender/IPublisher in one class: a Send, Publish or CreateStream overload per message type, chosen by the
// compiler, so no lookup by type per call.
var sender = provider.GetRequiredService<PrewiredSender>();

Console.WriteLine("Send a command (PlaceOrder -> Order); its handler publishes OrderPlaced to two handlers:");
var order = await sender.Send(new PlaceOrder("book", 2), CancellationToken.None);
Console.WriteLine($"=> {order}");

Console.WriteLine("Send a query (GetOrder -> Order?):");
Console.WriteLine($"=> {await sender.Send(new GetOrder(order.Id))}");

Console.WriteLine("Send a command without a response (CancelOrder -> Unit):");
Console.WriteLine($"=> {await sender.Send(new CancelOrder(order.Id))}");

Console.WriteLine("Send an invalid command: Validation rejects it before the handler runs:");
try
{
    await sender.Send(new PlaceOrder("", 1));
}
catch (ValidationException exception)
{
    Console.WriteLine($"=> rejected: {exception.Message}");
}

Console.WriteLine("Send with a canceled token: it reaches the handler (the store's read) through Logging:");
using (var canceled = new CancellationTokenSource())
{
    canceled.Cancel();
    try
    {
        await sender.Send(new GetOrder(order.Id), canceled.Token);
    }
    catch (OperationCanceledException)
    {
        Console.WriteLine("=> canceled");
    }
}

Console.WriteLine("Publish a notification directly (the same overload the handler used):");
await sender.Publish(new OrderPlaced(order.Id, order.Sku, order.Quantity));

Console.WriteLine("Create a stream (TrackOrder -> string items):");
await foreach (var update in sender.CreateStream(new TrackOrder(order.Id))) Console.WriteLine($"=> {update}");

Console.WriteLine("Create a stream and cancel it after two items:");
using (var stop = new CancellationTokenSource())
{
    var received = 0;
    try
    {
        await foreach (var update in sender.CreateStream(new TrackOrder(order.Id), stop.Token))
        {
            Console.WriteLine($"=> {update}");
            if (++received == 2) stop.Cancel();
        }
    }
    catch (OperationCanceledException)
    {
        Console.WriteLine($"=> canceled after {received} items");
    }
}

Console.WriteLine($"done: {journal.Lines.Length} journal lines");
