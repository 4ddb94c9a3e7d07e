using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Threading;

namespace Prewired.Benchmarks.Mediator
{
    /// <summary>
    /// Not BenchmarkDotNet: a Stopwatch loop over every form at one depth (all depths when 0), best of 15 rounds, for quick
    /// what-if comparisons while changing the emitted chains (run it under <c>chrt -f 80</c> on a shared machine). The
    /// figures docs/benchmarks.md reports come from BenchmarkDotNet, never from this.
    /// </summary>
    internal static class LoopProbe
    {
        private const int Calls = 2_000_000;

        public static void Run(int onlyDepth)
        {
            foreach (var depth in new[] { 1, 5, 10, 20 })
            {
                if (onlyDepth != 0 && depth != onlyDepth) continue;
                var b = new MediatorBenchmarks { Depth = depth };
                b.Setup();
                try
                {
                    var mediator = Best(() => { for (var i = 0; i < Calls; i++) Consume(b.MediatorSend().Result); });
                    var typed = Best(() => { for (var i = 0; i < Calls; i++) Consume(b.TypedDelegate().Result); });
                    var inline = Best(() => { for (var i = 0; i < Calls; i++) Consume(b.TypedStruct().Result); });
                    // The Task-only loops call Consume too, so every loop pays the same call after the pipeline's.
                    var task = Best(() => { for (var i = 0; i < Calls; i++) { b.TaskOnlyDelegate().GetAwaiter().GetResult(); Consume(null); } });
                    var plain = Best(() => { for (var i = 0; i < Calls; i++) Consume(b.TypedPlainDelegate().Result); });
                    var taskToken = Best(() => { for (var i = 0; i < Calls; i++) { b.TaskOnlyCancellableDelegate().GetAwaiter().GetResult(); Consume(null); } });
                    Console.WriteLine($"depth {depth,2}: Mediator {mediator:F2} ns | typed delegate {typed:F2} ({typed / mediator:F2}) | struct {inline:F2} ({inline / mediator:F3}) | Task-only {task:F2} ({task / mediator:F2}) | typed/Task-only {typed / task:F2}"
                        + $" | like for like: typed no token {plain:F2} / Task-only {plain / task:F2}, typed / Task-only with token {taskToken:F2} {typed / taskToken:F2}");
                }
                finally
                {
                    b.Cleanup();
                }
            }
        }

        /// <summary>
        /// The shapes measured against the generated typed delegate chain (ProbeVariants.cs), three rounds at
        /// <paramref name="depth"/>, after the latency of one dependent load (a pointer chase through 64 objects).
        /// </summary>
        public static void RunVariants(int depth)
        {
            var ring = new Link[64];
            for (var i = 0; i < ring.Length; i++) ring[i] = new Link();
            for (var i = 0; i < ring.Length; i++) ring[i].Next = ring[(i + 1) % ring.Length];
            var chase = Best(() =>
            {
                var link = ring[0];
                for (var i = 0; i < Calls * 20; i++) link = link.Next;
                GC.KeepAlive(link);
            }) / 20;
            Console.WriteLine($"one dependent load (pointer chase): {chase:F3} ns");
            var b = new MediatorBenchmarks { Depth = depth };
            b.Setup();
            var request = new Request();
            ICancellablePipeline<Request, Pong> nodes = new NodePipeline(depth, new Pass<Request, Pong>(), new Handler());
            ICancellablePipeline<Request, Pong>? last = depth == 20 ? new LastInstance20(new Pass<Request, Pong>(), new Handler()) : null;
            if (!ReferenceEquals(nodes.Invoke(request, default).Result, Pong.Instance) || (last is not null && !ReferenceEquals(last.Invoke(request, default).Result, Pong.Instance)))
            {
                throw new InvalidOperationException("a variant does not return the handler's response");
            }

            try
            {
                for (var round = 0; round < 3; round++)
                {
                    var mediator = Best(() => { for (var i = 0; i < Calls; i++) Consume(b.MediatorSend().Result); });
                    var generated = Best(() => { for (var i = 0; i < Calls; i++) Consume(b.TypedDelegate().Result); });
                    var node = Best(() => { for (var i = 0; i < Calls; i++) Consume(nodes.Invoke(request, CancellationToken.None).Result); });
                    var cached = last is null ? double.NaN : Best(() => { for (var i = 0; i < Calls; i++) Consume(last.Invoke(request, CancellationToken.None).Result); });
                    Console.WriteLine($"depth {depth,2}: Mediator {mediator:F2} ns | generated typed delegate {generated:F2} ({generated / mediator:F2}) | nodes {node:F2} ({node / mediator:F2})"
                        + (last is null ? string.Empty : $" | last-instance static {cached:F2} ({cached / mediator:F2})"));
                }
            }
            finally
            {
                b.Cleanup();
            }
        }

        private sealed class Link
        {
            public Link Next = null!;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void Consume(Pong? pong) => GC.KeepAlive(pong);

        private static double Best(Action loop)
        {
            var best = double.MaxValue;
            for (var round = 0; round < 15; round++)
            {
                var watch = Stopwatch.StartNew();
                loop();
                best = Math.Min(best, watch.Elapsed.TotalMilliseconds * 1_000_000 / Calls);
            }

            return best;
        }
    }
}
