// The async method builder's own context check, written out by hand: what the context guard can cost at best.
using System;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

namespace Prewired.Benchmarks.Shapes
{
    /// <summary>
    /// What <c>AsyncMethodBuilderCore.Start</c> does around <c>MoveNext</c>: <see cref="Thread.CurrentThread"/> once, the
    /// thread's two context fields before and after, two reference comparisons. Wrapped around hand-written Opt #3 it is
    /// the floor of any guard that keeps the async method's contract by reading what the builder reads.
    /// </summary>
    public static class BuilderContextCheck
    {
        [UnsafeAccessor(UnsafeAccessorKind.Field, Name = "_executionContext")]
        private static extern ref ExecutionContext? ExecutionContextOf(Thread thread);

        [UnsafeAccessor(UnsafeAccessorKind.Field, Name = "_synchronizationContext")]
        private static extern ref SynchronizationContext? SynchronizationContextOf(Thread thread);

        /// <summary>Runs <paramref name="body"/> between the builder's reads; a change is not restored, only reported.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ValueTask<int> Around(TinyBody body)
        {
            var thread = Thread.CurrentThread;
            var executionContext = ExecutionContextOf(thread);
            var synchronizationContext = SynchronizationContextOf(thread);
            var result = body.AddOneInterfaceOptimized();
            if (!ReferenceEquals(SynchronizationContextOf(thread), synchronizationContext)
                || !ReferenceEquals(ExecutionContextOf(thread), executionContext))
            {
                Changed();
            }

            return result;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void Changed() => throw new InvalidOperationException("The tiny body changed a context.");
    }
}
