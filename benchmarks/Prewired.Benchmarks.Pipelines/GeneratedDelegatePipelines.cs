#if PREWIRED_PIPELINES_GENERATED
// Written once by a script: the [Pipeline] attribute takes a fixed list, so every depth is declared explicitly.
using System;

namespace Prewired.Benchmarks.Pipelines
{
    [Pipeline(
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(CompletingTerminator))]
    public sealed partial class GeneratedDelegateSuccess10 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(CompletingTerminator))]
    public sealed partial class GeneratedDelegateSuccess20 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(CompletingTerminator))]
    public sealed partial class GeneratedDelegateSuccess40 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(YieldThenThrowTerminator))]
    public sealed partial class GeneratedDelegateException10 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(YieldThenThrowTerminator))]
    public sealed partial class GeneratedDelegateException20 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(YieldThenThrowTerminator))]
    public sealed partial class GeneratedDelegateException40 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(SyncThrowTerminator))]
    public sealed partial class GeneratedDelegateExceptionSync10 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(SyncThrowTerminator))]
    public sealed partial class GeneratedDelegateExceptionSync20 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(SyncThrowTerminator))]
    public sealed partial class GeneratedDelegateExceptionSync40 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(ReplayThrice), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(CompletingTerminator))]
    public sealed partial class GeneratedDelegateReplay10 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(ReplayThrice), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(CompletingTerminator))]
    public sealed partial class GeneratedDelegateReplay20 : IPipeline<BenchmarkContext>;

    [Pipeline(
        typeof(ReplayThrice), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(PassThrough), typeof(PassThrough), typeof(PassThrough), typeof(PassThrough),
        typeof(CompletingTerminator))]
    public sealed partial class GeneratedDelegateReplay40 : IPipeline<BenchmarkContext>;

    /// <summary>
    /// Form 3: the generated delegate shape, <see cref="IBehavior{TInContext, TOutContext}"/> stages: each <c>next</c> is a delegate to a generated step method, bound once in the constructor.
    /// The pipelines above: per category, depth behaviors (for Replay a replaying root and depth - 1 pass-throughs), then
    /// the category's terminator, called directly.
    /// </summary>
    public static class GeneratedDelegatePipelines
    {
        /// <summary>A new generated delegate-shape pipeline of <paramref name="scenario"/> at <paramref name="depth"/>.</summary>
        public static IPipeline<BenchmarkContext> Create(Scenario scenario, int depth) => (scenario, depth) switch
        {
            (Scenario.Success, 10) => new GeneratedDelegateSuccess10(
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new CompletingTerminator()),
            (Scenario.Success, 20) => new GeneratedDelegateSuccess20(
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new CompletingTerminator()),
            (Scenario.Success, 40) => new GeneratedDelegateSuccess40(
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new CompletingTerminator()),
            (Scenario.Exception, 10) => new GeneratedDelegateException10(
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new YieldThenThrowTerminator()),
            (Scenario.Exception, 20) => new GeneratedDelegateException20(
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new YieldThenThrowTerminator()),
            (Scenario.Exception, 40) => new GeneratedDelegateException40(
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new YieldThenThrowTerminator()),
            (Scenario.ExceptionSync, 10) => new GeneratedDelegateExceptionSync10(
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new SyncThrowTerminator()),
            (Scenario.ExceptionSync, 20) => new GeneratedDelegateExceptionSync20(
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new SyncThrowTerminator()),
            (Scenario.ExceptionSync, 40) => new GeneratedDelegateExceptionSync40(
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new SyncThrowTerminator()),
            (Scenario.Replay, 10) => new GeneratedDelegateReplay10(
                new ReplayThrice(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new CompletingTerminator()),
            (Scenario.Replay, 20) => new GeneratedDelegateReplay20(
                new ReplayThrice(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new CompletingTerminator()),
            (Scenario.Replay, 40) => new GeneratedDelegateReplay40(
                new ReplayThrice(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new PassThrough(), new PassThrough(), new PassThrough(), new PassThrough(),
                new CompletingTerminator()),
            _ => throw new ArgumentOutOfRangeException(nameof(depth), depth, "No pipeline is declared for this depth."),
        };
    }
}
#endif
