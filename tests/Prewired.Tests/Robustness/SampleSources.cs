using System.Collections.Generic;
using System.Linq;

namespace Prewired.Tests.Robustness
{
    /// <summary>
    /// A dozen complete, valid sources covering the shapes of both attributes (and the usage errors the generator
    /// answers with a stub). The truncation tests cut them into half-typed code; each must compile as given, which
    /// <see cref="TruncationTests.Every_sample_is_valid_and_generates_cleanly"/> checks first.
    /// </summary>
    internal static class SampleSources
    {
        private const string Usings = "using System;\nusing System.Collections.Generic;\nusing System.Threading;\nusing System.Threading.Tasks;\nusing Prewired;\n\n";

        public static readonly IReadOnlyDictionary<string, string> All = new Dictionary<string, string>
        {
            ["StockPrices"] = Usings + """
                using System.Linq;
                public partial class StockPrices
                {
                    private List<(string name, decimal price)>? _cache;

                    [FastPath(nameof(GetStockPriceCoreAsync))]
                    public partial ValueTask<decimal> GetStockPriceAsync(string companyId);

                    private async ValueTask<decimal> GetStockPriceCoreAsync(string companyId)
                    {
                        await InitializeMapIfNeededAsync();
                        return DoGetPriceFromCache(companyId);
                    }

                    private decimal DoGetPriceFromCache(string name)
                    {
                        foreach (var kvp in _cache!)
                        {
                            if (kvp.name == name) return kvp.price;
                        }

                        throw new InvalidOperationException($"Can't find price for '{name}'.");
                    }

                    private async Task InitializeMapIfNeededAsync()
                    {
                        if (_cache != null) return;
                        await Task.Delay(42);
                        _cache = Enumerable.Range(1, 100).Select(n => (name: n.ToString(), price: (decimal)n)).ToList();
                    }
                }
                """,

            ["FastPathForms"] = Usings + """
                public partial class Forms
                {
                    private int _total;
                    [FastPath(nameof(RunCoreAsync))]
                    public partial Task<int> RunAsync(int x);
                    private async Task<int> RunCoreAsync(int x)
                    {
                        await Step();
                        var a = await Value(x).ConfigureAwait(false);
                        int b;
                        b = await Value(a + 1);
                        _total = await Value(b);
                        this._total = await Value(_total + 1);
                        return await Value(a + b + _total);
                    }

                    private static Task Step() => Task.CompletedTask;
                    private static ValueTask<int> Value(int v) => new(v);
                }
                """,

            ["FastPathBranches"] = Usings + """
                public partial class Branches
                {
                    [FastPath(nameof(RunCoreAsync))]
                    public partial ValueTask<string> RunAsync(int kind, string name);
                    private async ValueTask<string> RunCoreAsync(int kind, string name)
                    {
                        var prefix = name.ToUpperInvariant();
                        int n;
                        if (kind > 0)
                        {
                            n = await Value(kind);
                            prefix += "+" + n;
                        }
                        else if (kind < 0)
                            await Task.Yield();
                        else
                        {
                            n = 0;
                        }

                        switch (kind)
                        {
                            case 1:
                                await Task.Yield();
                                prefix += "one";
                                break;
                            case 2:
                                return await Text(prefix);
                            default:
                                break;
                        }

                        return prefix + kind;
                    }

                    private static ValueTask<int> Value(int v) => new(v);
                    private static Task<string> Text(string s) => Task.FromResult(s);
                }
                """,

            ["FastPathWorker"] = Usings + """
                namespace Jobs
                {
                    public partial class Worker
                    {
                        public int Count;
                        [FastPath(nameof(WorkCoreAsync))]
                        public partial Task WorkAsync(CancellationToken ct);
                        private async Task WorkCoreAsync(CancellationToken ct)
                        {
                            ct.ThrowIfCancellationRequested();
                            if (Count > 10) return;
                            await Task.Delay(1, ct);
                            Count++;
                        }

                        [FastPath(nameof(ArrowCoreAsync))]
                        public partial ValueTask ArrowAsync();
                        private async ValueTask ArrowCoreAsync() => await Task.Yield();
                    }
                }
                """,

            ["FastPathForwarding"] = Usings + """
                public partial class Unsupported
                {
                    [FastPath(nameof(LoopCoreAsync))]
                    public partial ValueTask<int> LoopAsync(int n);
                    private async ValueTask<int> LoopCoreAsync(int n)
                    {
                        var sum = 0;
                        for (var i = 0; i < n; i++) sum += await Value(i);
                        return sum;
                    }

                    [FastPath(nameof(TryCoreAsync))]
                    public partial Task TryAsync();
                    private async Task TryCoreAsync()
                    {
                        try { await Task.Yield(); }
                        finally { Console.WriteLine("done"); }
                    }

                    [FastPath(nameof(NestedCoreAsync))]
                    public partial Task<int> NestedAsync();
                    private async Task<int> NestedCoreAsync() => 1 + await Value(2);

                    private static ValueTask<int> Value(int v) => new(v);
                }
                """,

            ["TailAwaitOrderStore"] = Usings + """
                namespace Shop;
                public sealed record Order(int Id);
                public partial class OrderStore
                {
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<Order> GetAsync(int id, CancellationToken ct);

                    private async Task<Order> GetCoreAsync(int id, CancellationToken ct)
                    {
                        if (id < 0) throw new ArgumentOutOfRangeException(nameof(id));
                        return await LoadAsync(id, ct);
                    }

                    private async Task<Order> LoadAsync(int id, CancellationToken ct) { await Task.Yield(); return new Order(id); }
                }
                """,

            ["TailAwaitLayer"] = Usings + """
                public partial class Layer
                {
                    private readonly Layer? _next;
                    public Layer(Layer? next) => _next = next;
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial ValueTask<int> GetAsync();
                    private async ValueTask<int> GetCoreAsync() => await _next!.GetAsync().ConfigureAwait(false);
                }
                """,

            ["TailAwaitRouter"] = Usings + """
                public partial class Router
                {
                    [TailAwait(nameof(RouteCoreAsync))]
                    public partial ValueTask RouteAsync(int kind);
                    private async ValueTask RouteCoreAsync(int kind)
                    {
                        if (kind < 0) return;
                        switch (kind)
                        {
                            case 0:
                                await Task.Delay(1);
                                break;
                            case 1:
                                await Compute(kind);
                                return;
                            default:
                                if (kind > 10) { await Task.Delay(2); return; }
                                break;
                        }
                    }

                    private static Task<int> Compute(int x) => Task.FromResult(x);
                }
                """,

            ["TailAwaitMixer"] = Usings + """
                public partial class Mixer
                {
                    [TailAwait(nameof(ACore))] public partial Task<int> A(bool b);
                    private async Task<int> ACore(bool b) { if (b) return await VT(); return await T(); }

                    [TailAwait(nameof(BCore))] public partial ValueTask<int> B(bool b);
                    private async ValueTask<int> BCore(bool b) { if (b) return await VT(); return await T(); }

                    [TailAwait(nameof(CCore))] public partial Task C(bool b);
                    private async Task CCore(bool b) { if (b) { await VT(); return; } await VPlain(); }

                    [TailAwait(nameof(DCore))] public partial ValueTask D(bool b);
                    private async ValueTask DCore(bool b) { if (b) { await T(); return; } await TPlain(); }

                    private static ValueTask<int> VT() => new(1);
                    private static Task<int> T() => Task.FromResult(2);
                    private static ValueTask VPlain() => default;
                    private static Task TPlain() => Task.CompletedTask;
                }
                """,

            ["TailAwaitNestedGeneric"] = Usings + """
                namespace Outer.Inner
                {
                    public static partial class Holder
                    {
                        public partial class Cache<T> where T : class
                        {
                            [TailAwait(nameof(GetCoreAsync))]
                            public static partial Task<T?> GetAsync(string key);
                            private static async Task<T?> GetCoreAsync(string name) => await Task.FromResult<T?>(null);
                        }
                    }
                }
                """,

            ["MixedWithLambdasAndNonTail"] = Usings + """
                public interface IStore { Task<int> LoadAsync(int id); }
                public partial class Service
                {
                    private readonly IStore _store;
                    public Service(IStore store) => _store = store;

                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<int> GetAsync(int id);
                    private async Task<int> GetCoreAsync(int id)
                    {
                        Console.WriteLine(id);
                        Func<Task<int>> again = async () => await _store.LoadAsync(id + 1) + 1;
                        return await _store.LoadAsync(id);
                    }

                    [TailAwait(nameof(SumCoreAsync))]
                    public partial Task<int> SumAsync(int id);
                    private async Task<int> SumCoreAsync(int id)
                    {
                        var x = await _store.LoadAsync(id);
                        return x + 1;
                    }

                    [FastPath(nameof(PairCoreAsync))]
                    public partial ValueTask<(int, int)> PairAsync(int id);
                    private async ValueTask<(int, int)> PairCoreAsync(int id)
                    {
                        var first = await _store.LoadAsync(id);
                        Func<int, Task<int>> next = async v => await _store.LoadAsync(v);
                        var second = await next(first);
                        return (first, second);
                    }
                }
                """,

            ["Pipelines"] = Usings + """
                namespace Shop;

                public sealed class Transport { public string Body = ""; }
                public sealed class Message { public int Value; }

                public sealed class Log : IBehavior<Transport, Transport>
                {
                    public async Task Invoke(Transport context, Func<Transport, Task> next)
                    {
                        await next(context);
                        await next(context);
                    }
                }

                public sealed class Parse : IInlineBehavior<Transport, Message>
                {
                    public Task Invoke<TNext>(Transport context, TNext next) where TNext : struct, INext<Message>
                        => next.Invoke(new Message { Value = context.Body.Length });
                }

                public sealed class Handle : IPipelineTerminator<Message>
                {
                    Task IPipelineTerminator<Message>.Terminate(Message context) => Task.CompletedTask;
                }

                [Pipeline(typeof(Log), typeof(Log), typeof(Parse), typeof(Handle))]
                public sealed partial class Incoming;

                public static partial class Nested
                {
                    [Pipeline(typeof(Handle))]
                    internal sealed partial class HandleOnly;
                }
                """,

            ["RequestPipelines"] = Usings + """
                [assembly: PipelineDefaults(typeof(Shop.Trace<,>))]

                namespace Shop;

                public interface IChecked { bool Ok { get; } }
                public sealed class Ask : IChecked { public bool Ok => true; }
                public sealed class Line { }
                public sealed class Reply { }

                public sealed class Trace<TRequest, TResponse> : ICancellableBehavior<TRequest, TRequest, TResponse>
                {
                    public async ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, CancellationToken, ValueTask<TResponse>> next, CancellationToken cancellationToken)
                        => await next(context, cancellationToken);
                }

                public sealed class Check<TRequest, TResponse> : IInlineBehavior<TRequest, TRequest, TResponse> where TRequest : class, IChecked, new()
                {
                    public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, TResponse>
                        => context.Ok ? next.Invoke(context) : throw new ArgumentException();
                }

                public sealed class ToLine : IBehavior<Ask, Line, Reply>
                {
                    public ValueTask<Reply> Invoke(Ask context, Func<Line, ValueTask<Reply>> next) => next(new Line());
                }

                public sealed class Answer : ICancellableTerminator<Line, Reply>
                {
                    public ValueTask<Reply> Terminate(Line context, CancellationToken cancellationToken) => new(new Reply());
                }

                public sealed class Finish : ICancellableTerminator<Ask, Reply>
                {
                    public ValueTask<Reply> Terminate(Ask context, CancellationToken cancellationToken) => new(new Reply());
                }

                [Pipeline(typeof(Check<,>), typeof(Trace<,>), typeof(Finish))]
                public sealed partial class AskPipeline;

                [Pipeline(typeof(ToLine), typeof(Answer), ApplyDefaults = false)]
                public sealed partial class LinePipeline;
                """,

            ["UsageErrorStubs"] = Usings + """
                public partial class Misused
                {
                    [FastPath("Missing")]
                    public partial ValueTask<int> MissingAsync();

                    [TailAwait(nameof(WrongCoreAsync))]
                    public partial Task<int> WrongAsync(int id);
                    private async Task<long> WrongCoreAsync(int id) => await Task.FromResult((long)id);

                    [TailAwait(nameof(SyncCore))]
                    public partial Task<int> SyncAsync();
                    private Task<int> SyncCore() => Task.FromResult(1);

                    [FastPath("")]
                    public partial Task EmptyAsync();
                }
                """,
        };

        public static IEnumerable<object[]> Names() => All.Keys.OrderBy(k => k, System.StringComparer.Ordinal).Select(k => new object[] { k });
    }
}
