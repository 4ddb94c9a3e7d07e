using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Mediator;
using Microsoft.Extensions.DependencyInjection;

namespace Prewired.Benchmarks.Mediator
{
    /// <summary>
    /// Issue 22's peer comparison, one process, synchronous success: a request through <see cref="Depth"/> pass-through
    /// behaviors to a handler returning a response, by Mediator 3.0.2's <c>ISender.Send</c> (the baseline), Prewired's
    /// typed-response pipeline in the delegate shape (with the CancellationToken, as Send takes one) and the struct shape,
    /// and the Task-only delegate shape of the same chain; then the same with the first behavior async. Every Prewired form
    /// is called through its pipeline interface, Mediator through ISender. Targets (PRODUCT.md §3, issue 22): delegate at
    /// most 0.5 and struct at most 0.15 of Send at every depth, typed within 1.2x of Task-only, 0 B on synchronous completion.
    /// The typed delegate form takes the token and the Task-only one does not, so their ratio prices the token and the
    /// response together; two more rows price the response alone, each against the form that differs from it only there:
    /// the typed form without the token (against the Task-only form) and the Task-only form with it (the typed form against it).
    /// </summary>
    [MemoryDiagnoser]
    [GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
    [CategoriesColumn]
    public class MediatorBenchmarks
    {
        private readonly Request _request = new();
        private ServiceProvider _provider = null!;
        private ISender _sender = null!;
        private IRequest<Pong> _ping = null!;
        private IRequest<Pong> _asyncPing = null!;
        private ICancellablePipeline<Request, Pong> _typed = null!;
        private IPipeline<Request, Pong> _typedStruct = null!;
        private IPipeline<Request> _taskOnly = null!;
        private IPipeline<Request, Pong> _typedPlain = null!;
        private ICancellablePipeline<Request> _taskOnlyCancellable = null!;
        private ICancellablePipeline<Request, Pong> _typedAsync = null!;

        /// <summary>Behaviors before the handler.</summary>
        [ParamsSource(nameof(Depths))]
        public int Depth { get; set; }

        /// <summary>1, 5, 10 and 20, or the depths PREWIRED_MEDIATOR_DEPTHS lists ("10,20"): a MediumRun of every depth
        /// takes most of an hour, and a quiet window on a shared machine is often shorter.</summary>
        public static IEnumerable<int> Depths
            => System.Environment.GetEnvironmentVariable("PREWIRED_MEDIATOR_DEPTHS") is { Length: > 0 } listed
                ? listed.Split(',').Select(d => int.Parse(d.Trim(), System.Globalization.CultureInfo.InvariantCulture))
                : new[] { 1, 5, 10, 20 };

        [GlobalSetup]
        public void Setup()
        {
            _provider = MediatorSetup.Build();
            _sender = _provider.GetRequiredService<ISender>();
            _ping = MediatorSetup.Request(Depth, async: false);
            _asyncPing = MediatorSetup.Request(Depth, async: true);
            (_typed, _typedStruct, _taskOnly, _typedAsync) = PrewiredForms.Create(Depth);
            (_typedPlain, _taskOnlyCancellable) = PrewiredForms.CreateLikeForLike(Depth);
            Check();
        }

        [GlobalCleanup]
        public void Cleanup() => _provider.Dispose();

        [Benchmark(Baseline = true, Description = "Mediator ISender.Send")]
        [BenchmarkCategory("PassThrough")]
        public ValueTask<Pong> MediatorSend() => _sender.Send(_ping, CancellationToken.None);

        [Benchmark(Description = "Prewired typed, delegate shape")]
        [BenchmarkCategory("PassThrough")]
        public ValueTask<Pong> TypedDelegate() => _typed.Invoke(_request, CancellationToken.None);

        [Benchmark(Description = "Prewired typed, struct shape")]
        [BenchmarkCategory("PassThrough")]
        public ValueTask<Pong> TypedStruct() => _typedStruct.Invoke(_request);

        [Benchmark(Description = "Prewired Task-only, delegate shape")]
        [BenchmarkCategory("PassThrough")]
        public Task TaskOnlyDelegate() => _taskOnly.Invoke(_request);

        [Benchmark(Description = "Prewired typed, delegate shape, no token")]
        [BenchmarkCategory("PassThrough")]
        public ValueTask<Pong> TypedPlainDelegate() => _typedPlain.Invoke(_request);

        [Benchmark(Description = "Prewired Task-only, delegate shape, with token")]
        [BenchmarkCategory("PassThrough")]
        public Task TaskOnlyCancellableDelegate() => _taskOnlyCancellable.Invoke(_request, CancellationToken.None);

        [Benchmark(Baseline = true, Description = "Mediator ISender.Send, first behavior async")]
        [BenchmarkCategory("OneAsyncBehavior")]
        public ValueTask<Pong> MediatorSendAsyncBehavior() => _sender.Send(_asyncPing, CancellationToken.None);

        [Benchmark(Description = "Prewired typed, delegate shape, first behavior async")]
        [BenchmarkCategory("OneAsyncBehavior")]
        public ValueTask<Pong> TypedDelegateAsyncBehavior() => _typedAsync.Invoke(_request, CancellationToken.None);

        /// <summary>Every form returns the handler's response (or runs the handler) before anything is measured.</summary>
        public void Check()
        {
            var failures = new List<string>();
            if (MediatorSetup.BehaviorCount(_provider, Depth, async: false) != Depth) failures.Add("Mediator behaviors registered");
            if (MediatorSetup.BehaviorCount(_provider, Depth, async: true) != Depth) failures.Add("Mediator async behaviors registered");
            if (!ReferenceEquals(Take(MediatorSend()), Pong.Instance)) failures.Add("Mediator");
            if (!ReferenceEquals(Take(MediatorSendAsyncBehavior()), Pong.Instance)) failures.Add("Mediator async");
            if (!ReferenceEquals(Take(TypedDelegate()), Pong.Instance)) failures.Add("typed delegate");
            if (!ReferenceEquals(Take(TypedStruct()), Pong.Instance)) failures.Add("typed struct");
            if (!ReferenceEquals(Take(TypedDelegateAsyncBehavior()), Pong.Instance)) failures.Add("typed async");
            if (!ReferenceEquals(Take(TypedPlainDelegate()), Pong.Instance)) failures.Add("typed without token");
            var handled = _request.Handled;
            TaskOnlyDelegate().GetAwaiter().GetResult();
            if (_request.Handled != handled + 1) failures.Add("Task-only");
            TaskOnlyCancellableDelegate().GetAwaiter().GetResult();
            if (_request.Handled != handled + 2) failures.Add("Task-only with token");
            if (failures.Count > 0) throw new InvalidOperationException($"Depth {Depth}: miswired: {string.Join(", ", failures)}");
        }

        private static Pong Take(ValueTask<Pong> pending)
        {
            if (!pending.IsCompletedSuccessfully) throw new InvalidOperationException("Every stage completes synchronously here.");
            return pending.Result;
        }
    }
}
