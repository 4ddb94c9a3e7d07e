using System;
using System.Collections.Generic;

namespace Prewired.Benchmarks.Pipelines
{
    /// <summary>The five ways of running the same chain that every category compares.</summary>
    public enum PipelineForm
    {
        /// <summary>NServiceBus before #7631, the baseline: <see cref="ExpressionTreePipeline"/>.</summary>
        ExpressionTree,

        /// <summary>NServiceBus since #7631/#7636: <see cref="InvokerNodePipeline"/>.</summary>
        RuntimePrewired,

        /// <summary><c>[Pipeline]</c> over <see cref="IBehavior{TInContext, TOutContext}"/> stages (NServiceBus-compatible).</summary>
        GeneratedDelegate,

        /// <summary><c>[Pipeline]</c> over <see cref="IInlineBehavior{TInContext, TOutContext}"/> stages (struct <c>next</c>).</summary>
        GeneratedStruct,

        /// <summary>Explicit methods per level with cached delegates: <see cref="HandWrittenChain10"/> and its siblings.</summary>
        HandWritten,
    }

    /// <summary>What the chain does; the Warmup category builds a <see cref="Success"/> chain and calls it once.</summary>
    public enum Scenario
    {
        /// <summary>Pass-throughs down to a terminator completing synchronously.</summary>
        Success,

        /// <summary>The terminator yields, then throws <see cref="InvalidOperationException"/>.</summary>
        Exception,

        /// <summary>The terminator throws <see cref="InvalidOperationException"/> synchronously.</summary>
        ExceptionSync,

        /// <summary>The root behavior runs the rest of the chain three times in a row.</summary>
        Replay,
    }

    /// <summary>
    /// Builds every form of every scenario the same way: at depth N the chain has N behaviors (for Replay, a
    /// replaying root and N - 1 pass-throughs), each a new instance, then the scenario's terminator, also new. The
    /// runtime-composed forms end with the terminator wrapped as a behavior, as NServiceBus's terminators are
    /// (<see cref="TerminatorStage"/>).
    /// </summary>
    public static class PipelineFactory
    {
        /// <summary>The forms this build can run: the generated ones only when the generator produced them.</summary>
        public static IReadOnlyList<PipelineForm> AvailableForms { get; } = new[]
        {
            PipelineForm.ExpressionTree,
            PipelineForm.RuntimePrewired,
#if PREWIRED_PIPELINES_GENERATED
            PipelineForm.GeneratedDelegate,
            PipelineForm.GeneratedStruct,
#endif
            PipelineForm.HandWritten,
        };

        /// <summary>A new <paramref name="form"/> pipeline for <paramref name="scenario"/> with <paramref name="depth"/> behaviors.</summary>
        public static IPipeline<BenchmarkContext> Create(PipelineForm form, Scenario scenario, int depth) => form switch
        {
            PipelineForm.ExpressionTree => new ExpressionTreePipeline(RuntimeStages(scenario, depth)),
            PipelineForm.RuntimePrewired => new InvokerNodePipeline(RuntimeStages(scenario, depth)),
#if PREWIRED_PIPELINES_GENERATED
            PipelineForm.GeneratedDelegate => GeneratedDelegatePipelines.Create(scenario, depth),
            PipelineForm.GeneratedStruct => GeneratedStructPipelines.Create(scenario, depth),
#endif
            PipelineForm.HandWritten => CreateHandWritten(scenario, depth),
            _ => throw new NotSupportedException($"{form} is not built: the project was compiled with PrewiredPipelinesGenerated=false."),
        };

        /// <summary>A new terminator of <paramref name="scenario"/>.</summary>
        public static IPipelineTerminator<BenchmarkContext> CreateTerminator(Scenario scenario) => scenario switch
        {
            Scenario.Exception => new YieldThenThrowTerminator(),
            Scenario.ExceptionSync => new SyncThrowTerminator(),
            _ => new CompletingTerminator(),
        };

        private static IBehavior<BenchmarkContext, BenchmarkContext>[] RuntimeStages(Scenario scenario, int depth)
        {
            var stages = new IBehavior<BenchmarkContext, BenchmarkContext>[depth + 1];
            stages[0] = scenario == Scenario.Replay ? new ReplayThrice() : new PassThrough();
            for (var i = 1; i < depth; i++)
            {
                stages[i] = new PassThrough();
            }

            stages[depth] = new TerminatorStage(CreateTerminator(scenario));
            return stages;
        }

        private static IPipeline<BenchmarkContext> CreateHandWritten(Scenario scenario, int depth)
        {
            var terminator = CreateTerminator(scenario);
            var replay = scenario == Scenario.Replay;
            return depth switch
            {
                10 => replay ? new HandWrittenReplay10(terminator) : new HandWrittenPassThrough10(terminator),
                20 => replay ? new HandWrittenReplay20(terminator) : new HandWrittenPassThrough20(terminator),
                40 => replay ? new HandWrittenReplay40(terminator) : new HandWrittenPassThrough40(terminator),
                _ => throw new ArgumentOutOfRangeException(nameof(depth), depth, "Hand-written chains exist for depths 10, 20 and 40."),
            };
        }
    }
}
