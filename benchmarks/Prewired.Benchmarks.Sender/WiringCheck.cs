using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Mediator;
using Microsoft.Extensions.DependencyInjection;
using M = Prewired.Benchmarks.Sender.MediatorSide;
using P = Prewired.Benchmarks.Sender.PrewiredSide;

namespace Prewired.Benchmarks.Sender
{
    /// <summary>
    /// What each benchmark must hold before its time means anything: every send answers the handler's response synchronously
    /// through as many behaviors as its category says, every publish runs each of its handlers once (Mediator's publisher
    /// being ForeachAwaitPublisher), and both streams hand out the same ten items. Throws naming every mismatch.
    /// </summary>
    /// <remarks>Mediator's INotificationHandler is written <c>global::Mediator.</c>: inside namespace Prewired.*, Prewired's own
    /// INotificationHandler would be found first.</remarks>
    internal static class WiringCheck
    {
        public static void Run(SenderBenchmarks benchmarks)
        {
            var failures = new List<string>();
            var mediator = benchmarks.MediatorProvider;
            var prewired = benchmarks.PrewiredProvider;

            Expect(failures, "Mediator behaviors of Ping0/Ping1/Ping5", new[] { 0, 1, 5 },
                new[] { MediatorBehaviors<M.Ping0>(mediator), MediatorBehaviors<M.Ping1>(mediator), MediatorBehaviors<M.Ping5>(mediator) });
            Expect(failures, "Prewired behaviors of Ping0/Ping1/Ping5", new[] { 0, 1, 5 },
                new[] { PrewiredBehaviors<P.Ping0>(prewired), PrewiredBehaviors<P.Ping1>(prewired), PrewiredBehaviors<P.Ping5>(prewired) });
            foreach (var (name, send) in Sends(benchmarks))
            {
                var pending = send();
                if (!pending.IsCompletedSuccessfully || !ReferenceEquals(pending.Result, Pong.Instance)) failures.Add(name + ": not the handler's response, synchronously");
            }

            if (mediator.GetRequiredService<INotificationPublisher>() is not ForeachAwaitPublisher) failures.Add("Mediator's publisher is not ForeachAwaitPublisher");
            Publishes(failures, "Mediator Publish, 1 handler", benchmarks.MediatorPublish1, () => mediator.GetServices<global::Mediator.INotificationHandler<M.Note1>>().Cast<ICountsCalls>().Select(h => h.Calls).ToArray(), 1);
            Publishes(failures, "Mediator Publish, 3 handlers", benchmarks.MediatorPublish3, () => mediator.GetServices<global::Mediator.INotificationHandler<M.Note3>>().Cast<ICountsCalls>().Select(h => h.Calls).ToArray(), 3);
            Publishes(failures, "Prewired Publish, 1 handler", benchmarks.PrewiredPublish1, () => new[] { prewired.GetRequiredService<P.Note1Handler>().Calls }, 1);
            Publishes(failures, "Prewired Publish, 3 handlers", benchmarks.PrewiredPublish3,
                () => new[] { prewired.GetRequiredService<P.Note3First>().Calls, prewired.GetRequiredService<P.Note3Second>().Calls, prewired.GetRequiredService<P.Note3Third>().Calls }, 3);

            if (benchmarks.MediatorStream() != 45) failures.Add("Mediator's stream is not 0..9");
            if (benchmarks.PrewiredStream() != 45) failures.Add("Prewired's stream is not 0..9");
            if (failures.Count > 0) throw new InvalidOperationException("Miswired: " + string.Join("; ", failures));
        }

        /// <summary>Each benchmark's bytes allocated per call, after a warm-up (no timing: a wiring-check figure, not BenchmarkDotNet's).</summary>
        public static IEnumerable<(string Name, double Bytes)> AllocationPerCall(SenderBenchmarks benchmarks)
        {
            var calls = new (string, Action)[]
            {
                ("Mediator Send, 0 behaviors", () => benchmarks.MediatorSend0().GetAwaiter().GetResult()),
                ("Prewired Send, 0 behaviors", () => benchmarks.PrewiredSend0().GetAwaiter().GetResult()),
                ("Mediator Send, 1 behavior", () => benchmarks.MediatorSend1().GetAwaiter().GetResult()),
                ("Prewired Send, 1 behavior", () => benchmarks.PrewiredSend1().GetAwaiter().GetResult()),
                ("Mediator Send, 5 behaviors", () => benchmarks.MediatorSend5().GetAwaiter().GetResult()),
                ("Prewired Send, 5 behaviors", () => benchmarks.PrewiredSend5().GetAwaiter().GetResult()),
                ("Mediator Publish, 1 handler", () => benchmarks.MediatorPublish1().GetAwaiter().GetResult()),
                ("Prewired Publish, 1 handler", () => benchmarks.PrewiredPublish1().GetAwaiter().GetResult()),
                ("Mediator Publish, 3 handlers", () => benchmarks.MediatorPublish3().GetAwaiter().GetResult()),
                ("Prewired Publish, 3 handlers", () => benchmarks.PrewiredPublish3().GetAwaiter().GetResult()),
                ("Mediator stream, 10 items", () => benchmarks.MediatorStream()),
                ("Prewired stream, 10 items", () => benchmarks.PrewiredStream()),
            };
            const int Count = 1000;
            foreach (var (name, call) in calls)
            {
                for (var i = 0; i < 100; i++) call();
                var before = GC.GetAllocatedBytesForCurrentThread();
                for (var i = 0; i < Count; i++) call();
                yield return (name, (GC.GetAllocatedBytesForCurrentThread() - before) / (double)Count);
            }
        }

        private static (string, Func<ValueTask<Pong>>)[] Sends(SenderBenchmarks b) => new (string, Func<ValueTask<Pong>>)[]
        {
            ("Mediator Send, 0 behaviors", b.MediatorSend0), ("Prewired Send, 0 behaviors", b.PrewiredSend0),
            ("Mediator Send, 1 behavior", b.MediatorSend1), ("Prewired Send, 1 behavior", b.PrewiredSend1),
            ("Mediator Send, 5 behaviors", b.MediatorSend5), ("Prewired Send, 5 behaviors", b.PrewiredSend5),
        };

        private static int MediatorBehaviors<TRequest>(IServiceProvider provider) where TRequest : IRequest<Pong>
            => provider.GetServices<IPipelineBehavior<TRequest, Pong>>().Count();

        /// <summary>
        /// The behaviors of the generated chain the sender sends <typeparamref name="TRequest"/> through: its constructor takes
        /// them, then the handler (reflection here only, never on the measured path).
        /// </summary>
        private static int PrewiredBehaviors<TRequest>(IServiceProvider provider)
            => provider.GetRequiredService<ICancellablePipeline<TRequest, Pong>>().GetType().GetConstructors().Single().GetParameters().Length - 1;

        private static void Publishes(List<string> failures, string name, Func<ValueTask> publish, Func<int[]> calls, int handlers)
        {
            var before = calls();
            var pending = publish();
            if (!pending.IsCompletedSuccessfully) failures.Add(name + ": did not complete synchronously");
            var after = calls();
            if (after.Length != handlers || after.Zip(before, (a, b) => a - b).Any(d => d != 1)) failures.Add($"{name}: not every one of {handlers} handler(s) ran once");
        }

        private static void Expect(List<string> failures, string what, int[] expected, int[] actual)
        {
            if (!expected.SequenceEqual(actual)) failures.Add($"{what}: {string.Join("/", actual)}, expected {string.Join("/", expected)}");
        }
    }
}
