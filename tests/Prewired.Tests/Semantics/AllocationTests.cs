using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Semantics
{
    /// <summary>What the allocation tests call: an interface, so the measured loop makes plain interface calls.</summary>
    public interface IAllocationProbe
    {
        ValueTask<int> FastPath(int x);

        ValueTask<int> FastPathGuarded(int x);

        ValueTask FastPathVoid(int x);

        ValueTask<int> FastPathLoop(int x);

        ValueTask<int> FastPathTryFinally(int x);

        ValueTask<int> FastPathUsing(int x);

        ValueTask<int> FastPathSpill(int x);

        ValueTask<int> FastPathAwaitUsing(int x);

        ValueTask<int> FastPathAwaitForeach(int x);

        ValueTask<int> TailAwait(int x);

        ValueTask<int> TailAwaitGuarded(int x);

        ValueTask TailAwaitVoid(int x);

        /// <summary>Control: an async Task&lt;int&gt; method completing synchronously with an uncached value allocates its task.</summary>
        Task<int> AsyncTaskControl(int x);
    }

    /// <summary>
    /// Synchronous completion of ValueTask-returning [FastPath] and [TailAwait] methods allocates nothing: measured with
    /// GC.GetAllocatedBytesForCurrentThread around a loop of interface calls after warm-up, on code compiled in Release,
    /// with and without the context guard (both decisions asserted from the generated code).
    /// </summary>
    public sealed class AllocationTests
    {
        private const int Iterations = 20_000;

        private const string Source = """
            using System;
            using System.Threading;
            using System.Threading.Tasks;
            using Prewired;
            using Prewired.Tests.Semantics;

            namespace Allocations
            {
                public sealed partial class Probe : IAllocationProbe
                {
                    private int _calls;

                    // Completes synchronously; not async, and provably inert (a ValueTask constructor).
                    private static ValueTask<int> Ready(int x) => new ValueTask<int>(x);

                    private static ValueTask ReadyVoid() => default;

                    // A call the guard analysis cannot prove inert (a delegate invocation: any code could be behind it): needs
                    // the guard. The delegate is made once, with the probe.
                    private readonly Action _count;

                    public Probe() => _count = () => Interlocked.Increment(ref _calls);

                    private void Count() => _count();

                    private async ValueTask<int> FastPathCore(int x)
                    {
                        var a = await Ready(x);
                        var b = await Ready(a + 1).ConfigureAwait(false);
                        if (a > 1000) return -1;
                        return a + b;
                    }

                    [FastPath(nameof(FastPathCore))]
                    public partial ValueTask<int> FastPath(int x);

                    private async ValueTask<int> FastPathGuardedCore(int x)
                    {
                        Count();
                        var a = await Ready(x);
                        Count();
                        return a * 2;
                    }

                    [FastPath(nameof(FastPathGuardedCore))]
                    public partial ValueTask<int> FastPathGuarded(int x);

                    private async ValueTask FastPathVoidCore(int x)
                    {
                        await ReadyVoid();
                        if (x < 0) throw new ArgumentOutOfRangeException(nameof(x));
                        await Ready(x);
                    }

                    [FastPath(nameof(FastPathVoidCore))]
                    public partial ValueTask FastPathVoid(int x);

                    private readonly int[] _numbers = { 1, 2, 3 };
                    private readonly System.Collections.Generic.List<int> _list = new() { 4, 5 };

                    // Eight awaits in a for loop, foreach over an array and over a List<T> (struct enumerator, disposed), an awaited while condition.
                    private async ValueTask<int> FastPathLoopCore(int x)
                    {
                        var sum = 0;
                        for (var i = 0; i < 8; i++)
                        {
                            var a = await Ready(x + i);
                            sum += a;
                        }

                        foreach (var n in _numbers)
                        {
                            var b = await Ready(n);
                            sum += b;
                        }

                        foreach (var n in _list)
                        {
                            var c = await Ready(n);
                            sum += c;
                        }

                        var k = 0;
                        while (await Ready(k) < 3) k++;
                        return sum + k;
                    }

                    [FastPath(nameof(FastPathLoopCore))]
                    public partial ValueTask<int> FastPathLoop(int x);

                    private async ValueTask<int> FastPathTryFinallyCore(int x)
                    {
                        var result = 0;
                        try
                        {
                            result = await Ready(x);
                            if (result < 0) throw new InvalidOperationException();
                        }
                        catch (InvalidOperationException)
                        {
                            result = -1;
                        }
                        finally
                        {
                            _calls++;
                        }

                        return result;
                    }

                    [FastPath(nameof(FastPathTryFinallyCore))]
                    public partial ValueTask<int> FastPathTryFinally(int x);

                    private struct Lease : IDisposable
                    {
                        public void Dispose() { }
                    }

                    private sealed class Shared : IDisposable
                    {
                        public static readonly Shared Instance = new();
                        public void Dispose() { }
                    }

                    // A struct using declaration and a class using statement around the await.
                    private async ValueTask<int> FastPathUsingCore(int x)
                    {
                        using var lease = new Lease();
                        using (Shared.Instance)
                        {
                            var a = await Ready(x);
                            return a;
                        }
                    }

                    [FastPath(nameof(FastPathUsingCore))]
                    public partial ValueTask<int> FastPathUsing(int x);

                    // Nested awaits, spilled to temporaries before their statements.
                    private async ValueTask<int> FastPathSpillCore(int x)
                    {
                        if (await Ready(x) > 1000) return -1;
                        return await Ready(x) + await Ready(x + 1);
                    }

                    [FastPath(nameof(FastPathSpillCore))]
                    public partial ValueTask<int> FastPathSpill(int x);

                    private struct AsyncLease : IAsyncDisposable
                    {
                        public ValueTask DisposeAsync() => default;
                    }

                    private sealed class SharedAsync : IAsyncDisposable
                    {
                        public static readonly SharedAsync Instance = new();
                        public ValueTask DisposeAsync() => default;
                    }

                    // A struct await using declaration (disposed on the variable, no box) and a class await using statement.
                    private async ValueTask<int> FastPathAwaitUsingCore(int x)
                    {
                        await using var lease = new AsyncLease();
                        await using (SharedAsync.Instance.ConfigureAwait(false))
                        {
                            var a = await Ready(x);
                            return a;
                        }
                    }

                    [FastPath(nameof(FastPathAwaitUsingCore))]
                    public partial ValueTask<int> FastPathAwaitUsing(int x);

                    // Synchronously completing async enumerators: a struct one by pattern, and a reused class one through
                    // IAsyncEnumerable<int> (its DisposeAsync called through IAsyncDisposable).
                    private struct Three
                    {
                        public Enumerator GetAsyncEnumerator() => new Enumerator();
                        public struct Enumerator
                        {
                            private int _i;
                            public int Current => _i;
                            public ValueTask<bool> MoveNextAsync() => new ValueTask<bool>(++_i <= 3);
                            public ValueTask DisposeAsync() => default;
                        }
                    }

                    private sealed class Reused : System.Collections.Generic.IAsyncEnumerable<int>, System.Collections.Generic.IAsyncEnumerator<int>
                    {
                        private int _i;
                        public System.Collections.Generic.IAsyncEnumerator<int> GetAsyncEnumerator(CancellationToken cancellationToken = default) { _i = 0; return this; }
                        public int Current => _i;
                        public ValueTask<bool> MoveNextAsync() => new ValueTask<bool>(++_i <= 2);
                        public ValueTask DisposeAsync() => default;
                    }

                    private readonly Reused _reused = new();

                    private async ValueTask<int> FastPathAwaitForeachCore(int x)
                    {
                        var sum = x;
                        await foreach (var n in new Three()) sum += n;
                        await foreach (var n in _reused)
                        {
                            sum += await Ready(n);
                        }

                        return sum;
                    }

                    [FastPath(nameof(FastPathAwaitForeachCore))]
                    public partial ValueTask<int> FastPathAwaitForeach(int x);

                    private async ValueTask<int> TailAwaitCore(int x)
                    {
                        if (x < 0) throw new ArgumentOutOfRangeException(nameof(x));
                        return await Ready(x);
                    }

                    [TailAwait(nameof(TailAwaitCore))]
                    public partial ValueTask<int> TailAwait(int x);

                    private async ValueTask<int> TailAwaitGuardedCore(int x)
                    {
                        Count();
                        return await Ready(x).ConfigureAwait(false);
                    }

                    [TailAwait(nameof(TailAwaitGuardedCore))]
                    public partial ValueTask<int> TailAwaitGuarded(int x);

                    private async ValueTask TailAwaitVoidCore(int x)
                    {
                        if (x < 0) throw new ArgumentOutOfRangeException(nameof(x));
                        await ReadyVoid();
                    }

                    [TailAwait(nameof(TailAwaitVoidCore))]
                    public partial ValueTask TailAwaitVoid(int x);

                    public async Task<int> AsyncTaskControl(int x) => await Ready(x + 1000);
                }
            }
            """;

        private static readonly Lazy<(IAllocationProbe Probe, Dictionary<string, string> Generated)> s_probe = new(Compile);

        public static TheoryData<string> Methods() => new()
        {
            nameof(IAllocationProbe.FastPath),
            nameof(IAllocationProbe.FastPathGuarded),
            nameof(IAllocationProbe.FastPathVoid),
            nameof(IAllocationProbe.FastPathLoop),
            nameof(IAllocationProbe.FastPathTryFinally),
            nameof(IAllocationProbe.FastPathUsing),
            nameof(IAllocationProbe.FastPathSpill),
            nameof(IAllocationProbe.FastPathAwaitUsing),
            nameof(IAllocationProbe.FastPathAwaitForeach),
            nameof(IAllocationProbe.TailAwait),
            nameof(IAllocationProbe.TailAwaitGuarded),
            nameof(IAllocationProbe.TailAwaitVoid),
        };

        [Theory]
        [MemberData(nameof(Methods))]
        public void Synchronous_completion_allocates_nothing(string method)
        {
            var probe = s_probe.Value.Probe;
            long allocated = 0;
            Driver.OnCleanThread(() =>
            {
                Loop(probe, method, Iterations * 5); // warm-up: first calls, tiering
                Loop(probe, method, Iterations * 5);
                var before = GC.GetAllocatedBytesForCurrentThread();
                Loop(probe, method, Iterations);
                allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            });

            Assert.True(allocated == 0, $"{method}: {allocated} bytes over {Iterations} synchronous calls ({(double)allocated / Iterations:0.##} B/call).\n\n{s_probe.Value.Generated[method]}");
        }

        /// <summary>The measurement sees allocations when there are some (an async Task&lt;int&gt; with uncached results).</summary>
        [Fact]
        public void Measurement_sees_the_allocations_of_an_async_Task_method()
        {
            var probe = s_probe.Value.Probe;
            long allocated = 0;
            Driver.OnCleanThread(() =>
            {
                Loop(probe, nameof(IAllocationProbe.AsyncTaskControl), Iterations);
                var before = GC.GetAllocatedBytesForCurrentThread();
                Loop(probe, nameof(IAllocationProbe.AsyncTaskControl), Iterations);
                allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            });

            Assert.True(allocated >= Iterations * 64L, $"expected a task per call, measured {allocated} bytes");
        }

        /// <summary>Both guard decisions are measured above: the plain methods have no guard, the *Guarded ones have one.</summary>
        [Theory]
        [InlineData(nameof(IAllocationProbe.FastPath), false)]
        [InlineData(nameof(IAllocationProbe.FastPathVoid), false)]
        [InlineData(nameof(IAllocationProbe.TailAwait), false)]
        [InlineData(nameof(IAllocationProbe.TailAwaitVoid), false)]
        [InlineData(nameof(IAllocationProbe.FastPathGuarded), true)]
        [InlineData(nameof(IAllocationProbe.TailAwaitGuarded), true)]
        public void Measured_methods_have_the_expected_guard_decision(string method, bool guarded)
        {
            var generated = s_probe.Value.Generated[method];
            Assert.DoesNotContain("// Forwarding to", generated);
            Assert.True(generated.Contains("AsyncContextGuard.Capture()") == guarded, generated);
        }

        /// <summary>The loop, try and using bodies measured above are split, not forwarded (issue 9).</summary>
        [Theory]
        [InlineData(nameof(IAllocationProbe.FastPathLoop))]
        [InlineData(nameof(IAllocationProbe.FastPathTryFinally))]
        [InlineData(nameof(IAllocationProbe.FastPathUsing))]
        [InlineData(nameof(IAllocationProbe.FastPathSpill))]
        [InlineData(nameof(IAllocationProbe.FastPathAwaitUsing))]
        [InlineData(nameof(IAllocationProbe.FastPathAwaitForeach))]
        public void Construct_bodies_are_split(string method) => Assert.DoesNotContain("// Forwarding to", s_probe.Value.Generated[method]);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int Loop(IAllocationProbe probe, string method, int iterations)
        {
            var sum = 0;
            switch (method)
            {
                case nameof(IAllocationProbe.FastPath):
                    for (var i = 0; i < iterations; i++) sum += probe.FastPath(i & 15).Result;
                    break;
                case nameof(IAllocationProbe.FastPathGuarded):
                    for (var i = 0; i < iterations; i++) sum += probe.FastPathGuarded(i & 15).Result;
                    break;
                case nameof(IAllocationProbe.FastPathVoid):
                    for (var i = 0; i < iterations; i++)
                    {
                        var task = probe.FastPathVoid(i & 15);
                        if (!task.IsCompletedSuccessfully) throw new InvalidOperationException("did not complete synchronously");
                        task.GetAwaiter().GetResult();
                    }

                    break;
                case nameof(IAllocationProbe.FastPathLoop):
                    for (var i = 0; i < iterations; i++) sum += probe.FastPathLoop(i & 15).Result;
                    break;
                case nameof(IAllocationProbe.FastPathTryFinally):
                    for (var i = 0; i < iterations; i++) sum += probe.FastPathTryFinally(i & 15).Result;
                    break;
                case nameof(IAllocationProbe.FastPathUsing):
                    for (var i = 0; i < iterations; i++) sum += probe.FastPathUsing(i & 15).Result;
                    break;
                case nameof(IAllocationProbe.FastPathSpill):
                    for (var i = 0; i < iterations; i++) sum += probe.FastPathSpill(i & 15).Result;
                    break;
                case nameof(IAllocationProbe.FastPathAwaitUsing):
                    for (var i = 0; i < iterations; i++) sum += probe.FastPathAwaitUsing(i & 15).Result;
                    break;
                case nameof(IAllocationProbe.FastPathAwaitForeach):
                    for (var i = 0; i < iterations; i++) sum += probe.FastPathAwaitForeach(i & 15).Result;
                    break;
                case nameof(IAllocationProbe.TailAwait):
                    for (var i = 0; i < iterations; i++) sum += probe.TailAwait(i & 15).Result;
                    break;
                case nameof(IAllocationProbe.TailAwaitGuarded):
                    for (var i = 0; i < iterations; i++) sum += probe.TailAwaitGuarded(i & 15).Result;
                    break;
                case nameof(IAllocationProbe.TailAwaitVoid):
                    for (var i = 0; i < iterations; i++)
                    {
                        var task = probe.TailAwaitVoid(i & 15);
                        if (!task.IsCompletedSuccessfully) throw new InvalidOperationException("did not complete synchronously");
                        task.GetAwaiter().GetResult();
                    }

                    break;
                case nameof(IAllocationProbe.AsyncTaskControl):
                    for (var i = 0; i < iterations; i++) sum += probe.AsyncTaskControl(i & 15).Result;
                    break;
                default:
                    throw new ArgumentOutOfRangeException(nameof(method), method, null);
            }

            return sum;
        }

        private static (IAllocationProbe, Dictionary<string, string>) Compile() => GeneratedProbe.Compile<IAllocationProbe>(Source, "PrewiredAllocationProbe", "Allocations.Probe");
    }
}
