extern alias baseline;

using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Current = Prewired.Benchmarks.Shapes;
using Baseline = baseline::Prewired.Benchmarks.Shapes;

namespace Prewired.Benchmarks.Emitters
{
    // Each class: the async body as baseline, the baseline generator's [FastPath] (eng/baseline-generator.sh <commit>) and
    // this checkout's [FastPath] beside it, on the same bodies (Bodies/Bodies.props). The question (issue 19 point 3): is
    // this checkout's emitter as fast as the one it replaced, on the synchronous path and on the pending one, allocating
    // no more, and is its pending path no slower than the async method's.

    /// <summary>The tiny body over a static leaf (no context guard) and over an interface leaf (guarded).</summary>
    [MemoryDiagnoser]
    [GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
    [ReturnValueValidator(failOnError: true)]
    public class TinyBodyEmitterBenchmarks
    {
        private readonly Current.TinyBody _current = new();
        private readonly Baseline.TinyBody _baseline = new();

        [Benchmark(Baseline = true, Description = "async ValueTask"), BenchmarkCategory("StaticLeaf")]
        public int StaticAsync() => _current.AddOneValueTaskAsync().GetAwaiter().GetResult();

        [Benchmark(Description = "[FastPath] baseline generator"), BenchmarkCategory("StaticLeaf")]
        public int StaticBaseline() => _baseline.AddOneFastPathAsync().GetAwaiter().GetResult();

        [Benchmark(Description = "[FastPath] this checkout"), BenchmarkCategory("StaticLeaf")]
        public int StaticCurrent() => _current.AddOneFastPathAsync().GetAwaiter().GetResult();

        [Benchmark(Baseline = true, Description = "async ValueTask"), BenchmarkCategory("InterfaceLeaf")]
        public int InterfaceAsync() => _current.AddOneInterfaceValueTaskAsync().GetAwaiter().GetResult();

        [Benchmark(Description = "[FastPath] baseline generator"), BenchmarkCategory("InterfaceLeaf")]
        public int InterfaceBaseline() => _baseline.AddOneInterfaceFastPathAsync().GetAwaiter().GetResult();

        [Benchmark(Description = "[FastPath] this checkout"), BenchmarkCategory("InterfaceLeaf")]
        public int InterfaceCurrent() => _current.AddOneInterfaceFastPathAsync().GetAwaiter().GetResult();
    }

    /// <summary>StockPrices with its initialization complete: the synchronous path.</summary>
    [MemoryDiagnoser]
    [ReturnValueValidator(failOnError: true)]
    public class StockPricesEmitterBenchmarks
    {
        private const string CompanyId = "MSFT";
        private readonly Current.StockPrices _current = new();
        private readonly Baseline.StockPrices _baseline = new();

        [GlobalSetup]
        public void FillCaches()
        {
            _current.GetStockPriceForAsync(CompanyId).GetAwaiter().GetResult();
            _baseline.GetStockPriceForAsync(CompanyId).GetAwaiter().GetResult();
        }

        [Benchmark(Baseline = true, Description = "async ValueTask")]
        public decimal Async() => _current.GetStockPriceValueTaskForAsync(CompanyId).GetAwaiter().GetResult();

        [Benchmark(Description = "[FastPath] baseline generator")]
        public decimal Baseline() => _baseline.GetStockPriceFastPathAsync(CompanyId).GetAwaiter().GetResult();

        [Benchmark(Description = "[FastPath] this checkout")]
        public decimal Current() => _current.GetStockPriceFastPathAsync(CompanyId).GetAwaiter().GetResult();
    }

    /// <summary>The construct bodies: 8 awaits in a foreach (inlined and non-inlined leaf) and two awaits in try/finally.</summary>
    [MemoryDiagnoser]
    [GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
    [ReturnValueValidator(failOnError: true)]
    public class ConstructEmitterBenchmarks
    {
        private readonly Current.Constructs _current = new();
        private readonly Baseline.Constructs _baseline = new();

        [Benchmark(Baseline = true, Description = "async ValueTask"), BenchmarkCategory("Loop8")]
        public int LoopAsync() => _current.SumAsync().GetAwaiter().GetResult();

        [Benchmark(Description = "[FastPath] baseline generator"), BenchmarkCategory("Loop8")]
        public int LoopBaseline() => _baseline.SumFastPathAsync().GetAwaiter().GetResult();

        [Benchmark(Description = "[FastPath] this checkout"), BenchmarkCategory("Loop8")]
        public int LoopCurrent() => _current.SumFastPathAsync().GetAwaiter().GetResult();

        [Benchmark(Baseline = true, Description = "async ValueTask"), BenchmarkCategory("Loop8Call")]
        public int LoopCallAsync() => _current.SumCallAsync().GetAwaiter().GetResult();

        [Benchmark(Description = "[FastPath] baseline generator"), BenchmarkCategory("Loop8Call")]
        public int LoopCallBaseline() => _baseline.SumCallFastPathAsync().GetAwaiter().GetResult();

        [Benchmark(Description = "[FastPath] this checkout"), BenchmarkCategory("Loop8Call")]
        public int LoopCallCurrent() => _current.SumCallFastPathAsync().GetAwaiter().GetResult();

        [Benchmark(Baseline = true, Description = "async ValueTask"), BenchmarkCategory("TryFinally")]
        public int TryFinallyAsync() => _current.ScopedAsync().GetAwaiter().GetResult();

        [Benchmark(Description = "[FastPath] baseline generator"), BenchmarkCategory("TryFinally")]
        public int TryFinallyBaseline() => _baseline.ScopedFastPathAsync().GetAwaiter().GetResult();

        [Benchmark(Description = "[FastPath] this checkout"), BenchmarkCategory("TryFinally")]
        public int TryFinallyCurrent() => _current.ScopedFastPathAsync().GetAwaiter().GetResult();
    }

    /// <summary>
    /// The pending path of an 8-await body, resumed at the first (0), a middle (3) and the last (7) await: the one read
    /// that is pending completes inside OnCompleted, so the whole pending path runs on the calling thread.
    /// </summary>
    [MemoryDiagnoser]
    [ReturnValueValidator(failOnError: true)]
    public class PendingResumeEmitterBenchmarks
    {
        private readonly Current.PendingResume _current = new();
        private readonly Baseline.PendingResume _baseline = new();

        [Params(0, 3, 7)]
        public int PendingAt { get; set; }

        [GlobalSetup]
        public void ChooseThePendingRead()
        {
            _current.Source.PendingAt = PendingAt;
            _baseline.Source.PendingAt = PendingAt;
        }

        [Benchmark(Baseline = true, Description = "async ValueTask")]
        public int Async() => _current.SumCoreAsync().GetAwaiter().GetResult();

        [Benchmark(Description = "[FastPath] baseline generator")]
        public int Baseline() => _baseline.SumFastPathAsync().GetAwaiter().GetResult();

        [Benchmark(Description = "[FastPath] this checkout")]
        public int Current() => _current.SumFastPathAsync().GetAwaiter().GetResult();
    }
}
