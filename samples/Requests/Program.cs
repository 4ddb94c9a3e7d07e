// A request/response app on Prewired pipelines:  dotnet run -c Release --project samples/Requests
using System;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Prewired;
using Requests;

var services = new ServiceCollection()
    .AddSingleton<OrderStore>()
    .AddSingleton<RequestLog>()
    .AddCreateOrderPipeline()     // generated: the pipeline, its interfaces, and every stage (the defaults included)
    .AddGetOrderPipeline();
using var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true });

// Resolve by interface, as a Mediator user resolves ISender; the call is the compile-time chain, no lookup.
var createOrder = provider.GetRequiredService<ICancellablePipeline<CreateOrder, OrderCreated>>();
var getOrder = provider.GetRequiredService<ICancellablePipeline<GetOrder, Order?>>();

var created = await createOrder.Invoke(new CreateOrder("book", 2), CancellationToken.None);
Console.WriteLine($"created: {created}");
Console.WriteLine($"read back: {await getOrder.Invoke(new GetOrder(created.Id), CancellationToken.None)}");

try
{
    await createOrder.Invoke(new CreateOrder("book", 0), CancellationToken.None);
}
catch (ArgumentException exception)
{
    Console.WriteLine($"rejected by Validation<,>: {exception.Message}");
}

using (var canceled = new CancellationTokenSource())
{
    canceled.Cancel();
    try
    {
        await getOrder.Invoke(new GetOrder(created.Id), canceled.Token);
    }
    catch (OperationCanceledException)
    {
        Console.WriteLine("canceled: the token reached the handler through Logging<,>");
    }
}

Console.WriteLine("request log:");
foreach (var line in provider.GetRequiredService<RequestLog>().Lines) Console.WriteLine("  " + line);
