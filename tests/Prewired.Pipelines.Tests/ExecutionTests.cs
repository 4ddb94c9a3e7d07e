using System;
using System.Threading.Tasks;
using Xunit;

namespace Prewired.Pipelines.Tests
{
    /// <summary>What a generated chain runs, in which order, how often, and with which context.</summary>
    public sealed class ExecutionTests
    {
        private static IncomingPipeline Incoming() => new(new LogBehavior(), new RetryBehavior(), new DeserializeConnector(), new InvokeHandler());

        [Fact]
        public async Task Stages_run_in_order_and_the_connector_changes_the_context_type()
        {
            var context = new TransportContext("7");
            await Incoming().Invoke(context);
            Assert.Equal(new[] { "log:before", "retry:1", "deserialize", "handle:7", "log:after" }, context.Log);
        }

        [Fact]
        public async Task Struct_shape_runs_the_same_chain()
        {
            var context = new TransportContext("8");
            await new InlineIncomingPipeline(new InlineLogBehavior(), new InlineDeserializeConnector(), new InvokeHandler()).Invoke(context);
            Assert.Equal(new[] { "inline-log:before", "inline-deserialize", "handle:8", "inline-log:after" }, context.Log);
        }

        [Fact]
        public async Task Both_shapes_mix_in_one_pipeline()
        {
            var context = new TransportContext("9");
            var pipeline = new MixedPipeline(new LogBehavior(), new InlineLogBehavior(), new RetryBehavior(), new InlineDeserializeConnector(), new InvokeHandler());
            await pipeline.Invoke(context);
            Assert.Equal(
                new[] { "log:before", "inline-log:before", "retry:1", "inline-deserialize", "handle:9", "inline-log:after", "log:after" },
                context.Log);
        }

        [Fact]
        public async Task Replay_runs_the_rest_of_the_chain_once_per_next_call()
        {
            var context = new TransportContext("1");
            await new ReplayPipeline(new ReplayBehavior(), new LogBehavior(), new DeserializeConnector(), new InvokeHandler()).Invoke(context);
            Assert.Equal(3, context.Terminated);
            Assert.Equal(
                new[]
                {
                    "log:before", "deserialize", "handle:1", "log:after",
                    "log:before", "deserialize", "handle:1", "log:after",
                    "log:before", "deserialize", "handle:1", "log:after",
                },
                context.Log);
        }

        [Fact]
        public async Task Retry_after_an_exception_runs_the_rest_again()
        {
            var context = new TransportContext("2") { Fail = call => call < 3 ? new TimeoutException("attempt " + call) : null };
            await Incoming().Invoke(context);
            Assert.Equal(3, context.Terminated);
            Assert.Equal(
                new[] { "log:before", "retry:1", "deserialize", "handle:2", "retry:2", "deserialize", "handle:2", "retry:3", "deserialize", "handle:2", "log:after" },
                context.Log);
        }

        [Fact]
        public async Task Sequential_fan_out_with_fresh_contexts_runs_each_independently()
        {
            var pipeline = Incoming();
            var contexts = new[] { new TransportContext("1"), new TransportContext("2"), new TransportContext("3") };
            foreach (var context in contexts) await pipeline.Invoke(context);
            for (var i = 0; i < contexts.Length; i++)
            {
                Assert.Equal(1, contexts[i].Terminated);
                Assert.Contains("handle:" + (i + 1), contexts[i].Log);
            }
        }

        [Fact]
        public async Task A_fork_invokes_another_pipeline_from_a_stage()
        {
            var audited = new AuditLog();
            var audit = new AuditPipeline(new AuditWriter(audited));
            var context = new TransportContext("5");
            await new ForkingPipeline(new ForkToAudit(audit), new DeserializeConnector(), new InvokeHandler()).Invoke(context);
            Assert.Equal(new[] { "audit:5" }, audited.Entries);
            Assert.Equal(new[] { "fork", "deserialize", "handle:5" }, context.Log);
        }

        [Fact]
        public void The_constructor_rejects_a_missing_stage()
        {
            var exception = Assert.Throws<ArgumentNullException>(() => new IncomingPipeline(new LogBehavior(), null!, new DeserializeConnector(), new InvokeHandler()));
            Assert.Equal("retryBehavior", exception.ParamName);
        }

        [Fact]
        public async Task The_pipeline_is_an_IPipeline_of_its_first_context()
        {
            IPipeline<TransportContext> pipeline = Incoming();
            var context = new TransportContext();
            await pipeline.Invoke(context);
            Assert.Equal(1, context.Terminated);
        }
    }
}
