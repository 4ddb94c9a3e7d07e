using System.Collections.Immutable;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;
using Prewired.DependencyInjection;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;
using VerifyCS = Prewired.Tests.Harness.AnalyzerVerifier<Prewired.Analyzers.RequestHandlerAnalyzer>;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// The handlers the generator gives a pipeline without a [Pipeline] class: a second handler of one request (PW0314), a
    /// request sent where nothing takes it (PW0315), and the chain rules at the handler's name (PW0316 and the [Pipeline] IDs).
    /// The generator runs first, and compiler errors take part in the comparison: a valid handler's pipeline compiles.
    /// </summary>
    public sealed class RequestHandlerTests
    {
        private const string Requests = """

            public sealed class SendEmail { }
            public sealed class GetPrice { }
            public sealed class Price { }
            public interface IValidated { }
            public sealed class Logging<TRequest, TResponse> : ICancellableBehavior<TRequest, TRequest, TResponse>
            {
                public ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, CancellationToken, ValueTask<TResponse>> next, CancellationToken cancellationToken)
                    => next(context, cancellationToken);
            }
            public sealed class Validation<TRequest, TResponse> : ICancellableBehavior<TRequest, TRequest, TResponse> where TRequest : IValidated
            {
                public ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, CancellationToken, ValueTask<TResponse>> next, CancellationToken cancellationToken)
                    => next(context, cancellationToken);
            }
            """;

        private const string SendEmailHandler = """

            public sealed class {|#1:SendEmailHandler|} : ICancellableTerminator<SendEmail, Unit>
            {
                public ValueTask<Unit> Terminate(SendEmail context, CancellationToken cancellationToken) => Unit.ValueTask;
            }
            """;

        [Fact]
        public Task PW0314_a_second_handler_is_an_error_at_it_naming_the_first() => VerifyAsync(SendEmailHandler + """

            public sealed class {|#0:QueuedEmailHandler|} : ICancellableTerminator<SendEmail, Unit>
            {
                public ValueTask<Unit> Terminate(SendEmail context, CancellationToken cancellationToken) => Unit.ValueTask;
            }
            """,
            Diagnostic("PW0314").WithLocation(0).WithLocation(1).WithArguments("QueuedEmailHandler", "SendEmail", "SendEmailHandler"));

        [Fact]
        public Task PW0314_the_first_handler_is_the_first_in_source_order_whatever_the_file_order() => VerifyAsync(
            source: SendEmailHandler.Replace("{|#1:SendEmailHandler|}", "{|#0:SendEmailHandler|}"),
            adjust: test => test.TestState.Sources.Insert(0, ("/0/A.cs", Microsoft.CodeAnalysis.Text.SourceText.From(MarkedMethodVerifier.Usings + """
                public sealed class QueuedEmailHandler : ICancellableTerminator<SendEmail, Unit>
                {
                    public ValueTask<Unit> Terminate(SendEmail context, CancellationToken cancellationToken) => Unit.ValueTask;
                }
                """))),
            expected: Diagnostic("PW0314").WithLocation(0).WithLocation("/0/A.cs", 7, 21).WithArguments("SendEmailHandler", "SendEmail", "QueuedEmailHandler"));

        [Fact]
        public Task An_explicit_pipeline_of_the_request_takes_it_over_so_two_handlers_are_no_error() => VerifyAsync("""

            public sealed class SendEmailHandler : ICancellableTerminator<SendEmail, Unit>
            {
                public ValueTask<Unit> Terminate(SendEmail context, CancellationToken cancellationToken) => Unit.ValueTask;
            }

            public sealed class QueuedEmailHandler : ICancellableTerminator<SendEmail, Unit>
            {
                public ValueTask<Unit> Terminate(SendEmail context, CancellationToken cancellationToken) => Unit.ValueTask;
            }

            [Pipeline(typeof(QueuedEmailHandler))]
            public sealed partial class SendEmailPipeline;
            """);

        [Fact]
        public Task PW0315_a_request_sent_through_a_pipeline_interface_without_a_handler() => VerifyAsync(SendEmailHandler.Replace("{|#1:SendEmailHandler|}", "SendEmailHandler") + """

            public static class Use
            {
                public static async Task Run(ICancellablePipeline<SendEmail, Unit> email, ICancellablePipeline<GetPrice, Price> prices, IPipeline<GetPrice> untyped)
                {
                    await email.Invoke(new SendEmail(), default);
                    await {|#0:prices.Invoke(new GetPrice(), default)|};
                    await {|#1:untyped.Invoke(new GetPrice())|};
                }
            }
            """,
            Diagnostic("PW0315").WithLocation(0).WithArguments("GetPrice",
                "add its handler, a class implementing ICancellableTerminator<GetPrice, Price>, or a [Pipeline] class that starts with it"),
            Diagnostic("PW0315").WithLocation(1).WithArguments("GetPrice", "add a [Pipeline] class that starts with it"));

        [Fact]
        public Task PW0315_a_pipeline_resolved_from_the_container_for_a_request_without_a_handler()
        {
            var test = Test("""

                public static class Use
                {
                    public static object Resolve(IServiceProvider provider)
                        => {|#0:Microsoft.Extensions.DependencyInjection.ServiceProviderServiceExtensions.GetRequiredService<ICancellablePipeline<GetPrice, Price>>(provider)|};
                }
                """, Diagnostic("PW0315").WithLocation(0).WithArguments("GetPrice",
                "add its handler, a class implementing ICancellableTerminator<GetPrice, Price>, or a [Pipeline] class that starts with it"));
            test.CompilationSettings = TestCompilationSettings.Default with
            {
                AdditionalAssemblies = ImmutableArray.Create(typeof(PipelineServices).Assembly, typeof(Microsoft.Extensions.DependencyInjection.IServiceCollection).Assembly),
            };
            return test.RunAsync();
        }

        [Fact]
        public Task PW0315_a_Send_of_the_generated_sender_that_no_overload_takes_says_why() => VerifyAsync(SendEmailHandler.Replace("{|#1:SendEmailHandler|}", "SendEmailHandler") + """

            public static class Use
            {
                public static async Task Run(TestProject.PrewiredSender sender)
                {
                    await sender.Send(new SendEmail());
                    await {|#0:sender.Send(new GetPrice(), default)|};
                }
            }
            """,
            DiagnosticResult.CompilerError("CS1503").WithSpan(17, 27, 17, 41).WithArguments("1", "GetPrice", "SendEmail"),
            Diagnostic("PW0315").WithLocation(0).WithArguments("GetPrice",
                "add its handler, a class implementing ICancellableTerminator<GetPrice, TResponse>, or a [Pipeline] class that starts with it; the sender then has a Send for it"));

        [Fact]
        public Task PW0315_not_for_a_request_a_pipeline_of_a_base_type_takes() => VerifyAsync("""

            public class Message { }
            public sealed class Greeting : Message { }
            public sealed class Write : ICancellableTerminator<Message, Unit>
            {
                public ValueTask<Unit> Terminate(Message context, CancellationToken cancellationToken) => Unit.ValueTask;
            }

            public static class Use
            {
                public static ValueTask<Unit> Run(ICancellablePipeline<Greeting, Unit> greetings) => greetings.Invoke(new Greeting(), default);
            }
            """);

        [Fact]
        public Task PW0315_not_for_a_request_a_hand_written_pipeline_takes() => VerifyAsync("""

            // A chain built at run time (or a test double): it takes GetPrice as a generated pipeline would.
            public sealed class RuntimePricePipeline : ICancellablePipeline<GetPrice, Price>
            {
                public ValueTask<Price> Invoke(GetPrice context, CancellationToken cancellationToken) => new(new Price());
            }

            public static class Use
            {
                public static ValueTask<Price> Run(ICancellablePipeline<GetPrice, Price> prices) => prices.Invoke(new GetPrice(), default);
            }
            """);

        [Fact]
        public Task PW0316_a_default_skipped_for_its_constraint_sits_at_the_handler() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Logging<,>), {|#1:typeof(Validation<,>)|})]

            public sealed class {|#0:GetPriceHandler|} : ICancellableTerminator<GetPrice, Price>
            {
                public ValueTask<Price> Terminate(GetPrice context, CancellationToken cancellationToken) => new(new Price());
            }
            """,
            Diagnostic("PW0316").WithSeverity(DiagnosticSeverity.Warning).WithLocation(0).WithLocation(1)
                .WithArguments("Validation<,>", "GetPriceHandler", "its constraint 'where TRequest : IValidated' is not met by 'GetPrice'"));

        [Fact]
        public Task PW0316_is_suppressed_on_the_handler_that_says_so() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Logging<,>), typeof(Validation<,>))]

            [System.Diagnostics.CodeAnalysis.SuppressMessage("Prewired", "PW0316", Justification = "prices are not validated")]
            public sealed class GetPriceHandler : ICancellableTerminator<GetPrice, Price>
            {
                public ValueTask<Price> Terminate(GetPrice context, CancellationToken cancellationToken) => new(new Price());
            }
            """);

        [Fact]
        public Task A_default_that_does_not_flow_into_the_handler_is_the_pipeline_error_at_the_handler() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Audit))]

            public sealed class Audit : ICancellableBehavior<GetPrice, GetPrice, Price>
            {
                public ValueTask<Price> Invoke(GetPrice context, Func<GetPrice, CancellationToken, ValueTask<Price>> next, CancellationToken cancellationToken) => next(context, cancellationToken);
            }

            public sealed class GetPriceHandler : ICancellableTerminator<GetPrice, Price>
            {
                public ValueTask<Price> Terminate(GetPrice context, CancellationToken cancellationToken) => new(new Price());
            }

            public sealed class {|#0:SendEmailHandler|} : ICancellableTerminator<SendEmail, Unit>
            {
                public ValueTask<Unit> Terminate(SendEmail context, CancellationToken cancellationToken) => Unit.ValueTask;
            }
            """,
            Diagnostic("PW0302").WithLocation(0).WithArguments("SendEmailHandler", "SendEmail", "GetPrice", "Audit (from [assembly: PipelineDefaults])",
                "a default runs before every handler, so make 'Audit' fit every request (an open generic type), "
                + "or declare this request's pipeline without it: [Pipeline(typeof(SendEmailHandler), ExcludeDefaults = new[] { typeof(Audit) })] on a partial class"));

        [Fact]
        public Task A_private_nested_handler_is_PW0305_at_its_name() => VerifyAsync("""

            public static partial class Outer
            {
                private sealed class {|#0:Hidden|} : ICancellableTerminator<SendEmail, Unit>
                {
                    public ValueTask<Unit> Terminate(SendEmail context, CancellationToken cancellationToken) => Unit.ValueTask;
                }
            }
            """,
            Diagnostic("PW0305").WithLocation(0).WithArguments("Hidden", "it is private or protected; the generated constructor takes it as a parameter, so make it at least internal"));

        private static DiagnosticResult Diagnostic(string id) => VerifyCS.Diagnostic(id);

        private static Task VerifyAsync(string source, params DiagnosticResult[] expected) => Test(source, expected).RunAsync();

        private static Task VerifyAsync(string source, System.Action<VerifyCS.Test> adjust, params DiagnosticResult[] expected)
        {
            var test = Test(source, expected);
            adjust(test);
            return test.RunAsync();
        }

        private static VerifyCS.Test Test(string source, params DiagnosticResult[] expected)
        {
            var test = new VerifyCS.Test { TestCode = MarkedMethodVerifier.Usings + source + Requests };
            test.Generators.Add(typeof(PrewiredGenerator));
            test.ExpectedDiagnostics.AddRange(expected);
            return test;
        }
    }
}
