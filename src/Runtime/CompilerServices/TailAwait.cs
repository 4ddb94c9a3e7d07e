using System;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;

namespace Prewired.CompilerServices
{
    /// <summary>
    /// Turns the operand of a tail await into the task the generated method returns. One status check decides:
    /// a pending operand is passed through (the documented difference of elision), an operand that has already
    /// completed gives exactly what the async method builder would have returned after awaiting it.
    /// </summary>
    /// <remarks>
    /// Method names say the generated method's return type: <c>AsTask</c> for <see cref="Task{TResult}"/> and
    /// <see cref="Task"/>, <c>AsValueTask</c> for the value-task forms, and a <c>Void</c> infix where the awaited result
    /// is discarded (a final <c>await x;</c> of a result-bearing task in a method that returns no value).
    /// Called by Prewired-generated code; not meant to be called by hand.
    /// </remarks>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class TailAwait
    {
        /// <summary>Tail await of a <see cref="Task{TResult}"/> in a method returning <see cref="Task{TResult}"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Task<TResult> AsTask<TResult>(Task<TResult> task) => task.IsCompleted ? CompletedAsTask(task.GetAwaiter()) : task;

        /// <summary>Tail await of a <see cref="ValueTask{TResult}"/> in a method returning <see cref="Task{TResult}"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Task<TResult> AsTask<TResult>(ValueTask<TResult> task) => task.IsCompleted ? CompletedAsTask(task.GetAwaiter()) : task.AsTask();

        /// <summary>Tail await of a <see cref="Task"/> in a method returning <see cref="Task"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Task AsTask(Task task) => task.IsCompleted ? CompletedAsTask(task.GetAwaiter()) : task;

        /// <summary>Tail await of a <see cref="ValueTask"/> in a method returning <see cref="Task"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Task AsTask(ValueTask task) => task.IsCompleted ? CompletedAsTask(task.GetAwaiter()) : task.AsTask();

        /// <summary>Final <c>await</c> of a <see cref="Task{TResult}"/> in a method returning <see cref="Task"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Task AsVoidTask<TResult>(Task<TResult> task) => task.IsCompleted ? CompletedAsVoidTask(task.GetAwaiter()) : task;

        /// <summary>Final <c>await</c> of a <see cref="ValueTask{TResult}"/> in a method returning <see cref="Task"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Task AsVoidTask<TResult>(ValueTask<TResult> task) => task.IsCompleted ? CompletedAsVoidTask(task.GetAwaiter()) : task.AsTask();

        /// <summary>Tail await of a <see cref="ValueTask{TResult}"/> in a method returning <see cref="ValueTask{TResult}"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ValueTask<TResult> AsValueTask<TResult>(ValueTask<TResult> task)
            => task.IsCompletedSuccessfully ? new ValueTask<TResult>(task.Result) : task.IsCompleted ? CompletedAsValueTask(task.GetAwaiter()) : task;

        /// <summary>Tail await of a <see cref="Task{TResult}"/> in a method returning <see cref="ValueTask{TResult}"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ValueTask<TResult> AsValueTask<TResult>(Task<TResult> task)
#if NET
            => task.IsCompletedSuccessfully ? new ValueTask<TResult>(task.Result) : task.IsCompleted ? CompletedAsValueTask(task.GetAwaiter()) : new ValueTask<TResult>(task);
#else
            // Task.IsCompletedSuccessfully is .NET Core 2.0+ only; the status test is the same check.
            => task.Status == TaskStatus.RanToCompletion ? new ValueTask<TResult>(task.Result) : task.IsCompleted ? CompletedAsValueTask(task.GetAwaiter()) : new ValueTask<TResult>(task);
#endif

        /// <summary>Tail await of a <see cref="ValueTask"/> in a method returning <see cref="ValueTask"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ValueTask AsValueTask(ValueTask task) => task.IsCompleted ? CompletedAsValueTask(task.GetAwaiter()) : task;

        /// <summary>Tail await of a <see cref="Task"/> in a method returning <see cref="ValueTask"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ValueTask AsValueTask(Task task) => task.IsCompleted ? CompletedAsValueTask(task.GetAwaiter()) : new ValueTask(task);

        /// <summary>Final <c>await</c> of a <see cref="ValueTask{TResult}"/> in a method returning <see cref="ValueTask"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ValueTask AsVoidValueTask<TResult>(ValueTask<TResult> task) => task.IsCompleted ? CompletedAsVoidValueTask(task.GetAwaiter()) : new ValueTask(task.AsTask());

        /// <summary>Final <c>await</c> of a <see cref="Task{TResult}"/> in a method returning <see cref="ValueTask"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ValueTask AsVoidValueTask<TResult>(Task<TResult> task) => task.IsCompleted ? CompletedAsVoidValueTask(task.GetAwaiter()) : new ValueTask(task);

        // The cold paths below do what the state machine does after `await` on a completed operand: GetResult (which
        // throws the first exception, or the cancellation), then SetResult or SetException on the method's own builder.

        private static Task<TResult> CompletedAsTask<TResult>(TaskAwaiter<TResult> awaiter)
        {
            TResult result;
            try { result = awaiter.GetResult(); }
            catch (Exception exception) { return AsyncResult.Faulted<TResult>(exception); }
            return AsyncResult.FromResult(result);
        }

        private static Task<TResult> CompletedAsTask<TResult>(ValueTaskAwaiter<TResult> awaiter)
        {
            TResult result;
            try { result = awaiter.GetResult(); }
            catch (Exception exception) { return AsyncResult.Faulted<TResult>(exception); }
            return AsyncResult.FromResult(result);
        }

        private static Task CompletedAsTask(TaskAwaiter awaiter)
        {
            try { awaiter.GetResult(); }
            catch (Exception exception) { return AsyncResult.Faulted(exception); }
            return AsyncResult.Completed();
        }

        private static Task CompletedAsTask(ValueTaskAwaiter awaiter)
        {
            try { awaiter.GetResult(); }
            catch (Exception exception) { return AsyncResult.Faulted(exception); }
            return AsyncResult.Completed();
        }

        private static Task CompletedAsVoidTask<TResult>(TaskAwaiter<TResult> awaiter)
        {
            try { awaiter.GetResult(); }
            catch (Exception exception) { return AsyncResult.Faulted(exception); }
            return AsyncResult.Completed();
        }

        private static Task CompletedAsVoidTask<TResult>(ValueTaskAwaiter<TResult> awaiter)
        {
            try { awaiter.GetResult(); }
            catch (Exception exception) { return AsyncResult.Faulted(exception); }
            return AsyncResult.Completed();
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static ValueTask<TResult> CompletedAsValueTask<TResult>(ValueTaskAwaiter<TResult> awaiter)
        {
            try { return new ValueTask<TResult>(awaiter.GetResult()); }
            catch (Exception exception) { return AsyncResult.FaultedValueTask<TResult>(exception); }
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static ValueTask<TResult> CompletedAsValueTask<TResult>(TaskAwaiter<TResult> awaiter)
        {
            try { return new ValueTask<TResult>(awaiter.GetResult()); }
            catch (Exception exception) { return AsyncResult.FaultedValueTask<TResult>(exception); }
        }

        private static ValueTask CompletedAsValueTask(ValueTaskAwaiter awaiter)
        {
            try { awaiter.GetResult(); }
            catch (Exception exception) { return AsyncResult.FaultedValueTask(exception); }
            return default;
        }

        private static ValueTask CompletedAsValueTask(TaskAwaiter awaiter)
        {
            try { awaiter.GetResult(); }
            catch (Exception exception) { return AsyncResult.FaultedValueTask(exception); }
            return default;
        }

        private static ValueTask CompletedAsVoidValueTask<TResult>(ValueTaskAwaiter<TResult> awaiter)
        {
            try { awaiter.GetResult(); }
            catch (Exception exception) { return AsyncResult.FaultedValueTask(exception); }
            return default;
        }

        private static ValueTask CompletedAsVoidValueTask<TResult>(TaskAwaiter<TResult> awaiter)
        {
            try { awaiter.GetResult(); }
            catch (Exception exception) { return AsyncResult.FaultedValueTask(exception); }
            return default;
        }
    }
}
