using System.Collections.Immutable;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.Testing;
using Prewired.DependencyInjection;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;
using VerifyCS = Prewired.Tests.Harness.AnalyzerVerifier<Prewired.Analyzers.ScopedCaptureAnalyzer>;

namespace Prewired.Tests.Analyzers
{
    /// <summary>PW0317: a scoped service a singleton chain of AddPrewired() would capture, found from the compilation's own registrations.</summary>
    public sealed class ScopedCaptureTests
    {
        private const string App = """

            public sealed class AppDb { }
            public sealed class GetOrder { }
            public sealed class Audit { }

            public static class Startup
            {
                public static IServiceCollection Configure(IServiceCollection services)
                {
                    {|#1:services.AddScoped<AppDb>()|};
                    return services.AddPrewired();
                }
            }
            """;

        [Fact]
        public Task PW0317_a_handler_taking_a_scoped_service_under_the_default_singleton_lifetime() => VerifyAsync("""

            public sealed class GetOrderHandler(AppDb {|#0:db|}) : ICancellableTerminator<GetOrder, int>
            {
                public ValueTask<int> Terminate(GetOrder context, CancellationToken cancellationToken) => new(db.GetHashCode());
            }
            """ + App,
            VerifyCS.Diagnostic("PW0317").WithLocation(0).WithLocation(1).WithArguments("AppDb", "registered with AddScoped",
                "'GetOrderHandler', a stage of a singleton pipeline (AddPrewired()), takes it as 'db'"));

