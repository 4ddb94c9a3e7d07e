using System.Linq;
using Microsoft.CodeAnalysis;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Generator
{
    /// <summary>
    /// What the generator does with a notification or stream behavior whose constraint a message does not meet (the analyzer's
    /// PW0326, MessageDefaultsTests): the message's publisher or stream pipeline without it, the others with it, nothing
    /// reported by the generator itself, every model cached on a re-run and after an unrelated edit; and half-typed
    /// [NotificationDefaults]/[StreamDefaults] attributes, as the IDE sees them while they are written, never throw.
    /// </summary>
    public sealed class MessageDefaultsGeneratorTests
    {
        private static readonly string[] s_trackingNames =
        {
            TrackingNames.MessageModels, TrackingNames.Publishers, TrackingNames.StreamPipelines, TrackingNames.SenderModel,
        };

        private const string Types = """

            namespace Shop;

            public interface IAudited { }

            public sealed class Audit<TNotification> : INotificationBehavior<TNotification> where TNotification : INotification, IAudited
            {
                public ValueTask Handle<TNext>(TNotification notification, TNext next, CancellationToken cancellationToken)
                    where TNext : struct, INotificationNext<TNotification> => next.Invoke(notification, cancellationToken);
            }

            public sealed class AuditedOnly<TRequest, TResponse> : IStreamBehavior<TRequest, TResponse> where TRequest : IStreamRequest<TResponse>, IAudited
            {
                public System.Collections.Generic.IAsyncEnumerable<TResponse> Handle<TNext>(TRequest request, TNext next, CancellationToken cancellationToken)
                    where TNext : struct, IStreamNext<TRequest, TResponse> => next.Invoke(request, cancellationToken);
            }

            public sealed class OrderPlaced : INotification, IAudited { }
            public sealed class Pinged : INotification { }
            public sealed class AuditedTicks : IStreamRequest<int>, IAudited { }
            public sealed class Ticks : IStreamRequest<int> { }

            public sealed class AuditedTicksHandler : IStreamRequestHandler<AuditedTicks, int>
            {
                public System.Collections.Generic.IAsyncEnumerable<int> Handle(AuditedTicks request, CancellationToken cancellationToken) => throw new NotSupportedException();
            }

            public sealed class TicksHandler : IStreamRequestHandler<Ticks, int>
            {
                public System.Collections.Generic.IAsyncEnumerable<int> Handle(Ticks request, CancellationToken cancellationToken) => throw new NotSupportedException();
            }
            """;

        [Fact]
        public void A_behavior_left_out_for_its_constraint_is_missing_from_that_message_only_and_the_models_stay_cached()
        {
            var run = RunCached("""
                [assembly: NotificationDefaults(typeof(Shop.Audit<>), Publisher = NotificationPublisher.Sequential)]
                [assembly: StreamDefaults(typeof(Shop.AuditedOnly<,>))]
                """ + Types);
            Assert.Empty(run.DriverDiagnostics);
            run.AssertGeneratedCodeCompilesCleanly();
            Assert.Contains("global::Shop.Audit<global::Shop.OrderPlaced>", Source(run, "OrderPlacedPublisher"));
            Assert.DoesNotContain("Audit<", Source(run, "PingedPublisher"));
            Assert.Contains("global::Shop.AuditedOnly<global::Shop.AuditedTicks, int>", Source(run, "AuditedTicksStreamPipeline"));
            Assert.DoesNotContain("AuditedOnly<", Source(run, ".TicksStreamPipeline"));
        }

        [Theory]
        [InlineData("[assembly: NotificationDefaults(typeof(Shop.Audit<>), typeof(")]
        [InlineData("[assembly: NotificationDefaults(typeof(Shop.Audit<>)")]
        [InlineData("[assembly: NotificationDefaults(typeof(Shop.Audit<,>), typeof(Shop.Missing<>))]")]
        [InlineData("[assembly: NotificationDefaults(null)]")]
        [InlineData("[assembly: NotificationDefaults(typeof(Shop.Audit<>), Publisher = )]")]
        [InlineData("[assembly: StreamDefaults(typeof(Shop.AuditedOnly<>), typeof(Shop.AuditedOnly<,>), typeof(int))]")]
        [InlineData("[assembly: StreamDefaults(typeof(Shop.AuditedOnly<,>),, typeof(")]
        public void Half_typed_defaults_never_throw(string attribute)
        {
            var run = RunCached(attribute + "\n" + Types);
            Assert.Empty(run.DriverDiagnostics);
        }

        private static string Source(GeneratorRun run, string hintNamePart)
            => run.GeneratedSources.Single(s => s.HintName.Contains(hintNamePart, System.StringComparison.Ordinal)).SourceText.ToString();

        private static GeneratorRun RunCached(string source)
        {
            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[] { GeneratorTest.Usings + source });
            Assert.All(run.RunResult.Results, r => Assert.Null(r.Exception));
            IncrementalCachingAssert.AssertCachedOnRerun(run, s_trackingNames);
            IncrementalCachingAssert.AssertCachedAfterUnrelatedEdit(run, s_trackingNames);
            return run;
        }
    }
}
