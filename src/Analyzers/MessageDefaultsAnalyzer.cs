using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Prewired.Analyzers.Handlers;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.Pipelines.Rules;
using Prewired.Generator.TailAwait;

namespace Prewired.Analyzers
{
    /// <summary>
    /// PW0327: a listed type that is no behavior of the attribute's messages at all (wrong shape or arity). PW0326: an open behavior of <c>[assembly: NotificationDefaults]</c> or <c>[assembly: StreamDefaults]</c> that the generator
    /// leaves out of a notification's publisher or a stream request's pipeline because the message does not meet its
    /// constraint. Request defaults have PW0312/PW0316 for that; here it was silent. Reported at the behavior's <c>typeof</c>
    /// (one per message it skips, each pointing at the message's declaration), so a <c>#pragma</c> around that line says the
    /// constraint is meant to select messages; the choice itself is <see cref="MessageHandlers.Fit"/>, the generator's.
    /// </summary>
    /// <remarks>
    /// A syntax-node action on the attribute rather than a compilation-end action: the finding sits in the attribute's file,
    /// so the IDE shows it when that file is analyzed, without full-solution analysis.
    /// </remarks>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class MessageDefaultsAnalyzer : DiagnosticAnalyzer
    {
        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
            ImmutableArray.Create(DiagnosticDescriptors.MessageBehaviorNotApplied, DiagnosticDescriptors.NotAMessageBehavior);

        public override void Initialize(AnalysisContext context)
        {
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
            context.EnableConcurrentExecution();
            context.RegisterCompilationStartAction(start =>
            {
                if (start.Compilation.GetTypeByMetadataName("Prewired.INotification") is null) return;
                var index = new Lazy<MessageIndex>(() => MessageIndex.Build(start.Compilation, start.CancellationToken));
                start.RegisterSyntaxNodeAction(node => AnalyzeAttribute(node, index), SyntaxKind.Attribute);
            });
        }

        private static void AnalyzeAttribute(SyntaxNodeAnalysisContext context, Lazy<MessageIndex> index)
        {
            var syntax = (AttributeSyntax)context.Node;
            if (syntax.Parent is not AttributeListSyntax { Target.Identifier.RawKind: (int)SyntaxKind.AssemblyKeyword }) return;
            var attribute = context.Compilation.Assembly.GetAttributes().FirstOrDefault(a => a.ApplicationSyntaxReference is { } reference
                && reference.SyntaxTree == syntax.SyntaxTree && reference.Span == syntax.Span);
            var (attributeName, behaviorInterface) = KnownTypes.IsType(attribute?.AttributeClass, MessageHandlers.NotificationDefaults) ? ("NotificationDefaults", "INotificationBehavior")
                : KnownTypes.IsType(attribute?.AttributeClass, MessageHandlers.StreamDefaults) ? ("StreamDefaults", "IStreamBehavior")
                : (null, null);
            // A list the compiler rejects (half-typed, not constant) is its error to report: nothing is checked against it.
            if (attribute is null || attributeName is null || behaviorInterface is null
                || attribute.ConstructorArguments.Length != 1 || attribute.ConstructorArguments[0] is not { Kind: TypedConstantKind.Array, IsNull: false } list)
            {
                return;
            }

            var written = StageArgumentSyntax.Of(syntax, list.Values.Length);
            var arity = behaviorInterface == "INotificationBehavior" ? 1 : 2;
            for (var i = 0; i < list.Values.Length; i++)
            {
                if (list.Values[i].Value is not INamedTypeSymbol { TypeKind: not TypeKind.Error } type) continue;
                var at = written?[i].GetLocation() ?? syntax.GetLocation();
                if (MessageHandlers.NotABehaviorReason(type, behaviorInterface, arity) is { } reason)
                {
                    var what = arity == 1 ? "a notification behavior" : "a stream behavior";
                    context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.NotAMessageBehavior, at, PipelineValidator.Display(type), attributeName, what, reason));
                    continue;
                }

                if (!type.IsUnboundGenericType) continue;
                var listed = type;
                foreach (var (message, arguments, what) in Messages(index.Value, behaviorInterface))
                {
                    if (MessageHandlers.Fit(listed, context.Compilation, behaviorInterface, arguments).UnmetConstraint is not { } unmet) continue;
                    var declared = HandlerChainValidator.NameLocation(message, context.CancellationToken);
                    context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.MessageBehaviorNotApplied, at,
                        declared.IsInSource ? new[] { declared } : Array.Empty<Location>(),
                        PipelineValidator.Display(listed), attributeName, what, unmet));
                }
            }
        }

        /// <summary>The messages the generator closes this attribute's behaviors over, with the types they are closed over.</summary>
        private static IEnumerable<(INamedTypeSymbol Message, ITypeSymbol[] Arguments, string What)> Messages(MessageIndex index, string behaviorInterface)
        {
            if (behaviorInterface == "INotificationBehavior")
            {
                foreach (var notification in index.Notifications) yield return (notification, new ITypeSymbol[] { notification }, $"the notification '{PipelineValidator.Display(notification)}'");
                yield break;
            }

            foreach (var (request, response, _) in index.Streams)
            {
                if (request is INamedTypeSymbol named) yield return (named, new[] { request, response }, $"the stream request '{PipelineValidator.Display(request)}'");
            }
        }
    }
}
