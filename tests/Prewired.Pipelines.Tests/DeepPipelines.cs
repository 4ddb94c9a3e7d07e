using System;
using System.Threading.Tasks;

namespace Prewired.Pipelines.Tests
{
    /// <summary>The allocation shape of the NServiceBus benchmarks: one reused context, one pass-through type repeated.</summary>
    public sealed class CountingContext
    {
        public int Terminated;
    }

    public sealed class PassThrough : IBehavior<CountingContext, CountingContext>
    {
        public Task Invoke(CountingContext context, Func<CountingContext, Task> next) => next(context);
    }

    /// <summary>An async pass-through: completes synchronously when the rest does, which allocates nothing either.</summary>
    public sealed class AsyncPassThrough : IBehavior<CountingContext, CountingContext>
    {
        public async Task Invoke(CountingContext context, Func<CountingContext, Task> next) => await next(context);
    }

    public sealed class InlinePassThrough : IInlineBehavior<CountingContext, CountingContext>
    {
        public Task Invoke<TNext>(CountingContext context, TNext next) where TNext : struct, INext<CountingContext> => next.Invoke(context);
    }

    public sealed class CountingTerminator : IPipelineTerminator<CountingContext>
    {
        public Task Terminate(CountingContext context)
        {
            context.Terminated++;
            return Task.CompletedTask;
        }
    }

    /// <summary>Ten delegate-shape pass-throughs.</summary>
    [Pipeline(typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(CountingTerminator))]
    public sealed partial class Delegate10;

    /// <summary>Forty delegate-shape pass-throughs.</summary>
    [Pipeline(typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(CountingTerminator))]
    public sealed partial class Delegate40;

    /// <summary>Ten async delegate-shape pass-throughs.</summary>
    [Pipeline(typeof(AsyncPassThrough), typeof(AsyncPassThrough), typeof(AsyncPassThrough), typeof(AsyncPassThrough), typeof(AsyncPassThrough), typeof(AsyncPassThrough), typeof(AsyncPassThrough), typeof(AsyncPassThrough), typeof(AsyncPassThrough), typeof(AsyncPassThrough), typeof(CountingTerminator))]
    public sealed partial class AsyncDelegate10;

    /// <summary>Ten struct-shape pass-throughs.</summary>
    [Pipeline(typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(CountingTerminator))]
    public sealed partial class Inline10;

    /// <summary>Forty struct-shape pass-throughs.</summary>
    [Pipeline(typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(CountingTerminator))]
    public sealed partial class Inline40;
}
