using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;
using VerifyCS = Prewired.Tests.Harness.AnalyzerVerifier<Prewired.Analyzers.MessageDefaultsAnalyzer>;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// PW0326: an open behavior of [assembly: NotificationDefaults] or [assembly: StreamDefaults] that a message does not meet
    /// the constraints of is left out of its publisher or stream pipeline, never silently: a warning at the behavior's typeof
    /// (with or without the attribute's named argument), one per message, each pointing at the message's declaration; a
    /// #pragma around that line says it is meant. The generator runs first, so the compilation is the one a build sees.
    /// </summary>
    public sealed class MessageDefaultsTests
    {
        private const string Messages = """

            public interface IAudited { }

            public sealed class Audit<TNotification> : INotificationBehavior<TNotification> where TNotification : INotification, IAudited
            {
                public ValueTask Handle<TNext>(TNotification notification, TNext next, CancellationToken cancellationToken)
                    where TNext : struct, INotificationNext<TNotification> => next.Invoke(notification, cancellationToken);
            }

            public sealed class Trace<TNotification> : INotificationBehavior<TNotification> where TNotification : INotification
            {
                public ValueTask Handle<TNext>(TNotification notification, TNext next, CancellationToken cancellationToken)
                    where TNext : struct, INotificationNext<TNotification> => next.Invoke(notification, cancellationToken);
            }

            public sealed class OrderPlaced : INotification, IAudited { }

            public sealed class OrderPlacedHandler : INotificationHandler<OrderPlaced>
            {
                public ValueTask Handle(OrderPlaced notification, CancellationToken cancellationToken) => default;
            }

            public sealed class AuditedOnly<TRequest, TResponse> : IStreamBehavior<TRequest, TResponse> where TRequest : IStreamRequest<TResponse>, IAudited
            {
                public IAsyncEnumerable<TResponse> Handle<TNext>(TRequest request, TNext next, CancellationToken cancellationToken)
                    where TNext : struct, IStreamNext<TRequest, TResponse> => next.Invoke(request, cancellationToken);
            }

            public sealed class Numbers<TRequest> : IStreamBehavior<TRequest, int> where TRequest : IStreamRequest<int>
            {
                public IAsyncEnumerable<int> Handle<TNext>(TRequest request, TNext next, CancellationToken cancellationToken)
                    where TNext : struct, IStreamNext<TRequest, int> => next.Invoke(request, cancellationToken);
            }

            public sealed class TicksHandler : IStreamRequestHandler<Ticks, int>
            {
                public IAsyncEnumerable<int> Handle(Ticks request, CancellationToken cancellationToken) => throw new NotSupportedException();
            }
            """;

        private static string Unmet(string parameter, string message) => $"its constraint 'where {parameter} : IAudited' is not met by '{message}'";

        [Fact]
        public Task PW0326_a_notification_behavior_left_out_for_its_constraint_is_a_warning_at_its_typeof_with_the_named_argument() => VerifyAsync("""
            [assembly: NotificationDefaults(typeof(Trace<>), {|#0:typeof(Audit<>)|}, Publisher = NotificationPublisher.Concurrent)]

            public sealed class {|#1:Pinged|} : INotification { }
            public sealed class Ticks : IStreamRequest<int> { }
            """,
            VerifyCS.Diagnostic("PW0326").WithSeverity(DiagnosticSeverity.Warning).WithLocation(0).WithLocation(1)
                .WithArguments("Audit<>", "NotificationDefaults", "the notification 'Pinged'", Unmet("TNotification", "Pinged"))
                .WithMessage("'Audit<>' from [assembly: NotificationDefaults] is not applied to the notification 'Pinged': " + Unmet("TNotification", "Pinged")
                             + "; if that is meant, surround this typeof's line with #pragma warning disable PW0326 and #pragma warning restore PW0326"
                             + " (or set dotnet_diagnostic.PW0326.severity = none where constrained behaviors select their messages)"));

        [Fact]
        public Task PW0326_one_per_notification_left_out_each_pointing_at_it() => VerifyAsync("""
            [assembly: NotificationDefaults(new[] { {|#0:typeof(Audit<>)|} })]

            public sealed class {|#1:Pinged|} : INotification { }
            public sealed class {|#2:Ponged|} : INotification { }
            public sealed class Ticks : IStreamRequest<int> { }
            """,
            VerifyCS.Diagnostic("PW0326").WithLocation(0).WithLocation(1).WithArguments("Audit<>", "NotificationDefaults", "the notification 'Pinged'", Unmet("TNotification", "Pinged")),
            VerifyCS.Diagnostic("PW0326").WithLocation(0).WithLocation(2).WithArguments("Audit<>", "NotificationDefaults", "the notification 'Ponged'", Unmet("TNotification", "Ponged")));

        [Fact]
        public Task PW0326_a_stream_behavior_left_out_for_its_constraint_is_a_warning_at_its_typeof() => VerifyAsync("""
            [assembly: StreamDefaults(typeof(Numbers<Ticks>), {|#0:typeof(AuditedOnly<,>)|})]

            public sealed class {|#1:Ticks|} : IStreamRequest<int> { }
            """,
            VerifyCS.Diagnostic("PW0326").WithLocation(0).WithLocation(1)
                .WithArguments("AuditedOnly<,>", "StreamDefaults", "the stream request 'Ticks'", Unmet("TRequest", "Ticks")));

        [Fact]
        public Task PW0326_pragma_around_one_typeof_line_silences_that_behavior_only() => VerifyAsync("""
            [assembly: NotificationDefaults(
            #pragma warning disable PW0326 // Audit selects the audited notifications
                typeof(Audit<>),
            #pragma warning restore PW0326
                {|#0:typeof(Loud<>)|})]

            public sealed class Loud<TNotification> : INotificationBehavior<TNotification> where TNotification : INotification, IAudited
            {
                public ValueTask Handle<TNext>(TNotification notification, TNext next, CancellationToken cancellationToken)
                    where TNext : struct, INotificationNext<TNotification> => next.Invoke(notification, cancellationToken);
            }

            public sealed class {|#1:Pinged|} : INotification { }
            public sealed class Ticks : IStreamRequest<int> { }
            """,
            // The library's extra run disables the expected IDs at the top, which the restore above undoes for Loud.
            test => test.TestBehaviors |= TestBehaviors.SkipSuppressionCheck,
            VerifyCS.Diagnostic("PW0326").WithLocation(0).WithLocation(1).WithArguments("Loud<>", "NotificationDefaults", "the notification 'Pinged'", Unmet("TNotification", "Pinged")));

        [Fact]
        public Task Nothing_when_every_message_meets_the_constraints_or_a_behavior_is_closed() => VerifyAsync("""
            [assembly: NotificationDefaults(typeof(Trace<>), typeof(Audit<>), typeof(Audit<OrderPlaced>))]
            [assembly: StreamDefaults(typeof(Numbers<Ticks>), typeof(AuditedOnly<AuditedTicks, int>))]

            public sealed class AuditedTicks : IStreamRequest<int>, IAudited { }

            public sealed class Ticks : IStreamRequest<int> { }
            """);

        private const string StreamShape = "an open behavior takes two, the request and the response (IStreamBehavior<TRequest, TResponse>); list it closed, once per message, or give it two";

        [Fact]
        public Task PW0327_an_open_stream_behavior_of_another_arity_is_an_error_at_its_typeof_with_the_named_argument() => VerifyAsync("""
            [assembly: NotificationDefaults(typeof(Trace<>), Publisher = NotificationPublisher.Concurrent)]
            [assembly: StreamDefaults({|#0:typeof(Numbers<>)|})]

            public sealed class Ticks : IStreamRequest<int> { }
            """,
            VerifyCS.Diagnostic("PW0327").WithSeverity(DiagnosticSeverity.Error).WithLocation(0)
                .WithArguments("Numbers<>", "StreamDefaults", "a stream behavior", "it is open over 1 type parameter, and " + StreamShape)
                .WithMessage("'Numbers<>' in [assembly: StreamDefaults] is not a stream behavior: it is open over 1 type parameter, and " + StreamShape + "; it would run around no message"));

        [Fact]
        public Task PW0327_a_type_that_is_no_notification_behavior_is_an_error_at_its_typeof_each() => VerifyAsync("""
            [assembly: NotificationDefaults(typeof(Trace<>), {|#0:typeof(OrderPlacedHandler)|}, {|#1:typeof(INotificationBehavior<>)|}, {|#2:typeof(Pair<,>)|}, {|#3:typeof(Wrapped<>)|}, Publisher = NotificationPublisher.Sequential)]

            public sealed class Ticks : IStreamRequest<int> { }

            public sealed class Pair<TNotification, TOther> : INotificationBehavior<TNotification> where TNotification : INotification
            {
                public ValueTask Handle<TNext>(TNotification notification, TNext next, CancellationToken cancellationToken)
                    where TNext : struct, INotificationNext<TNotification> => next.Invoke(notification, cancellationToken);
            }

            public sealed class Box<T> : INotification { }

            public sealed class Wrapped<T> : INotificationBehavior<Box<T>>
            {
                public ValueTask Handle<TNext>(Box<T> notification, TNext next, CancellationToken cancellationToken)
                    where TNext : struct, INotificationNext<Box<T>> => next.Invoke(notification, cancellationToken);
            }
            """,
            VerifyCS.Diagnostic("PW0327").WithLocation(0).WithArguments("OrderPlacedHandler", "NotificationDefaults", "a notification behavior", "it does not implement INotificationBehavior<TNotification>"),
            VerifyCS.Diagnostic("PW0327").WithLocation(1).WithArguments("INotificationBehavior<>", "NotificationDefaults", "a notification behavior", "it is an interface, and a behavior is a class the generated code creates"),
            VerifyCS.Diagnostic("PW0327").WithLocation(2).WithArguments("Pair<,>", "NotificationDefaults", "a notification behavior",
                "it is open over 2 type parameters, and an open behavior takes one, the notification (INotificationBehavior<TNotification>); list it closed, once per message, or give it one"),
            VerifyCS.Diagnostic("PW0327").WithLocation(3).WithArguments("Wrapped<>", "NotificationDefaults", "a notification behavior",
                "its INotificationBehavior<TNotification> is not over its own type parameters in their order, so closing it over a message's types never makes it that message's behavior"));

        [Fact]
        public Task Nothing_but_the_compilers_error_for_a_behavior_that_does_not_bind() => VerifyAsync("""
            [assembly: NotificationDefaults(typeof({|CS0246:Missing<>|}), typeof(Audit<>))]

            public sealed class Ticks : IStreamRequest<int> { }
            """);

        private static Task VerifyAsync(string source, params DiagnosticResult[] expected) => VerifyAsync(source, _ => { }, expected);

        private static Task VerifyAsync(string source, System.Action<VerifyCS.Test> adjust, params DiagnosticResult[] expected)
        {
            var test = new VerifyCS.Test { TestCode = MarkedMethodVerifier.Usings + source + Messages };
            test.Generators.Add(typeof(PrewiredGenerator));
            test.ExpectedDiagnostics.AddRange(expected);
            adjust(test);
            return test.RunAsync();
        }
    }
}
