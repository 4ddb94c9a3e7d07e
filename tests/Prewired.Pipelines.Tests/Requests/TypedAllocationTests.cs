using System;
using System.Threading;
using System.Threading.Tasks;
using Xunit;

namespace Prewired.Pipelines.Tests.Requests
{
    /// <summary>
    /// 0 bytes per invocation of a typed-response pipeline completing synchronously, in every shape, also with the
    /// CancellationToken flowing (a cancelable token, so nothing is special-cased for CancellationToken.None).
    /// </summary>
    public sealed class TypedAllocationTests
    {
        private const int Invocations = 1000;

        public static TheoryData<string> Pipelines => new()
        {
            nameof(TypedDelegate10), nameof(TypedAsyncDelegate10), nameof(TypedInline10), nameof(TypedCancellable10), nameof(TypedCarried10),
        };

        [Theory]
        [MemberData(nameof(Pipelines))]
        public void Synchronous_invocation_allocates_nothing(string name)
        {
            using var source = new CancellationTokenSource();
            var token = source.Token;
            var passes = new TypedPassThrough();
            var asyncPasses = new AsyncTypedPassThrough();
            var inline = new InlineTypedPassThrough();
            var cancellable = new CancellableTypedPassThrough();
            Func<CountRequest, ValueTask<int>> invoke = name switch
            {
                nameof(TypedDelegate10) => new TypedDelegate10(passes, passes, passes, passes, passes, passes, passes, passes, passes, passes, new CountHandler()).Invoke,
                nameof(TypedAsyncDelegate10) => new TypedAsyncDelegate10(asyncPasses, asyncPasses, asyncPasses, asyncPasses, asyncPasses, asyncPasses, asyncPasses, asyncPasses, asyncPasses, asyncPasses, new CountHandler()).Invoke,
                nameof(TypedInline10) => new TypedInline10(inline, inline, inline, inline, inline, inline, inline, inline, inline, inline, new CountHandler()).Invoke,
                nameof(TypedCancellable10) => Bind(new TypedCancellable10(cancellable, cancellable, cancellable, cancellable, cancellable, cancellable, cancellable, cancellable, cancellable, cancellable, new CancellableCountHandler()), token),
                _ => Bind(new TypedCarried10(inline, inline, inline, inline, inline, inline, inline, inline, inline, inline, new CancellableCountHandler()), token),
            };
            var request = new CountRequest();

            // Warm up: tiered compilation and first-call stubs allocate once, invocations must not.
            for (var i = 0; i < 100; i++) Take(invoke(request));
            var before = GC.GetAllocatedBytesForCurrentThread();
            var sum = 0L;
            for (var i = 0; i < Invocations; i++) sum += Take(invoke(request));
            var allocated = GC.GetAllocatedBytesForCurrentThread() - before;

            Assert.Equal(0, allocated);
            Assert.Equal(100 + Invocations, request.Handled);
            Assert.Equal(Enumerable(101, Invocations), sum);
        }

        /// <summary>The delegate is created once here, outside the measured loop.</summary>
        private static Func<CountRequest, ValueTask<int>> Bind(ICancellablePipeline<CountRequest, int> pipeline, CancellationToken token)
            => request => pipeline.Invoke(request, token);

        private static int Take(ValueTask<int> pending)
        {
            if (!pending.IsCompletedSuccessfully) throw new InvalidOperationException("Every stage completes synchronously here.");
            return pending.Result;
        }

        private static long Enumerable(long first, int count) => (first + first + count - 1) * count / 2;
    }
}
