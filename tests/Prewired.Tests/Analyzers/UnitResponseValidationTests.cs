using System.Threading.Tasks;
using Xunit;
using static Prewired.Tests.Analyzers.PipelineVerifier;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// A request without a response takes the assembly's typed behaviors when its handler returns Unit; with a plain Task
    /// handler it cannot, and PW0311 says what to write instead.
    /// </summary>
    public sealed class UnitResponseValidationTests
    {
        private const string Shared = """

            public sealed class SendEmail { }
            public sealed class Logging<TRequest, TResponse> : ICancellableBehavior<TRequest, TRequest, TResponse>
            {
                public ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, CancellationToken, ValueTask<TResponse>> next, CancellationToken cancellationToken)
                    => next(context, cancellationToken);
            }
            """;

        [Fact]
        public Task A_request_answered_with_Unit_takes_the_typed_defaults() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Logging<,>))]

            public sealed class SendEmailHandler : ICancellableTerminator<SendEmail, Unit>
            {
                public ValueTask<Unit> Terminate(SendEmail context, CancellationToken cancellationToken) => Unit.ValueTask;
            }

            [Pipeline(typeof(SendEmailHandler))]
            public sealed partial class SendEmailPipeline;

            public static class Use
            {
                public static ValueTask<Unit> Run(CancellationToken cancellationToken)
                    => new SendEmailPipeline(new Logging<SendEmail, Unit>(), new SendEmailHandler()).Invoke(new SendEmail(), cancellationToken);
            }
            """ + Shared);

        [Fact]
        public Task PW0311_a_Task_handler_under_typed_defaults_is_told_to_return_Unit() => VerifyAsync("""
            [assembly: PipelineDefaults({|#1:typeof(Logging<,>)|})]

            public sealed class SendEmailHandler : ICancellableTerminator<SendEmail>
            {
                public Task Terminate(SendEmail context, CancellationToken cancellationToken) => Task.CompletedTask;
            }

            [{|#0:Pipeline(typeof(SendEmailHandler))|}]
            public sealed partial class SendEmailPipeline;
            """ + Shared,
            Diagnostic("PW0311").WithLocation(0).WithLocation(1).WithArguments("Logging<,> (from [assembly: PipelineDefaults])",
                "it returns 'ValueTask<TResponse>', but the pipeline's stages return 'Task'; a request without a response takes typed behaviors when it returns 'Unit': "
                + "make its handler an 'ICancellableTerminator<SendEmail, Unit>' or 'IPipelineTerminator<SendEmail, Unit>' that returns Unit.Value, "
                + "and each Task-only stage a typed one returning 'ValueTask<Unit>'"));
    }
}
