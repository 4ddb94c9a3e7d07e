using System;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;

namespace Prewired.CompilerServices
{
    /// <summary>
    /// The tasks an async method returns when it completes synchronously, produced through the async method builders
    /// themselves so generated code returns exactly what the compiler's state machine would: the builder's cached
    /// <see cref="Task{TResult}"/> for the values it caches, and for an exception a faulted task, or a canceled one when the
    /// exception is an <see cref="OperationCanceledException"/> (even one whose token was never canceled).
    /// </summary>
    /// <remarks>Called by Prewired-generated code; not meant to be called by hand.</remarks>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class AsyncResult
    {
        /// <summary>The task of an async <see cref="Task"/> method that ran to completion synchronously.</summary>
        public static Task Completed()
        {
            var builder = AsyncTaskMethodBuilder.Create();
            builder.SetResult();
            return builder.Task;
        }

        /// <summary>The task of an async <see cref="Task{TResult}"/> method that returned <paramref name="result"/> synchronously.</summary>
        public static Task<TResult> FromResult<TResult>(TResult result)
        {
            var builder = AsyncTaskMethodBuilder<TResult>.Create();
            builder.SetResult(result);
            return builder.Task;
        }

        /// <summary>The task of an async <see cref="ValueTask{TResult}"/> method that returned <paramref name="result"/> synchronously.</summary>
        /// <remarks>
        /// What the builder returns, <c>new ValueTask&lt;TResult&gt;(result)</c>, behind a method whose single parameter is
        /// <typeparamref name="TResult"/>: generated code passes the user's return expression as written, and <c>null</c>,
        /// <c>default</c> or <c>new()</c> would be ambiguous among the ValueTask constructors.
        /// </remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ValueTask<TResult> FromResultValueTask<TResult>(TResult result) => new(result);

        /// <summary>The task of an async <see cref="Task"/> method whose synchronous part threw <paramref name="exception"/>.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static Task Faulted(Exception exception)
        {
            var builder = AsyncTaskMethodBuilder.Create();
            builder.SetException(exception);
            return builder.Task;
        }

        /// <summary>The task of an async <see cref="Task{TResult}"/> method whose synchronous part threw <paramref name="exception"/>.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static Task<TResult> Faulted<TResult>(Exception exception)
        {
            var builder = AsyncTaskMethodBuilder<TResult>.Create();
            builder.SetException(exception);
            return builder.Task;
        }

        /// <summary>The task of an async <see cref="ValueTask"/> method whose synchronous part threw <paramref name="exception"/>.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ValueTask FaultedValueTask(Exception exception)
        {
            var builder = AsyncValueTaskMethodBuilder.Create();
            builder.SetException(exception);
            return builder.Task;
        }

        /// <summary>The task of an async <see cref="ValueTask{TResult}"/> method whose synchronous part threw <paramref name="exception"/>.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ValueTask<TResult> FaultedValueTask<TResult>(Exception exception)
        {
            var builder = AsyncValueTaskMethodBuilder<TResult>.Create();
            builder.SetException(exception);
            return builder.Task;
        }
    }
}
