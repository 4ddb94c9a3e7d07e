using System.Collections.Generic;
using System.Threading.Tasks;
using Prewired.CodeFixes.Tests.Harness;
using Xunit;

namespace Prewired.CodeFixes.Tests
{
    /// <summary>
    /// The converted method does what the original did: both versions are compiled (the converted one with the generator)
    /// into their own collectible load contexts and called in every completion mode — a completed task, a pending one, a
    /// completed fault, a later fault, an exception and an OperationCanceledException before the await, an exception from
    /// the call that makes the task — and each outcome (synchronous or not, status, result, exceptions) must match.
    /// </summary>
    public sealed class ConversionBehaviorTests
    {
        private const string SourceType = """
            public static class Source
            {
                public static Task<int> Load(int mode) => mode switch
                {
                    0 => Task.FromResult(42),
                    1 => Task.Delay(20).ContinueWith(_ => 43, TaskScheduler.Default),
                    2 => Task.FromException<int>(new InvalidOperationException("completed fault")),
                    5 => Task.Delay(20).ContinueWith<int>(_ => throw new InvalidOperationException("later fault"), TaskScheduler.Default),
                    _ => throw new ArgumentOutOfRangeException(nameof(mode), "thrown by the call"),
                };
            }
            """;

        private static readonly int[] Modes = { 0, 1, 2, 3, 4, 5, 6 };

        [Fact]
        public Task TailAwait_conversion_behaves_as_the_async_original() => AssertSameBehaviorAsync<ConvertToPartialShapeCodeFixProvider>("""
            using System;
            using System.Threading;
            using System.Threading.Tasks;

            namespace Demo
            {
                public class Store
                {
                    public async Task<int> GetAsync(int mode)
                    {
                        if (mode == 3) throw new InvalidOperationException("before the await");
                        if (mode == 4) throw new OperationCanceledException("canceled before the await");
                        return await Source.Load(mode);
                    }
                }

            """ + SourceType + "\n}\n", "[TailAwait(nameof(GetCoreAsync))]");

        [Fact]
        public Task FastPath_conversion_behaves_as_the_async_original() => AssertSameBehaviorAsync<ConvertToPartialShapeCodeFixProvider>("""
            using System;
            using System.Threading;
            using System.Threading.Tasks;

            namespace Demo
            {
                public class Store
                {
                    private int _calls;

                    public async ValueTask<int> GetAsync(int mode)
                    {
                        if (mode == 3) throw new InvalidOperationException("before the await");
                        if (mode == 4) throw new OperationCanceledException("canceled before the await");
                        var first = await Source.Load(mode);
                        _calls++;
                        var second = await Source.Load(mode == 1 ? 1 : 0);
                        return first + second + _calls;
                    }
                }

            """ + SourceType + "\n}\n", "[FastPath(nameof(GetCoreAsync))]");

        /// <summary>PW0001's "move the body" conversion, on an async body the attribute already names.</summary>
        [Fact]
        public Task PW0001_move_body_conversion_behaves_as_the_async_original() => AssertSameBehaviorAsync<MethodMustBePartialCodeFixProvider>("""
            using System;
            using System.Threading;
            using System.Threading.Tasks;
            using Prewired;

            namespace Demo
            {
                public class Store
                {
                    [TailAwait(nameof(GetCoreAsync))]
                    public async Task<int> GetAsync(int mode)
                    {
                        if (mode == 3) throw new InvalidOperationException("before the await");
                        if (mode == 4) throw new OperationCanceledException("canceled before the await");
                        return await Source.Load(mode);
                    }
                }

            """ + SourceType + "\n}\n", "public partial Task<int> GetAsync(int mode);", originalCompiles: false);

        private static async Task AssertSameBehaviorAsync<TCodeFix>(string original, string expectedInFixed, bool originalCompiles = true)
            where TCodeFix : Microsoft.CodeAnalysis.CodeFixes.CodeFixProvider, new()
        {
            string converted = await CodeFixTest<TCodeFix>.FixAsync(original);
            Assert.Contains(expectedInFixed, converted, System.StringComparison.Ordinal);

            // PW0001's source is not valid as it is (a marked method with a body); its behavior is the unmarked method's.
            string reference = originalCompiles ? original : original.Replace("[TailAwait(nameof(GetCoreAsync))]", string.Empty, System.StringComparison.Ordinal).Replace("using Prewired;\n", string.Empty, System.StringComparison.Ordinal);
            using CompiledAssembly before = CompiledAssembly.Load(reference);
            using CompiledAssembly after = CompiledAssembly.Load(converted);
            Assert.True(before.IsStateMachine("Demo.Store", "GetAsync"));
            Assert.False(after.IsStateMachine("Demo.Store", "GetAsync"), "The converted method should be the generated one, not an async method.");

            var expected = new List<string>();
            var actual = new List<string>();
            foreach (int mode in Modes)
            {
                expected.Add($"mode {mode}: {await before.OutcomeAsync("Demo.Store", "GetAsync", mode)}");
                actual.Add($"mode {mode}: {await after.OutcomeAsync("Demo.Store", "GetAsync", mode)}");
            }

            Assert.Equal(expected, actual);

            // The modes really cover both completions, faults and cancellation.
            Assert.Contains(expected, e => e.Contains("completed synchronously, result", System.StringComparison.Ordinal));
            Assert.Contains(expected, e => e.Contains("completed later, result", System.StringComparison.Ordinal));
            Assert.Contains(expected, e => e.Contains("faulted InvalidOperationException: before the await", System.StringComparison.Ordinal));
            Assert.Contains(expected, e => e.Contains("faulted InvalidOperationException: later fault", System.StringComparison.Ordinal));
            Assert.Contains(expected, e => e.Contains("Canceled", System.StringComparison.Ordinal));
        }
    }
}
