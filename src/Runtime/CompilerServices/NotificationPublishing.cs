using System;
using System.Collections.Generic;
using System.ComponentModel;
using System.Threading;
using System.Threading.Tasks;

namespace Prewired.CompilerServices
{
    /// <summary>
    /// The two publishers generated publish code calls, with the exception semantics of Mediator 3.0.2's
    /// <c>ForeachAwaitPublisher</c> and <c>TaskWhenAllPublisher</c>: a failing handler never keeps the others from running,
    /// the failures come back together as one <see cref="AggregateException"/> in handler order, and a notification with a
    /// single handler returns that handler's task as it is (its exception unwrapped). Both run without an async state
    /// machine while every handler completes synchronously: 0 B, as Mediator's own fast paths. A generated publisher calls
    /// its handlers in line, one after another, while each completes successfully and synchronously, and hands the rest of
    /// the publish to <c>SequentialFrom</c> or <c>ConcurrentFrom</c> at the first that does not (pending, faulted, canceled
    /// or thrown); <c>Sequential</c> and <c>Concurrent</c> run a whole publish over the handler list, with the same semantics.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class NotificationPublishing
    {
        /// <summary>Each handler in order, awaited before the next starts (<see cref="NotificationPublisher.Sequential"/>).</summary>
        public static ValueTask Sequential<THandlers, TNotification>(THandlers handlers, TNotification notification, CancellationToken cancellationToken)
            where THandlers : INotificationHandlerList<TNotification>
        {
            var count = handlers.Count;
            if (count == 0) return default;
            if (count == 1) return handlers.Handle(0, notification, cancellationToken);
            return SequentialLoop(handlers, notification, cancellationToken, 0, null);
        }

        /// <summary>
        /// The rest of a sequential publish whose handlers generated code calls in line: handler <paramref name="index"/>
        /// returned <paramref name="task"/>, which is pending or did not succeed; the handlers before it succeeded.
        /// </summary>
        public static ValueTask SequentialFrom<THandlers, TNotification>(THandlers handlers, TNotification notification, CancellationToken cancellationToken, int index, ValueTask task)
            where THandlers : INotificationHandlerList<TNotification>
        {
            List<Exception>? failures = null;
            if (!task.IsCompleted) return SequentialAsync(handlers, notification, cancellationToken, task, index, failures);
            Observe(task, ref failures);
            return SequentialLoop(handlers, notification, cancellationToken, index + 1, failures);
        }

        /// <summary>
        /// The rest of a sequential publish whose handlers generated code calls in line: handler <paramref name="index"/>
        /// threw <paramref name="exception"/> synchronously (one more failure, as Mediator's try block holding the call makes it).
        /// </summary>
        public static ValueTask SequentialFrom<THandlers, TNotification>(THandlers handlers, TNotification notification, CancellationToken cancellationToken, int index, Exception exception)
            where THandlers : INotificationHandlerList<TNotification>
            => SequentialLoop(handlers, notification, cancellationToken, index + 1, new List<Exception>(1) { exception });

        private static ValueTask SequentialLoop<THandlers, TNotification>(THandlers handlers, TNotification notification, CancellationToken cancellationToken, int start, List<Exception>? failures)
            where THandlers : INotificationHandlerList<TNotification>
        {
            var count = handlers.Count;
            for (var i = start; i < count; i++)
            {
                ValueTask task;
                try
                {
                    task = handlers.Handle(i, notification, cancellationToken);
                }
                catch (Exception exception)
                {
                    // Mediator's try block holds the call as well as the await: a synchronous throw is one more failure.
                    (failures ??= new List<Exception>(1)).Add(exception);
                    continue;
                }

                if (!task.IsCompleted) return SequentialAsync(handlers, notification, cancellationToken, task, i, failures);
                Observe(task, ref failures);
            }

            return Faulted(failures);
        }

        /// <summary>Every handler started in order, then all awaited (<see cref="NotificationPublisher.Concurrent"/>).</summary>
        public static ValueTask Concurrent<THandlers, TNotification>(THandlers handlers, TNotification notification, CancellationToken cancellationToken)
            where THandlers : INotificationHandlerList<TNotification>
        {
            var count = handlers.Count;
            if (count == 0) return default;
            if (count == 1) return handlers.Handle(0, notification, cancellationToken);
            for (var i = 0; i < count; i++)
            {
                ValueTask task;
                try
                {
                    task = handlers.Handle(i, notification, cancellationToken);
                }
                catch (Exception exception)
                {
                    return ConcurrentFrom(handlers, notification, cancellationToken, i, exception);
                }

                if (!task.IsCompletedSuccessfully) return ConcurrentFrom(handlers, notification, cancellationToken, i, task);
                task.GetAwaiter().GetResult(); // releases a pooled IValueTaskSource
            }

            return default;
        }

        /// <summary>
        /// The rest of a concurrent publish whose handlers generated code calls in line: handler <paramref name="index"/>
        /// returned <paramref name="task"/>, which is pending or did not succeed; the handlers before it succeeded. The later
        /// handlers are started, then every unfinished one awaited.
        /// </summary>
        public static ValueTask ConcurrentFrom<THandlers, TNotification>(THandlers handlers, TNotification notification, CancellationToken cancellationToken, int index, ValueTask task)
            where THandlers : INotificationHandlerList<TNotification>
        {
            var count = handlers.Count;
            // Only the handlers that did not complete successfully are kept, in handler order, so the failures aggregate in it.
            var unfinished = new ValueTask[count - index];
            unfinished[0] = task;
            var kept = 1;
            for (var i = index + 1; i < count; i++)
            {
                ValueTask next;
                try
                {
                    next = handlers.Handle(i, notification, cancellationToken);
                }
                catch (Exception exception)
                {
                    // Mediator 3.0.2 lets a synchronous throw escape here, before the later handlers start; "all handlers
                    // started" is this publisher's promise, so the throw is kept as a failed task like an asynchronous one.
                    next = new ValueTask(Task.FromException(exception));
                }

                if (next.IsCompletedSuccessfully)
                {
                    next.GetAwaiter().GetResult(); // releases a pooled IValueTaskSource
                    continue;
                }

                unfinished[kept++] = next;
            }

            return AwaitAll(unfinished, kept);
        }

        /// <summary>
        /// The rest of a concurrent publish whose handlers generated code calls in line: handler <paramref name="index"/>
        /// threw <paramref name="exception"/> synchronously, kept as a failed task; the later handlers still start.
        /// </summary>
        public static ValueTask ConcurrentFrom<THandlers, TNotification>(THandlers handlers, TNotification notification, CancellationToken cancellationToken, int index, Exception exception)
            where THandlers : INotificationHandlerList<TNotification>
            => ConcurrentFrom(handlers, notification, cancellationToken, index, new ValueTask(Task.FromException(exception)));

        private static async ValueTask SequentialAsync<THandlers, TNotification>(THandlers handlers, TNotification notification, CancellationToken cancellationToken,
            ValueTask pending, int index, List<Exception>? failures)
            where THandlers : INotificationHandlerList<TNotification>
        {
            // No ConfigureAwait(false): Mediator's publisher awaits plainly, so each handler starts on the caller's context.
            try
            {
                await pending;
            }
            catch (Exception exception)
            {
                (failures ??= new List<Exception>(1)).Add(exception);
            }

            for (var i = index + 1; i < handlers.Count; i++)
            {
                try
                {
                    await handlers.Handle(i, notification, cancellationToken);
                }
                catch (Exception exception)
                {
                    (failures ??= new List<Exception>(1)).Add(exception);
                }
            }

            if (failures is not null) throw new AggregateException(failures);
        }

        private static async ValueTask AwaitAll(ValueTask[] tasks, int count)
        {
            List<Exception>? failures = null;
            for (var i = 0; i < count; i++)
            {
                try
                {
                    await tasks[i];
                }
                catch (Exception exception)
                {
                    (failures ??= new List<Exception>(1)).Add(exception);
                }
            }

            if (failures is not null) throw new AggregateException(failures);
        }

        /// <summary>Reads a completed task's outcome, as the await would: a failure is added, a success releases its source.</summary>
        private static void Observe(ValueTask task, ref List<Exception>? failures)
        {
            try
            {
                task.GetAwaiter().GetResult();
            }
            catch (Exception exception)
            {
                (failures ??= new List<Exception>(1)).Add(exception);
            }
        }

        private static ValueTask Faulted(List<Exception>? failures)
            => failures is null ? default : new ValueTask(Task.FromException(new AggregateException(failures)));
    }
}
