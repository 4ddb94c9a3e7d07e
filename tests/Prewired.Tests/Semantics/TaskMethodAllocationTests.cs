using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;
using Xunit.Abstractions;

namespace Prewired.Tests.Semantics
{
    /// <summary>What <see cref="TaskMethodAllocationTests"/> calls: each method as [FastPath] and as the plain async method.</summary>
    public interface ITaskAllocationProbe
    {
        Task FastPathVoid(int x);

        Task AsyncVoid(int x);

        Task<int> FastPathOfInt(int x);

        Task<int> AsyncOfInt(int x);
    }

    /// <summary>
    /// What a Task-returning method gains and keeps with [FastPath] (PW0202's <c>prewired_fastpath_candidates = all</c>):
    /// on the synchronous path it allocates exactly what the async method allocates, measured with
    /// GC.GetAllocatedBytesForCurrentThread around a loop of interface calls after warm-up, Release code: nothing for a
    /// <c>Task</c> and for a <c>Task&lt;int&gt;</c> result the builder caches, one <c>Task&lt;int&gt;</c> for any other result,
    /// in both. The gain is the state machine and builder work, not memory (docs/diagnostics/PW0202.md).
    /// </summary>
    public sealed class TaskMethodAllocationTests
    {
        private const int Iterations = 20_000;

        private const string Source = """
            using System.Threading.Tasks;
            using Prewired;
            using Prewired.Tests.Semantics;

            namespace TaskAllocations
            {
                public sealed partial class Probe : ITaskAllocationProbe
                {
                    private int _sum;

                    // Completes synchronously; provably inert, so neither method has a context guard.
                    private static ValueTask<int> Ready(int x) => new ValueTask<int>(x);

                    private async Task FastPathVoidCore(int x)
                    {
                        var a = await Ready(x);
                        _sum += a;
                    }

                    [FastPath(nameof(FastPathVoidCore))]
                    public partial Task FastPathVoid(int x);

                    public async Task AsyncVoid(int x)
                    {
                        var a = await Ready(x);
                        _sum += a;
                    }

                    private async Task<int> FastPathOfIntCore(int x)
                    {
                        var a = await Ready(x);
                        return a - 1;
                    }

                    [FastPath(nameof(FastPathOfIntCore))]
                    public partial Task<int> FastPathOfInt(int x);

                    public async Task<int> AsyncOfInt(int x)
                    {
                        var a = await Ready(x);
                        return a - 1;
                    }
                }
            }
            """;

        private static readonly Lazy<(ITaskAllocationProbe Probe, Dictionary<string, string> Generated)> s_probe = new(Compile);

        private readonly ITestOutputHelper _output;

        public TaskMethodAllocationTests(ITestOutputHelper output) => _output = output;

        /// <summary>
        /// Bytes per call, [FastPath] and async, for results <c>x - 1</c> with x in [offset, offset + 8): offset 0 gives -1..6,
        /// all cached by the builder (it caches -1..8); offset 1000 gives uncached values.
        /// </summary>
        [Theory]
        [InlineData("Void", 0, true)]
        [InlineData("OfInt", 0, true)]
        [InlineData("OfInt", 1000, false)]
        public void Synchronous_path_allocates_what_the_async_method_allocates(string shape, int offset, bool none)
        {
            var generated = s_probe.Value.Generated["FastPath" + shape];
            Assert.DoesNotContain("// Forwarding to", generated);
            Assert.DoesNotContain("AsyncContextGuard.Capture()", generated);

            double fastPath = BytesPerCall("FastPath" + shape, offset);
            double async = BytesPerCall("Async" + shape, offset);
            _output.WriteLine($"{shape}, results from {offset - 1}: [FastPath] {fastPath:0.##} B/call, async {async:0.##} B/call");

            Assert.Equal(async, fastPath, precision: 1);
            if (none) Assert.Equal(0, fastPath, precision: 3);
            else Assert.True(fastPath >= 64, $"an uncached Task<int> per call expected, measured {fastPath:0.##} B/call");
        }

        private static double BytesPerCall(string method, int offset)
        {
            var probe = s_probe.Value.Probe;
            long allocated = 0;
            Driver.OnCleanThread(() =>
            {
                Loop(probe, method, offset, Iterations * 5); // warm-up: first calls, tiering
                Loop(probe, method, offset, Iterations * 5);
                var before = GC.GetAllocatedBytesForCurrentThread();
                Loop(probe, method, offset, Iterations);
                allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            });
            return (double)allocated / Iterations;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int Loop(ITaskAllocationProbe probe, string method, int offset, int iterations)
        {
            var sum = 0;
            for (var i = 0; i < iterations; i++)
            {
                var x = offset + (i & 7);
                Task task = method switch
                {
                    nameof(ITaskAllocationProbe.FastPathVoid) => probe.FastPathVoid(x),
                    nameof(ITaskAllocationProbe.AsyncVoid) => probe.AsyncVoid(x),
                    nameof(ITaskAllocationProbe.FastPathOfInt) => probe.FastPathOfInt(x),
                    nameof(ITaskAllocationProbe.AsyncOfInt) => probe.AsyncOfInt(x),
                    _ => throw new ArgumentOutOfRangeException(nameof(method), method, null),
                };
                if (!task.IsCompletedSuccessfully) throw new InvalidOperationException("did not complete synchronously");
                if (task is Task<int> result) sum += result.Result;
            }

            return sum;
        }

        private static (ITaskAllocationProbe, Dictionary<string, string>) Compile() => GeneratedProbe.Compile<ITaskAllocationProbe>(Source, "PrewiredTaskAllocationProbe", "TaskAllocations.Probe");
    }
}
