using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;

namespace Prewired.Tests.Semantics
{
    /// <summary>Which of a body's three methods runs.</summary>
    public enum Variant
    {
        Original,
        FastPath,
        TailAwait,
    }

    /// <summary>
    /// One run's script: the mode of every await site (<paramref name="Site"/> in <paramref name="SiteMode"/>, every other
    /// site in <paramref name="BaseMode"/>; Site -1 means all in the base mode), whether the caller installed the recording
    /// SynchronizationContext, and the body's int argument.
    /// </summary>
    public sealed record Scenario(Mode BaseMode, int Site, Mode SiteMode, bool CallerContext, int Variant)
    {
        /// <summary>The caller called ExecutionContext.SuppressFlow() before the call (a third caller setting).</summary>
        public bool CallerSuppressedFlow { get; init; }

        public Mode ModeOf(int site) => site == Site ? SiteMode : BaseMode;

        public override string ToString()
            => $"v={Variant}, caller SynchronizationContext={(CallerContext ? "recording" : "none")}, "
               + (CallerSuppressedFlow ? "caller suppressed ExecutionContext flow, " : string.Empty)
               + (Site < 0 ? $"all sites {BaseMode}" : $"site#{Site} {SiteMode}, other sites {BaseMode}");
    }

    /// <summary>
    /// Runs one method under one scenario, deterministically: a fresh environment; the caller sets the AsyncLocal to
    /// "caller" and installs the recording context or none; after the call returns, the driver (with no context of
    /// its own) pumps posted callbacks in order, each with its context installed, and otherwise completes the oldest
    /// pending await site; it waits only while work is on the thread pool (Task.Yield without a context), which is
    /// signaled when it reaches the next pending site or completes.
    /// </summary>
    public static class Driver
    {
        private static readonly TimeSpan s_stuck = TimeSpan.FromSeconds(10);

        /// <summary>Runs <paramref name="action"/> on a fresh thread with no SynchronizationContext, no captured
        /// ExecutionContext and the default TaskScheduler, as a plain caller would.</summary>
        public static void OnCleanThread(Action action)
        {
            Exception? failure = null;
            var thread = new Thread(() =>
            {
                try
                {
                    action();
                }
                catch (Exception e)
                {
                    failure = e;
                }
            }, 4 * 1024 * 1024);
            thread.UnsafeStart();
            thread.Join();
            if (failure is not null) System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(failure);
        }

        public static Outcome Run(Func<ISemanticsCase> factory, Variant variant, Scenario scenario)
        {
            string? sameTaskTwice = null;
            if (scenario.Site < 0 && scenario.BaseMode == Mode.SyncSuccess)
            {
                var first = RunOnce(factory, variant, scenario, out var firstObservation);
                RunOnce(factory, variant, scenario, out var secondObservation);
                if (firstObservation?.RawTask is { } a && secondObservation?.RawTask is { } b)
                {
                    sameTaskTwice = ReferenceEquals(a, b) ? "same" : "different";
                }

                return sameTaskTwice is null ? first : first.With("SameTaskObjectTwice", sameTaskTwice);
            }

            return RunOnce(factory, variant, scenario, out _);
        }

        private static Outcome RunOnce(Func<ISemanticsCase> factory, Variant variant, Scenario scenario, out Observation? observation)
        {
            var env = new Env(scenario.ModeOf);
            var instance = factory();
            var savedExecutionContext = ExecutionContext.Capture();
            var savedContext = SynchronizationContext.Current;
            observation = null;
            string? threw = null;
            try
            {
                Env.Flow.Value = "caller";
                SynchronizationContext.SetSynchronizationContext(scenario.CallerContext ? env.CallerContext : null);
                if (scenario.CallerSuppressedFlow) ExecutionContext.SuppressFlow();
                try
                {
                    observation = variant switch
                    {
                        Variant.Original => instance.Original(env, scenario.Variant),
                        Variant.FastPath => instance.Fast(env, scenario.Variant),
                        _ => instance.Tail(env, scenario.Variant) ?? throw new InvalidOperationException("The body has no [TailAwait] variant."),
                    };
                }
                catch (Exception e)
                {
                    // An async method never throws to its caller; a generated one must not either.
                    threw = env.Describe(e);
                }
                finally
                {
                    env.CallerObserved.Set();
                }

                SynchronizationContext.SetSynchronizationContext(null);
                if (observation is null)
                {
                    return new Outcome(new List<(string, string)> { ("SynchronousThrow", threw ?? "?") }, env.Entries);
                }

                Drive(env, observation);
                return observation.ToOutcome(threw, env.Entries, null);
            }
            finally
            {
                if (savedExecutionContext is not null) ExecutionContext.Restore(savedExecutionContext);
                SynchronizationContext.SetSynchronizationContext(savedContext);
            }
        }

        private static void Drive(Env env, Observation observation)
        {
            var deadline = DateTime.UtcNow + s_stuck;
            while (true)
            {
                if (env.TryDequeuePosted(out var posted))
                {
                    SynchronizationContext.SetSynchronizationContext(posted.Context);
                    try
                    {
                        posted.Callback(posted.State);
                    }
                    finally
                    {
                        SynchronizationContext.SetSynchronizationContext(null);
                    }

                    continue;
                }

                if (env.TryDequeuePending(out var pending))
                {
                    env.Record($"[complete site#{pending.Site} {pending.Mode}]");
                    try
                    {
                        pending.Complete();
                    }
                    finally
                    {
                        // As the thread pool resets a worker after each work item (ExecutionContext.ResetThreadPoolThread):
                        // a continuation that ran inline here and set a context without restoring it (one resumed with
                        // a null captured ExecutionContext is not run through ExecutionContext.Run, which would restore
                        // it) must not decide whether the next completion's continuations run inline or hop to the pool.
                        SynchronizationContext.SetSynchronizationContext(null);
                    }

                    continue;
                }

                if (observation.Done) return;

                // Work is on the thread pool (Task.Yield with no context): wait until it posts, reaches a pending site or completes.
                var left = deadline - DateTime.UtcNow;
                if (left <= TimeSpan.Zero || !env.Signal.Wait(left))
                {
                    throw new TimeoutException("The method's task never completed. Log so far:\n  " + string.Join("\n  ", env.Entries));
                }
            }
        }

        /// <summary>Every scenario for a body: each site in each mode with the others synchronous, then the same with the
        /// others asynchronous; all sites in each base mode; with and without the caller's context; for every variant.</summary>
        public static IEnumerable<Scenario> ScenariosFor(IReadOnlyDictionary<int, bool> sitesIsValueTask, IReadOnlyList<int> variants)
        {
            foreach (var v in variants)
            {
                foreach (var callerContext in new[] { false, true })
                {
                    foreach (var baseMode in new[] { Mode.SyncSuccess, Mode.AsyncSuccess })
                    {
                        yield return new Scenario(baseMode, -1, baseMode, callerContext, v);
                        foreach (var (site, isValueTask) in sitesIsValueTask.OrderBy(s => s.Key))
                        {
                            foreach (var mode in Enum.GetValues<Mode>())
                            {
                                if (mode == baseMode || (mode.IsValueTaskSource() && !isValueTask)) continue;
                                yield return new Scenario(baseMode, site, mode, callerContext, v);
                            }
                        }
                    }
                }
            }
        }
    }
}
