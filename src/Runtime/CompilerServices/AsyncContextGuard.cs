using System;
using System.ComponentModel;
using System.Reflection;
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
    /// The shape is chosen for speed (PRODUCT.md §1.1): on .NET 8 and later the builder's own reads
    /// (<c>ThreadContextFields</c>: the current thread once, then its two context fields on entry and again on exit,
    /// two reference comparisons), with the restore in a cold, non-inlined call. Where those fields are missing, or the
    /// AppContext switch <c>Prewired.ContextGuard.UsePublicApis</c> is set, the public APIs instead: two reads on entry and
    /// two on exit, each a thread-static read. A try/finally scope costs more than the async method it replaces. The
    /// generator emits the guard only where the synchronous part can change either context.
    /// <para>
    /// The netstandard2.0 build restores through the same public <c>ExecutionContext.Restore</c> where the runtime has it
    /// (.NET Core 3.0 and later, found once by reflection). Elsewhere (.NET Framework, Mono, .NET Core 2.x) no public API
    /// puts a captured context back on the thread, and <see cref="ExecutionContext.Capture"/> returns a new copy on each
    /// call there, so the guard says it cannot restore (<see cref="IsFlowSuppressed"/>) and generated code runs the async
    /// body instead, whose builder restores both contexts: exact, at the async method's cost.
    /// </para>
    /// </remarks>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly struct AsyncContextGuard
    {
#if !NET
        private static readonly Action<ExecutionContext>? s_restore = FindRestore();
#endif

        // The thread whose fields were read (the builder's path), or null for the public APIs' path.
        private readonly Thread? _thread;
        private readonly ExecutionContext? _executionContext;
        private readonly SynchronizationContext? _synchronizationContext;

        private AsyncContextGuard(Thread? thread, ExecutionContext? executionContext, SynchronizationContext? synchronizationContext)
        {
            _thread = thread;
            _executionContext = executionContext;
            _synchronizationContext = synchronizationContext;
        }

        /// <summary>Reads the current ExecutionContext and SynchronizationContext.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static AsyncContextGuard Capture()
        {
#if NET
            if (ThreadContextFields.Available)
            {
                var thread = Thread.CurrentThread;
                return new(thread, ThreadContextFields.ExecutionContextOf(thread), ThreadContextFields.SynchronizationContextOf(thread));
            }
#else
            // No public restore on this runtime (.NET Framework, Mono, .NET Core 2.x): the generated method will call the
            // async body (IsFlowSuppressed), so capturing first would only cost (there Capture copies the context each time).
            if (s_restore is null) return default;
#endif
            return CaptureThroughPublicApis();
        }

        /// <summary>The public APIs' path of <see cref="Capture"/> (tests reach it through reflection where both paths exist).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static AsyncContextGuard CaptureThroughPublicApis() => new(null, ExecutionContext.Capture(), SynchronizationContext.Current);

        /// <summary>
        /// True when the guard cannot restore the ExecutionContext: on the public APIs' path, flow was suppressed on entry
        /// (the public API then has no object naming the thread's context to restore), or, for the netstandard2.0 build,
        /// the runtime has no <c>ExecutionContext.Restore</c>. Generated code then calls the async body instead, whose
        /// builder restores it. The thread's fields name a suppressed-flow context like any other, so it is never true there.
        /// </summary>
        public bool IsFlowSuppressed
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
#if NET
            get => _thread is null && _executionContext is null;
#else
            get => _executionContext is null || s_restore is null;
#endif
        }

        /// <summary>Restores both contexts if the synchronous part changed them, then returns <paramref name="value"/>.</summary>
        /// <remarks>Written as <c>return guard.Return(expression);</c> so the expression is evaluated before the restore.</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public TValue Return<TValue>(TValue value)
        {
            RestoreIfChanged();
            return value;
        }

        /// <summary>Restores both contexts if the synchronous part changed them.</summary>
        /// <remarks>
        /// [FastPath] calls it once after its try statement, with the result in a variable: one return, so the returned
        /// struct is never copied through a merged return block (the generator's <c>GuardedCall</c> says why).
        /// </remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void RestoreIfChanged()
        {
#if NET
            if (_thread is not null)
            {
                if (!ReferenceEquals(ThreadContextFields.SynchronizationContextOf(_thread), _synchronizationContext)
                    || !ReferenceEquals(ThreadContextFields.ExecutionContextOf(_thread), _executionContext))
                {
                    RestoreChangedFields();
                }

                return;
            }
#endif
            if (!ReferenceEquals(SynchronizationContext.Current, _synchronizationContext)
                || !ReferenceEquals(ExecutionContext.Capture(), _executionContext))
            {
                RestoreChanged();
            }
        }

#if NET
        // As AsyncMethodBuilderCore.Start's finally: the SynchronizationContext field set back, the ExecutionContext put back
        // with its AsyncLocal change notifications.
        [MethodImpl(MethodImplOptions.NoInlining)]
        private void RestoreChangedFields()
        {
            ref var synchronizationContext = ref ThreadContextFields.SynchronizationContextOf(_thread!);
            if (!ReferenceEquals(synchronizationContext, _synchronizationContext)) synchronizationContext = _synchronizationContext;
            ThreadContextFields.Restore(_thread!, _executionContext);
        }
#endif

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
#if NET
                ExecutionContext.Restore(_executionContext);
#else
                s_restore!(_executionContext);
#endif
            }
        }

#if !NET
        // Public since .NET Core 3.0, so a public lookup (no private member, nothing that changes between versions).
        private static Action<ExecutionContext>? FindRestore()
        {
            MethodInfo? restore = typeof(ExecutionContext).GetMethod(
                "Restore", BindingFlags.Public | BindingFlags.Static, binder: null, new[] { typeof(ExecutionContext) }, modifiers: null);
            return restore is null ? null : (Action<ExecutionContext>)Delegate.CreateDelegate(typeof(Action<ExecutionContext>), restore);
        }
#endif
    }
}
