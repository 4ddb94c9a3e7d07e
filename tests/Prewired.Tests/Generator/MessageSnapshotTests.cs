using Xunit;

namespace Prewired.Tests.Generator
{
    /// <summary>
    /// Notifications and streams, wired at compile time: each notification type's publisher (its behaviors, then every
    /// handler as a switch the runtime's publisher runs), each stream request's pipeline, and the sender's Publish and
    /// CreateStream overloads, as a reviewer reads them in the .verified.cs files beside this one. GeneratorTest.Verify
    /// asserts that every step stays cached on a re-run and after an unrelated edit.
    /// </summary>
    public class MessageSnapshotTests
    {
        [Fact]
        public void Notifications_with_no_one_and_three_handlers_each_get_a_publisher_and_a_Publish() => GeneratorTest.Verify("""
            [assembly: NotificationDefaults(typeof(Shop.Audit<>))]

            namespace Shop;

            public interface IAudited { }

            // No handler: a publisher that runs the behavior and nothing else (PW0324 where it is published).
            public sealed record Unheard : INotification, IAudited;

            // One handler, which implements Handle explicitly: called through the interface.
            public sealed record Pinged(int Id) : INotification;

            public sealed class PingedHandler : INotificationHandler<Pinged>
            {
                ValueTask INotificationHandler<Pinged>.Handle(Pinged notification, CancellationToken cancellationToken) => default;
            }

            // Three handlers, one of them of a base type, run in source order; Audit applies (OrderPlaced is IAudited).
            public abstract class ShopEvent : INotification { }
            public sealed class OrderPlaced : ShopEvent, IAudited { }

            public sealed class SendConfirmation : INotificationHandler<OrderPlaced>
            {
                public ValueTask Handle(OrderPlaced notification, CancellationToken cancellationToken) => default;
            }

            public sealed class EventLog : INotificationHandler<ShopEvent>
            {
                public ValueTask Handle(ShopEvent notification, CancellationToken cancellationToken) => default;
            }

            public sealed class UpdateStock : INotificationHandler<OrderPlaced>
            {
                public async ValueTask Handle(OrderPlaced notification, CancellationToken cancellationToken) => await Task.Yield();
            }

            public sealed class Audit<TNotification> : INotificationBehavior<TNotification> where TNotification : INotification, IAudited
            {
                public ValueTask Handle<TNext>(TNotification notification, TNext next, CancellationToken cancellationToken)
                    where TNext : struct, INotificationNext<TNotification>
                    => next.Invoke(notification, cancellationToken);
            }
            """, expectedFiles: 4);

        [Fact]
        public void The_concurrent_publisher_is_chosen_for_the_assembly() => GeneratorTest.Verify("""
            [assembly: NotificationDefaults(Publisher = NotificationPublisher.Concurrent)]

            namespace Shop;

            public sealed class OrderPlaced : INotification { }

            public sealed class SendConfirmation : INotificationHandler<OrderPlaced>
            {
                public ValueTask Handle(OrderPlaced notification, CancellationToken cancellationToken) => default;
            }

            public sealed class UpdateStock : INotificationHandler<OrderPlaced>
            {
                public ValueTask Handle(OrderPlaced notification, CancellationToken cancellationToken) => default;
            }
            """, expectedFiles: 2);

        [Fact]
        public void A_stream_with_a_behavior_gets_its_stream_pipeline_and_a_CreateStream() => GeneratorTest.Verify("""
            using System.Collections.Generic;
            using System.Runtime.CompilerServices;

            [assembly: StreamDefaults(typeof(Shop.CountItems<,>))]

            namespace Shop;

            public sealed record GetTicks(int Count) : IStreamRequest<int>;

            public sealed class GetTicksHandler : IStreamRequestHandler<GetTicks, int>
            {
                public async IAsyncEnumerable<int> Handle(GetTicks request, [EnumeratorCancellation] CancellationToken cancellationToken)
                {
                    for (var i = 0; i < request.Count; i++)
                    {
                        await Task.Yield();
                        yield return i;
                    }
                }
            }

            public sealed class CountItems<TRequest, TResponse> : IStreamBehavior<TRequest, TResponse> where TRequest : IStreamRequest<TResponse>
            {
                public int Count;

                public async IAsyncEnumerable<TResponse> Handle<TNext>(TRequest request, TNext next, [EnumeratorCancellation] CancellationToken cancellationToken)
                    where TNext : struct, IStreamNext<TRequest, TResponse>
                {
                    await foreach (var item in next.Invoke(request, cancellationToken).WithCancellation(cancellationToken))
                    {
                        Count++;
                        yield return item;
                    }
                }
            }
            """, expectedFiles: 2);
    }
}
