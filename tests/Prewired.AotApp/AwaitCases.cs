using System;
using System.Collections.Generic;
using System.Threading.Tasks;

namespace Prewired.AotApp
{
    /// <summary>
    /// [FastPath] and [TailAwait] methods next to the async bodies they are generated from. Each body records where it
    /// resumed after its first await, so a case compares the result, the task's status and exception, and the context.
    /// </summary>
    public sealed partial class Store
    {
        private readonly List<string> _trace = new();

        public string TakeTrace()
        {
            var text = _trace.Count == 0 ? "" : " [" + string.Join(",", _trace) + "]";
            _trace.Clear();
            return text;
        }

#if PREWIRED_PLAIN
        // The size baseline (eng/aot-check.sh --sizes): the plain async method, no generated code.
        internal ValueTask<int> SumAsync(Mode first, Mode second) => SumCoreAsync(first, second);
#else
        [FastPath(nameof(SumCoreAsync))]
        internal partial ValueTask<int> SumAsync(Mode first, Mode second);
#endif

        internal ValueTask<int> SumPlainAsync(Mode first, Mode second) => SumCoreAsync(first, second);

        private async ValueTask<int> SumCoreAsync(Mode first, Mode second)
        {
            var a = await Operation.ValueTaskOf(first, 1);
            _trace.Add("a:" + SingleThreadContext.Where);
            var b = await Operation.TaskOf(second, 2);
            _trace.Add("b:" + SingleThreadContext.Where);
            return a * 10 + b;
        }

#if PREWIRED_PLAIN
        // The size baseline (eng/aot-check.sh --sizes): the plain async method, no generated code.
        internal Task SaveAsync(string name, Mode mode) => SaveCoreAsync(name, mode);
#else
        [FastPath(nameof(SaveCoreAsync))]
        internal partial Task SaveAsync(string name, Mode mode);
#endif

        internal Task SavePlainAsync(string name, Mode mode) => SaveCoreAsync(name, mode);

        private async Task SaveCoreAsync(string name, Mode mode)
        {
            if (name.Length == 0) throw new ArgumentException("empty name", nameof(name));
            if (mode == Mode.SyncSuccess)
            {
                _trace.Add("fast");
                return;
            }

            await Operation.TaskOf(mode);
            _trace.Add("saved:" + SingleThreadContext.Where);
        }

#if PREWIRED_PLAIN
        // The size baseline (eng/aot-check.sh --sizes): the plain async method, no generated code.
        internal Task<int> GetAsync(int id, Mode mode) => GetCoreAsync(id, mode);
#else
        [TailAwait(nameof(GetCoreAsync))]
        internal partial Task<int> GetAsync(int id, Mode mode);
#endif

        internal Task<int> GetPlainAsync(int id, Mode mode) => GetCoreAsync(id, mode);

        private async Task<int> GetCoreAsync(int id, Mode mode)
        {
            if (id < 0) throw new ArgumentOutOfRangeException(nameof(id), "negative id");
            return await Operation.TaskOf(mode, id);
        }

#if PREWIRED_PLAIN
        // The size baseline (eng/aot-check.sh --sizes): the plain async method, no generated code.
        internal ValueTask<int> GetValueAsync(Mode mode) => GetValueCoreAsync(mode);
#else
        [TailAwait(nameof(GetValueCoreAsync))]
        internal partial ValueTask<int> GetValueAsync(Mode mode);
#endif

        internal ValueTask<int> GetValuePlainAsync(Mode mode) => GetValueCoreAsync(mode);

        private async ValueTask<int> GetValueCoreAsync(Mode mode) => await Operation.ValueTaskOf(mode, 7).ConfigureAwait(false);
    }

    /// <summary>Runs every await case in every completion mode, without and with a SynchronizationContext.</summary>
    internal static class AwaitCases
    {
        public static void Run()
        {
            foreach (var withContext in new[] { false, true })
            {
                Transcript.Section(withContext ? "awaits, with a SynchronizationContext" : "awaits, no SynchronizationContext");
                var store = new Store();
                foreach (var first in Operation.AllModes)
                {
                    foreach (var second in new[] { Mode.SyncSuccess, Mode.AsyncSuccess, Mode.SyncFault, Mode.AsyncCanceled })
                    {
                        Compare(withContext, store, $"FastPath SumAsync({first}, {second})",
                            () => store.SumAsync(first, second).AsTask(), () => store.SumPlainAsync(first, second).AsTask());
                    }
                }

                foreach (var mode in Operation.AllModes)
                {
                    Compare(withContext, store, $"FastPath SaveAsync(\"x\", {mode})",
                        () => Wrap(store.SaveAsync("x", mode)), () => Wrap(store.SavePlainAsync("x", mode)));
                    Compare(withContext, store, $"TailAwait GetAsync(3, {mode})", () => store.GetAsync(3, mode), () => store.GetPlainAsync(3, mode));
                    Compare(withContext, store, $"TailAwait GetValueAsync({mode})",
                        () => store.GetValueAsync(mode).AsTask(), () => store.GetValuePlainAsync(mode).AsTask());
                }

                Compare(withContext, store, "FastPath SaveAsync(\"\", SyncSuccess)", () => Wrap(store.SaveAsync("", Mode.SyncSuccess)), () => Wrap(store.SavePlainAsync("", Mode.SyncSuccess)));
                Compare(withContext, store, "TailAwait GetAsync(-1, SyncSuccess)", () => store.GetAsync(-1, Mode.SyncSuccess), () => store.GetPlainAsync(-1, Mode.SyncSuccess));
            }
        }

        private static async Task<int> Wrap(Task task)
        {
            await task;
            return 0;
        }

        /// <summary>The generated method's outcome must be the async body's, trace included.</summary>
        private static void Compare(bool withContext, Store store, string name, Func<Task<int>> generated, Func<Task<int>> plain)
        {
            var actual = Observe(withContext, store, generated);
            var expected = Observe(withContext, store, plain);
            Transcript.Check(name, actual, expected);
        }

        private static string Observe(bool withContext, Store store, Func<Task<int>> start)
        {
            Func<Task<string>> observe = async () => await Outcome.Of(start) + store.TakeTrace();
            return withContext ? SingleThreadContext.Run(observe) : observe().GetAwaiter().GetResult();
        }
    }
}
