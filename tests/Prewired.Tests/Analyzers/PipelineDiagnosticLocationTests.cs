using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using static Prewired.Tests.Analyzers.PipelineVerifier;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// Where every [Pipeline] diagnostic lands, for every way of writing the stage list (params, an explicit array, a
    /// collection expression, the constructor's <c>stages:</c> parameter by name) with every named argument the attribute
    /// has (none, <c>ApplyDefaults = false</c>, <c>ApplyDefaults = true</c>): at the offending <c>typeof</c>, never at the
    /// attribute because a named argument made the argument count differ from the stage count.
    /// </summary>
    public sealed class PipelineDiagnosticLocationTests
    {
        private const string Types = """

            public sealed class Plain { }
            public sealed class Unlisted { }
            public abstract class AbstractPass : IBehavior<Ctx, Ctx> { public abstract Task Invoke(Ctx context, Func<Ctx, Task> next); }
            public sealed class Both : IBehavior<Ctx, Ctx>, IInlineBehavior<Ctx, Ctx>
            {
                public Task Invoke(Ctx context, Func<Ctx, Task> next) => next(context);
                public Task Invoke<TNext>(Ctx context, TNext next) where TNext : struct, INext<Ctx> => next.Invoke(context);
            }
            public sealed class Guarded : IBehavior<Ctx, Ctx>
            {
                private Guarded() { }
                public static Guarded Create() => new();
                public Task Invoke(Ctx context, Func<Ctx, Task> next) => next(context);
            }
            public interface IValidatable { bool IsValid { get; } }
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
            public sealed class Validate<TRequest, TResponse> : IInlineBehavior<TRequest, TRequest, TResponse> where TRequest : IValidatable
            {
                public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, TResponse> => next.Invoke(context);
            }
            """;

        /// <summary>
        /// Every named argument [Pipeline] has, each value, together and in either order, and none. The exclusion names a
        /// type that is no default, so it is reported too (PW0313, at #9): a typeof in a named argument is never a stage.
        /// </summary>
        private static readonly string[] NamedArguments =
        {
            "",
            "ApplyDefaults = false",
            "ApplyDefaults = true",
            "ExcludeDefaults = new[] { {|#9:typeof(Unlisted)|} }",
            "ExcludeDefaults = [{|#9:typeof(Unlisted)|}], ApplyDefaults = false",
            "ApplyDefaults = true, ExcludeDefaults = new System.Type[] { {|#9:typeof(Unlisted)|} }",
        };

        /// <summary>Every way C# lets the stage list be written.</summary>
        private static readonly string[] Forms = { "params", "array", "collection", "stages:" };

        public static TheoryData<string, string> Writings()
        {
            var data = new TheoryData<string, string>();
            foreach (var form in Forms)
            {
                foreach (var named in NamedArguments) data.Add(form, named);
            }

            return data;
        }

        /// <summary>The [Pipeline] attribute listing <paramref name="stages"/> in <paramref name="form"/>, then <paramref name="named"/>.</summary>
        private static string Pipeline(string form, string named, params string[] stages) => "[" + Attribute(form, named, stages) + "]";

        /// <summary>The same without the brackets, to mark the whole attribute.</summary>
        private static string Attribute(string form, string named, params string[] stages)
            => "Pipeline(" + StageList(form, stages) + (named.Length == 0 ? string.Empty : ", " + named) + ")";

        /// <summary>[assembly: PipelineDefaults] listing <paramref name="stages"/> in <paramref name="form"/> (it has no named argument).</summary>
        private static string Defaults(string form, params string[] stages) => "[assembly: PipelineDefaults(" + StageList(form, stages) + ")]";

        private static string StageList(string form, string[] stages)
        {
            var list = string.Join(", ", stages);
            return form switch
            {
                "params" => list,
                "array" => "new[] { " + list + " }",
                "collection" => "[" + list + "]",
                _ => "stages: new[] { " + list + " }",
            };
        }

        /// <summary>Every form of [PipelineDefaults] with every form of [Pipeline].</summary>
        public static TheoryData<string, string> FormPairs()
        {
            var data = new TheoryData<string, string>();
            foreach (var defaultsForm in Forms)
            {
                foreach (var form in Forms) data.Add(defaultsForm, form);
            }

            return data;
        }

        /// <summary>
        /// Every form of [PipelineDefaults] with every named argument of a [Pipeline] that applies it, the [Pipeline] in
        /// each form in turn.
        /// </summary>
        public static TheoryData<string, string, string> DefaultsWritings()
        {
            var data = new TheoryData<string, string, string>();
            for (var i = 0; i < Forms.Length; i++)
            {
                foreach (var named in NamedArguments.Where(n => !n.Contains("ApplyDefaults = false"))) data.Add(Forms[i], Forms[(i + 1) % Forms.Length], named);
            }

            return data;
        }

        private static Task Verify(string declaration, params DiagnosticResult[] expected) => VerifyAsync(declaration + Types, expected);

        /// <summary><paramref name="expected"/>, and PW0313 at #9 when <paramref name="named"/> excludes a type (<paramref name="declared"/>: the defaults it names).</summary>
        private static DiagnosticResult[] With(string named, string declared, params DiagnosticResult[] expected)
            => named.Contains("ExcludeDefaults")
                ? expected.Append(Diagnostic("PW0313").WithLocation(9).WithArguments("Unlisted", "P", declared)).ToArray()
                : expected;

        private static DiagnosticResult[] With(string named, params DiagnosticResult[] expected) => With(named, "no defaults", expected);

        [Theory, MemberData(nameof(Writings))]
        public Task PW0301_at_the_typeof_of_the_type_that_is_no_stage(string form, string named) => Verify($$"""
            {{Pipeline(form, named, "typeof(Pass)", "{|#0:typeof(Plain)|}", "typeof(End)")}}
            public sealed partial class P;
            """,
            With(named, Diagnostic("PW0301").WithLocation(0).WithArguments("Plain")));

        [Theory, MemberData(nameof(Writings))]
        public Task PW0302_at_the_typeof_whose_context_does_not_flow(string form, string named) => Verify($$"""
            {{Pipeline(form, named, "typeof(ToOther)", "{|#0:typeof(Pass)|}", "typeof(End)")}}
            public sealed partial class P;
            """,
            With(named, Diagnostic("PW0302").WithLocation(0).WithArguments("Pass", "Ctx", "Other", "ToOther", "put a stage connector IBehavior<Other, Ctx> before it, or move 'Pass' to the part of the pipeline that has 'Ctx'")));

        [Theory, MemberData(nameof(Writings))]
        public Task PW0303_at_the_last_typeof_when_it_is_no_terminator(string form, string named) => Verify($$"""
            {{Pipeline(form, named, "typeof(Pass)", "{|#0:typeof(ToOther)|}")}}
            public sealed partial class P;
            """,
            With(named, Diagnostic("PW0303").WithLocation(0).WithArguments("P", "'IPipelineTerminator<Other>' (or 'ICancellableTerminator<Other>' to take the CancellationToken)")));

        [Theory, MemberData(nameof(Writings))]
        public Task PW0303_at_the_attribute_when_only_named_arguments_are_written(string form, string named)
        {
            // No stage to point at: the attribute, not the named argument that happens to be its only argument.
            var attribute = form switch
            {
                "array" => "Pipeline(new System.Type[0]" + (named.Length == 0 ? string.Empty : ", " + named) + ")",
                "collection" => "Pipeline([]" + (named.Length == 0 ? string.Empty : ", " + named) + ")",
                "stages:" => "Pipeline(stages: new System.Type[0]" + (named.Length == 0 ? string.Empty : ", " + named) + ")",
                _ => named.Length == 0 ? "Pipeline()" : "Pipeline(" + named + ")",
            };
            return Verify($$"""
                [{|#0:{{attribute}}|}]
                public sealed partial class P;
                """,
                With(named, Diagnostic("PW0303").WithLocation(0).WithArguments("P", "'IPipelineTerminator<TContext>' or 'ICancellableTerminator<TContext>' (<TContext, TResponse> for a typed response)")));
        }

        [Theory, MemberData(nameof(Writings))]
        public Task PW0304_at_the_typeof_of_a_terminator_before_the_end(string form, string named) => Verify($$"""
            {{Pipeline(form, named, "typeof(Pass)", "{|#0:typeof(End)|}", "typeof(End)")}}
            public sealed partial class P;
            """,
            With(named, Diagnostic("PW0304").WithLocation(0).WithArguments("End", "make it the last type of the pipeline")));

        [Theory, MemberData(nameof(Writings))]
        public Task PW0305_at_the_typeof_of_each_type_that_cannot_be_a_stage(string form, string named) => Verify($$"""
            {{Pipeline(form, named, "typeof(Pass)", "{|#0:typeof(AbstractPass)|}", "{|#1:typeof(IBehavior<Ctx, Ctx>)|}", "typeof(End)")}}
            public sealed partial class P;
            """,
            With(named, Diagnostic("PW0305").WithLocation(0).WithArguments("AbstractPass", "it is abstract; list a concrete class that derives from it"),
            Diagnostic("PW0305").WithLocation(1).WithArguments("IBehavior<Ctx, Ctx>", "it is an interface; list the class that implements it")));

        [Theory, MemberData(nameof(Writings))]
        public Task PW0306_at_the_typeof_of_a_stage_without_a_public_constructor(string form, string named) => VerifyWithDependencyInjectionAsync($$"""
            {{Pipeline(form, named, "typeof(Pass)", "{|#0:typeof(Guarded)|}", "typeof(End)")}}
            public sealed partial class P;
            """ + Types,
            With(named, Diagnostic("PW0306").WithLocation(0).WithArguments("Guarded", "AddP")));

        [Theory, MemberData(nameof(Writings))]
        public Task PW0307_at_the_class_name_whatever_the_attribute_says(string form, string named) => Verify($$"""
            {{Pipeline(form, named, "typeof(Pass)", "typeof(End)")}}
            public sealed class {|#0:P|};
            """,
            With(named, Diagnostic("PW0307").WithLocation(0).WithArguments("P", "declare it 'partial' so the generator can add the constructor and Invoke")));

        [Theory, MemberData(nameof(Writings))]
        public Task PW0308_at_the_typeof_of_a_stage_that_fits_two_ways(string form, string named) => Verify($$"""
            {{Pipeline(form, named, "typeof(Pass)", "{|#0:typeof(Both)|}", "typeof(End)")}}
            public sealed partial class P;
            """,
            With(named, Diagnostic("PW0308").WithLocation(0).WithArguments("Both", "Ctx", "IBehavior<Ctx, Ctx>, IInlineBehavior<Ctx, Ctx>")));

        [Theory, MemberData(nameof(Writings))]
        public Task PW0309_at_the_typeof_that_returns_another_response(string form, string named) => Verify($$"""
            {{Pipeline(form, named, "typeof(Echo)", "{|#0:typeof(PingLog)|}", "typeof(Answer)")}}
            public sealed partial class P;
            """,
            With(named, Diagnostic("PW0309").WithLocation(0).WithArguments("PingLog", "Task", "ValueTask<Reply>", "Echo")));

        [Theory, MemberData(nameof(Writings))]
        public Task PW0310_at_the_typeof_of_the_stage_the_token_cannot_reach(string form, string named) => Verify($$"""
            {{Pipeline(form, named, "typeof(CancellableEcho)", "typeof(Echo)", "{|#0:typeof(CancellableAnswer)|}")}}
            public sealed partial class P;
            """,
            With(named, Diagnostic("PW0310").WithLocation(0).WithArguments("CancellableAnswer", "Echo", "make 'Echo' an ICancellableBehavior (or an IInlineBehavior, whose next carries the token)")));

        [Theory, MemberData(nameof(Writings))]
        public Task PW0311_at_the_typeof_of_the_open_stage_that_cannot_be_closed(string form, string named) => Verify($$"""
            {{Pipeline(form, named, "typeof(Echo)", "{|#0:typeof(Validate<,>)|}", "typeof(Answer)")}}
            public sealed partial class P;
            """,
            With(named, Diagnostic("PW0311").WithLocation(0).WithArguments("Validate<,>", "its constraint 'where TRequest : IValidatable' is not met by 'Ping'")));

        [Theory, MemberData(nameof(Writings))]
        public Task PW0002_at_the_class_name_whatever_the_attribute_says(string form, string named) => Verify($$"""
            public class Outer
            {
                {{Pipeline(form, named, "typeof(Pass)", "typeof(End)")}}
                public sealed partial class {|#0:P|};
            }
            """,
            With(named, Diagnostic("PW0002").WithLocation(0).WithArguments("Outer", "pipeline P")));

        // ---- the assembly's defaults: at this pipeline's attribute (so #pragma and .editorconfig act per pipeline), and
        // pointing at the default's own typeof in [assembly: PipelineDefaults] ----

        [Theory, MemberData(nameof(DefaultsWritings))]
        public Task PW0312_at_the_pipeline_s_attribute_and_at_the_default_s_typeof(string defaultsForm, string form, string named) => Verify($$"""
            {{Defaults(defaultsForm, "typeof(Logging<,>)", "{|#1:typeof(Validate<,>)|}")}}

            [{|#0:{{Attribute(form, named, "typeof(Answer)")}}|}]
            public sealed partial class P;
            """,
            With(named, "'Logging<,>', 'Validate<,>'",
                Diagnostic("PW0312").WithLocation(0).WithLocation(1).WithArguments("Validate<,>", "P", "its constraint 'where TRequest : IValidatable' is not met by 'Ping'")));

        [Theory, MemberData(nameof(DefaultsWritings))]
        public Task PW0301_of_a_default_at_the_pipeline_s_attribute_and_at_the_default_s_typeof(string defaultsForm, string form, string named) => Verify($$"""
            {{Defaults(defaultsForm, "{|#1:typeof(Plain)|}", "typeof(Logging<,>)")}}

            [{|#0:{{Attribute(form, named, "typeof(Answer)")}}|}]
            public sealed partial class P;
            """,
            With(named, "'Plain', 'Logging<,>'", Diagnostic("PW0301").WithLocation(0).WithLocation(1).WithArguments("Plain (from [assembly: PipelineDefaults])")));

        [Theory, MemberData(nameof(DefaultsWritings))]
        public Task A_default_sets_the_flow_and_the_pipeline_s_own_stage_is_still_reported_at_its_typeof(string defaultsForm, string form, string named) => Verify($$"""
            {{Defaults(defaultsForm, "typeof(Pass)")}}

            {{Pipeline(form, named, "typeof(Pass)", "{|#0:typeof(Answer)|}")}}
            public sealed partial class P;
            """,
            With(named, "'Pass'", Diagnostic("PW0302").WithLocation(0).WithArguments("Answer", "Ping", "Ctx", "Pass", "put a stage connector IBehavior<Ctx, Ping> before it, or end with a terminator of 'Ctx'")));

        [Theory, MemberData(nameof(FormPairs))]
        public Task ApplyDefaults_false_leaves_the_defaults_out_and_their_findings_with_them(string defaultsForm, string form)
            => Verify($$"""
                {{Defaults(defaultsForm, "typeof(Validate<,>)", "typeof(Plain)")}}

                {{Pipeline(form, "ApplyDefaults = false", "typeof(Answer)")}}
                public sealed partial class P;
                """);
    }
}
