using System;
using System.Threading.Tasks;

namespace Prewired.Benchmarks.Pipelines
{
    /// <summary>
    /// The NServiceBus benchmark's only behavior (MicroBenchmarks' <c>Behavior1SealedOptimization</c>): sealed, stateless, and
    /// it hands the context straight to <c>next</c>. The expression-tree, InvokerNode, generated delegate-shape and
    /// hand-written forms all repeat this one type, so they differ only in how <c>next</c> is wired.
    /// </summary>
    public sealed class PassThrough : IBehavior<BenchmarkContext, BenchmarkContext>
    {
        /// <inheritdoc/>
        public Task Invoke(BenchmarkContext context, Func<BenchmarkContext, Task> next) => next(context);
    }

    /// <summary>
    /// The Replay category's root behavior: runs the rest of the chain three times, one after another (retry/replay, legal
    /// for every form because none keeps traversal state). Written as a user would, with <c>async</c>/<c>await</c>: when the
    /// rest of the chain completes synchronously the state machine never leaves the stack and the method returns the cached
    /// completed task, so it allocates nothing (the dry run's Allocated column shows it).
    /// </summary>
    public sealed class ReplayThrice : IBehavior<BenchmarkContext, BenchmarkContext>
    {
        /// <inheritdoc/>
        public async Task Invoke(BenchmarkContext context, Func<BenchmarkContext, Task> next)
        {
            await next(context).ConfigureAwait(false);
            await next(context).ConfigureAwait(false);
            await next(context).ConfigureAwait(false);
        }
    }

    /// <summary><see cref="PassThrough"/> in the struct-<c>next</c> shape: the generated continuation is a type argument.</summary>
    public sealed class InlinePassThrough : IInlineBehavior<BenchmarkContext, BenchmarkContext>
    {
        /// <inheritdoc/>
        public Task Invoke<TNext>(BenchmarkContext context, TNext next) where TNext : struct, INext<BenchmarkContext> => next.Invoke(context);
    }

    /// <summary><see cref="ReplayThrice"/> in the struct-<c>next</c> shape.</summary>
    public sealed class InlineReplayThrice : IInlineBehavior<BenchmarkContext, BenchmarkContext>
    {
        /// <inheritdoc/>
        public async Task Invoke<TNext>(BenchmarkContext context, TNext next) where TNext : struct, INext<BenchmarkContext>
        {
            await next.Invoke(context).ConfigureAwait(false);
            await next.Invoke(context).ConfigureAwait(false);
            await next.Invoke(context).ConfigureAwait(false);
        }
    }
}
