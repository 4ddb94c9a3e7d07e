using System.Threading.Tasks;
using Microsoft.CodeAnalysis.Testing;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;
using VerifyCS = Prewired.Tests.Harness.AnalyzerVerifier<Prewired.Analyzers.MessageHandlerAnalyzer>;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// Notifications and streams: a publish of a notification nothing handles (PW0324, Info, at the publish), a second stream
    /// handler (PW0325, at it, naming the first), a CreateStream no overload takes (PW0315, beside the compiler's error). The
    /// generator runs first, so the sender's overloads are the generated ones.
    /// </summary>
    public sealed class MessageHandlerTests
    {
        private const string Messages = """

            public sealed class OrderPlaced : INotification { }
            public sealed class Heard : INotification { }
            public abstract class ShopEvent : INotification { }
            public sealed class OrderShipped : ShopEvent { }

            public sealed class HeardHandler : INotificationHandler<Heard>
            {
                public ValueTask Handle(Heard notification, CancellationToken cancellationToken) => default;
            }

            public sealed class ShopEventLog : INotificationHandler<ShopEvent>
            {
                public ValueTask Handle(ShopEvent notification, CancellationToken cancellationToken) => default;
            }

            public sealed class Ticks : IStreamRequest<int> { }
            public sealed class Untaken : IStreamRequest<string> { }

            public sealed class {|#1:TicksHandler|} : IStreamRequestHandler<Ticks, int>
            {
                public async System.Collections.Generic.IAsyncEnumerable<int> Handle(Ticks request, [System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken cancellationToken)
                {
                    await Task.Yield();
                    yield return 1;
                }
            }
            """;

        [Fact]
        public Task PW0324_a_publish_of_a_notification_nothing_handles_is_an_Info_at_the_publish() => VerifyAsync("""

            public static class Use
            {
                public static async Task Run(TestProject.PrewiredSender sender, CancellationToken cancellationToken)
                {
                    await {|#0:sender.Publish(new OrderPlaced(), cancellationToken)|};
                    await sender.Publish(new Heard());         // its own handler
                    await sender.Publish(new OrderShipped());  // a handler of its base type
                }
            }
            """,
            Diagnostic("PW0324").WithLocation(0).WithArguments("OrderPlaced"));

        [Fact]
        public Task PW0325_a_second_stream_handler_in_source_order_is_an_error_at_it_naming_the_first() => VerifyAsync("""

            // First in source order (this file's text comes before TicksHandler's): it keeps the request.
            public sealed class {|#0:FastTicksHandler|} : IStreamRequestHandler<Ticks, int>
            {
                public System.Collections.Generic.IAsyncEnumerable<int> Handle(Ticks request, CancellationToken cancellationToken) => throw new NotSupportedException();
            }
            """,
            Diagnostic("PW0325").WithLocation(1).WithLocation(0).WithArguments("TicksHandler", "Ticks", "FastTicksHandler"));

        [Fact]
        public Task PW0315_a_CreateStream_of_a_stream_request_nothing_handles_says_why() => VerifyAsync("""

            public static class Use
            {
                public static async Task Run(TestProject.PrewiredSender sender)
                {
                    await foreach (var tick in sender.CreateStream(new Ticks())) { }
                    _ = {|#0:sender.CreateStream({|CS1503:new Untaken()|})|};
                }
            }
            """,
            Diagnostic("PW0315").WithLocation(0).WithArguments("Untaken",
                "add its handler, a class implementing IStreamRequestHandler<Untaken, string>; the sender then has a CreateStream for it"));

        [Fact]
        public Task Nothing_is_reported_for_handled_notifications_and_one_stream_handler() => VerifyAsync("""

            public static class Use
            {
                public static async Task Run(TestProject.PrewiredSender sender)
                {
                    await sender.Publish(new Heard());
                    await foreach (var tick in sender.CreateStream(new Ticks())) { }
                }
            }
            """.Replace("{|#1:", string.Empty));

        private static DiagnosticResult Diagnostic(string id) => VerifyCS.Diagnostic(id);

        private static Task VerifyAsync(string source, params DiagnosticResult[] expected)
        {
            var messages = expected.Length > 0 && expected[0].Id == "PW0325" ? Messages : Messages.Replace("{|#1:TicksHandler|}", "TicksHandler");
            var test = new VerifyCS.Test { TestCode = MarkedMethodVerifier.Usings + source + messages };
            test.Generators.Add(typeof(PrewiredGenerator));
            test.ExpectedDiagnostics.AddRange(expected);
            return test.RunAsync();
        }
    }
}
