#if NET
using System;
using System.Runtime.CompilerServices;
using System.Threading;

namespace Prewired.CompilerServices
{
    /// <summary>
    /// The thread's two context fields, read and restored the way the async method builder does
    /// (<c>AsyncMethodBuilderCore.Start</c>): <see cref="Thread.CurrentThread"/> once, then its <c>_executionContext</c> and
    /// <c>_synchronizationContext</c> fields, and on a change <c>ExecutionContext.RestoreChangedContextToThread</c>, which
    /// also raises AsyncLocal change notifications. The public APIs cost a thread-static read per context on entry and on
    /// exit (four, where the builder makes one) and cannot name a suppressed-flow context at all.
    /// </summary>
    /// <remarks>
    /// These are CoreLib's private members (the same in CoreCLR, NativeAOT and Mono since .NET Core 3.0), reached through
    /// <see cref="UnsafeAccessorAttribute"/>, which is trim- and AOT-safe. A runtime without them, or an application that
    /// sets the AppContext switch <c>Prewired.ContextGuard.UsePublicApis</c>, gets the public APIs instead: the probe runs
    /// once, on first use.
    /// </remarks>
    internal static class ThreadContextFields
    {
        /// <summary>The AppContext switch that turns the private-field path off (set it before the first guarded call).</summary>
        internal const string UsePublicApisSwitch = "Prewired.ContextGuard.UsePublicApis";

        /// <summary>True when the fields and the restore method are there and the switch does not turn them off.</summary>
        internal static readonly bool Available = Probe();

        [UnsafeAccessor(UnsafeAccessorKind.Field, Name = "_executionContext")]
        internal static extern ref ExecutionContext? ExecutionContextOf(Thread thread);

        [UnsafeAccessor(UnsafeAccessorKind.Field, Name = "_synchronizationContext")]
        internal static extern ref SynchronizationContext? SynchronizationContextOf(Thread thread);

        // A static method's accessor takes its declaring type as a first parameter, only to name it (the value is ignored).
        [UnsafeAccessor(UnsafeAccessorKind.StaticMethod, Name = "RestoreChangedContextToThread")]
        private static extern void RestoreChangedContextToThread(ExecutionContext? declaringType, Thread currentThread, ExecutionContext? contextToRestore, ExecutionContext? currentContext);

        /// <summary>Puts <paramref name="contextToRestore"/> back on the thread, raising AsyncLocal change notifications.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        internal static void Restore(Thread thread, ExecutionContext? contextToRestore)
        {
            var current = ExecutionContextOf(thread);
            if (!ReferenceEquals(current, contextToRestore)) RestoreChangedContextToThread(null, thread, contextToRestore, current);
        }

        private static bool Probe()
        {
            if (AppContext.TryGetSwitch(UsePublicApisSwitch, out var usePublicApis) && usePublicApis) return false;
            try
            {
                var thread = Thread.CurrentThread;
                var current = ExecutionContextOf(thread);
                _ = SynchronizationContextOf(thread);

                // With the same context on both sides this only proves the method is there: it stores the field's own value
                // back, and no AsyncLocal value differs, so no notification runs.
                RestoreChangedContextToThread(null, thread, current, current);
                return true;
            }
            catch (MissingMemberException)
            {
                return false;
            }
        }
    }
}
#endif
