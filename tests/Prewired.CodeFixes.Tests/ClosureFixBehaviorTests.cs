using System;
using System.Collections.Generic;
using System.Reflection;
using System.Threading.Tasks;
using Prewired.CodeFixes.Tests.Harness;
using Prewired.Tests.Harness;
using Xunit;
using Xunit.Abstractions;

namespace Prewired.CodeFixes.Tests
{
    /// <summary>
    /// PW0401's fix keeps the behaviour and removes the allocation: the original and the fixed source are compiled
    /// (Release, JIT optimizations off as in the allocation oracle, <see cref="AllocationMeter"/>), both paths are run on
    /// each and must give the same results (a capture written by ref, a member of 'this' changed through 'self'), and the
    /// fast path must allocate before the fix and not after.
    /// </summary>
    public sealed class ClosureFixBehaviorTests
    {
        private const string Source = """
            using System;
            using System.Threading.Tasks;

            namespace Demo
            {
                public sealed class Prices
                {
                    private readonly int[] _cache = { 10, 20, 30 };
                    private int _loads;

                    public ValueTask<int> GetAsync(int id, bool cached)
                    {
                        int misses = 0;
                        if (cached && id < _cache.Length)
                        {
                            return new ValueTask<int>(_cache[id]);
                        }

                        Miss();
                        Miss();
                        return LoadAsync(misses);

                        void Miss()
                        {
                            misses++;
                            _loads++;
                        }

                        async ValueTask<int> LoadAsync(int offset)
                        {
                            await Task.Yield();
                            return id * 1000 + offset * 100 + _loads;
                        }
                    }
                }

                public static class Driver
                {
                    private static readonly Prices Shared = new();

                    public static int FastPath() => Shared.GetAsync(1, cached: true).Result;

                    public static async Task<string> SlowPathAsync()
                    {
                        var prices = new Prices();
                        var first = await prices.GetAsync(2, cached: false);
                        var second = await prices.GetAsync(7, cached: true);
                        return first + ", " + second;
                    }
                }
            }
            """;

        private readonly ITestOutputHelper _output;

        public ClosureFixBehaviorTests(ITestOutputHelper output) => _output = output;

        [Fact]
        public async Task Fixed_method_behaves_the_same_and_its_fast_path_does_not_allocate()
        {
            string fixedSource = await CodeFixTest<ClosureCodeFixProvider>.FixAsync(Source);
            Assert.Contains("static void Miss(Prices self, ref int misses)", fixedSource, StringComparison.Ordinal);
            Assert.Contains("static async ValueTask<int> LoadAsync(int offset, Prices self, int id)", fixedSource, StringComparison.Ordinal);

            var before = await RunAsync(Source);
            var after = await RunAsync(fixedSource);
            _output.WriteLine($"before the fix: {before.Results}; the fast path allocates {before.FastPathBytes} bytes per {AllocationMeter.Calls} calls");
            _output.WriteLine($"after the fix:  {after.Results}; the fast path allocates {after.FastPathBytes} bytes per {AllocationMeter.Calls} calls");

            Assert.Equal(before.Results, after.Results);
            // Both paths ran: the slow one through the ref capture (2 misses) and 'self' (2 loads, then 4).
            Assert.Equal("fast 20, slow 2202, 7204", before.Results);
            Assert.True(before.FastPathBytes > 0, "The original's fast path should allocate the display class.");
            Assert.Equal(0, after.FastPathBytes);
        }

        private static async Task<(string Results, long FastPathBytes)> RunAsync(string source)
        {
            using CompiledAssembly compiled = CompiledAssembly.Load(AllocationMeter.WithoutJitOptimizations(source));
            Type driver = compiled.Assembly.GetType("Demo.Driver")!;
            var fastPath = (Func<int>)Delegate.CreateDelegate(typeof(Func<int>), driver.GetMethod("FastPath")!);
            var slowPath = (Func<Task<string>>)Delegate.CreateDelegate(typeof(Func<Task<string>>), driver.GetMethod("SlowPathAsync")!);
            string results = $"fast {fastPath()}, slow {await slowPath()}";
            long bytes = AllocationMeter.LeastBytes(() => fastPath());
            return (results, bytes);
        }
    }
}
