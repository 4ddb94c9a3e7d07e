using System;
using System.Threading;
using System.Threading.Tasks;

namespace Prewired.Pipelines.Tests.Requests
{
    /// <summary>The allocation shape with a typed response: one reused request, pass-throughs, a counting handler.</summary>
    public sealed class CountRequest
    {
        public int Handled;
    }

    public sealed class TypedPassThrough : IBehavior<CountRequest, CountRequest, int>
    {
        public ValueTask<int> Invoke(CountRequest context, Func<CountRequest, ValueTask<int>> next) => next(context);
    }

    /// <summary>An async pass-through that reads the result: completes synchronously when the rest does.</summary>
    public sealed class AsyncTypedPassThrough : IBehavior<CountRequest, CountRequest, int>
    {
        public async ValueTask<int> Invoke(CountRequest context, Func<CountRequest, ValueTask<int>> next) => await next(context) + 0;
    }

    public sealed class InlineTypedPassThrough : IInlineBehavior<CountRequest, CountRequest, int>
    {
        public ValueTask<int> Invoke<TNext>(CountRequest context, TNext next) where TNext : struct, INext<CountRequest, int> => next.Invoke(context);
    }

    public sealed class CancellableTypedPassThrough : ICancellableBehavior<CountRequest, CountRequest, int>
    {
        public ValueTask<int> Invoke(CountRequest context, Func<CountRequest, CancellationToken, ValueTask<int>> next, CancellationToken cancellationToken) => next(context, cancellationToken);
    }

    public sealed class CountHandler : IPipelineTerminator<CountRequest, int>
    {
        public ValueTask<int> Terminate(CountRequest context) => new(++context.Handled);
    }

    public sealed class CancellableCountHandler : ICancellableTerminator<CountRequest, int>
    {
        public ValueTask<int> Terminate(CountRequest context, CancellationToken cancellationToken) => new(++context.Handled);
    }

    [Pipeline(typeof(TypedPassThrough), typeof(TypedPassThrough), typeof(TypedPassThrough), typeof(TypedPassThrough), typeof(TypedPassThrough), typeof(TypedPassThrough), typeof(TypedPassThrough), typeof(TypedPassThrough), typeof(TypedPassThrough), typeof(TypedPassThrough), typeof(CountHandler))]
    public sealed partial class TypedDelegate10;

    [Pipeline(typeof(AsyncTypedPassThrough), typeof(AsyncTypedPassThrough), typeof(AsyncTypedPassThrough), typeof(AsyncTypedPassThrough), typeof(AsyncTypedPassThrough), typeof(AsyncTypedPassThrough), typeof(AsyncTypedPassThrough), typeof(AsyncTypedPassThrough), typeof(AsyncTypedPassThrough), typeof(AsyncTypedPassThrough), typeof(CountHandler))]
    public sealed partial class TypedAsyncDelegate10;

    [Pipeline(typeof(InlineTypedPassThrough), typeof(InlineTypedPassThrough), typeof(InlineTypedPassThrough), typeof(InlineTypedPassThrough), typeof(InlineTypedPassThrough), typeof(InlineTypedPassThrough), typeof(InlineTypedPassThrough), typeof(InlineTypedPassThrough), typeof(InlineTypedPassThrough), typeof(InlineTypedPassThrough), typeof(CountHandler))]
    public sealed partial class TypedInline10;

    /// <summary>The token through ten delegate stages.</summary>
    [Pipeline(typeof(CancellableTypedPassThrough), typeof(CancellableTypedPassThrough), typeof(CancellableTypedPassThrough), typeof(CancellableTypedPassThrough), typeof(CancellableTypedPassThrough), typeof(CancellableTypedPassThrough), typeof(CancellableTypedPassThrough), typeof(CancellableTypedPassThrough), typeof(CancellableTypedPassThrough), typeof(CancellableTypedPassThrough), typeof(CancellableCountHandler))]
    public sealed partial class TypedCancellable10;

    /// <summary>The token carried by ten plain inline stages' next structs to the handler.</summary>
    [Pipeline(typeof(InlineTypedPassThrough), typeof(InlineTypedPassThrough), typeof(InlineTypedPassThrough), typeof(InlineTypedPassThrough), typeof(InlineTypedPassThrough), typeof(InlineTypedPassThrough), typeof(InlineTypedPassThrough), typeof(InlineTypedPassThrough), typeof(InlineTypedPassThrough), typeof(InlineTypedPassThrough), typeof(CancellableCountHandler))]
    public sealed partial class TypedCarried10;
}
