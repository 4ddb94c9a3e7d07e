using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace Prewired.AotApp
{
    /// <summary>How an awaited operation completes.</summary>
    internal enum Mode
    {
        SyncSuccess,
        AsyncSuccess,
        SyncFault,
        AsyncFault,
        SyncCanceled,
        AsyncCanceled,
    }

    /// <summary>Operations that complete in a chosen <see cref="Mode"/>: what every generated method awaits here.</summary>
    internal static class Operation
    {
        // Listed, not Enum.GetValues: the generic overload is .NET 5+ (the app also builds for net472 and netstandard2.0),
        // and the Type overload is a NativeAOT warning (it may need to create the array type at run time).
        public static readonly Mode[] AllModes =
        {
            Mode.SyncSuccess, Mode.AsyncSuccess, Mode.SyncFault, Mode.AsyncFault, Mode.SyncCanceled, Mode.AsyncCanceled,
        };

        private static readonly CancellationToken s_canceled = new(canceled: true);

        public static Task<int> TaskOf(Mode mode, int value) => mode switch
        {
            Mode.SyncSuccess => Task.FromResult(value),
            Mode.SyncFault => Task.FromException<int>(new InvalidOperationException("sync fault " + value)),
            Mode.SyncCanceled => Task.FromCanceled<int>(s_canceled),
            _ => AfterYield(mode, value),
        };

        public static ValueTask<int> ValueTaskOf(Mode mode, int value)
            => mode == Mode.SyncSuccess ? new ValueTask<int>(value) : new ValueTask<int>(TaskOf(mode, value));

        public static Task TaskOf(Mode mode) => TaskOf(mode, 0);

        private static async Task<int> AfterYield(Mode mode, int value)
        {
            await Pending.Next();
            return mode switch
            {
                Mode.AsyncFault => throw new InvalidOperationException("async fault " + value),
                Mode.AsyncCanceled => throw new OperationCanceledException(s_canceled),
                _ => value,
            };
        }
    }

    /// <summary>
    /// Where asynchronous operations wait until the driver releases them, one at a time in the order they started: unlike
    /// Task.Yield, whether a call returned pending and what ran when is then the same on every run.
    /// </summary>
    internal static class Pending
    {
        private static readonly Queue<TaskCompletionSource<bool>> s_waiting = new();

        public static Task Next()
        {
            var source = new TaskCompletionSource<bool>();
            lock (s_waiting) s_waiting.Enqueue(source);
            return source.Task;
        }

        /// <summary>Completes the oldest waiting operation; its continuation runs inline or is posted to its context.</summary>
        public static bool ReleaseNext()
        {
            TaskCompletionSource<bool> source;
            lock (s_waiting)
            {
                // Count and Dequeue, not TryDequeue (.NET Core 2.0+): the app also builds for net472 and netstandard2.0.
                if (s_waiting.Count == 0) return false;
                source = s_waiting.Dequeue();
            }

            source.SetResult(true);
            return true;
        }
    }

    /// <summary>Describes how a task ended, in words that are the same on every runtime.</summary>
    internal static class Outcome
    {
        public static async Task<string> Of(Func<Task<int>> start)
        {
            Task<int> task;
            try
            {
                task = start();
            }
            catch (Exception exception)
            {
                return "threw at the call: " + exception.GetType().Name;
            }

            var when = task.IsCompleted ? "sync" : "pending";
            // Release one operation at a time; between releases, yield so continuations posted to a SynchronizationContext
            // (which run in order, after whatever is queued before them) finish before the next release.
            // Without a context, a continuation can be on its way through the thread pool, which a loaded machine may take
            // a while to run: wait for it (yielding, then sleeping briefly) for up to 30 s before calling it a hang.
            var idle = System.Diagnostics.Stopwatch.StartNew();
            for (var spins = 0; !task.IsCompleted;)
            {
                if (Pending.ReleaseNext())
                {
                    spins = 0;
                    idle.Restart();
                }
                else if (idle.Elapsed > TimeSpan.FromSeconds(30))
                {
                    throw new InvalidOperationException("The task waits for nothing the driver can release.");
                }

                if (++spins < 100) await Task.Yield();
                else await Task.Delay(1);
            }

            try
            {
                return $"{when} ok {await task}";
            }
            catch (OperationCanceledException) when (task.IsCanceled)
            {
                return $"{when} canceled";
            }
            catch (Exception exception)
            {
                return $"{when} {task.Status.ToString().ToLowerInvariant()} {Describe(exception)}";
            }
        }

        /// <summary>
        /// The exception's type and message. An ArgumentException's message ends with its parameter in each runtime's own
        /// words (.NET: "(Parameter 'id')", .NET Framework and Mono: a second line "Parameter name: id"), so for it the
        /// transcript gives the type and the parameter, which are the same everywhere.
        /// </summary>
        private static string Describe(Exception exception) => exception is ArgumentException { ParamName: { } parameter }
            ? $"{exception.GetType().Name} for parameter '{parameter}'"
            : $"{exception.GetType().Name}: {exception.Message}";

        public static Task<string> Of(Func<Task> start) => Of(async () =>
        {
            var task = start();
            await task;
            return 0;
        });
    }
}
