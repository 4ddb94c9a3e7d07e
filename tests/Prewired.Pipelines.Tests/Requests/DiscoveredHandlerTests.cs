using System;
using System.Threading;
using System.Threading.Tasks;
using Xunit;

namespace Prewired.Pipelines.Tests.Requests
{
    /// <summary>A request whose pipeline nobody declared: its handler is found, and the generator writes the chain.</summary>
    public sealed class Discovered
    {
        public int Handled;
    }

    public sealed class DiscoveredHandler : ICancellableTerminator<Discovered, Unit>
    {
        public ValueTask<Unit> Terminate(Discovered context, CancellationToken cancellationToken)
        {
            cancellationToken.ThrowIfCancellationRequested();
            context.Handled++;
            return Unit.ValueTask;
        }
    }

    /// <summary>
    /// The generated pipeline of a discovered handler, as this project's own build generates it (this assembly declares no
    /// defaults, so the chain is the handler): it runs, passes the token, and allocates nothing when synchronous.
    /// </summary>
    public sealed class DiscoveredHandlerTests
    {
        [Fact]
        public async Task The_generated_pipeline_runs_the_handler_with_the_token()
        {
            ICancellablePipeline<Discovered, Unit> pipeline = new Prewired.Generated.Prewired.Pipelines.Tests.Requests.DiscoveredPipeline(new DiscoveredHandler());
            var request = new Discovered();
            Assert.Equal(Unit.Value, await pipeline.Invoke(request, CancellationToken.None));
            Assert.Equal(1, request.Handled);

            using var canceled = new CancellationTokenSource();
            canceled.Cancel();
            await Assert.ThrowsAsync<OperationCanceledException>(async () => await pipeline.Invoke(request, canceled.Token));
            Assert.Equal(1, request.Handled);
        }

        [Fact]
        public void A_synchronous_send_allocates_nothing()
        {
            var pipeline = new Prewired.Generated.Prewired.Pipelines.Tests.Requests.DiscoveredPipeline(new DiscoveredHandler());
            var request = new Discovered();
            for (var i = 0; i < 10; i++) _ = pipeline.Invoke(request, CancellationToken.None);
            var before = GC.GetAllocatedBytesForCurrentThread();
            for (var i = 0; i < 1000; i++) _ = pipeline.Invoke(request, CancellationToken.None);
            Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
            Assert.Equal(1010, request.Handled);
        }
    }
}
