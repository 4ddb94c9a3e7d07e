using System;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Semantics
{
    /// <summary>What the test calls on the compiled class: each [FastPath] method beside its async body.</summary>
    public interface IPendingProbe
    {
        ValueTask<int> One(PendingOnceSource source);

        ValueTask<int> OneCore(PendingOnceSource source);

        ValueTask<int> Loop(PendingOnceSource source, int n);

        ValueTask<int> LoopCore(PendingOnceSource source, int n);

        ValueTask<int> Guarded(PendingOnceSource source, int n);

        ValueTask<int> GuardedCore(PendingOnceSource source, int n);

        ValueTask<object?> Scalar(PendingOnceSource source, bool async);

        ValueTask<object?> ScalarCore(PendingOnceSource source, bool async);
    }

    /// <summary>
    /// What the pending path allocates beside the async method (PRODUCT.md §3 asks for no more; issue 19 point 3, issue 21).
    /// The one continuation's state machine box holds what the body's holds (the live state is the union of what each
    /// await needs, as the body's hoisted locals are), plus the resume point where the continuation tests it after an
    /// await (a loop's or an if's header). The pending awaitable no longer travels as a parameter: every parameter of an
    /// async method is a field of its box, beside the awaiter field the await keeps, so each awaitable type cost its
    /// awaitable twice (a ValueTask's 16 or 24 B). On Npgsql's ExecuteScalar (three awaitable types) that was +48 B per
    /// pending call in one box; the "Scalar" shape is that body, minimized. Measured per pending call with an awaitable
    /// that completes inside OnCompleted (the whole pending path runs on the calling thread), in Release.
    /// </summary>
    public sealed class PendingPathAllocationTests
    {
        private const int Iterations = 2_000;

        private const string Source = """
            using System;
            using System.Threading.Tasks;
            using Prewired;
            using Prewired.Tests.Semantics;

            namespace Pending
            {
                public sealed partial class Probe : IPendingProbe
                {
                    public async ValueTask<int> OneCore(PendingOnceSource source)
                    {
                        var a = await source.Next();
                        return a + 1;
                    }

                    [FastPath(nameof(OneCore))]
                    public partial ValueTask<int> One(PendingOnceSource source);

                    public async ValueTask<int> LoopCore(PendingOnceSource source, int n)
                    {
                        var sum = 0;
                        for (var i = 0; i < n; i++)
                        {
                            var x = await source.Next();
                            sum += x * i;
                        }

                        var last = await source.Next();
                        return sum + last;
                    }

                    [FastPath(nameof(LoopCore))]
                    public partial ValueTask<int> Loop(PendingOnceSource source, int n);

                    public async ValueTask<int> GuardedCore(PendingOnceSource source, int n)
                    {
                        var total = 0;
                        try
                        {
                            using (new Lease())
                            {
                                total = await source.Next();
                            }

                            if (n > 1) total += await source.Next();
                        }
                        finally
                        {
                            total++;
                        }

                        return total;
                    }

                    [FastPath(nameof(GuardedCore))]
                    public partial ValueTask<int> Guarded(PendingOnceSource source, int n);

                    // Npgsql's NpgsqlCommand.ExecuteScalar, minimized: three awaitable types (a ValueTask<T> of a reference,
                    // a ValueTask<int>, a ValueTask), ConfigureAwait(false), a try/finally that awaits in its finally.
                    public async ValueTask<object?> ScalarCore(PendingOnceSource source, bool async)
                    {
                        var reader = await source.NextText().ConfigureAwait(false);
                        try
                        {
                            var read = async ? await source.Next().ConfigureAwait(false) : 1;
                            return read != 0 && reader.Length != 0 ? reader : null;
                        }
                        finally
                        {
                            if (async) await source.Done().ConfigureAwait(false);
                        }
                    }

                    [FastPath(nameof(ScalarCore))]
                    public partial ValueTask<object?> Scalar(PendingOnceSource source, bool async);

                    private sealed class Lease : IDisposable
                    {
                        public void Dispose() { }
                    }
                }
            }
            """;

        private static readonly Lazy<IPendingProbe> s_probe = new(Compile);

        /// <summary>
        /// Each shape with what its continuation may hold beyond the body's box: the loop's resume point, which its header
        /// tests on every pass (4 B, 8 with the allocator's rounding); nothing for the others.
        /// </summary>
        public static TheoryData<string, int> Shapes() => new() { { "One", 0 }, { "Loop", 0 }, { "Guarded", 0 }, { "Scalar", 0 } };

        [Theory]
        [MemberData(nameof(Shapes))]
        public void A_pending_call_allocates_no_more_than_the_async_body(string shape, int resumePoint)
        {
            var probe = s_probe.Value;
            var (fastPath, async) = shape switch
            {
                "One" => (BytesPerCall(probe.One), BytesPerCall(probe.OneCore)),
                "Loop" => (BytesPerCall(s => probe.Loop(s, 3)), BytesPerCall(s => probe.LoopCore(s, 3))),
                "Guarded" => (BytesPerCall(s => probe.Guarded(s, 2)), BytesPerCall(s => probe.GuardedCore(s, 2))),
                _ => (BytesPerCall(s => probe.Scalar(s, true)), BytesPerCall(s => probe.ScalarCore(s, true))),
            };
            Assert.True(async > 0, "the measurement must see the async body's state machine box");
            Assert.True(fastPath <= async + resumePoint, $"{shape}: [FastPath] pending path {fastPath} B per call, async body {async} B");
        }

        private static long BytesPerCall<T>(Func<PendingOnceSource, ValueTask<T>> call)
        {
            var source = new PendingOnceSource();
            long allocated = 0;
            Driver.OnCleanThread(() =>
            {
                Loop(call, source, Iterations * 5);
                var before = GC.GetAllocatedBytesForCurrentThread();
                Loop(call, source, Iterations);
                allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            });
            return allocated / Iterations;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int Loop<T>(Func<PendingOnceSource, ValueTask<T>> call, PendingOnceSource source, int iterations)
        {
            var sum = 0;
            for (var i = 0; i < iterations; i++)
            {
                var task = call(source);
                if (!task.IsCompleted) throw new InvalidOperationException("the pending path did not run to the end inline");
                _ = task.GetAwaiter().GetResult();
                sum++;
            }

            return sum;
        }

        private static IPendingProbe Compile()
        {
            var settings = TestCompilationSettings.Default with
            {
                AssemblyName = "PrewiredPendingProbe",
                Optimization = Microsoft.CodeAnalysis.OptimizationLevel.Release,
                AdditionalAssemblies = System.Collections.Immutable.ImmutableArray.Create(typeof(IPendingProbe).Assembly),
            };
            var run = GeneratorDriverHarness.Run(new Microsoft.CodeAnalysis.IIncrementalGenerator[] { new PrewiredGenerator() }, new[] { Source }, settings);
            run.AssertGeneratedCodeCompilesCleanly();
            var loaded = CompileAndRun.Load(run.OutputCompilation, run);
            return (IPendingProbe)loaded.CreateInstance("Pending.Probe");
        }
    }
}
