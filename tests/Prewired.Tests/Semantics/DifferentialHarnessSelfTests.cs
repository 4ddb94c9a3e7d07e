using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using Prewired.CompilerServices;
using Xunit;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// The differential comparison must be able to fail: hand-written "Optimization #3" methods, each wrong in one way a
    /// generator could be, are compared with their async original under the same scenarios the theories use, and the
    /// comparison must report the field that shows the mistake. A correct hand-written one must pass.
    /// </summary>
    public sealed class DifferentialHarnessSelfTests
    {
        // ---- the original ------------------------------------------------------------------------------------------

        private static async Task<int> Original(Env env, int v)
        {
            env.Log("start");
            Env.Flow.Value = "body";
            var a = await env.TR(0, 1);
            env.Log("a=" + a);
            return a + v;
        }

        // ---- a correct hand-written fast path ----------------------------------------------------------------------

        private static Task<int> Correct(Env env, int v)
        {
            var guard = AsyncContextGuard.Capture();
            try
            {
                env.Log("start");
                Env.Flow.Value = "body";
                var task = env.TR(0, 1);
                var awaiter = task.GetAwaiter();
                if (!awaiter.IsCompleted) return guard.Return(Resume(task, env, v));
                var a = awaiter.GetResult();
                env.Log("a=" + a);
                return guard.Return(AsyncResult.FromResult(a + v));
            }
            catch (Exception e)
            {
                return guard.Return(AsyncResult.Faulted<int>(e));
            }
        }

        private static async Task<int> Resume(Task<int> task, Env env, int v)
        {
            var a = await task;
            env.Log("a=" + a);
            return a + v;
        }

        // ---- wrong in one way each ---------------------------------------------------------------------------------

        private static Task<int> OceBecomesFaulted(Env env, int v)
        {
            var guard = AsyncContextGuard.Capture();
            try
            {
                env.Log("start");
                Env.Flow.Value = "body";
                var task = env.TR(0, 1);
                var awaiter = task.GetAwaiter();
                if (!awaiter.IsCompleted) return guard.Return(Resume(task, env, v));
                var a = awaiter.GetResult();
                env.Log("a=" + a);
                return guard.Return(AsyncResult.FromResult(a + v));
            }
            catch (Exception e)
            {
                // Task.FromException keeps an OperationCanceledException as a fault; the builder cancels.
                return guard.Return(Task.FromException<int>(e));
            }
        }

        private static Task<int> ResumesWithoutTheContext(Env env, int v)
        {
            var guard = AsyncContextGuard.Capture();
            try
            {
                env.Log("start");
                Env.Flow.Value = "body";
                var task = env.TR(0, 1);
                var awaiter = task.GetAwaiter();
                if (!awaiter.IsCompleted) return guard.Return(ResumeConfigureAwaitFalse(task, env, v));
                var a = awaiter.GetResult();
                env.Log("a=" + a);
                return guard.Return(AsyncResult.FromResult(a + v));
            }
            catch (Exception e)
            {
                return guard.Return(AsyncResult.Faulted<int>(e));
            }
        }

        private static async Task<int> ResumeConfigureAwaitFalse(Task<int> task, Env env, int v)
        {
            var a = await task.ConfigureAwait(false);
            env.Log("a=" + a);
            return a + v;
        }

        private static Task<int> LeaksTheAsyncLocal(Env env, int v)
        {
            try
            {
                env.Log("start");
                Env.Flow.Value = "body";
                var task = env.TR(0, 1);
                var awaiter = task.GetAwaiter();
                if (!awaiter.IsCompleted) return Resume(task, env, v);
                var a = awaiter.GetResult();
                env.Log("a=" + a);
                return AsyncResult.FromResult(a + v);
            }
            catch (Exception e)
            {
                return AsyncResult.Faulted<int>(e);
            }
        }

        private static Task<int> ThrowsSynchronously(Env env, int v)
        {
            var guard = AsyncContextGuard.Capture();
            env.Log("start");
            Env.Flow.Value = "body";
            var task = env.TR(0, 1);
            var awaiter = task.GetAwaiter();
            if (!awaiter.IsCompleted) return guard.Return(Resume(task, env, v));
            var a = awaiter.GetResult();
            env.Log("a=" + a);
            return guard.Return(AsyncResult.FromResult(a + v));
        }

        private static Task<int> WrapsTheException(Env env, int v)
        {
            var guard = AsyncContextGuard.Capture();
            try
            {
                return Correct(env, v) is { IsFaulted: true } faulted
                    ? guard.Return(AsyncResult.Faulted<int>(new InvalidOperationException(faulted.Exception!.InnerException!.Message)))
                    : guard.Return(Correct(env, v));
            }
            catch (Exception e)
            {
                return guard.Return(AsyncResult.Faulted<int>(e));
            }
        }

        private static Task<int> UncachedResultTask(Env env, int v)
        {
            var task = Correct(env, v);
            if (!task.IsCompletedSuccessfully) return task;
            var source = new TaskCompletionSource<int>();
            source.SetResult(task.Result);
            return source.Task;
        }

        private static Task<int> LogsTwice(Env env, int v)
        {
            env.Log("start");
            return Correct(env, v);
        }

        // ---- the tests ---------------------------------------------------------------------------------------------

        [Fact]
        public void A_correct_hand_written_fast_path_passes()
        {
            Assert.Empty(Differences(Correct, Variant.FastPath));
        }

        [Theory]
        [InlineData(nameof(OceBecomesFaulted), "FinalStatus")]
        [InlineData(nameof(ResumesWithoutTheContext), "Log")]
        [InlineData(nameof(LeaksTheAsyncLocal), "CallerAfterCall")]
        [InlineData(nameof(ThrowsSynchronously), "SynchronousThrow")]
        [InlineData(nameof(WrapsTheException), "AwaitThrows")]
        [InlineData(nameof(UncachedResultTask), "SameTaskObjectTwice")]
        [InlineData(nameof(LogsTwice), "Log")]
        public void A_wrong_fast_path_is_reported(string implementation, string field)
        {
            Func<Env, int, Task<int>> method = implementation switch
            {
                nameof(OceBecomesFaulted) => OceBecomesFaulted,
                nameof(ResumesWithoutTheContext) => ResumesWithoutTheContext,
                nameof(LeaksTheAsyncLocal) => LeaksTheAsyncLocal,
                nameof(ThrowsSynchronously) => ThrowsSynchronously,
                nameof(WrapsTheException) => WrapsTheException,
                nameof(UncachedResultTask) => UncachedResultTask,
                nameof(LogsTwice) => LogsTwice,
                _ => throw new ArgumentOutOfRangeException(nameof(implementation)),
            };

            var differences = Differences(method, Variant.FastPath);
            Assert.Contains(field, differences);
        }

        /// <summary>The tail expectation requires the documented differences: an exact (awaiting) tail method fails it.</summary>
        [Fact]
        public void The_tail_expectation_requires_the_documented_pending_differences()
        {
            static async Task<int> Awaiting(Env env, int v) => await env.TR(0, v);
            var differences = Differences(Awaiting, Variant.TailAwait, Awaiting);
            Assert.Contains("ReturnedAwaitedTask", differences);
            Assert.Contains("FinalStatus", differences);
            Assert.Contains("TaskExceptions", differences);
            Assert.Contains("Log", differences);
        }

        /// <summary>... and accepts a pass-through that has exactly those differences.</summary>
        [Fact]
        public void The_tail_expectation_accepts_a_pass_through_with_exactly_the_documented_differences()
        {
            static async Task<int> Awaiting(Env env, int v) => await env.TR(0, v);
            static Task<int> PassThrough(Env env, int v) => TailAwait.AsTask(env.TR(0, v));
            Assert.Empty(Differences(PassThrough, Variant.TailAwait, Awaiting));
        }

        private static HashSet<string> Differences(Func<Env, int, Task<int>> generated, Variant variant, Func<Env, int, Task<int>>? original = null)
        {
            var testCase = new HandWritten(original ?? Original, generated);
            var found = new HashSet<string>();
            Driver.OnCleanThread(() =>
            {
                foreach (var scenario in Driver.ScenariosFor(new Dictionary<int, bool> { [0] = false }, new[] { 0 }))
                {
                    var o = Driver.Run(() => testCase, Variant.Original, scenario);
                    var g = Driver.Run(() => testCase, variant, scenario);
                    var expected = variant == Variant.TailAwait ? Expectations.Tail(o, awaitsSiteDirectly: true, out _) : o;
                    found.UnionWith(expected.Differences(g));
                }
            });
            return found;
        }

        private sealed class HandWritten : ISemanticsCase
        {
            private readonly Func<Env, int, Task<int>> _original;
            private readonly Func<Env, int, Task<int>> _generated;

            public HandWritten(Func<Env, int, Task<int>> original, Func<Env, int, Task<int>> generated)
            {
                _original = original;
                _generated = generated;
            }

            public Observation Original(Env env, int v) => Observer.Of(env, _original(env, v));

            public Observation Fast(Env env, int v) => Observer.Of(env, _generated(env, v));

            public Observation? Tail(Env env, int v) => Observer.Of(env, _generated(env, v));
        }
    }
}
