using System.Threading.Tasks;
using Xunit;
using static Prewired.Tests.Analyzers.PipelineVerifier;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// [assembly: PipelineDefaults]: the shared behaviors every pipeline of the assembly starts with, checked like its own
    /// stages (findings at the pipeline's attribute, naming the default and pointing at its typeof in the declaration); a constrained default skips a pipeline whose
    /// request does not meet its constraint, with a suggestion that says so (PW0312).
    /// </summary>
    public sealed class PipelineDefaultsValidationTests
    {
        private const string Shared = """

            public interface IValidatable { bool IsValid { get; } }
            public sealed class Ping { }
            public sealed class Checked : IValidatable { public bool IsValid => true; }
            public sealed class Reply { }
            public sealed class Answer : IPipelineTerminator<Ping, Reply> { public ValueTask<Reply> Terminate(Ping context) => new(new Reply()); }
            public sealed class CheckedAnswer : IPipelineTerminator<Checked, Reply> { public ValueTask<Reply> Terminate(Checked context) => new(new Reply()); }
            public sealed class Logging<TRequest, TResponse> : IBehavior<TRequest, TRequest, TResponse>
            {
                public ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, ValueTask<TResponse>> next) => next(context);
            }
            public sealed class Validate<TRequest, TResponse> : IInlineBehavior<TRequest, TRequest, TResponse> where TRequest : IValidatable
            {
                public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, TResponse> => next.Invoke(context);
            }
            """;

        private const string UnitHint = "; a request without a response takes typed behaviors when it returns 'Unit': make its handler an 'ICancellableTerminator<Ctx, Unit>' or 'IPipelineTerminator<Ctx, Unit>' that returns Unit.Value, and each Task-only stage a typed one returning 'ValueTask<Unit>'";

        [Fact]
        public Task Defaults_close_over_each_pipeline_and_a_pipeline_opts_out() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Logging<,>), typeof(Validate<,>))]

            [Pipeline(typeof(CheckedAnswer))]
            public sealed partial class CheckedPipeline;

            [Pipeline(typeof(Pass), typeof(End), ApplyDefaults = false)]
            public sealed partial class Plain;

            public static class Use
            {
                public static ValueTask<Reply> Run()
                    => new CheckedPipeline(new Logging<Checked, Reply>(), new Validate<Checked, Reply>(), new CheckedAnswer()).Invoke(new Checked());
            }
            """ + Shared);

        [Fact]
        public Task PW0312_a_constrained_default_skips_a_request_that_does_not_meet_it_and_says_so() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Logging<,>), {|#1:typeof(Validate<,>)|})]

            [{|#0:Pipeline(typeof(Answer))|}]
            public sealed partial class PingPipeline;

            public static class Use
            {
                public static ValueTask<Reply> Run() => new PingPipeline(new Logging<Ping, Reply>(), new Answer()).Invoke(new Ping());
            }
            """ + Shared,
            Diagnostic("PW0312").WithLocation(0).WithLocation(1).WithArguments("Validate<,>", "PingPipeline", "its constraint 'where TRequest : IValidatable' is not met by 'Ping'"));

        [Fact]
        public Task PW0311_a_default_that_does_not_fit_is_an_error_at_the_pipeline_naming_the_default() => VerifyAsync("""
            [assembly: PipelineDefaults({|#1:typeof(Logging<,>)|})]

            [{|#0:Pipeline(typeof(Pass), typeof(End))|}]
            public sealed partial class TaskOnly;
            """ + Shared,
            Diagnostic("PW0311").WithLocation(0).WithLocation(1).WithArguments("Logging<,> (from [assembly: PipelineDefaults])",
                "it returns 'ValueTask<TResponse>', but the pipeline's stages return 'Task'" + UnitHint));

        [Fact]
        public Task The_order_is_checked_a_default_sets_the_flow_for_the_pipeline_s_own_stages() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Pass))]

            [Pipeline({|#0:typeof(Answer)|})]
            public sealed partial class P;
            """ + Shared,
            Diagnostic("PW0302").WithLocation(0).WithArguments("Answer", "Ping", "Ctx", "Pass (from [assembly: PipelineDefaults])", "put a stage connector IBehavior<Ctx, Ping> before it, or end with a terminator of 'Ctx'"));
    }
}
