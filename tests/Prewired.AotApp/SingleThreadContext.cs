using System;
using System.Collections.Concurrent;
using System.Threading;
using System.Threading.Tasks;

namespace Prewired.AotApp
{
    /// <summary>
    /// A UI-style SynchronizationContext: continuations posted to it run one at a time on the thread that called
    /// <see cref="Run{T}"/>. It makes the "with a SynchronizationContext" cases deterministic and lets a body record
    /// whether it resumed on the context, as an async method must when it captured one.
    /// </summary>
    internal sealed class SingleThreadContext : SynchronizationContext
    {
        private readonly BlockingCollection<(SendOrPostCallback Callback, object? State)> _queue = new();

        public override void Post(SendOrPostCallback d, object? state) => _queue.Add((d, state));

        public override void Send(SendOrPostCallback d, object? state) => throw new NotSupportedException("Send is not used here.");

        public static T Run<T>(Func<Task<T>> start)
        {
            var previous = Current;
            var context = new SingleThreadContext();
            SetSynchronizationContext(context);
            try
            {
                var task = start();
                task.ContinueWith(_ => context._queue.CompleteAdding(), TaskScheduler.Default);
                foreach (var (callback, state) in context._queue.GetConsumingEnumerable()) callback(state);
                return task.GetAwaiter().GetResult();
            }
            finally
            {
                SetSynchronizationContext(previous);
            }
        }

        /// <summary>Where the current code runs, in the words the transcript uses.</summary>
        public static string Where => Current is SingleThreadContext ? "on-context" : "no-context";
    }
}
