using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Threading;

namespace Prewired.CompilerServices
{
    /// <summary>
    /// Keeps the synchronous part of a generated method from leaking ExecutionContext (AsyncLocal) and
    /// <see cref="SynchronizationContext"/> changes to its caller, as <c>AsyncMethodBuilderCore.Start</c> does for an
    /// async method: both are read on entry and, on every exit, compared and restored when they changed.
    /// </summary>
    /// <remarks>
    /// The shape is chosen for speed (PRODUCT.md §1.1): two reads on entry, two reads and two reference comparisons on
    /// exit, and the restore in a cold, non-inlined call. A try/finally scope costs more than the async method it replaces.
    /// The generator emits the guard only where the synchronous part can change either context.
    /// </remarks>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly struct AsyncContextGuard
    {
        private readonly ExecutionContext? _executionContext;
        private readonly SynchronizationContext? _synchronizationContext;

        private AsyncContextGuard(ExecutionContext? executionContext, SynchronizationContext? synchronizationContext)
        {
            _executionContext = executionContext;
            _synchronizationContext = synchronizationContext;
        }

        /// <summary>Reads the current ExecutionContext and SynchronizationContext.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static AsyncContextGuard Capture() => new(ExecutionContext.Capture(), SynchronizationContext.Current);

        /// <summary>
        /// True when ExecutionContext flow was suppressed on entry. The public API then has no object naming the
        /// thread's context to restore, so generated code calls the async body instead, whose builder restores it.
        /// </summary>
        public bool IsFlowSuppressed
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => _executionContext is null;
        }

        /// <summary>Restores both contexts if the synchronous part changed them, then returns <paramref name="value"/>.</summary>
        /// <remarks>Written as <c>return guard.Return(expression);</c> so the expression is evaluated before the restore.</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public TValue Return<TValue>(TValue value)
        {
            if (!ReferenceEquals(SynchronizationContext.Current, _synchronizationContext)
                || !ReferenceEquals(ExecutionContext.Capture(), _executionContext))
            {
                RestoreChanged();
            }

            return value;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private void RestoreChanged()
        {
            if (!ReferenceEquals(SynchronizationContext.Current, _synchronizationContext))
            {
                SynchronizationContext.SetSynchronizationContext(_synchronizationContext);
            }

            // A null capture means flow was suppressed on entry; generated code checks IsFlowSuppressed first and
            // never gets here in that state.
            if (_executionContext is not null && !ReferenceEquals(ExecutionContext.Capture(), _executionContext))
            {
                ExecutionContext.Restore(_executionContext);
            }
        }
    }
}
