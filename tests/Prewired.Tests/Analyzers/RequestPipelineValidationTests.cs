using System.Threading.Tasks;
using Xunit;
using static Prewired.Tests.Analyzers.PipelineVerifier;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// Validation of the request/response pipeline shapes a Mediator user moves over with: typed responses (PW0309),
    /// the CancellationToken through the stages (PW0310) and open generic behaviors closed at compile time (PW0311), each
    /// error at the offending typeof; and no finding, and no compiler error in the generated code, for every valid shape.
    /// </summary>
    public sealed class RequestPipelineValidationTests
    {
        private const string Requests = """

            public sealed class Ping { public int Value; }
            public interface IValidatable { bool IsValid { get; } }
            public sealed class Checked : IValidatable { public bool IsValid => true; }
            public sealed class Reply { public int Value; }
            public sealed class Echo : IBehavior<Ping, Ping, Reply> { public ValueTask<Reply> Invoke(Ping context, Func<Ping, ValueTask<Reply>> next) => next(context); }
            public sealed class InlineEcho : IInlineBehavior<Ping, Ping, Reply>
            {
                public ValueTask<Reply> Invoke<TNext>(Ping context, TNext next) where TNext : struct, INext<Ping, Reply> => next.Invoke(context);
            }
            public sealed class Answer : IPipelineTerminator<Ping, Reply> { public ValueTask<Reply> Terminate(Ping context) => new(new Reply { Value = context.Value }); }
            public sealed class Count : IPipelineTerminator<Ping, int> { public ValueTask<int> Terminate(Ping context) => new(context.Value); }
            public sealed class PingLog : IBehavior<Ping, Ping> { public Task Invoke(Ping context, Func<Ping, Task> next) => next(context); }
            public sealed class PingEnd : IPipelineTerminator<Ping> { public Task Terminate(Ping context) => Task.CompletedTask; }
            public sealed class CancellableEcho : ICancellableBehavior<Ping, Ping, Reply>
            {
                public ValueTask<Reply> Invoke(Ping context, Func<Ping, CancellationToken, ValueTask<Reply>> next, CancellationToken cancellationToken) => next(context, cancellationToken);
            }
            public sealed class CancellableAnswer : ICancellableTerminator<Ping, Reply>
            {
                public ValueTask<Reply> Terminate(Ping context, CancellationToken cancellationToken) => new(new Reply());
            }
            public sealed class Logging<TRequest, TResponse> : IBehavior<TRequest, TRequest, TResponse>
            {
                public ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, ValueTask<TResponse>> next) => next(context);
            }
            public sealed class Validate<TRequest> : IInlineBehavior<TRequest, TRequest, Reply> where TRequest : IValidatable
            {
                public ValueTask<Reply> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, Reply> => next.Invoke(context);
            }
            public sealed class CheckedAnswer : IPipelineTerminator<Checked, Reply> { public ValueTask<Reply> Terminate(Checked context) => new(new Reply()); }
            """;

        [Fact]
        public Task Typed_cancellable_and_open_generic_pipelines_report_nothing_and_compile() => VerifyAsync("""
            [Pipeline(typeof(Echo), typeof(Echo), typeof(Answer))]
            public sealed partial class Typed;

            [Pipeline(typeof(CancellableEcho), typeof(InlineEcho), typeof(CancellableAnswer))]
            public sealed partial class CancellableTyped;

            [Pipeline(typeof(Echo), typeof(Logging<,>), typeof(Logging<,>), typeof(Answer))]
            public sealed partial class Open;

            [Pipeline(typeof(CheckedAnswer))]
            public sealed partial class OnlyChecked;

            [Pipeline(typeof(Logging<Checked, Reply>), typeof(Validate<>), typeof(Logging<,>), typeof(CheckedAnswer))]
            public sealed partial class Constrained;

            public static class Use
            {
                public static async Task<int> Run(CancellationToken cancellationToken)
                {
                    var typed = await new Typed(new Echo(), new Echo(), new Answer()).Invoke(new Ping { Value = 1 });
                    var cancellable = await new CancellableTyped(new CancellableEcho(), new InlineEcho(), new CancellableAnswer()).Invoke(new Ping(), cancellationToken);
                    IPipeline<Ping, Reply> open = new Open(new Echo(), new Logging<Ping, Reply>(), new Logging<Ping, Reply>(), new Answer());
                    var opened = await open.Invoke(new Ping());
                    return typed.Value + cancellable.Value + opened.Value;
                }
            }
            """ + Requests);

        [Fact]
        public Task PW0309_a_task_only_behavior_in_a_typed_pipeline() => VerifyAsync("""
            [Pipeline(typeof(Echo), {|#0:typeof(PingLog)|}, typeof(Answer))]
            public sealed partial class P;
            """ + Requests,
            Diagnostic("PW0309").WithLocation(0).WithArguments("PingLog", "Task", "ValueTask<Reply>", "Echo"));

        [Fact]
        public Task PW0309_a_terminator_of_another_result() => VerifyAsync("""
            [Pipeline(typeof(Echo), {|#0:typeof(Count)|})]
            public sealed partial class P;
            """ + Requests,
            Diagnostic("PW0309").WithLocation(0).WithArguments("Count", "ValueTask<int>", "ValueTask<Reply>", "Echo"));

        [Fact]
        public Task PW0309_a_typed_terminator_after_task_only_behaviors() => VerifyAsync("""
            [Pipeline(typeof(PingLog), {|#0:typeof(Answer)|})]
            public sealed partial class P;
            """ + Requests,
            Diagnostic("PW0309").WithLocation(0).WithArguments("Answer", "ValueTask<Reply>", "Task", "PingLog"));

        [Fact]
        public Task PW0310_a_plain_behavior_drops_the_token_a_later_stage_takes() => VerifyAsync("""
            [Pipeline(typeof(CancellableEcho), typeof(Echo), {|#0:typeof(CancellableAnswer)|})]
            public sealed partial class P;
            """ + Requests,
            Diagnostic("PW0310").WithLocation(0).WithArguments("CancellableAnswer", "Echo", "make 'Echo' an ICancellableBehavior (or an IInlineBehavior, whose next carries the token)"));

        [Fact]
        public Task PW0311_an_unmet_constraint_is_named_at_its_typeof() => VerifyAsync("""
            [Pipeline(typeof(Echo), {|#0:typeof(Validate<>)|}, typeof(Answer))]
            public sealed partial class P;
            """ + Requests,
            Diagnostic("PW0311").WithLocation(0).WithArguments("Validate<>", "its constraint 'where TRequest : IValidatable' is not met by 'Ping'"));

        [Fact]
        public Task An_open_generic_first_stage_is_closed_over_the_context_of_the_first_closed_stage() => VerifyAsync("""
            [Pipeline(typeof(Logging<,>), typeof(Logging<,>), typeof(Answer))]
            public sealed partial class P;

            public static class Use
            {
                public static ValueTask<Reply> Run() => new P(new Logging<Ping, Reply>(), new Logging<Ping, Reply>(), new Answer()).Invoke(new Ping());
            }
            """ + Requests);

        [Fact]
        public Task PW0311_when_no_closed_stage_names_the_context() => VerifyAsync("""
            public sealed class OpenEnd<TRequest, TResponse> : IPipelineTerminator<TRequest, TResponse>
            {
                public ValueTask<TResponse> Terminate(TRequest context) => default;
            }
            [Pipeline({|#0:typeof(Logging<,>)|}, typeof(OpenEnd<,>))]
            public sealed partial class P;
            """ + Requests,
            Diagnostic("PW0311").WithLocation(0).WithArguments("Logging<,>",
                "no closed stage names the pipeline's context (the first stage takes it, and a closed stage after open ones sets it for them): list a closed stage, usually the terminator, or close this one with the pipeline's types"));

        [Fact]
        public Task PW0311_an_open_typed_behavior_in_a_task_only_pipeline() => VerifyAsync("""
            [Pipeline(typeof(PingLog), {|#0:typeof(Logging<,>)|}, typeof(PingEnd))]
            public sealed partial class P;
            """ + Requests,
            Diagnostic("PW0311").WithLocation(0).WithArguments("Logging<,>", "it returns 'ValueTask<TResponse>', but the pipeline's stages return 'Task'"
                + "; a request without a response takes typed behaviors when it returns 'Unit': make its handler an 'ICancellableTerminator<Ping, Unit>' or 'IPipelineTerminator<Ping, Unit>' that returns Unit.Value, and each Task-only stage a typed one returning 'ValueTask<Unit>'"));

        [Fact]
        public Task PW0311_a_type_parameter_nothing_fixes() => VerifyAsync("""
            public sealed class Widen<TIn, TOut> : IBehavior<TIn, TOut> { public Task Invoke(TIn context, Func<TOut, Task> next) => Task.CompletedTask; }
            [Pipeline(typeof(PingLog), {|#0:typeof(Widen<,>)|}, typeof(PingEnd))]
            public sealed partial class P;
            """ + Requests,
            Diagnostic("PW0311").WithLocation(0).WithArguments("Widen<,>", "its type parameter 'TOut' is fixed neither by the context 'Ping' nor by the pipeline's result"));
    }
}
