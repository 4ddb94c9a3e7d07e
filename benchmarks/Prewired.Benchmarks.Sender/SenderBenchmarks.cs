using System.Threading;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Mediator;
using Microsoft.Extensions.DependencyInjection;
using M = Prewired.Benchmarks.Sender.MediatorSide;
using P = Prewired.Benchmarks.Sender.PrewiredSide;

namespace Prewired.Benchmarks.Sender
{
    /// <summary>
    /// Issue 34 point 7, "measured as users call it": each side's sender resolved from its container once (Mediator's
    /// IMediator from AddMediator, Prewired's generated PrewiredSender from AddPrewired, both singleton), then one call per
    /// operation, every handler and behavior completing synchronously. Categories: Send with 0, 1 and 5 behaviors (Prewired's
    /// in the struct-next shape), Publish to 1 and 3 handlers (sequential on both sides: Mediator's default
    /// ForeachAwaitPublisher, Prewired's default Sequential), and a 10-item stream through one stream behavior, enumerated to
    /// the end. Mediator is the baseline of each category. Targets (issue 34): Send at 0 behaviors no slower than Mediator's,
    /// with behaviors at most 0.3 of it, Publish and the stream at most 0.7, 0 B where Mediator allocates nothing and never
    /// more bytes than Mediator.
    /// </summary>
    [MemoryDiagnoser]
    [GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
    [CategoriesColumn]
    public class SenderBenchmarks
    {
        private readonly M.Ping0 _mPing0 = new();
        private readonly M.Ping1 _mPing1 = new();
        private readonly M.Ping5 _mPing5 = new();
        private readonly M.Note1 _mNote1 = new();
        private readonly M.Note3 _mNote3 = new();
        private readonly M.Ticks _mTicks = new();
        private readonly P.Ping0 _pPing0 = new();
        private readonly P.Ping1 _pPing1 = new();
        private readonly P.Ping5 _pPing5 = new();
        private readonly P.Note1 _pNote1 = new();
        private readonly P.Note3 _pNote3 = new();
        private readonly P.Ticks _pTicks = new();
        private ServiceProvider _mediatorProvider = null!;
        private ServiceProvider _prewiredProvider = null!;
        private IMediator _mediator = null!;
        private PrewiredSender _sender = null!;

        internal ServiceProvider MediatorProvider => _mediatorProvider;

        internal ServiceProvider PrewiredProvider => _prewiredProvider;

        [GlobalSetup]
        public void Setup()
        {
            _mediatorProvider = M.MediatorSetup.Build();
            _prewiredProvider = new ServiceCollection().AddPrewired().BuildServiceProvider();
            _mediator = _mediatorProvider.GetRequiredService<IMediator>();
            _sender = _prewiredProvider.GetRequiredService<PrewiredSender>();
            // Both check their wiring before anything is measured (a miswired side would measure something else).
            WiringCheck.Run(this);
        }

        [GlobalCleanup]
        public void Cleanup()
        {
            _mediatorProvider.Dispose();
            _prewiredProvider.Dispose();
        }

        [Benchmark(Baseline = true, Description = "Mediator Send, 0 behaviors")]
        [BenchmarkCategory("Send0")]
        public ValueTask<Pong> MediatorSend0() => _mediator.Send(_mPing0, CancellationToken.None);

        [Benchmark(Description = "Prewired Send, 0 behaviors")]
        [BenchmarkCategory("Send0")]
        public ValueTask<Pong> PrewiredSend0() => _sender.Send(_pPing0, CancellationToken.None);

        [Benchmark(Baseline = true, Description = "Mediator Send, 1 behavior")]
        [BenchmarkCategory("Send1")]
        public ValueTask<Pong> MediatorSend1() => _mediator.Send(_mPing1, CancellationToken.None);

        [Benchmark(Description = "Prewired Send, 1 behavior (struct next)")]
        [BenchmarkCategory("Send1")]
        public ValueTask<Pong> PrewiredSend1() => _sender.Send(_pPing1, CancellationToken.None);

        [Benchmark(Baseline = true, Description = "Mediator Send, 5 behaviors")]
        [BenchmarkCategory("Send5")]
        public ValueTask<Pong> MediatorSend5() => _mediator.Send(_mPing5, CancellationToken.None);

        [Benchmark(Description = "Prewired Send, 5 behaviors (struct next)")]
        [BenchmarkCategory("Send5")]
        public ValueTask<Pong> PrewiredSend5() => _sender.Send(_pPing5, CancellationToken.None);

        [Benchmark(Baseline = true, Description = "Mediator Publish, 1 handler")]
        [BenchmarkCategory("Publish1")]
        public ValueTask MediatorPublish1() => _mediator.Publish(_mNote1, CancellationToken.None);

        [Benchmark(Description = "Prewired Publish, 1 handler")]
        [BenchmarkCategory("Publish1")]
        public ValueTask PrewiredPublish1() => _sender.Publish(_pNote1, CancellationToken.None);

        [Benchmark(Baseline = true, Description = "Mediator Publish, 3 handlers")]
        [BenchmarkCategory("Publish3")]
        public ValueTask MediatorPublish3() => _mediator.Publish(_mNote3, CancellationToken.None);

        [Benchmark(Description = "Prewired Publish, 3 handlers")]
        [BenchmarkCategory("Publish3")]
        public ValueTask PrewiredPublish3() => _sender.Publish(_pNote3, CancellationToken.None);

        [Benchmark(Baseline = true, Description = "Mediator CreateStream, 10 items, 1 stream behavior")]
        [BenchmarkCategory("Stream10")]
        public int MediatorStream() => Drain.Sum(_mediator.CreateStream(_mTicks, CancellationToken.None));

        [Benchmark(Description = "Prewired CreateStream, 10 items, 1 stream behavior")]
        [BenchmarkCategory("Stream10")]
        public int PrewiredStream() => Drain.Sum(_sender.CreateStream(_pTicks, CancellationToken.None));
    }
}
