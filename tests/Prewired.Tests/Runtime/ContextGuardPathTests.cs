using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Prewired.CompilerServices;
using Xunit;

namespace Prewired.Tests.Runtime
{
    /// <summary>
    /// The context guard's two paths, each against what the async method builder does for the same synchronous part: the
    /// thread's own fields (<c>ThreadContextFields</c>, the builder's reads, used wherever the runtime has them) and the
    /// public APIs (the fallback, and the path the AppContext switch <c>Prewired.ContextGuard.UsePublicApis</c> selects).
    /// Each case runs a synchronous part that changes the contexts between the guard's capture and its return, and compares
    /// what the caller sees afterwards (the AsyncLocal value, the SynchronizationContext, flow suppression) and the
    /// AsyncLocal change notifications raised, with the same part run as an async method that completes synchronously.
    /// The differential suite runs every body through generated code on the fields path; the feature app
    /// (tests/Prewired.AotApp) runs both paths under the JIT and NativeAOT.
    /// </summary>
    public sealed class ContextGuardPathTests
    {
        public enum Change
        {
            None,
            AsyncLocal,
            SynchronizationContext,
            Both,
            SuppressFlow,
        }

        public static TheoryData<Change, bool> Cases()
        {
            var data = new TheoryData<Change, bool>();
            foreach (Change change in Enum.GetValues(typeof(Change)))
            {
                data.Add(change, true);
                data.Add(change, false);
            }

            return data;
        }

        [Fact]
        public void This_runtime_has_the_thread_fields()
        {
            // Otherwise every case below would test the public APIs twice.
            Assert.True(GuardPaths.ThreadFieldsAvailable, "ThreadContextFields.Available is false on this runtime");
        }

        [Theory]
        [MemberData(nameof(Cases))]
        public void The_thread_fields_path_restores_what_the_builder_restores(Change change, bool callerHasAsyncLocal)
        {
            var expected = Observe(change, callerHasAsyncLocal, callerSuppressed: false, viaBuilder: true, AsyncContextGuard.Capture);
            var actual = Observe(change, callerHasAsyncLocal, callerSuppressed: false, viaBuilder: false, AsyncContextGuard.Capture);
            Assert.Equal(expected, actual);
        }

        [Theory]
        [MemberData(nameof(Cases))]
        public void The_public_apis_path_restores_what_the_builder_restores(Change change, bool callerHasAsyncLocal)
        {
            var expected = Observe(change, callerHasAsyncLocal, callerSuppressed: false, viaBuilder: true, GuardPaths.CaptureThroughPublicApis);
            var actual = Observe(change, callerHasAsyncLocal, callerSuppressed: false, viaBuilder: false, GuardPaths.CaptureThroughPublicApis);
            Assert.Equal(expected, actual);
        }

        [Theory]
        [MemberData(nameof(Cases))]
        public void The_thread_fields_path_restores_a_suppressed_flow_context_itself(Change change, bool callerHasAsyncLocal)
        {
            // The builder names a suppressed-flow context through the thread's field; so does this path, so the generated
            // method does not have to fall back to the async body.
            Assert.False(WithSuppressedFlow(() => AsyncContextGuard.Capture().IsFlowSuppressed));
            var expected = Observe(change, callerHasAsyncLocal, callerSuppressed: true, viaBuilder: true, AsyncContextGuard.Capture);
            var actual = Observe(change, callerHasAsyncLocal, callerSuppressed: true, viaBuilder: false, AsyncContextGuard.Capture);
            Assert.Equal(expected, actual);
        }

        [Fact]
        public void The_public_apis_path_says_it_cannot_restore_a_suppressed_flow_context()
        {
            // No public API names the suppressed context: generated code then runs the async body (its builder restores it).
            Assert.True(WithSuppressedFlow(() => GuardPaths.CaptureThroughPublicApis().IsFlowSuppressed));
            Assert.False(GuardPaths.CaptureThroughPublicApis().IsFlowSuppressed);
        }

        private static readonly AsyncLocal<string?> s_notifying = new(OnNotifyingChanged);

        [ThreadStatic]
        private static List<string>? t_notifications;

        private static void OnNotifyingChanged(AsyncLocalValueChangedArgs<string?> args)
        {
            t_notifications?.Add($"{args.PreviousValue ?? "null"}->{args.CurrentValue ?? "null"}{(args.ThreadContextChanged ? " (context)" : string.Empty)}");
        }

        // What the caller sees after the synchronous part returned: its AsyncLocal, its SynchronizationContext, whether flow is
        // suppressed, and every AsyncLocal change notification raised on the way.
        private static string Observe(Change change, bool callerHasAsyncLocal, bool callerSuppressed, bool viaBuilder, Func<AsyncContextGuard> capture)
        {
            string result = string.Empty;
            var thread = new Thread(() =>
            {
                try
                {
                    ObserveOnThisThread();
                }
                catch (Exception exception)
                {
                    result = exception.ToString();
                }
            });
            thread.Start();
            thread.Join();
            return result;

            void ObserveOnThisThread()
            {
                var callerContext = new SynchronizationContext();
                SynchronizationContext.SetSynchronizationContext(callerContext);
                if (callerHasAsyncLocal) s_notifying.Value = "caller";
                AsyncFlowControl? suppressed = callerSuppressed ? ExecutionContext.SuppressFlow() : null;
                t_notifications = new List<string>();
                if (viaBuilder)
                {
                    _ = AsAsyncMethod(change);
                }
                else
                {
                    var guard = capture();
                    Assert.False(guard.IsFlowSuppressed, "a case must not reach the guard with flow it cannot restore");
                    _ = guard.Return(Run(change));
                }

                var notifications = string.Join(";", t_notifications);
                t_notifications = null;
                result = $"local={s_notifying.Value ?? "null"} context={(ReferenceEquals(SynchronizationContext.Current, callerContext) ? "caller" : "other")} "
                    + $"suppressed={ExecutionContext.IsFlowSuppressed()} notifications=[{notifications}]";
                GC.KeepAlive(suppressed); // the thread ends here, with whatever flow state it has: nothing to undo
            }
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static async ValueTask<int> AsAsyncMethod(Change change)
        {
            await Task.CompletedTask;
            return Run(change);
        }

        private static int Run(Change change)
        {
            if (change is Change.AsyncLocal or Change.Both) s_notifying.Value = "changed";
            if (change is Change.SynchronizationContext or Change.Both) SynchronizationContext.SetSynchronizationContext(new SynchronizationContext());
            if (change is Change.SuppressFlow) ExecutionContext.SuppressFlow();
            return 1;
        }

        private static bool WithSuppressedFlow(Func<bool> probe)
        {
            using (ExecutionContext.SuppressFlow())
            {
                return probe();
            }
        }
    }
}
