// The runtime-async types live in an assembly marked [RequiresPreviewFeatures] (it is built with .NET 10's experimental
// runtime async); calling into it is the point of these benchmarks, so the preview-feature analyzer is silenced here only.
#pragma warning disable CA2252

using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;
using Classic = Prewired.Benchmarks.Shapes;
using RuntimeAsync = Prewired.Benchmarks.RuntimeAsync;

namespace Prewired.Benchmarks
{
    /// <summary>
    /// (e) Pass-through chains of 1, 3 and 5 layers: classic async/await layers (baseline), the same layers compiled with
    /// <c>runtime-async=on</c>, hand-elided layers and [TailAwait] layers, in one job with <c>DOTNET_RuntimeAsync=1</c>
    /// (see <see cref="RuntimeAsyncConfig"/>). PRODUCT.md §3 target: [TailAwait] no slower than runtime async at depth 5.
    /// </summary>
    [MemoryDiagnoser]
    [Config(typeof(RuntimeAsyncConfig))]
    public class RuntimeAsyncChainBenchmarks
    {
        private readonly Classic.AsyncChain _classic = new Classic.AsyncChain();
        private readonly Classic.ElidedChain _elided = new Classic.ElidedChain();
#if PREWIRED_GENERATED
        private readonly Classic.TailAwaitChain _tailAwait = new Classic.TailAwaitChain();
#endif
        // Typed object, read back with Unsafe.As (a no-op): BenchmarkDotNet's host process, which runs without
        // DOTNET_RuntimeAsync=1, reads the type of every field and property, and a runtime-async class there throws TypeLoadException.
        private object _runtimeAsync = null!;

        [Params(1, 3, 5)]
        public int Depth { get; set; }

        [GlobalSetup]
        public void Setup()
        {
            RuntimeAsyncCheck.EnsureActive();
            CreateRuntimeAsyncInstances();
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private void CreateRuntimeAsyncInstances() => _runtimeAsync = new RuntimeAsync.AsyncChain();

        [Benchmark(Baseline = true, Description = "async/await layers (classic)")]
        public int ClassicAsyncLayers() => _classic.RunAsync(Depth).GetAwaiter().GetResult();

        [Benchmark(Description = "async/await layers (runtime async)")]
        public int RuntimeAsyncLayers() => Unsafe.As<RuntimeAsync.AsyncChain>(_runtimeAsync).RunAsync(Depth).GetAwaiter().GetResult();

        [Benchmark(Description = "Hand-elided")]
        public int HandElided() => _elided.RunAsync(Depth).GetAwaiter().GetResult();

#if PREWIRED_GENERATED
        [Benchmark(Description = "[TailAwait]")]
        public int TailAwait() => _tailAwait.RunAsync(Depth).GetAwaiter().GetResult();
#endif
    }
}
