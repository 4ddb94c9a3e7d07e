using System.Threading.Tasks;
using Xunit;
using static Prewired.Tests.Analyzers.PipelineVerifier;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// Messages that name what they mean and suggest only what can be done: PW0309 names the stage that set the response
    /// (an assembly default the attribute does not show, too), PW0310 offers to move a stage only where it can go (never a
    /// terminator, never in front of a default) and to exclude a default that drops the token, PW0303 names the terminator
    /// interface the pipeline's stages call for (typed, cancellable), not the bare IPipelineTerminator&lt;TContext&gt;;
    /// PW0302 and PW0304 name a default as such and offer what can be done with one (exclude it; remove a terminator from
    /// the defaults); a handler that is no stage is PW0301 at it, not PW0311 at the open behavior it leaves unclosed.
    /// </summary>
    public sealed class PipelineMessageTests
    {
        private const string Requests = """

            public sealed class Ping { }
            public sealed class Reply { }
            public sealed class Echo : IBehavior<Ping, Ping, Reply> { public ValueTask<Reply> Invoke(Ping context, Func<Ping, ValueTask<Reply>> next) => next(context); }
            public sealed class PingLog : IBehavior<Ping, Ping> { public Task Invoke(Ping context, Func<Ping, Task> next) => next(context); }
            public sealed class Answer : IPipelineTerminator<Ping, Reply> { public ValueTask<Reply> Terminate(Ping context) => new(new Reply()); }
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
            """;

        private const string PassTheToken = "an ICancellableBehavior (or an IInlineBehavior, whose next carries the token)";

        [Fact]
        public Task PW0309_names_the_hidden_default_that_set_the_response() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Logging<,>))]

            [Pipeline({|#0:typeof(PingLog)|}, typeof(Answer))]
            public sealed partial class P;
            """ + Requests,
            Diagnostic("PW0309").WithLocation(0).WithArguments("PingLog", "Task", "ValueTask<Reply>", "Logging<,> (from [assembly: PipelineDefaults])"));

        [Fact]
        public Task PW0309_names_the_first_stage_of_the_list_when_it_set_the_response() => VerifyAsync("""
            [Pipeline(typeof(Echo), typeof(Echo), {|#0:typeof(PingLog)|}, typeof(Answer))]
            public sealed partial class P;
            """ + Requests,
            Diagnostic("PW0309").WithLocation(0).WithArguments("PingLog", "Task", "ValueTask<Reply>", "Echo"));

        [Fact]
        public Task PW0310_at_a_terminator_does_not_suggest_moving_it() => VerifyAsync("""
            [Pipeline(typeof(Echo), {|#0:typeof(CancellableAnswer)|})]
            public sealed partial class P;
            """ + Requests,
            Diagnostic("PW0310").WithLocation(0).WithArguments("CancellableAnswer", "Echo", "make 'Echo' " + PassTheToken));

        [Fact]
        public Task PW0310_at_a_behavior_of_the_list_suggests_moving_it_too() => VerifyAsync("""
            [Pipeline(typeof(Echo), {|#0:typeof(CancellableEcho)|}, typeof(Answer))]
            public sealed partial class P;
            """ + Requests,
            Diagnostic("PW0310").WithLocation(0).WithArguments("CancellableEcho", "Echo", "make 'Echo' " + PassTheToken + ", or move 'CancellableEcho' before it"));

        [Fact]
        public Task PW0310_after_a_default_names_the_default_suggests_excluding_it_and_not_moving_in_front_of_it() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Logging<,>))]

            [Pipeline({|#0:typeof(CancellableEcho)|}, typeof(Answer))]
            public sealed partial class P;
            """ + Requests,
            Diagnostic("PW0310").WithLocation(0).WithArguments("CancellableEcho", "Logging<,> (from [assembly: PipelineDefaults])",
                "make 'Logging<,> (from [assembly: PipelineDefaults])' " + PassTheToken + ", or leave it out of this pipeline with ExcludeDefaults = new[] { typeof(Logging<,>) }"));

        [Fact]
        public Task PW0303_names_the_typed_cancellable_terminator_the_stages_call_for() => VerifyAsync("""
            [Pipeline(typeof(CancellableEcho), {|#0:typeof(Echo)|})]
            public sealed partial class P;
            """ + Requests,
            Diagnostic("PW0303").WithLocation(0).WithArguments("P",
                "'ICancellableTerminator<Ping, Reply>' (or 'IPipelineTerminator<Ping, Reply>', which does not take the CancellationToken)"));

        [Fact]
        public Task PW0303_names_the_typed_terminator_of_a_pipeline_without_a_token() => VerifyAsync("""
            [Pipeline(typeof(Echo), {|#0:typeof(Echo)|})]
            public sealed partial class P;
            """ + Requests,
            Diagnostic("PW0303").WithLocation(0).WithArguments("P",
                "'IPipelineTerminator<Ping, Reply>' (or 'ICancellableTerminator<Ping, Reply>' to take the CancellationToken)"));

        [Fact]
        public Task PW0302_of_a_default_names_the_default_before_it_and_offers_to_exclude_it() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Pass), {|#1:typeof(Echo)|})]

            [{|#0:Pipeline(typeof(Answer))|}]
            public sealed partial class P;
            """ + Requests,
            Diagnostic("PW0302").WithLocation(0).WithLocation(1).WithArguments("Echo (from [assembly: PipelineDefaults])", "Ping", "Ctx", "Pass (from [assembly: PipelineDefaults])",
                "put a stage connector IBehavior<Ctx, Ping> before it, or leave it out of this pipeline with ExcludeDefaults = new[] { typeof(Echo) }"));

        [Fact]
        public Task PW0302_at_the_pipeline_s_first_stage_names_the_default_before_it() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Pass))]

            [Pipeline({|#0:typeof(Echo)|}, typeof(Answer))]
            public sealed partial class P;
            """ + Requests,
            Diagnostic("PW0302").WithLocation(0).WithArguments("Echo", "Ping", "Ctx", "Pass (from [assembly: PipelineDefaults])",
                "put a stage connector IBehavior<Ctx, Ping> before it, or move 'Echo' to the part of the pipeline that has 'Ping'"));

        [Fact]
        public Task PW0304_of_a_default_says_to_remove_it_from_the_defaults_not_to_move_it_last() => VerifyAsync("""
            [assembly: PipelineDefaults({|#1:typeof(End)|})]

            [{|#0:Pipeline(typeof(Pass), typeof(End))|}]
            public sealed partial class P;
            """ + Requests,
            Diagnostic("PW0304").WithLocation(0).WithLocation(1).WithArguments("End (from [assembly: PipelineDefaults])",
                "remove it from [assembly: PipelineDefaults], whose behaviors run before every pipeline's own stages"));

        [Fact]
        public Task PW0301_at_a_handler_that_is_no_stage_rather_than_PW0311_at_the_default_it_leaves_unclosed() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Logging<,>))]

            public sealed class NotYetPorted { public ValueTask<Reply> Handle(Ping request, CancellationToken cancellationToken) => new(new Reply()); }

            [Pipeline({|#0:typeof(NotYetPorted)|})]
            public sealed partial class P;
            """ + Requests,
            Diagnostic("PW0301").WithLocation(0).WithArguments("NotYetPorted"));

        [Fact]
        public Task PW0301_at_the_closed_type_that_is_no_stage_after_open_ones_of_the_list() => VerifyAsync("""
            public sealed class NotYetPorted { }

            [Pipeline(typeof(Logging<,>), typeof(Logging<,>), {|#0:typeof(NotYetPorted)|})]
            public sealed partial class P;
            """ + Requests,
            Diagnostic("PW0301").WithLocation(0).WithArguments("NotYetPorted"));
    }
}
