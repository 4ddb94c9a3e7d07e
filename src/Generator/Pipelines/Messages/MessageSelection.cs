using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Prewired.Generator.Model;

namespace Prewired.Generator.Pipelines.Messages
{
    /// <summary>
    /// Chooses, from every type's models, the publishers and stream pipelines to generate: each notification type with every
    /// handler of it (or of a base type or interface of it) in source order, and each stream request with its first handler
    /// (a second one is the analyzer's PW0325 and gets nothing).
    /// </summary>
    internal static class MessageSelection
    {
        public static EquatableArray<PublisherModel> Publishers(ImmutableArray<MessageModels> models)
        {
            var handlers = models.SelectMany(m => m.NotificationHandlers).OrderBy(h => h.OrderKey, System.StringComparer.Ordinal).ToList();
            var publishers = new List<PublisherModel>();
            var seen = new HashSet<string>();
            foreach (var notification in models.Select(m => m.Notification).OfType<NotificationTypeModel>().OrderBy(n => n.Notification, System.StringComparer.Ordinal))
            {
                if (!seen.Add(notification.Notification)) continue;
                // A class handling the notification twice (as itself and as a base type) runs once, as the most derived handler it is.
                var mine = handlers.Where(h => notification.Receivers.Contains(h.Handled))
                    .GroupBy(h => h.Handler.TypeName).Select(g => g.OrderBy(h => notification.Receivers.TakeWhile(r => r != h.Handled).Count()).First())
                    .OrderBy(h => h.OrderKey, System.StringComparer.Ordinal).ToEquatableArray();
                publishers.Add(new PublisherModel(notification, mine));
            }

            return publishers.ToEquatableArray();
        }

        public static EquatableArray<StreamHandlerModel> Streams(ImmutableArray<MessageModels> models)
            => models.SelectMany(m => m.StreamHandlers).OrderBy(h => h.OrderKey, System.StringComparer.Ordinal)
                .GroupBy(h => h.Request).Select(g => g.First()).OrderBy(h => h.Request, System.StringComparer.Ordinal).ToEquatableArray();
    }
}
