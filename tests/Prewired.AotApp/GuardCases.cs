using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace Prewired.AotApp
{
    /// <summary>
    /// A [FastPath] body whose synchronous part changes both contexts (an AsyncLocal with a change handler, and the
    /// SynchronizationContext), so the generated method carries the context guard and must undo both changes as the async
    /// method's builder does, on whichever path the guard takes (the thread's fields, or the public APIs when the app runs
    /// with --context-guard=public-apis).
    /// </summary>
    public sealed partial class Scope
    {
        private static readonly AsyncLocal<string?> s_flow = new(OnFlowChanged);

        [ThreadStatic]
        private static List<string>? t_notes;

        private static void OnFlowChanged(AsyncLocalValueChangedArgs<string?> args)
            => t_notes?.Add($"{args.PreviousValue ?? "null"}->{args.CurrentValue ?? "null"}");

#if PREWIRED_PLAIN
        // The size baseline (eng/aot-check.sh --sizes): the plain async method, no generated code.
        internal ValueTask<int> EnterAsync(Mode mode) => EnterCoreAsync(mode);
#else
        [FastPath(nameof(EnterCoreAsync))]
        internal partial ValueTask<int> EnterAsync(Mode mode);
#endif

        internal ValueTask<int> EnterPlainAsync(Mode mode) => EnterCoreAsync(mode);

        private async ValueTask<int> EnterCoreAsync(Mode mode)
        {
            s_flow.Value = "inside";
            SynchronizationContext.SetSynchronizationContext(null);
            var value = await Operation.ValueTaskOf(mode, 5);
            return value + (s_flow.Value == "inside" ? 1 : 0);
        }

        /// <summary>What the caller sees right after the call returns, then the outcome once it completes.</summary>
        internal static string Observe(Func<ValueTask<int>> start)
        {
            return SingleThreadContext.Run(async () =>
            {
                var caller = SynchronizationContext.Current;
                s_flow.Value = "caller";
                t_notes = new List<string>();
                var task = start().AsTask();
                var afterCall = $"flow={s_flow.Value ?? "null"}, context={(ReferenceEquals(SynchronizationContext.Current, caller) ? "caller" : "changed")}, notes=[{string.Join(";", t_notes)}]";
                t_notes = null;
                var outcome = await Outcome.Of(() => task);
                s_flow.Value = null;
                return afterCall + " -> " + outcome;
            });
        }
    }

    internal static class GuardCases
    {
        public static void Run()
        {
            Transcript.Section("context guard: the synchronous part changes both contexts");
            var scope = new Scope();
            foreach (var mode in Operation.AllModes)
            {
                Transcript.Check($"FastPath EnterAsync({mode})", Scope.Observe(() => scope.EnterAsync(mode)), Scope.Observe(() => scope.EnterPlainAsync(mode)));
            }
        }
    }
}
