// The shapes a multi-targeted library converts, compiled for net472, netstandard2.0, net8.0 and net10.0.
using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Prewired;

namespace MultiTarget
{
    public partial class StockPrices
    {
        private Dictionary<string, decimal>? _cache;

        // Awaits a Task: the fast path's status test differs by target (IsCompletedSuccessfully is .NET Core 2.0+).
        [FastPath(nameof(GetCoreAsync))]
        public partial ValueTask<decimal> GetAsync(string company);

        private async ValueTask<decimal> GetCoreAsync(string company)
        {
            await LoadAsync();
            return _cache![company];
        }

        // Awaits a Task<T> and a ValueTask<T>, with a call that may change the contexts (the context guard).
        [FastPath(nameof(TotalCoreAsync))]
        public partial Task<decimal> TotalAsync(string first, string second);

        private async Task<decimal> TotalCoreAsync(string first, string second)
        {
            // Calls an ordinary method: a parameter passed to another [FastPath] method after an await is not handed to
            // the continuations yet (CS0165 in generated code; reported separately).
            decimal a = await PriceAsync(first);
            int factor = await Task.FromResult(2);
            Audit.Write(first);
            decimal b = await PriceAsync(second);
            return (a + b) * factor;
        }

        private async ValueTask<decimal> PriceAsync(string company)
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
                _cache = new Dictionary<string, decimal> { ["MSFT"] = 42.5m, ["ACME"] = 1m };
            }
        }
    }

    public partial class Orders
    {
        [TailAwait(nameof(GetCoreAsync))]
        public partial Task<string> GetAsync(int id, CancellationToken cancellationToken);

        private async Task<string> GetCoreAsync(int id, CancellationToken cancellationToken)
        {
            if (id < 0) throw new ArgumentOutOfRangeException(nameof(id));
            cancellationToken.ThrowIfCancellationRequested();
            return await Task.FromResult("order " + id);
        }

        // An await using in a fast path: IAsyncDisposable comes from Microsoft.Bcl.AsyncInterfaces before .NET Core 3.0.
        [FastPath(nameof(CountCoreAsync))]
        public partial ValueTask<int> CountAsync(Lease lease);

        private async ValueTask<int> CountCoreAsync(Lease lease)
        {
            await using (lease)
            {
                return await lease.ReadAsync() + 1;
            }
        }
    }

    public sealed class Lease : IAsyncDisposable
    {
        public ValueTask<int> ReadAsync() => new ValueTask<int>(41);

        public ValueTask DisposeAsync() => default;
    }

    public static class Audit
    {
        public static List<string> Log { get; } = new List<string>();

        public static void Write(string entry) => Log.Add(entry);
    }
}

namespace MultiTarget.Pipelines
{
    using System.Collections.Generic;
    using System.Threading.Tasks;
    using Prewired;

    public sealed class Context { public List<string> Log { get; } = new List<string>(); }

    public sealed class Step : IBehavior<Context, Context>
    {
        public Task Invoke(Context context, System.Func<Context, Task> next)
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

    // Generated frames are hidden from stack traces where the target has [StackTraceHidden] (.NET 6+) only.
    [Pipeline(typeof(Step), typeof(End))]
    public sealed partial class Chain { }
}
