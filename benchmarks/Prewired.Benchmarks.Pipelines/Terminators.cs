using System;
using System.Threading.Tasks;

namespace Prewired.Benchmarks.Pipelines
{
    /// <summary>Success and Replay: counts itself and completes synchronously.</summary>
    public sealed class CompletingTerminator : IPipelineTerminator<BenchmarkContext>
    {
        /// <inheritdoc/>
        public Task Terminate(BenchmarkContext context)
        {
            context.Terminations++;
            return Task.CompletedTask;
        }
    }

    /// <summary>
    /// Exception (async): the throwing step of MicroBenchmarks' <c>PipelineExceptionTrampoline</c>, <c>await Task.Yield();</c>
    /// then <c>throw new InvalidOperationException();</c>, so the exception travels up the chain in a faulted task that
    /// completes on the thread pool.
    /// </summary>
    public sealed class YieldThenThrowTerminator : IPipelineTerminator<BenchmarkContext>
    {
        /// <inheritdoc/>
        public async Task Terminate(BenchmarkContext context)
        {
            context.Terminations++;
            await Task.Yield();
            throw new InvalidOperationException("Thrown after yielding, as NServiceBus's async exception benchmark does.");
        }
    }

    /// <summary>
    /// ExceptionSync: the throwing step of MicroBenchmarks' <c>PipelineException</c> (<c>Throwing</c>, whose non-async
    /// <c>Invoke</c> does <c>throw new InvalidOperationException();</c>), so no task is involved: the exception unwinds
    /// synchronously through every (non-async) level up to the benchmark's <c>catch</c>. The self-check verifies that it
    /// does reach the caller as a synchronous throw for every form.
    /// </summary>
    public sealed class SyncThrowTerminator : IPipelineTerminator<BenchmarkContext>
    {
        /// <inheritdoc/>
        public Task Terminate(BenchmarkContext context)
        {
            context.Terminations++;
            throw new InvalidOperationException("Thrown synchronously, as NServiceBus's sync exception benchmark does.");
        }
    }

    /// <summary>
    /// How the two runtime-composed forms end a chain, as NServiceBus does: its terminator is a behavior
    /// (<c>PipelineTerminator&lt;T&gt;</c>, a stage connector whose sealed <c>Invoke</c> checks <c>next</c> is not null,
    /// ignores it and calls the abstract <c>Terminate</c>), so the chain is one step longer and that step's <c>next</c> is
    /// the pipeline's "done" delegate. The generated and hand-written forms call the terminator directly instead.
    /// </summary>
    public sealed class TerminatorStage : IBehavior<BenchmarkContext, BenchmarkContext>
    {
        private readonly IPipelineTerminator<BenchmarkContext> _terminator;

        /// <summary>Wraps <paramref name="terminator"/> as the chain's last behavior.</summary>
        public TerminatorStage(IPipelineTerminator<BenchmarkContext> terminator) => _terminator = terminator;

        /// <inheritdoc/>
        public Task Invoke(BenchmarkContext context, Func<BenchmarkContext, Task> next)
        {
            ArgumentNullException.ThrowIfNull(next);
            return _terminator.Terminate(context);
        }
    }
}
