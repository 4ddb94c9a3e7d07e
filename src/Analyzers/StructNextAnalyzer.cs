using System;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Prewired.Analyzers.StructShape;
using Prewired.Generator.SharedRules;
using Prewired.Generator.SharedRules.Pipelines;

namespace Prewired.Analyzers
{
    /// <summary>
    /// PW0330: a behavior written in the delegate shape that is a stage of a pipeline of depth <see cref="MinimumDepth"/> or
    /// more, and that the code fix can rewrite to the struct shape (<see cref="DelegateBehavior"/> for the declaration,
    /// <see cref="NextEscapes"/> for how next is used). A delegate next is a field load and a call through the delegate's
    /// target per stage, at least; a struct next is a direct call the JIT and NativeAOT can inline.
    /// </summary>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class StructNextAnalyzer : DiagnosticAnalyzer
    {
        /// <summary>
        /// From five stages on the delegate's per-stage cost is worth a rewrite; a shorter chain pays it a few times per call,
        /// which an Info suggestion on every small pipeline would overstate.
        /// </summary>
        public const int MinimumDepth = 5;

        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(DiagnosticDescriptors.PreferStructNext);

        public override void Initialize(AnalysisContext context)
        {
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
            context.EnableConcurrentExecution();
            context.RegisterCompilationStartAction(start =>
            {
                if (start.Compilation.GetTypeByMetadataName("Prewired.IInlineBehavior`2") is null) return;
                // Built on the first behavior that fits, once per compilation: the chains need every pipeline and handler.
                var chains = new Lazy<DeepestChains>(() => DeepestChains.Build(start.Compilation, start.CancellationToken));
                start.RegisterOperationBlockAction(block => Analyze(block, chains));
            });
        }

        private static void Analyze(OperationBlockAnalysisContext context, Lazy<DeepestChains> chains)
        {
            // Cheap gates first: almost no method implements a behavior's Invoke.
            if (context.OwningSymbol is not IMethodSymbol { Parameters.Length: >= 2 } method || (method.Name != "Invoke" && method.ExplicitInterfaceImplementations.IsEmpty)) return;
            if (method.ContainingType is not { } type || DelegateBehavior.Find(type, context.CancellationToken) is not { } behavior) return;
            if (!SymbolEqualityComparer.Default.Equals(behavior.Method, method)) return;
            if (chains.Value.Of(type) is not { Depth: >= MinimumDepth } chain) return;
            foreach (var block in context.OperationBlocks)
            {
                if (NextEscapes.Escapes(block, behavior.Next)) return;
            }

            var target = behavior.InlineInterfaceName + "<" + string.Join(", ", behavior.Shape.Interface.TypeArguments.Select(PipelineValidator.Display)) + ">";
            context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.PreferStructNext, behavior.Location,
                PipelineValidator.Display(type), chain.Owner, chain.Depth, target));
        }
    }
}
