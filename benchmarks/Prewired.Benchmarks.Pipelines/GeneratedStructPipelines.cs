#if PREWIRED_PIPELINES_GENERATED
// Written once by a script: the [Pipeline] attribute takes a fixed list, so every depth is declared explicitly.
using System;

namespace Prewired.Benchmarks.Pipelines
{
    [Pipeline(
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(CompletingTerminator))]
    public sealed partial class GeneratedStructSuccess10 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(CompletingTerminator))]
    public sealed partial class GeneratedStructSuccess20 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(CompletingTerminator))]
    public sealed partial class GeneratedStructSuccess40 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(YieldThenThrowTerminator))]
    public sealed partial class GeneratedStructException10 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(YieldThenThrowTerminator))]
    public sealed partial class GeneratedStructException20 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(YieldThenThrowTerminator))]
    public sealed partial class GeneratedStructException40 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(SyncThrowTerminator))]
    public sealed partial class GeneratedStructExceptionSync10 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(SyncThrowTerminator))]
    public sealed partial class GeneratedStructExceptionSync20 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(SyncThrowTerminator))]
    public sealed partial class GeneratedStructExceptionSync40 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(InlineReplayThrice), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(CompletingTerminator))]
    public sealed partial class GeneratedStructReplay10 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(InlineReplayThrice), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(CompletingTerminator))]
    public sealed partial class GeneratedStructReplay20 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(InlineReplayThrice), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough), typeof(InlinePassThrough),
        typeof(CompletingTerminator))]
    public sealed partial class GeneratedStructReplay40 : IPipeline<BenchmarkContext>;

    /// <summary>
    /// Form 4: the generated struct shape, <see cref="IInlineBehavior{TInContext, TOutContext}"/> stages: each <c>next</c> is a generated struct, so the JIT can inline the chain.
    /// The pipelines above: per category, depth behaviors (for Replay a replaying root and depth - 1 pass-throughs), then
    /// the category's terminator, called directly.
    /// </summary>
    public static class GeneratedStructPipelines
    {
        /// <summary>A new generated struct-shape pipeline of <paramref name="scenario"/> at <paramref name="depth"/>.</summary>
        public static IPipeline<BenchmarkContext> Create(Scenario scenario, int depth) => (scenario, depth) switch
        {
            (Scenario.Success, 10) => new GeneratedStructSuccess10(
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new CompletingTerminator()),
            (Scenario.Success, 20) => new GeneratedStructSuccess20(
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new CompletingTerminator()),
            (Scenario.Success, 40) => new GeneratedStructSuccess40(
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new CompletingTerminator()),
            (Scenario.Exception, 10) => new GeneratedStructException10(
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new YieldThenThrowTerminator()),
            (Scenario.Exception, 20) => new GeneratedStructException20(
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new YieldThenThrowTerminator()),
            (Scenario.Exception, 40) => new GeneratedStructException40(
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new YieldThenThrowTerminator()),
            (Scenario.ExceptionSync, 10) => new GeneratedStructExceptionSync10(
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new SyncThrowTerminator()),
            (Scenario.ExceptionSync, 20) => new GeneratedStructExceptionSync20(
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new SyncThrowTerminator()),
            (Scenario.ExceptionSync, 40) => new GeneratedStructExceptionSync40(
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new SyncThrowTerminator()),
            (Scenario.Replay, 10) => new GeneratedStructReplay10(
                new InlineReplayThrice(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new CompletingTerminator()),
            (Scenario.Replay, 20) => new GeneratedStructReplay20(
                new InlineReplayThrice(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new CompletingTerminator()),
            (Scenario.Replay, 40) => new GeneratedStructReplay40(
                new InlineReplayThrice(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(), new InlinePassThrough(),
                new CompletingTerminator()),
            _ => throw new ArgumentOutOfRangeException(nameof(depth), depth, "No pipeline is declared for this depth."),
        };
    }
}
#endif
