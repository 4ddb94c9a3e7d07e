using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Xunit;

namespace Prewired.Pipelines.Tests.Requests
{
    /// <summary>A command: a request with no response of its own, answered with <see cref="Unit"/>.</summary>
    public sealed class SendEmail : IValidated
    {
        public SendEmail(string to) => To = to;

        public string To { get; }

        public bool IsValid => To.Contains('@');

        public List<string> Log { get; } = new();
    }

    public sealed class SendEmailHandler : ICancellableTerminator<SendEmail, Unit>
    {
        public async ValueTask<Unit> Terminate(SendEmail context, CancellationToken cancellationToken)
        {
            await Task.Yield();
            context.Log.Add("send " + context.To);
            return Unit.Value;
        }
    }

    /// <summary>The same typed behaviors every request with a response takes (Logging, Validation), closed over Unit.</summary>
    [Pipeline(typeof(Logging<,>), typeof(Validation<,>), typeof(SendEmailHandler))]
    public sealed partial class SendEmailPipeline;

    /// <summary>A command handled synchronously, behind an open pass-through, for the allocation test.</summary>
    public sealed class Ping
    {
        public int Handled;
    }

    public sealed class OpenPass<TRequest, TResponse> : IInlineBehavior<TRequest, TRequest, TResponse>
    {
        public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, TResponse> => next.Invoke(context);
    }

    public sealed class PingHandler : IPipelineTerminator<Ping, Unit>
    {
        public ValueTask<Unit> Terminate(Ping context)
        {
            context.Handled++;
            return Unit.ValueTask;
        }
    }

    [Pipeline(typeof(OpenPass<,>), typeof(OpenPass<,>), typeof(PingHandler))]
    public sealed partial class PingPipeline;

    /// <summary>
    /// Requests without a response, answered with Unit: they take the open typed behaviors closed over Unit, and a
    /// synchronous one allocates nothing; Unit itself is one value.
    /// </summary>
    public sealed class UnitResponseTests
    {
        [Fact]
        public async Task A_command_runs_through_typed_open_behaviors_closed_over_Unit()
        {
            var request = new SendEmail("a@example.com");
            using var source = new CancellationTokenSource();
            var pipeline = new SendEmailPipeline(new Logging<SendEmail, Unit>(), new Validation<SendEmail, Unit>(), new SendEmailHandler());
            var response = await pipeline.Invoke(request, source.Token);
            Assert.Equal(Unit.Value, response);
            Assert.Equal(new[] { "log SendEmail", "validate", "send a@example.com", "logged Unit" }, request.Log);
            ICancellablePipeline<SendEmail, Unit> typed = pipeline;
            await Assert.ThrowsAsync<ArgumentException>(async () => await typed.Invoke(new SendEmail("nobody"), source.Token));
        }

        [Fact]
        public void A_synchronous_command_allocates_nothing()
        {
            var pass = new OpenPass<Ping, Unit>();
            IPipeline<Ping, Unit> pipeline = new PingPipeline(pass, pass, new PingHandler());
            var request = new Ping();
            for (var i = 0; i < 100; i++) Take(pipeline.Invoke(request));
            var before = GC.GetAllocatedBytesForCurrentThread();
            for (var i = 0; i < 1000; i++) Take(pipeline.Invoke(request));
            var allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.Equal(0, allocated);
            Assert.Equal(1100, request.Handled);
        }

        [Fact]
        public async Task Unit_is_one_value()
        {
            Assert.Equal(Unit.Value, default);
            Assert.True(Unit.Value == new Unit());
            Assert.False(Unit.Value != default);
            Assert.True(Unit.Value.Equals((object)default(Unit)));
            Assert.False(Unit.Value.Equals((object?)null));
            Assert.False(Unit.Value.Equals(0));
            Assert.Equal(0, Unit.Value.GetHashCode());
            Assert.Equal(0, Unit.Value.CompareTo(default));
            IComparable comparable = Unit.Value;
            Assert.Equal(0, comparable.CompareTo(default(Unit)));
            Assert.Equal(1, comparable.CompareTo(null));
            Assert.Throws<ArgumentException>(() => comparable.CompareTo(0));
            Assert.Equal("()", Unit.Value.ToString());
            Assert.True(Unit.ValueTask.IsCompletedSuccessfully);
            Assert.Equal(Unit.Value, await Unit.ValueTask);
        }

        private static void Take(ValueTask<Unit> pending)
        {
            if (!pending.IsCompletedSuccessfully) throw new InvalidOperationException("Every stage completes synchronously here.");
        }
    }
}
