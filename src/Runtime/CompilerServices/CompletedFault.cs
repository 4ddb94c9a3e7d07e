using System.ComponentModel;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;

namespace Prewired.CompilerServices
{
    /// <summary>
    /// Tells a pending task from one that completed faulted or canceled, and throws the exception of the latter as the
    /// <c>await</c> of it would (the awaiter's
    /// <c>GetResult</c>: the first exception, not an AggregateException; OperationCanceledException for a canceled task),
    /// where the synchronous path of a [FastPath] meets one: in place, so the body's own catch and finally blocks run
    /// there, as they would in the async method.
    /// </summary>
    /// <remarks>
    /// Out of line on purpose: the synchronous path keeps only the one status test and a direct read of the result on its
    /// hot path, with no awaiter struct whose address is taken, which costs the JIT the inlining of the small
    /// [FastPath] wrapper (the tiny body went from 1.0 ns to 7.2 ns with the awaiter written in place). Called by
    /// Prewired-generated code only, as <c>if (!t.IsCompletedSuccessfully &amp;&amp; CompletedFault.IsPendingElseThrow(t))
    /// hand over;</c>: one test on the hot path, one call on the cold one.
    /// </remarks>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class CompletedFault
    {
        /// <summary>True when <paramref name="task"/> is still pending; else (it completed and did not succeed) throws what awaiting it throws.</summary>
#if NET
        [StackTraceHidden]
#endif
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static bool IsPendingElseThrow(Task task) // Task<T> too: its awaiter throws the same exception
        {
            if (!task.IsCompleted) return true;
            task.GetAwaiter().GetResult();
            return false; // not reached for a task that did not succeed
        }

        /// <summary>True when <paramref name="task"/> is still pending; else (it completed and did not succeed) throws what awaiting it throws.</summary>
#if NET
        [StackTraceHidden]
#endif
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static bool IsPendingElseThrow(ValueTask task)
        {
            if (!task.IsCompleted) return true;
            task.GetAwaiter().GetResult();
            return false; // not reached for a task that did not succeed
        }

        /// <summary>True when <paramref name="task"/> is still pending; else (it completed and did not succeed) throws what awaiting it throws.</summary>
#if NET
        [StackTraceHidden]
#endif
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static bool IsPendingElseThrow<T>(ValueTask<T> task)
        {
            if (!task.IsCompleted) return true;
            task.GetAwaiter().GetResult();
            return false; // not reached for a task that did not succeed
        }
    }
}
