// Compiled into the Net8Lang12 and Net10 consumers: the same user code on the oldest and the newest supported setup.
using Prewired;

var prices = new StockPrices();
var first = await prices.GetAsync("MSFT");   // fills the cache: a real await
var second = prices.GetAsync("MSFT");        // synchronous completion: the generated fast path
var orders = new Orders();
var order = await orders.GetAsync(7);
var context = new Context();
await new Chain(new Step(), new End()).Invoke(context);

Check(first == 42.5m && second.IsCompletedSuccessfully && second.Result == 42.5m, "[FastPath]");
Check(order == "order 7", "[TailAwait]");
Check(string.Join(",", context.Log) == "step,end", "[Pipeline]");
Console.WriteLine($"OK {AppContext.TargetFrameworkName}: {first} {second.Result} {order} {string.Join(",", context.Log)}");

static void Check(bool condition, string what)
{
    if (!condition) throw new InvalidOperationException(what + " did not behave as its async body");
}

public partial class StockPrices
{
    private Dictionary<string, decimal>? _cache;

    [FastPath(nameof(GetCoreAsync))]
    public partial ValueTask<decimal> GetAsync(string company);

    private async ValueTask<decimal> GetCoreAsync(string company)
    {
        await LoadAsync();
        return _cache![company];
    }

    private Task LoadAsync()
    {
        if (_cache is not null) return Task.CompletedTask;
        return Load();

        async Task Load()
        {
            await Task.Yield();
            _cache = new() { ["MSFT"] = 42.5m };
        }
    }
}

public partial class Orders
{
    [TailAwait(nameof(GetCoreAsync))]
    public partial Task<string> GetAsync(int id);

    private async Task<string> GetCoreAsync(int id)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(id);
        return await Task.FromResult("order " + id);
    }
}

public sealed class Context { public List<string> Log { get; } = new(); }

public sealed class Step : IBehavior<Context, Context>
{
    public Task Invoke(Context context, Func<Context, Task> next)
    {
        context.Log.Add("step");
        return next(context);
    }
}

public sealed class End : IPipelineTerminator<Context>
{
    public Task Terminate(Context context)
    {
        context.Log.Add("end");
        return Task.CompletedTask;
    }
}

[Pipeline(typeof(Step), typeof(End))]
public sealed partial class Chain;