        [Fact]
        public Task PW0317_an_open_default_behavior_taking_it_is_reported_once_at_its_parameter() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Logging<,>))]

            public sealed class Logging<TRequest, TResponse>(AppDb {|#0:db|}) : ICancellableBehavior<TRequest, TRequest, TResponse>
            {
                public ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, CancellationToken, ValueTask<TResponse>> next, CancellationToken cancellationToken)
                    => db is null ? throw new InvalidOperationException() : next(context, cancellationToken);
            }

            public sealed class GetOrderHandler : ICancellableTerminator<GetOrder, int>
            {
                public ValueTask<int> Terminate(GetOrder context, CancellationToken cancellationToken) => new(1);
            }

            public sealed class AuditHandler : ICancellableTerminator<Audit, Unit>
            {
                public ValueTask<Unit> Terminate(Audit context, CancellationToken cancellationToken) => Unit.ValueTask;
            }
            """ + App,
            VerifyCS.Diagnostic("PW0317").WithLocation(0).WithLocation(1).WithArguments("AppDb", "registered with AddScoped",
                "'Logging<GetOrder, int>', a stage of a singleton pipeline (AddPrewired()), takes it as 'db'"));

        [Fact]
        public Task PW0317_a_stage_registered_scoped_itself() => VerifyAsync("""

            public sealed class GetOrder { }
            public sealed class GetOrderHandler : ICancellableTerminator<GetOrder, int>
            {
                public ValueTask<int> Terminate(GetOrder context, CancellationToken cancellationToken) => new(1);
            }

            public static class Startup
            {
                public static IServiceCollection Configure(IServiceCollection services)
                {
                    {|#0:services.AddScoped(typeof(GetOrderHandler))|};
                    return services.AddPrewired();
                }
            }
            """,
            VerifyCS.Diagnostic("PW0317").WithLocation(0).WithArguments("GetOrderHandler", "registered with AddScoped", "it is itself a stage of a singleton pipeline (AddPrewired())"));

        [Fact]
        public Task PW0317_a_notification_handler_and_an_open_notification_behavior_taking_it() => VerifyAsync("""
            [assembly: NotificationDefaults(typeof(Audit<>))]

            public sealed class OrderPlaced : INotification { }

            public sealed class SendConfirmation(AppDb {|#0:db|}) : INotificationHandler<OrderPlaced>
            {
                public ValueTask Handle(OrderPlaced notification, CancellationToken cancellationToken) => db is null ? throw new InvalidOperationException() : default;
            }

            public sealed class Audit<TNotification>(AppDb {|#2:db|}) : INotificationBehavior<TNotification> where TNotification : INotification
            {
                public ValueTask Handle<TNext>(TNotification notification, TNext next, CancellationToken cancellationToken)
                    where TNext : struct, INotificationNext<TNotification> => db is null ? throw new InvalidOperationException() : next.Invoke(notification, cancellationToken);
            }
            """ + App,
            VerifyCS.Diagnostic("PW0317").WithLocation(2).WithLocation(1).WithArguments("AppDb", "registered with AddScoped",
                "'Audit<OrderPlaced>', a notification behavior of a singleton publisher (AddPrewired()), takes it as 'db'"),
            VerifyCS.Diagnostic("PW0317").WithLocation(0).WithLocation(1).WithArguments("AppDb", "registered with AddScoped",
                "'SendConfirmation', a notification handler of a singleton publisher (AddPrewired()), takes it as 'db'"));

        [Fact]
        public Task PW0317_a_stream_handler_and_an_open_stream_behavior_taking_it() => VerifyAsync("""
            [assembly: StreamDefaults(typeof(CountItems<,>))]

            public sealed class GetTicks : IStreamRequest<int> { }

            public sealed class GetTicksHandler(AppDb {|#0:db|}) : IStreamRequestHandler<GetTicks, int>
            {
                public IAsyncEnumerable<int> Handle(GetTicks request, CancellationToken cancellationToken) => db is null ? throw new InvalidOperationException() : throw new NotSupportedException();
            }

            public sealed class CountItems<TRequest, TResponse>(AppDb {|#2:db|}) : IStreamBehavior<TRequest, TResponse> where TRequest : IStreamRequest<TResponse>
            {
                public IAsyncEnumerable<TResponse> Handle<TNext>(TRequest request, TNext next, CancellationToken cancellationToken)
                    where TNext : struct, IStreamNext<TRequest, TResponse> => db is null ? throw new InvalidOperationException() : next.Invoke(request, cancellationToken);
            }
            """ + App,
            VerifyCS.Diagnostic("PW0317").WithLocation(2).WithLocation(1).WithArguments("AppDb", "registered with AddScoped",
                "'CountItems<GetTicks, int>', a stream behavior of a singleton stream pipeline (AddPrewired()), takes it as 'db'"),
            VerifyCS.Diagnostic("PW0317").WithLocation(0).WithLocation(1).WithArguments("AppDb", "registered with AddScoped",
                "'GetTicksHandler', the handler of a singleton stream pipeline (AddPrewired()), takes it as 'db'"));

        [Fact]
        public Task PW0317_a_notification_handler_registered_scoped_itself_in_an_assembly_without_request_handlers() => VerifyAsync("""

            public sealed class OrderPlaced : INotification { }
            public sealed class SendConfirmation : INotificationHandler<OrderPlaced>
            {
                public ValueTask Handle(OrderPlaced notification, CancellationToken cancellationToken) => default;
            }

            public static class Startup
            {
                public static IServiceCollection Configure(IServiceCollection services)
                {
                    {|#0:services.AddScoped<SendConfirmation>()|};
                    return services.AddPrewired();
                }
            }
            """,
            VerifyCS.Diagnostic("PW0317").WithLocation(0).WithArguments("SendConfirmation", "registered with AddScoped",
                "it is itself a notification handler of a singleton publisher (AddPrewired())"));

        [Fact]
        public Task Not_when_the_assembly_asks_for_scoped_pipelines() => VerifyAsync("""
            [assembly: Prewired.DependencyInjection.PrewiredServices(Lifetime = ServiceLifetime.Scoped)]

            public sealed class GetOrderHandler(AppDb db) : ICancellableTerminator<GetOrder, int>
            {
                public ValueTask<int> Terminate(GetOrder context, CancellationToken cancellationToken) => new(db.GetHashCode());
            }
            """ + App.Replace("{|#1:", "").Replace("()|};", "();"));

        [Fact]
        public Task Not_for_a_scoped_registration_of_another_container() => VerifyAsync("""

            public sealed class GetOrderHandler(AppDb db) : ICancellableTerminator<GetOrder, int>
            {
                public ValueTask<int> Terminate(GetOrder context, CancellationToken cancellationToken) => new(db.GetHashCode());
            }

            public sealed class AppDb { }
            public sealed class GetOrder { }

            public static class Startup
            {
                public static IServiceCollection Configure(IServiceCollection services) => services.AddPrewired();

                // Another container, a test's say: AddPrewired() does not fill it.
                public static IServiceCollection Other(IServiceCollection services) => services.AddScoped<AppDb>();
            }
            """);

        [Fact]
        public Task Not_for_a_singleton_service() => VerifyAsync("""

            public sealed class GetOrderHandler(AppDb db) : ICancellableTerminator<GetOrder, int>
            {
                public ValueTask<int> Terminate(GetOrder context, CancellationToken cancellationToken) => new(db.GetHashCode());
            }
            """ + App.Replace("{|#1:services.AddScoped<AppDb>()|}", "services.AddSingleton<AppDb>()"));

        private static Task VerifyAsync(string source, params DiagnosticResult[] expected)
        {
            var test = new VerifyCS.Test { TestCode = MarkedMethodVerifier.Usings + "using Microsoft.Extensions.DependencyInjection;\n" + source };
            test.Generators.Add(typeof(PrewiredGenerator));
            test.CompilationSettings = TestCompilationSettings.Default with
            {
                AdditionalAssemblies = ImmutableArray.Create(typeof(PipelineServices).Assembly, typeof(Microsoft.Extensions.DependencyInjection.IServiceCollection).Assembly),
            };
            test.ExpectedDiagnostics.AddRange(expected);
            return test.RunAsync();
        }
    }
}
