using System;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Prewired.Analyzers.StructShape;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.Pipelines.Rules;
using Prewired.Generator.TailAwait;

namespace Prewired.Analyzers
{
    /// <summary>
    /// PW0330: a behavior written in the delegate shape that is a stage of a pipeline of depth <see cref="MinimumDepth"/> or
    /// more, and that the code fix can rewrite to the struct shape (<see cref="DelegateBehavior"/> for the declaration,
    /// <see cref="NextEscapes"/> for how next is used). A delegate next is a field load and a call through the delegate's
    /// target per stage, at least; a struct next is a direct call the JIT and NativeAOT can inline.
    /// </summary>
    /// <remarks>
    /// A symbol-start action on the class, with an operation block action for its Invoke, reports at the symbol's end: the
    /// diagnostic sits on the class's name, so it must belong to the class's analysis to be local there (an IDE shows and
    /// fixes it as the document is analyzed; a method's block action may only report inside the method).
    /// </remarks>
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
                start.RegisterSymbolStartAction(symbol => OnBehavior(symbol, chains), SymbolKind.NamedType);
            });
        }

        private static void OnBehavior(SymbolStartAnalysisContext context, Lazy<DeepestChains> chains)
        {
            var type = (INamedTypeSymbol)context.Symbol;
            if (DelegateBehavior.Find(type, context.CancellationToken) is not { } behavior) return;
            // Written once, by the block action of the one Invoke, before the symbol's end action reads it.
            var onlyInvoked = false;
            context.RegisterOperationBlockAction(block =>
            {
                if (SymbolEqualityComparer.Default.Equals(block.OwningSymbol, behavior.Method))
                {
                    onlyInvoked = !block.OperationBlocks.Any(b => NextEscapes.Escapes(b, behavior.Next));
                }
            });
            context.RegisterSymbolEndAction(end =>
            {
                if (!onlyInvoked || chains.Value.Of(type) is not { Depth: >= MinimumDepth } chain) return;
                var target = behavior.InlineInterfaceName + "<" + string.Join(", ", behavior.Shape.Interface.TypeArguments.Select(PipelineValidator.Display)) + ">";
                end.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.PreferStructNext, behavior.Location,
                    PipelineValidator.Display(type), chain.Owner, chain.Depth, target));
            });
        }
    }
}
