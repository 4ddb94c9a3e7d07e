using System;
using System.Threading.Tasks;
using System.Threading.Tasks.Sources;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Semantics
{
    /// <summary>A completed IValueTaskSource that counts how often its result is taken (pooled sources are released then).</summary>
    public sealed class CountingSource : IValueTaskSource<int>, IValueTaskSource
    {
        private readonly Exception? _fault;

        public CountingSource(Exception? fault = null) => _fault = fault;

        public int GetResultCalls { get; private set; }

        public ValueTask<int> Value() => new(this, 0);

        public ValueTask Void() => new(this, 0);

        public ValueTaskSourceStatus GetStatus(short token) => _fault is null ? ValueTaskSourceStatus.Succeeded : ValueTaskSourceStatus.Faulted;

        public int GetResult(short token)
        {
            GetResultCalls++;
            if (_fault is not null) throw _fault;
            return 41;
        }

        void IValueTaskSource.GetResult(short token) => GetResult(token);

        public void OnCompleted(Action<object?> continuation, object? state, short token, ValueTaskSourceOnCompletedFlags flags) =>
            throw new InvalidOperationException("The source is always complete.");
    }

    /// <summary>What the tests call on the compiled class.</summary>
    public interface ISourceAwaits
    {
        ValueTask<int> Discarded(CountingSource source);

        ValueTask<int> DiscardedVoid(CountingSource source);

        ValueTask<int> Assigned(CountingSource source);

        ValueTask<int> DiscardedAsync(CountingSource source);

        ValueTask<int> DiscardedVoidAsync(CountingSource source);

        ValueTask<int> AssignedAsync(CountingSource source);
    }

    /// <summary>
    /// The synchronous path reads a completed value task's result exactly as often as the async method does, also where the
    /// value is discarded: that is what releases a pooled <see cref="IValueTaskSource"/> (a completed Task needs nothing).
    /// A faulted source's exception comes back in the task, as the async method's.
    /// </summary>
    public sealed class ValueTaskSourceTests
    {
        private const string Source = """
            using System.Threading.Tasks;
            using Prewired;
            using Prewired.Tests.Semantics;

            namespace Sources
            {
                public sealed partial class Awaits : ISourceAwaits
                {
                    public async ValueTask<int> DiscardedAsync(CountingSource source) { await source.Value(); return 1; }
                    public async ValueTask<int> DiscardedVoidAsync(CountingSource source) { await source.Void(); return 2; }
                    public async ValueTask<int> AssignedAsync(CountingSource source) { var value = await source.Value(); return value + 1; }

                    [FastPath(nameof(DiscardedAsync))] public partial ValueTask<int> Discarded(CountingSource source);
                    [FastPath(nameof(DiscardedVoidAsync))] public partial ValueTask<int> DiscardedVoid(CountingSource source);
                    [FastPath(nameof(AssignedAsync))] public partial ValueTask<int> Assigned(CountingSource source);
                }
            }
            """;

        public static TheoryData<string> Forms => new() { "Discarded", "DiscardedVoid", "Assigned" };

        [Theory]
        [MemberData(nameof(Forms))]
        public async Task A_completed_source_is_consumed_once_as_by_the_async_method(string form)
        {
            var awaits = Compile();
            var generated = new CountingSource();
            var original = new CountingSource();

            var generatedResult = await Call(awaits, form, generated);
            var originalResult = await Call(awaits, form + "Async", original);

            Assert.Equal(originalResult, generatedResult);
            Assert.Equal(1, original.GetResultCalls);
            Assert.Equal(original.GetResultCalls, generated.GetResultCalls);
        }

        [Theory]
        [MemberData(nameof(Forms))]
        public async Task A_faulted_source_faults_the_task_with_the_same_exception(string form)
        {
            var awaits = Compile();
            var fault = new InvalidOperationException("faulted source");

            var task = Call(awaits, form, new CountingSource(fault)).AsTask();

            Assert.True(task.IsFaulted);
            Assert.Same(fault, await Assert.ThrowsAsync<InvalidOperationException>(() => task));
        }

        private static ValueTask<int> Call(ISourceAwaits awaits, string form, CountingSource source) => form switch
        {
            "Discarded" => awaits.Discarded(source),
            "DiscardedVoid" => awaits.DiscardedVoid(source),
            "Assigned" => awaits.Assigned(source),
            "DiscardedAsync" => awaits.DiscardedAsync(source),
            "DiscardedVoidAsync" => awaits.DiscardedVoidAsync(source),
            _ => awaits.AssignedAsync(source),
        };

        private static ISourceAwaits Compile()
        {
            var settings = TestCompilationSettings.Default with
            {
                AssemblyName = "PrewiredSourceAwaits",
                AdditionalAssemblies = System.Collections.Immutable.ImmutableArray.Create(typeof(ISourceAwaits).Assembly),
            };
            var run = GeneratorDriverHarness.Run(new Microsoft.CodeAnalysis.IIncrementalGenerator[] { new PrewiredGenerator() }, new[] { Source }, settings);
            run.AssertGeneratedCodeCompilesCleanly();
            var loaded = CompileAndRun.Load(run.OutputCompilation, run);
            return (ISourceAwaits)loaded.CreateInstance("Sources.Awaits");
        }
    }
}
