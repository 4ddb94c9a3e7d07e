using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;
using Prewired.Analyzers.ConcurrentNext;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Analyzers
{
    /// <summary>
    /// Reports a pipeline <c>next</c> whose runs may overlap on the same context (PW0320) and a next task nobody observes
    /// (PW0321), in behaviors (<c>IBehavior&lt;,&gt;</c>, Prewired's or NServiceBus's, and <c>IInlineBehavior&lt;,&gt;</c>)
    /// and anywhere a <c>Prewired.INext&lt;T&gt;</c> is passed. Those two are warnings in Prewired pipelines; the same
    /// findings in a behavior of another library (NServiceBus's) are the suggestions PW0322/PW0323, see <see cref="PipelineIntent"/>.
    /// </summary>
    /// <remarks>
    /// Every pipeline stage after this one shares the context and none of them lock, so two runs at once are a data race
    /// the pipeline cannot detect. Four passes over each method that uses a next parameter, all feeding one
    /// <see cref="Findings"/> (one diagnostic per call):
    /// <list type="number">
    /// <item><see cref="NextUses"/>: find the calls of next, and the local functions that are proxies for it;</item>
    /// <item><see cref="ConcurrencyApis"/>: next handed to Task.Run, Parallel, a Thread or the thread pool;</item>
    /// <item><see cref="PendingTaskFlow"/>: over the control flow graphs, a call starting while another next task is pending
    /// (<c>Task.WhenAll</c> of two calls, a stored task awaited too late, tasks collected in a loop, a <c>Select</c> materialized at once);</item>
    /// <item><see cref="DiscardedTasks"/>: a task dropped by an expression statement, a discard or a local never read.</item>
    /// </list>
    /// </remarks>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class ConcurrentNextAnalyzer : DiagnosticAnalyzer
    {
        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
            ImmutableArray.Create(
            DiagnosticDescriptors.ConcurrentNext, DiagnosticDescriptors.NextNotAwaited,
            DiagnosticDescriptors.ConcurrentNextOutsidePipeline, DiagnosticDescriptors.NextNotAwaitedOutsidePipeline);

        public override void Initialize(AnalysisContext context)
        {
            // Generated pipelines bind next themselves; only user-written behaviors are checked.
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
            context.EnableConcurrentExecution();
            context.RegisterCompilationStartAction(start =>
            {
                var intent = new PipelineIntent(start.Compilation);
                start.RegisterOperationBlockStartAction(c => OnBlockStart(c, intent));
            });
        }

        private static void OnBlockStart(OperationBlockStartAnalysisContext context, PipelineIntent intent)
        {
            if (context.OwningSymbol is not IMethodSymbol) return;

            // Cheap gate: the whole analysis (operation walk, control flow graphs) runs only for a method that references a
            // next parameter, which almost no method does. Set from operation callbacks, which may run concurrently.
            var referencesNext = new StrongBox();
            var referencesPrewiredNext = new StrongBox();
            context.RegisterOperationAction(
                c =>
                {
                    var parameter = ((IParameterReferenceOperation)c.Operation).Parameter;
                    if (!referencesNext.Value && NextParameters.IsNext(parameter)) referencesNext.Value = true;
                    if (!referencesPrewiredNext.Value && NextParameters.IsPrewiredNext(parameter)) referencesPrewiredNext.Value = true;
                },
                OperationKind.ParameterReference);
            context.RegisterOperationBlockEndAction(c =>
            {
                if (referencesNext.Value) Analyze(c, intent, referencesPrewiredNext.Value);
            });
        }

        private static void Analyze(OperationBlockAnalysisContext context, PipelineIntent intent, bool usesPrewiredNext)
        {
            var uses = NextUses.Collect(context.OperationBlocks, context.CancellationToken);
            if (uses.IsEmpty) return;
            var findings = new Findings();
            ConcurrencyApis.Report(uses, findings);

            var flow = new PendingTaskFlow(uses, findings, context.CancellationToken);
            foreach (var graph in Graphs(context)) flow.Analyze(graph);

            DiscardedTasks.Report(uses, findings);
            if (findings.IsEmpty) return;
            bool inPrewiredPipeline = intent.IsInPrewiredPipeline((IMethodSymbol)context.OwningSymbol, usesPrewiredNext);
            foreach (var diagnostic in findings.ToDiagnostics(inPrewiredPipeline)) context.ReportDiagnostic(diagnostic);
        }

        /// <summary>The control flow graph of each body block (a method has one; parameter defaults and attributes have none worth analyzing).</summary>
        private static IEnumerable<ControlFlowGraph> Graphs(OperationBlockAnalysisContext context)
        {
            var seen = new HashSet<IOperation>();
            foreach (var block in context.OperationBlocks)
            {
                if (block.Kind is not (OperationKind.MethodBody or OperationKind.Block or OperationKind.ConstructorBody)) continue;
                var graph = context.GetControlFlowGraph(block);
                if (seen.Add(graph.OriginalOperation)) yield return graph;
            }
        }

        /// <summary>A flag shared by the callbacks of one operation block; a bool write is atomic, and it only goes false to true.</summary>
        private sealed class StrongBox
        {
            public volatile bool Value;
        }
    }
}
