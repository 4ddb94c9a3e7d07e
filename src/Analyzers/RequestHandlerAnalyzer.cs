using System;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Prewired.Analyzers.Handlers;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.Pipelines.Rules;
using Prewired.Generator.TailAwait;

namespace Prewired.Analyzers
{
    /// <summary>
    /// Reports on the request handlers the generator gives a pipeline without a [Pipeline] class: a second handler of one
    /// request (PW0314, at it, naming the first), what the shared chain validation finds in a handler's generated pipeline
    /// (at the handler's name; a default skipped for its constraint is PW0316), and a request sent where no pipeline takes
    /// it (PW0315, at the send: an <c>Invoke</c> on a pipeline interface, resolving one from a container, or a <c>Send</c> of
    /// the generated sender that no overload takes).
    /// </summary>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class RequestHandlerAnalyzer : DiagnosticAnalyzer
    {
        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(
            DiagnosticDescriptors.DuplicateHandler, DiagnosticDescriptors.NoHandler, DiagnosticDescriptors.DefaultNotAppliedToHandler,
            DiagnosticDescriptors.ContextDoesNotFlow, DiagnosticDescriptors.InvalidStageType, DiagnosticDescriptors.ResultDoesNotFlow,
            DiagnosticDescriptors.TokenDoesNotFlow, DiagnosticDescriptors.OpenStageCannotBeClosed, DiagnosticDescriptors.NotAPipelineStage,
            DiagnosticDescriptors.AmbiguousStage, DiagnosticDescriptors.TerminatorNotLast, DiagnosticDescriptors.MissingTerminator);

        public override void Initialize(AnalysisContext context)
        {
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
            context.EnableConcurrentExecution();
            context.RegisterCompilationStartAction(start =>
            {
                if (start.Compilation.GetTypeByMetadataName("Prewired.ICancellableTerminator`2") is null) return;
                // Built on first use, once per compilation: the handler and send checks both need the whole assembly's handlers.
                var index = new Lazy<HandlerIndex>(() => HandlerIndex.Build(start.Compilation, start.CancellationToken));
                start.RegisterSymbolAction(symbol => AnalyzeHandler(symbol, index), SymbolKind.NamedType);
                start.RegisterOperationAction(operation => AnalyzeSend(operation, index), OperationKind.Invocation);
                start.RegisterSyntaxNodeAction(node => AnalyzeSenderSend(node, index), SyntaxKind.InvocationExpression);
            });
        }

        private static void AnalyzeHandler(SymbolAnalysisContext context, Lazy<HandlerIndex> index)
        {
            var type = (INamedTypeSymbol)context.Symbol;
            var handlers = RequestHandler.Of(type);
            if (handlers.Count == 0) return;
            foreach (var handler in handlers)
            {
                if (index.Value.IsOverridden(handler)) continue;
                var first = index.Value.FirstOf(handler);
                if (first is not null && !SymbolEqualityComparer.Default.Equals(first.Type, type))
                {
                    context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.DuplicateHandler, HandlerChainValidator.NameLocation(type, context.CancellationToken),
                        new[] { HandlerChainValidator.NameLocation(first.Type, context.CancellationToken) },
                        PipelineValidator.Display(type), PipelineValidator.Display(handler.Request), PipelineValidator.Display(first.Type)));
                    continue;
                }

                var validation = HandlerChainValidator.Validate(handler, context.Compilation, context.CancellationToken);
                foreach (var finding in validation.Findings)
                {
                    context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.For(finding.Id), finding.Location, finding.AdditionalLocations, finding.Arguments.Cast<object>().ToArray()));
                }
            }
        }

        private static void AnalyzeSend(OperationAnalysisContext context, Lazy<HandlerIndex> index)
        {
            var invocation = (IInvocationOperation)context.Operation;
            var method = invocation.TargetMethod;
            var pipeline = method.Name == "Invoke" && HandlerIndex.IsPipelineInterface(method.ContainingType) ? method.ContainingType
                : method.TypeArguments.OfType<INamedTypeSymbol>().FirstOrDefault(HandlerIndex.IsPipelineInterface);
            if (pipeline is null || pipeline.TypeArguments[0] is not INamedTypeSymbol request) return;
            // A request of another assembly may be handled there: only this assembly's requests are known to be unhandled.
            if (!SymbolEqualityComparer.Default.Equals(request.ContainingAssembly, context.Compilation.Assembly)) return;
            if (index.Value.HasPipelineFor(request, context.Compilation)) return;
            var fix = pipeline.Arity == 2
                ? $"add its handler, a class implementing ICancellableTerminator<{PipelineValidator.Display(request)}, {PipelineValidator.Display(pipeline.TypeArguments[1])}>, or a [Pipeline] class that starts with it"
                : "add a [Pipeline] class that starts with it";
            context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.NoHandler, invocation.Syntax.GetLocation(), PipelineValidator.Display(request), fix));
        }

        /// <summary>
        /// <c>sender.Send(request)</c> on the generated sender with a request no overload takes: the compiler's error says only
        /// that the argument does not convert to the requests that have one; this says why, at the same send.
        /// </summary>
        private static void AnalyzeSenderSend(SyntaxNodeAnalysisContext context, Lazy<HandlerIndex> index)
        {
            var invocation = (InvocationExpressionSyntax)context.Node;
            if (invocation.Expression is not MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Send" } || invocation.ArgumentList.Arguments.Count == 0) return;
            var info = context.SemanticModel.GetSymbolInfo(invocation, context.CancellationToken);
            if (info.Symbol is not null || info.CandidateSymbols.IsEmpty
                || !info.CandidateSymbols.All(c => c.ContainingType is { Name: SenderName.ClassName } sender
                                                     && SymbolEqualityComparer.Default.Equals(sender.ContainingAssembly, context.Compilation.Assembly)
                                                     && sender.ContainingNamespace.ToDisplayString() == SenderName.Namespace(context.Compilation)))
            {
                return;
            }

            if (context.SemanticModel.GetTypeInfo(invocation.ArgumentList.Arguments[0].Expression, context.CancellationToken).Type is not INamedTypeSymbol request
                || request.TypeKind == TypeKind.Error
                || !SymbolEqualityComparer.Default.Equals(request.ContainingAssembly, context.Compilation.Assembly)
                || index.Value.HasPipelineFor(request, context.Compilation))
            {
                return;
            }

            context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.NoHandler, invocation.GetLocation(), PipelineValidator.Display(request),
                $"add its handler, a class implementing ICancellableTerminator<{PipelineValidator.Display(request)}, TResponse>, or a [Pipeline] class that starts with it; the sender then has a Send for it"));
        }
    }
}
