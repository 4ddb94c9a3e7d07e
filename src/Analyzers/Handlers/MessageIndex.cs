using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Prewired.Generator.Pipelines.Rules;

namespace Prewired.Analyzers.Handlers
{
    /// <summary>
    /// The assembly's notifications and streams, built once per compilation in source order, as the generator selects them
    /// (Pipelines/Messages/MessageSelection): every publishable notification type, every notification handler, and the first
    /// handler of each stream request (a second is PW0325 and gets nothing). What the generator writes and what the analyzers
    /// report about it then agree.
    /// </summary>
    internal sealed class MessageIndex
    {
        private readonly HashSet<ITypeSymbol> _handled;
        private readonly List<(INamedTypeSymbol Handler, ITypeSymbol Handled)> _notificationHandlers;
        private readonly Dictionary<ITypeSymbol, INamedTypeSymbol> _firstStreamHandler;

        private MessageIndex(List<INamedTypeSymbol> notifications, List<(INamedTypeSymbol, ITypeSymbol)> notificationHandlers,
            List<(ITypeSymbol, ITypeSymbol, INamedTypeSymbol)> streams, Dictionary<ITypeSymbol, INamedTypeSymbol> firstStreamHandler)
        {
            Notifications = notifications;
            _notificationHandlers = notificationHandlers;
            _handled = new HashSet<ITypeSymbol>(notificationHandlers.Select(h => h.Item2), SymbolEqualityComparer.Default);
            Streams = streams;
            _firstStreamHandler = firstStreamHandler;
        }

        /// <summary>The notification types the sender gets a Publish for (each has a generated publisher).</summary>
        public List<INamedTypeSymbol> Notifications { get; }

        /// <summary>Each stream request with its response and the handler that keeps it (each has a generated stream pipeline).</summary>
        public List<(ITypeSymbol Request, ITypeSymbol Response, INamedTypeSymbol Handler)> Streams { get; }

        /// <summary>Whether the generator writes a publisher or a stream pipeline at all (then the sender and AddPrewired() exist).</summary>
        public bool IsEmpty => Notifications.Count == 0 && Streams.Count == 0;

        public static MessageIndex Build(Compilation compilation, CancellationToken cancellationToken)
        {
            var notifications = new List<INamedTypeSymbol>();
            var handlers = new List<(INamedTypeSymbol, ITypeSymbol)>();
            var streams = new List<(ITypeSymbol, ITypeSymbol, INamedTypeSymbol)>();
            var first = new Dictionary<ITypeSymbol, INamedTypeSymbol>(SymbolEqualityComparer.Default);
            var types = HandlerIndex.SourceTypes(compilation.Assembly.GlobalNamespace, cancellationToken).OrderBy(HandlerSelection.OrderKey, StringComparer.Ordinal);
            foreach (var type in types)
            {
                if (MessageHandlers.IsPublishable(type) && PipelineRegistrationTarget.IsNameable(type)) notifications.Add(type);
                foreach (var notification in MessageHandlers.NotificationsHandledBy(type)) handlers.Add((type, notification));
                foreach (var (request, response) in MessageHandlers.StreamsHandledBy(type))
                {
                    if (first.ContainsKey(request)) continue;
                    first.Add(request, type);
                    streams.Add((request, response, type));
                }
            }

            return new MessageIndex(notifications, handlers, streams, first);
        }

        /// <summary>Whether a handler takes the notification, its base type or an interface of it (as the generator matches them).</summary>
        public bool IsHandled(ITypeSymbol notification) => MessageHandlers.Receivers(notification).Any(_handled.Contains);

        public INamedTypeSymbol? FirstStreamHandler(ITypeSymbol request) => _firstStreamHandler.TryGetValue(request, out var handler) ? handler : null;

        /// <summary>
        /// What <c>AddPrewired()</c> registers for notifications and streams, closed, each with the role a message names it by:
        /// each publisher's behaviors and handlers, each stream pipeline's behaviors and handler.
        /// </summary>
        public IEnumerable<(INamedTypeSymbol Stage, string Role)> RegisteredStages(Compilation compilation)
        {
            foreach (var notification in Notifications)
            {
                foreach (var behavior in MessageHandlers.Behaviors(compilation, MessageHandlers.NotificationDefaults, "INotificationBehavior", new ITypeSymbol[] { notification }))
                {
                    yield return (behavior, "a notification behavior of a singleton publisher (AddPrewired())");
                }

                var receivers = MessageHandlers.Receivers(notification).ToList();
                foreach (var (handler, handled) in _notificationHandlers)
                {
                    if (receivers.Contains(handled, SymbolEqualityComparer.Default)) yield return (handler, "a notification handler of a singleton publisher (AddPrewired())");
                }
            }

            foreach (var (request, response, handler) in Streams)
            {
                foreach (var behavior in MessageHandlers.Behaviors(compilation, MessageHandlers.StreamDefaults, "IStreamBehavior", new[] { request, response }))
                {
                    yield return (behavior, "a stream behavior of a singleton stream pipeline (AddPrewired())");
                }

                yield return (handler, "the handler of a singleton stream pipeline (AddPrewired())");
            }
        }
    }
}
