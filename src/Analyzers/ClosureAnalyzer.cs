using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;
using Prewired.Analyzers.Closures;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Analyzers
{
    /// <summary>
    /// Reports a closure allocated on a fast path (PW0401, a warning; PW0402, a suggestion, outside code marked for the
    /// generator or written as a fast path, see <see cref="FastPathIntent"/>): a scope whose captured variables the
    /// compiler puts in a heap display class, allocated on entry to that scope, when some path through the scope never
    /// reaches the lambda or local function that needs it. Only functions returning a task-like type are checked (the
    /// hand-written fast path of an async API: the blog's <c>GetStockPriceWithValueTaskAsync_Optimized2</c>).
    /// </summary>
    /// <remarks>
    /// Per method body with a lambda or local function:
    /// <list type="number">
    /// <item><see cref="ModelBuilder"/>: the functions (from the control flow graphs), what each captures, and the scopes
    /// declaring captured variables (the function root: parameters, the body's locals and <c>this</c>; or a graph region);</item>
    /// <item><see cref="EnvironmentRules"/>: the compiler's rules for which scope gets an environment, struct or class, and
    /// the Release-mode merging of environments into their parents;</item>
    /// <item><see cref="FastPathSearch"/>: for each class environment in a task-like function, a path from the scope's
    /// entry to a normal exit that never instantiates, calls or converts one of its closures.</item>
    /// </list>
    /// The diagnostic's additional locations are the named capturing functions (a local function's name, a lambda's
    /// <c>=&gt;</c>); its properties carry the captured variables and the local functions for the code fix.
    /// </remarks>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class ClosureAnalyzer : DiagnosticAnalyzer
    {
        /// <summary>Diagnostic property: the captured variables, comma-separated (<c>this</c> for this).</summary>
        public const string VariablesProperty = "Variables";

        /// <summary>Diagnostic property: the named capturing local functions, comma-separated (lambdas are left out).</summary>
        public const string LocalFunctionsProperty = "LocalFunctions";

        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
            ImmutableArray.Create(DiagnosticDescriptors.ClosureOnFastPath, DiagnosticDescriptors.ClosureInOrdinaryCode);

        public override void Initialize(AnalysisContext context)
        {
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
            context.EnableConcurrentExecution();
            context.RegisterOperationBlockStartAction(OnBlockStart);
        }

        private static void OnBlockStart(OperationBlockStartAnalysisContext context)
        {
            if (context.OwningSymbol is not IMethodSymbol method) return;

            // Cheap gate: graphs are built only for a body with a lambda or local function, and only when the method or one
            // of those functions returns a task-like type (only their scopes are reported). Set from operation callbacks,
            // which may run concurrently.
            bool taskLike = TaskLikeTypes.ReturnsTaskLike(method);
            var worthAnalyzing = new Flag();
            context.RegisterOperationAction(
                c =>
                {
                    if (worthAnalyzing.Value) return;
                    var nested = c.Operation switch
                    {
                        IAnonymousFunctionOperation lambda => lambda.Symbol,
                        ILocalFunctionOperation local => local.Symbol,
                        _ => null,
                    };
                    if (taskLike || (nested is not null && TaskLikeTypes.ReturnsTaskLike(nested))) worthAnalyzing.Value = true;
                },
                OperationKind.AnonymousFunction,
                OperationKind.LocalFunction);
            context.RegisterOperationBlockEndAction(c =>
            {
                if (worthAnalyzing.Value) Analyze(c);
            });
        }

        private static void Analyze(OperationBlockAnalysisContext context)
        {
            var method = (IMethodSymbol)context.OwningSymbol;
            var seen = new HashSet<IOperation>();
            bool? markedBody = null;
            foreach (var block in context.OperationBlocks)
            {
                if (block.Kind is not (OperationKind.MethodBody or OperationKind.Block)) continue;
                var graph = context.GetControlFlowGraph(block);
                if (!seen.Add(graph.OriginalOperation)) continue;
                foreach (var finding in ClosureFindings.Find(graph, method, context.CancellationToken))
                {
                    markedBody ??= FastPathIntent.IsMarkedBody(method);
                    bool fastPath = markedBody.Value || FastPathIntent.IsHandWritten(finding.Owner, context.CancellationToken);
                    context.ReportDiagnostic(ToDiagnostic(finding, fastPath ? DiagnosticDescriptors.ClosureOnFastPath : DiagnosticDescriptors.ClosureInOrdinaryCode));
                }
            }
        }

        private static Diagnostic ToDiagnostic(ClosureFinding finding, DiagnosticDescriptor descriptor)
        {
            string variables = ScopeLocations.List(finding.Variables.Select(v => "'" + v.Name + "'"));
            string functions = ScopeLocations.List(finding.Functions.Select(ScopeLocations.NameOf));
            var properties = ImmutableDictionary<string, string?>.Empty
                .Add(VariablesProperty, string.Join(",", finding.Variables.Select(v => v.Name)))
                .Add(LocalFunctionsProperty, string.Join(",", finding.Functions.Where(f => !f.IsLambda).Select(f => f.Symbol.Name)));
            return Diagnostic.Create(
                descriptor,
                finding.Location,
                finding.Functions.Select(ScopeLocations.LocationOf),
                properties,
                variables,
                functions);
        }

        /// <summary>A flag shared by the callbacks of one operation block; a bool write is atomic, and it only goes false to true.</summary>
        private sealed class Flag
        {
            public volatile bool Value;
        }
    }
}
