using System;
using System.Collections.Generic;
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
    /// Reports on notifications and streams, whose handlers the generator finds as it finds request handlers: a notification
    /// published where nothing handles it (PW0324, Info, at the publish: legal, as in Mediator, but most likely a missing
    /// handler), a second handler of one stream request (PW0325, at it, naming the first), and a CreateStream of the generated
    /// sender that no overload takes (PW0315, as a Send nothing takes).
    /// </summary>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class MessageHandlerAnalyzer : DiagnosticAnalyzer
    {
        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(
            DiagnosticDescriptors.NotificationWithoutHandler, DiagnosticDescriptors.DuplicateStreamHandler, DiagnosticDescriptors.NoHandler);

        public override void Initialize(AnalysisContext context)
        {
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
            context.EnableConcurrentExecution();
            context.RegisterCompilationStartAction(start =>
            {
                if (start.Compilation.GetTypeByMetadataName("Prewired.INotification") is null) return;
                var index = new Lazy<MessageIndex>(() => MessageIndex.Build(start.Compilation, start.CancellationToken));
                start.RegisterSymbolAction(symbol => AnalyzeStreamHandler(symbol, index), SymbolKind.NamedType);
                start.RegisterOperationAction(operation => AnalyzePublish(operation, index), OperationKind.Invocation);
                start.RegisterSyntaxNodeAction(node => AnalyzeCreateStream(node, index), SyntaxKind.InvocationExpression);
            });
        }

        private static void AnalyzeStreamHandler(SymbolAnalysisContext context, Lazy<MessageIndex> index)
        {
            var type = (INamedTypeSymbol)context.Symbol;
            foreach (var (request, _) in MessageHandlers.StreamsHandledBy(type))
            {
                var first = index.Value.FirstStreamHandler(request);
                if (first is null || SymbolEqualityComparer.Default.Equals(first, type)) continue;
                context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.DuplicateStreamHandler, HandlerChainValidator.NameLocation(type, context.CancellationToken),
                    new[] { HandlerChainValidator.NameLocation(first, context.CancellationToken) },
                    PipelineValidator.Display(type), PipelineValidator.Display(request), PipelineValidator.Display(first)));
            }
        }

        /// <summary>A <c>Publish</c> of this assembly's generated sender: its overload names the notification type.</summary>
        private static void AnalyzePublish(OperationAnalysisContext context, Lazy<MessageIndex> index)
        {
            var invocation = (IInvocationOperation)context.Operation;
            var method = invocation.TargetMethod;
            if (method.Name != "Publish" || method.Parameters.Length == 0 || !IsSender(method.ContainingType, context.Compilation)) return;
            if (method.Parameters[0].Type is not INamedTypeSymbol notification || index.Value.IsHandled(notification)) return;
            context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.NotificationWithoutHandler, invocation.Syntax.GetLocation(), PipelineValidator.Display(notification)));
        }

        /// <summary>
        /// <c>sender.CreateStream(request)</c> with a request no overload takes: the compiler's error says only that the argument
        /// does not convert; this says why, at the same call.
        /// </summary>
        private static void AnalyzeCreateStream(SyntaxNodeAnalysisContext context, Lazy<MessageIndex> index)
        {
            var invocation = (InvocationExpressionSyntax)context.Node;
            if (invocation.Expression is not MemberAccessExpressionSyntax { Name.Identifier.ValueText: "CreateStream" } || invocation.ArgumentList.Arguments.Count == 0) return;
            var info = context.SemanticModel.GetSymbolInfo(invocation, context.CancellationToken);
            if (info.Symbol is not null || info.CandidateSymbols.IsEmpty || !info.CandidateSymbols.All(c => IsSender(c.ContainingType, context.Compilation))) return;
            if (context.SemanticModel.GetTypeInfo(invocation.ArgumentList.Arguments[0].Expression, context.CancellationToken).Type is not INamedTypeSymbol request
                || request.TypeKind == TypeKind.Error
                || !SymbolEqualityComparer.Default.Equals(request.ContainingAssembly, context.Compilation.Assembly)
                || index.Value.FirstStreamHandler(request) is not null)
            {
                return;
            }

            var response = request.AllInterfaces.FirstOrDefault(i => MessageHandlers.IsPrewired(i, "IStreamRequest", 1))?.TypeArguments[0];
            context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.NoHandler, invocation.GetLocation(), PipelineValidator.Display(request),
                $"add its handler, a class implementing IStreamRequestHandler<{PipelineValidator.Display(request)}, {(response is null ? "TResponse" : PipelineValidator.Display(response))}>; the sender then has a CreateStream for it"));
        }

        private static bool IsSender(INamedTypeSymbol? type, Compilation compilation)
            => type is { Name: SenderName.ClassName }
               && SymbolEqualityComparer.Default.Equals(type.ContainingAssembly, compilation.Assembly)
               && type.ContainingNamespace.ToDisplayString() == SenderName.Namespace(compilation);
    }
}
