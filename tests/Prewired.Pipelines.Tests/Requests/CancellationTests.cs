using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Xunit;

namespace Prewired.Pipelines.Tests.Requests
{
    /// <summary>Records the token each stage received; with <see cref="ThrowAt"/> set, that stage throws for its token.</summary>
    public sealed class Traced
    {
        public List<(string Stage, CancellationToken Token)> Seen { get; } = new();

        public string? ThrowAt { get; set; }

        public void Record(string stage, CancellationToken token)
        {
            Seen.Add((stage, token));
            if (ThrowAt == stage) token.ThrowIfCancellationRequested();
        }
    }

    public sealed class TracedBehavior : ICancellableBehavior<Traced, Traced>
    {
        public Task Invoke(Traced context, Func<Traced, CancellationToken, Task> next, CancellationToken cancellationToken)
        {
            context.Record("delegate", cancellationToken);
            return next(context, cancellationToken);
        }
    }

    public sealed class TracedInlineBehavior : ICancellableInlineBehavior<Traced, Traced>
    {
        public Task Invoke<TNext>(Traced context, TNext next, CancellationToken cancellationToken) where TNext : struct, ICancellableNext<Traced>
        {
            context.Record("inline", cancellationToken);
            return next.Invoke(context, cancellationToken);
        }
    }

    /// <summary>Takes no token: its generated next struct must carry the pipeline's past it.</summary>
    public sealed class UnawareInlineBehavior : IInlineBehavior<Traced, Traced>
    {
        public Task Invoke<TNext>(Traced context, TNext next) where TNext : struct, INext<Traced>
        {
            context.Seen.Add(("unaware", default));
            return next.Invoke(context);
        }
    }

    /// <summary>Passes the rest of the chain a token of its own, linked to the one it received.</summary>
    public sealed class LinkingBehavior : ICancellableBehavior<Traced, Traced>
    {
        public CancellationToken Passed { get; private set; }

        public async Task Invoke(Traced context, Func<Traced, CancellationToken, Task> next, CancellationToken cancellationToken)
        {
            using var linked = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            Passed = linked.Token;
            await next(context, linked.Token);
        }
    }

    public sealed class TracedTerminator : ICancellableTerminator<Traced>
    {
        public Task Terminate(Traced context, CancellationToken cancellationToken)
        {
            context.Record("terminator", cancellationToken);
            return Task.CompletedTask;
        }
    }

    [Pipeline(typeof(TracedBehavior), typeof(TracedInlineBehavior), typeof(UnawareInlineBehavior), typeof(TracedBehavior), typeof(TracedTerminator))]
    public sealed partial class TracedPipeline;

    [Pipeline(typeof(TracedBehavior), typeof(LinkingBehavior), typeof(TracedTerminator))]
    public sealed partial class LinkingPipeline;

    /// <summary>An async first stage, then a stage of each shape that can throw for the token.</summary>
    [Pipeline(typeof(LinkingBehavior), typeof(TracedBehavior), typeof(TracedInlineBehavior), typeof(TracedTerminator))]
    public sealed partial class CancelingPipeline;

    /// <summary>The CancellationToken given to the generated Invoke reaches every stage that takes it, and cancellation behaves as async code does.</summary>
    public sealed class CancellationTests
    {
        private static TracedPipeline Traced() => new(new TracedBehavior(), new TracedInlineBehavior(), new UnawareInlineBehavior(), new TracedBehavior(), new TracedTerminator());

        [Fact]
        public async Task The_token_reaches_every_stage_that_takes_it_also_past_one_that_does_not()
        {
            using var source = new CancellationTokenSource();
            var context = new Traced();
            await Traced().Invoke(context, source.Token);
            Assert.Equal(new[] { "delegate", "inline", "unaware", "delegate", "terminator" }, context.Seen.ConvertAll(s => s.Stage));
            Assert.All(context.Seen.FindAll(s => s.Stage != "unaware"), s => Assert.Equal(source.Token, s.Token));
        }

        [Fact]
        public async Task Without_a_token_the_stages_get_none_and_IPipeline_invokes_without_one()
        {
            var context = new Traced();
            await ((IPipeline<Traced>)Traced()).Invoke(context);
            Assert.All(context.Seen, s => Assert.Equal(CancellationToken.None, s.Token));
        }

        [Fact]
        public async Task A_stage_passes_its_own_token_on()
        {
            using var source = new CancellationTokenSource();
            var linking = new LinkingBehavior();
            var context = new Traced();
            await new LinkingPipeline(new TracedBehavior(), linking, new TracedTerminator()).Invoke(context, source.Token);
            Assert.Equal(source.Token, context.Seen[0].Token);
            Assert.Equal(linking.Passed, context.Seen[1].Token);
            Assert.NotEqual(source.Token, context.Seen[1].Token);
        }

        [Theory]
        [InlineData("delegate")]
        [InlineData("inline")]
        [InlineData("terminator")]
        public async Task A_stage_throwing_for_the_canceled_token_cancels_the_task(string stage)
        {
            using var source = new CancellationTokenSource();
            source.Cancel();
            var context = new Traced { ThrowAt = stage };
            var task = new CancelingPipeline(new LinkingBehavior(), new TracedBehavior(), new TracedInlineBehavior(), new TracedTerminator()).Invoke(context, source.Token);

            var exception = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => task);
            Assert.True(task.IsCanceled);
            Assert.True(exception.CancellationToken.IsCancellationRequested);
            Assert.Equal(stage, context.Seen[^1].Stage);
        }

        [Fact]
        public void Without_an_async_stage_the_cancellation_is_thrown_by_Invoke_as_a_plain_call_chain_would()
        {
            using var source = new CancellationTokenSource();
            source.Cancel();
            var context = new Traced { ThrowAt = "terminator" };
            Assert.ThrowsAny<OperationCanceledException>(() => { _ = Traced().Invoke(context, source.Token); });
        }

        [Fact]
        public async Task Cancellation_from_the_terminator_cancels_the_whole_pipeline_through_async_behaviors()
        {
            using var source = new CancellationTokenSource();
            source.Cancel();
            var context = new Traced { ThrowAt = "terminator" };
            var task = new LinkingPipeline(new TracedBehavior(), new LinkingBehavior(), new TracedTerminator()).Invoke(context, source.Token);
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => task);
            Assert.True(task.IsCanceled);
            Assert.Equal(new[] { "delegate", "terminator" }, context.Seen.ConvertAll(s => s.Stage));
        }
    }
}
