using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;
using System.Threading.Tasks.Sources;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// A value task source that is pending when first asked and completes inside OnCompleted, invoking the continuation
    /// there: the pending path (the hand-off, the continuation's suspension and resumption) runs to the end on the calling
    /// thread, so what it allocates is measurable with <see cref="GC.GetAllocatedBytesForCurrentThread"/>.
    /// </summary>
    public sealed class PendingOnceSource : IValueTaskSource<int>, IValueTaskSource<string>, IValueTaskSource
    {
        private bool _completed;

        public ValueTask<int> Next()
        {
            _completed = false;
            return new ValueTask<int>(this, 0);
        }

        /// <summary>The same, with a reference result.</summary>
        public ValueTask<string> NextText()
        {
            _completed = false;
            return new ValueTask<string>(this, 0);
        }

        /// <summary>The same, without a result.</summary>
        public ValueTask Done()
        {
            _completed = false;
            return new ValueTask(this, 0);
        }

        public ValueTaskSourceStatus GetStatus(short token) => _completed ? ValueTaskSourceStatus.Succeeded : ValueTaskSourceStatus.Pending;

        public int GetResult(short token) => 7;

        string IValueTaskSource<string>.GetResult(short token) => "seven";

        void IValueTaskSource.GetResult(short token)
        {
        }

        public void OnCompleted(Action<object?> continuation, object? state, short token, ValueTaskSourceOnCompletedFlags flags)
        {
            _completed = true;
            continuation(state);
        }
    }

    /// <summary>What the test calls on the compiled class.</summary>
    public interface IPooledProbe
    {
        /// <summary>[FastPath] over a body with [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder&lt;&gt;))].</summary>
        ValueTask<int> Pooled(PendingOnceSource source);

        /// <summary>[FastPath] over the same body with the default builder: the control.</summary>
        ValueTask<int> Plain(PendingOnceSource source);

        /// <summary>[FastPath] over the same body with a builder of the user's own (it delegates to the default one).</summary>
        ValueTask<int> Custom(PendingOnceSource source);
    }

    /// <summary>
    /// A body that chose a pooling builder keeps it on the pending path (issue 21 point 4): the continuation the generator
    /// writes carries the body's [AsyncMethodBuilder], so its state machine box is rented from the pool and returned when the
    /// caller takes the result, and a pending call allocates nothing once warm. The same body with the default builder
    /// allocates a box per pending call, which shows the measurement sees the difference.
    /// </summary>
    public sealed class PooledBuilderTests
    {
        private const int Iterations = 2_000;

        private const string Source = """
            using System.Runtime.CompilerServices;
            using System.Threading.Tasks;
            using Prewired;
            using Prewired.Tests.Semantics;

            namespace Pooling
            {
                public sealed partial class Probe : IPooledProbe
                {
                    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
                    private async ValueTask<int> PooledCore(PendingOnceSource source)
                    {
                        var a = await source.Next();
                        return a + 1;
                    }

                    [FastPath(nameof(PooledCore))]
                    public partial ValueTask<int> Pooled(PendingOnceSource source);

                    private async ValueTask<int> PlainCore(PendingOnceSource source)
                    {
                        var a = await source.Next();
                        return a + 1;
                    }

                    [FastPath(nameof(PlainCore))]
                    public partial ValueTask<int> Plain(PendingOnceSource source);

                    [AsyncMethodBuilder(typeof(OwnBuilder<>))]
                    private async ValueTask<int> CustomCore(PendingOnceSource source)
                    {
                        var a = await source.Next();
                        return a + 1;
                    }

                    [FastPath(nameof(CustomCore))]
                    public partial ValueTask<int> Custom(PendingOnceSource source);
                }

                public struct OwnBuilder<T>
                {
                    private AsyncValueTaskMethodBuilder<T> _inner;

                    public static OwnBuilder<T> Create() => new OwnBuilder<T> { _inner = AsyncValueTaskMethodBuilder<T>.Create() };

                    public ValueTask<T> Task => _inner.Task;

                    public void Start<TStateMachine>(ref TStateMachine stateMachine) where TStateMachine : IAsyncStateMachine => _inner.Start(ref stateMachine);

                    public void SetStateMachine(IAsyncStateMachine stateMachine) => _inner.SetStateMachine(stateMachine);

                    public void SetResult(T result) => _inner.SetResult(result);

                    public void SetException(System.Exception exception) => _inner.SetException(exception);

                    public void AwaitOnCompleted<TAwaiter, TStateMachine>(ref TAwaiter awaiter, ref TStateMachine stateMachine)
                        where TAwaiter : INotifyCompletion where TStateMachine : IAsyncStateMachine => _inner.AwaitOnCompleted(ref awaiter, ref stateMachine);

                    public void AwaitUnsafeOnCompleted<TAwaiter, TStateMachine>(ref TAwaiter awaiter, ref TStateMachine stateMachine)
                        where TAwaiter : ICriticalNotifyCompletion where TStateMachine : IAsyncStateMachine => _inner.AwaitUnsafeOnCompleted(ref awaiter, ref stateMachine);
                }
            }
            """;

        private static readonly Lazy<(IPooledProbe Probe, string Generated)> s_probe = new(Compile);

        [Fact]
        public void The_continuation_carries_the_body_builder()
        {
            var generated = s_probe.Value.Generated.Replace("\r\n", "\n");
            // The continuation is a state machine holding the body's builder, closed over the result as the compiler closes it.
            Assert.Contains("private struct Pooled__Continuation : global::System.Runtime.CompilerServices.IAsyncStateMachine", generated);
            Assert.Contains("public global::System.Runtime.CompilerServices.PoolingAsyncValueTaskMethodBuilder<int> __builder;", generated);
            Assert.Contains("__machine.__builder = global::System.Runtime.CompilerServices.PoolingAsyncValueTaskMethodBuilder<int>.Create();", generated);
        }

        /// <summary>
        /// A builder of the user's own drives the state machine the same way (Create, AwaitUnsafeOnCompleted, Start, SetResult,
        /// SetException: the builder pattern the compiler requires of it), and the pending path gives the body's result.
        /// </summary>
        [Fact]
        public void A_builder_of_the_user_own_drives_the_continuation()
        {
            var generated = s_probe.Value.Generated.Replace("\r\n", "\n");
            Assert.Contains("private global::System.Threading.Tasks.ValueTask<int> Custom__Resume(int __state, global::System.Threading.Tasks.ValueTask<int> __awaitable0)", generated);
            Assert.Contains("__builder = global::Pooling.OwnBuilder<int>.Create();", generated);
            Assert.DoesNotContain("PendingAwaitable", generated);
            Assert.Equal(8, Loop(s_probe.Value.Probe.Custom, new PendingOnceSource(), 1));
        }

        [Fact]
        public void A_pending_call_through_a_pooling_body_allocates_nothing_once_warm()
        {
            Assert.Equal(0, PendingPathBytes(p => p.Pooled));
        }

        [Fact]
        public void A_pending_call_through_a_default_builder_body_allocates_its_box()
        {
            Assert.True(PendingPathBytes(p => p.Plain) >= Iterations * 64L, "the control must allocate a state machine box per pending call");
        }

        private static long PendingPathBytes(Func<IPooledProbe, Func<PendingOnceSource, ValueTask<int>>> select)
        {
            var call = select(s_probe.Value.Probe);
            var source = new PendingOnceSource();
            long allocated = 0;
            Driver.OnCleanThread(() =>
            {
                Loop(call, source, Iterations * 5); // warm-up: first calls, tiering, the pool's first box
                var before = GC.GetAllocatedBytesForCurrentThread();
                Loop(call, source, Iterations);
                allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            });
            return allocated;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int Loop(Func<PendingOnceSource, ValueTask<int>> call, PendingOnceSource source, int iterations)
        {
            var sum = 0;
            for (var i = 0; i < iterations; i++)
            {
                var task = call(source);
                if (!task.IsCompleted) throw new InvalidOperationException("the pending path did not run to the end inline");
                sum += task.GetAwaiter().GetResult();
            }

            return sum;
        }

        private static (IPooledProbe, string) Compile()
        {
            var settings = TestCompilationSettings.Default with
            {
                AssemblyName = "PrewiredPooledBuilderProbe",
                Optimization = Microsoft.CodeAnalysis.OptimizationLevel.Release,
                AdditionalAssemblies = System.Collections.Immutable.ImmutableArray.Create(typeof(IPooledProbe).Assembly),
            };
            var run = GeneratorDriverHarness.Run(new Microsoft.CodeAnalysis.IIncrementalGenerator[] { new PrewiredGenerator() }, new[] { Source }, settings);
            run.AssertGeneratedCodeCompilesCleanly();
            var generated = string.Join("\n", run.GeneratedSources.Where(s => s.HintName.Contains(".Pooled.", StringComparison.Ordinal) || s.HintName.Contains(".Plain.", StringComparison.Ordinal) || s.HintName.Contains(".Custom.", StringComparison.Ordinal)).Select(s => s.SourceText.ToString()));
            var loaded = CompileAndRun.Load(run.OutputCompilation, run);
            return ((IPooledProbe)loaded.CreateInstance("Pooling.Probe"), generated);
        }
    }
}
