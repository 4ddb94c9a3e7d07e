using System;
using System.Linq;
using System.Threading.Tasks;
using Xunit;

namespace Prewired.Pipelines.Tests
{
    /// <summary>Exceptions leave a generated chain unchanged, and its stack trace shows only the user's frames.</summary>
    public sealed class ExceptionTests
    {
        [Fact]
        public async Task A_synchronous_exception_propagates_as_the_same_instance()
        {
            var thrown = new InvalidOperationException("sync failure");
            var context = new TransportContext { Fail = _ => thrown };
            var pipeline = new IncomingPipeline(new LogBehavior(), new RetryBehavior(), new DeserializeConnector(), new InvokeHandler());
            var caught = await Assert.ThrowsAsync<InvalidOperationException>(() => pipeline.Invoke(context));
            Assert.Same(thrown, caught);
            Assert.DoesNotContain("log:after", context.Log);
        }

        [Fact]
        public void Without_async_stages_a_synchronous_exception_is_thrown_by_Invoke_itself_as_a_plain_call_chain_would()
        {
            var thrown = new FormatException("bad body");
            var context = new TransportContext { Fail = _ => thrown };
            var pipeline = new ConnectorOnlyPipeline(new DeserializeConnector(), new InvokeHandler());
            Assert.Same(thrown, Assert.Throws<FormatException>(() => { _ = pipeline.Invoke(context); }));
        }

        [Fact]
        public async Task An_asynchronous_exception_propagates_after_the_suspension()
        {
            var context = new TransportContext("3");
            var task = new AsyncFailingPipeline(new LogBehavior(), new DeserializeConnector(), new AsyncThrowingHandler()).Invoke(context);
            var caught = await Assert.ThrowsAsync<InvalidOperationException>(() => task);
            Assert.Equal("async failure 3", caught.Message);
            Assert.Equal(1, context.Terminated);
        }

        [Fact]
        public void The_stack_trace_names_the_stages_and_no_generated_frame()
        {
            var context = new TransportContext { Fail = _ => new InvalidOperationException("from the terminator") };
            var pipeline = new ConnectorOnlyPipeline(new DeserializeConnector(), new InvokeHandler());
            var exception = Assert.Throws<InvalidOperationException>(() => { _ = pipeline.Invoke(context); });
            var frames = exception.StackTrace!.Split('\n').Select(l => l.Trim()).Where(l => l.Length > 0).ToList();

            Assert.Contains(frames, f => f.Contains("InvokeHandler.Terminate", StringComparison.Ordinal));
            Assert.Contains(frames, f => f.Contains("DeserializeConnector.Invoke", StringComparison.Ordinal));
            Assert.DoesNotContain(frames, f => f.Contains("ConnectorOnlyPipeline", StringComparison.Ordinal));
            Assert.DoesNotContain(frames, f => f.Contains("__Stage", StringComparison.Ordinal) || f.Contains("__Next", StringComparison.Ordinal));
        }

        [Fact]
        public async Task The_async_stack_trace_names_the_stages_and_no_generated_frame()
        {
            var pipeline = new AsyncFailingPipeline(new LogBehavior(), new DeserializeConnector(), new AsyncThrowingHandler());
            var exception = await Assert.ThrowsAsync<InvalidOperationException>(() => pipeline.Invoke(new TransportContext()));
            var trace = exception.StackTrace!;

            Assert.Contains("AsyncThrowingHandler.Terminate", trace, StringComparison.Ordinal);
            Assert.Contains("LogBehavior.Invoke", trace, StringComparison.Ordinal);
            Assert.DoesNotContain("AsyncFailingPipeline", trace, StringComparison.Ordinal);
            Assert.DoesNotContain("__Stage", trace, StringComparison.Ordinal);
            Assert.DoesNotContain("__Next", trace, StringComparison.Ordinal);
        }
    }

    [Pipeline(typeof(DeserializeConnector), typeof(InvokeHandler))]
    public sealed partial class ConnectorOnlyPipeline;
}
