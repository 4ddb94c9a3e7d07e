using Microsoft.Extensions.DependencyInjection;
using Prewired;

var services = new ServiceCollection();
services.AddSingleton<Audit>();
services.AddScoped<Retry>();
services.AddIncomingPipeline();
using var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateScopes = true, ValidateOnBuild = true });
using var scope = provider.CreateScope();

var context = new Transport("21");
await scope.ServiceProvider.GetRequiredService<IPipeline<Transport>>().Invoke(context);
var log = string.Join(",", context.Log);
if (log != "audit,retry:1,parse,handle:21") throw new InvalidOperationException("unexpected pipeline run: " + log);
Console.WriteLine("OK pipelines with DI: " + log);

public sealed class Transport(string body)
{
    public string Body { get; } = body;
    public List<string> Log { get; } = new();
}

public sealed class Message(Transport transport, int value)
{
    public Transport Transport { get; } = transport;
    public int Value { get; } = value;
}

public sealed class Audit : IBehavior<Transport, Transport>
{
    public Task Invoke(Transport context, Func<Transport, Task> next)
    {
        context.Log.Add("audit");
        return next(context);
    }
}

public sealed class Retry : IInlineBehavior<Transport, Transport>
{
    public async Task Invoke<TNext>(Transport context, TNext next) where TNext : struct, INext<Transport>
    {
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                context.Log.Add("retry:" + attempt);
                await next.Invoke(context);
                return;
            }
            catch (TimeoutException) when (attempt < 3)
            {
            }
        }
    }
}

public sealed class Parse : IBehavior<Transport, Message>
{
    public Task Invoke(Transport context, Func<Message, Task> next)
    {
        context.Log.Add("parse");
        return next(new Message(context, int.Parse(context.Body)));
    }
}

public sealed class Handle : IPipelineTerminator<Message>
{
    public Task Terminate(Message context)
    {
        context.Transport.Log.Add("handle:" + context.Value);
        return Task.CompletedTask;
    }
}

[Pipeline(typeof(Audit), typeof(Retry), typeof(Parse), typeof(Handle))]
public sealed partial class IncomingPipeline;
