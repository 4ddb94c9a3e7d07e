using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Emit;
using Prewired.Generator.MarkedMethods;
using Prewired.Generator.Model;
using Prewired.Generator.Pipelines.Handlers;
using Prewired.Generator.Pipelines.Rules;

namespace Prewired.Generator.Pipelines.Messages
{
    /// <summary>
    /// Models what a type declaration contributes to notifications and streams (<see cref="MessageHandlers"/>): the
    /// notification handlers and stream handlers it is, and the notification it is. The assembly's behaviors are closed here,
    /// per type, as a discovered request handler's defaults are: the transform runs again when the compilation changes, and
    /// the models compare equal when nothing they hold did.
    /// </summary>
    internal static class MessageParser
    {
        private static readonly SymbolDisplayFormat TypeFormat = MethodShellParser.TypeFormat;

        /// <summary>A class, struct or record with a base list: only those can implement the interfaces.</summary>
        public static bool IsCandidate(SyntaxNode node, CancellationToken cancellationToken)
            => node is ClassDeclarationSyntax { BaseList: not null } or StructDeclarationSyntax { BaseList: not null } or RecordDeclarationSyntax { BaseList: not null };

        public static MessageModels? Parse(GeneratorSyntaxContext context, CancellationToken cancellationToken)
        {
            if (HandlerParser.FirstDeclared(context, cancellationToken) is not { } type) return null;
            var compilation = context.SemanticModel.Compilation;
            var hideFrames = TargetFeatures.Of(compilation).StackTraceHidden;
            var order = HandlerSelection.OrderKey(type);
            var notificationHandlers = MessageHandlers.NotificationsHandledBy(type)
                .Select(handled => new NotificationHandlerModel(handled.ToDisplayString(TypeFormat),
                    Callee(type, InterfaceOf(compilation, "Prewired.INotificationHandler`1", handled)), order))
                .ToEquatableArray();
            var streamHandlers = MessageHandlers.StreamsHandledBy(type).Select(stream =>
            {
                var arguments = new[] { stream.Request, stream.Response };
                var behaviorTypes = MessageHandlers.Behaviors(compilation, MessageHandlers.StreamDefaults, "IStreamBehavior", arguments).ToList();
                var behaviorInterface = InterfaceOf(compilation, "Prewired.IStreamBehavior`2", arguments);
                var handlerInterface = InterfaceOf(compilation, "Prewired.IStreamRequestHandler`2", arguments);
                var behaviors = behaviorTypes.Select(b => Callee(b, behaviorInterface)).ToEquatableArray();
                var enumeratorTokens = TakesEnumeratorToken(type, handlerInterface) && behaviorTypes.All(b => TakesEnumeratorToken(b, behaviorInterface));
                return new StreamHandlerModel(stream.Request.ToDisplayString(TypeFormat), stream.Response.ToDisplayString(TypeFormat),
                    Callee(type, handlerInterface), order,
                    arguments.All(a => EffectiveAccessibility.Of(a) == EffectiveAccessibility.Public), behaviors,
                    HandlerParser.ClassFor(stream.Request, "StreamPipeline", ".Stream.g.cs"), hideFrames, enumeratorTokens);
            }).ToEquatableArray();

            NotificationTypeModel? notification = null;
            if (MessageHandlers.IsPublishable(type) && PipelineRegistrationTarget.IsNameable(type))
            {
                var behaviors = MessageHandlers.Behaviors(compilation, MessageHandlers.NotificationDefaults, "INotificationBehavior", new ITypeSymbol[] { type })
                    .Select(b => Callee(b, InterfaceOf(compilation, "Prewired.INotificationBehavior`1", type))).ToEquatableArray();
                notification = new NotificationTypeModel(type.ToDisplayString(TypeFormat),
                    MessageHandlers.Receivers(type).Select(r => r.ToDisplayString(TypeFormat)).Distinct().ToEquatableArray(),
                    EffectiveAccessibility.Of(type) == EffectiveAccessibility.Public, behaviors, MessageHandlers.IsConcurrent(compilation),
                    HandlerParser.ClassFor(type, "Publisher", ".Notification.g.cs"), hideFrames);
            }

            var models = new MessageModels(notificationHandlers, notification, streamHandlers);
            return models.IsEmpty ? null : models;
        }

        /// <summary>
        /// Whether <paramref name="type"/>'s implementation of the interface's one method is an async iterator whose
        /// <see cref="System.Threading.CancellationToken"/> parameter is <c>[EnumeratorCancellation]</c>, so the token passed
        /// to its stream's <c>GetAsyncEnumerator</c> reaches its body (the compiler combines it with the argument).
        /// </summary>
        private static bool TakesEnumeratorToken(INamedTypeSymbol type, INamedTypeSymbol? @interface)
        {
            var method = @interface?.GetMembers().OfType<IMethodSymbol>().FirstOrDefault();
            if (method is null || type.FindImplementationForInterfaceMember(method) is not IMethodSymbol { IsAsync: true } implementation) return false;
            return implementation.Parameters.Any(p => p.Type.ToDisplayString() == "System.Threading.CancellationToken"
                && p.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == "System.Runtime.CompilerServices.EnumeratorCancellationAttribute"));
        }

        private static INamedTypeSymbol? InterfaceOf(Compilation compilation, string metadataName, params ITypeSymbol[] arguments)
            => compilation.GetTypeByMetadataName(metadataName)?.Construct(arguments);

        /// <summary>
        /// A public implicit implementation of the interface's one method is called on the concrete type (a direct call the JIT
        /// can inline); an explicit one through the interface, which the JIT still devirtualizes for a sealed class.
        /// </summary>
        private static CalleeModel Callee(INamedTypeSymbol type, INamedTypeSymbol? @interface)
        {
            var method = @interface?.GetMembers().OfType<IMethodSymbol>().FirstOrDefault();
            var direct = method is not null
                         && type.FindImplementationForInterfaceMember(method) is IMethodSymbol { MethodKind: MethodKind.Ordinary, DeclaredAccessibility: Accessibility.Public } implementation
                         && implementation.Name == method.Name;
            var name = type.Name.Length == 0 ? "stage" : char.ToLowerInvariant(type.Name[0]) + type.Name.Substring(1);
            return new CalleeModel(type.ToDisplayString(TypeFormat), name, direct || @interface is null ? null : @interface.ToDisplayString(TypeFormat));
        }
    }
}
