using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using static Prewired.Tests.Analyzers.PipelineVerifier;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// An assembly default skipped for its constraint is a warning (PW0312), so dotnet build shows it; it is silenced per
    /// pipeline with #pragma, per file with .editorconfig, or said to be meant with ExcludeDefaults, which also leaves out
    /// a default that would apply. An exclusion that names no declared default is a warning at its typeof (PW0313). In
    /// every case the pipeline is generated, with exactly the defaults that apply (the sources construct it).
    /// </summary>
    public sealed class PipelineDefaultsWarningTests
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

        private const string Unmet = "its constraint 'where TRequest : IValidatable' is not met by 'Ping'";

        [Fact]
        public Task PW0312_is_a_warning_by_default_and_says_how_to_leave_the_default_out_on_purpose()
            => VerifyAsync("""
                [assembly: PipelineDefaults(typeof(Logging<,>), {|#1:typeof(Validate<,>)|})]

                [{|#0:Pipeline(typeof(Answer))|}]
                public sealed partial class PingPipeline;
                """ + Shared,
                Diagnostic("PW0312").WithSeverity(DiagnosticSeverity.Warning).WithLocation(0).WithLocation(1).WithArguments("Validate<,>", "PingPipeline", Unmet)
                    .WithMessage("'Validate<,>' from [assembly: PipelineDefaults] is not applied to 'PingPipeline': " + Unmet
                                 + "; to leave it out on purpose, add ExcludeDefaults = new[] { typeof(Validate<,>) } to its [Pipeline]"));

        [Fact]
        public Task PW0312_pragma_around_one_pipeline_silences_that_pipeline_only() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Logging<,>), {|#1:typeof(Validate<,>)|})]

            #pragma warning disable PW0312 // Validate is not meant for Ping here
            [Pipeline(typeof(Answer))]
            #pragma warning restore PW0312
            public sealed partial class Quiet;

            [{|#0:Pipeline(typeof(Answer))|}]
            public sealed partial class Loud;

            public static class Use
            {
                public static ValueTask<Reply> Run() => new Quiet(new Logging<Ping, Reply>(), new Answer()).Invoke(new Ping());
            }
            """ + Shared,
            // The library's extra run disables the expected IDs at the top, which the restore above undoes for Loud.
            test => test.TestBehaviors |= TestBehaviors.SkipSuppressionCheck,
            Diagnostic("PW0312").WithLocation(0).WithLocation(1).WithArguments("Validate<,>", "Loud", Unmet));

        [Fact]
        public Task PW0312_editorconfig_silences_the_pipelines_of_one_file_and_not_another() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Logging<,>), {|#1:typeof(Validate<,>)|})]

            [{|#0:Pipeline(typeof(Answer))|}]
            public sealed partial class Loud;
            """ + Shared,
            test =>
            {
                test.Sources.Add(MarkedMethodVerifier.Usings + """
                    [Pipeline(typeof(Answer))]
                    public sealed partial class Quiet;
                    """);
                test.GlobalConfig = "root = true\n\n[/0/Test1.cs]\ndotnet_diagnostic.PW0312.severity = none";
            },
            Diagnostic("PW0312").WithLocation(0).WithLocation(1).WithArguments("Validate<,>", "Loud", Unmet));

        [Fact]
        public Task ExcludeDefaults_says_a_skipped_default_is_meant_and_nothing_is_reported() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Logging<,>), typeof(Validate<,>))]

            [Pipeline(typeof(Answer), ExcludeDefaults = new[] { typeof(Validate<,>) })]
            public sealed partial class PingPipeline;

            public static class Use
            {
                public static ValueTask<Reply> Run() => new PingPipeline(new Logging<Ping, Reply>(), new Answer()).Invoke(new Ping());
            }
            """ + Shared);

        [Fact]
        public Task ExcludeDefaults_leaves_out_a_default_that_would_apply_and_keeps_the_others() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Logging<,>), typeof(Validate<,>))]

            [Pipeline(typeof(CheckedAnswer), ExcludeDefaults = [typeof(Logging<,>)], ApplyDefaults = true)]
            public sealed partial class CheckedPipeline;

            public static class Use
            {
                public static ValueTask<Reply> Run() => new CheckedPipeline(new Validate<Checked, Reply>(), new CheckedAnswer()).Invoke(new Checked());
            }
            """ + Shared);

        [Fact]
        public Task PW0313_an_exclusion_that_is_no_default_is_reported_at_its_typeof_and_the_default_still_applies() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Logging<,>), typeof(Validate<,>))]

            [Pipeline(typeof(CheckedAnswer), ExcludeDefaults = new[] { {|#0:typeof(Logging<Checked, Reply>)|} })]
            public sealed partial class CheckedPipeline;

            public static class Use
            {
                public static ValueTask<Reply> Run()
                    => new CheckedPipeline(new Logging<Checked, Reply>(), new Validate<Checked, Reply>(), new CheckedAnswer()).Invoke(new Checked());
            }
            """ + Shared,
            Diagnostic("PW0313").WithSeverity(DiagnosticSeverity.Warning).WithLocation(0).WithArguments("Logging<Checked, Reply>", "CheckedPipeline", "'Logging<,>', 'Validate<,>'"));

        [Fact]
        public Task PW0313_an_exclusion_in_an_assembly_without_defaults() => VerifyAsync("""
            [Pipeline(typeof(Answer), ExcludeDefaults = new[] { {|#0:typeof(Logging<,>)|} })]
            public sealed partial class PingPipeline;

            public static class Use
            {
                public static ValueTask<Reply> Run() => new PingPipeline(new Answer()).Invoke(new Ping());
            }
            """ + Shared,
            Diagnostic("PW0313").WithLocation(0).WithArguments("Logging<,>", "PingPipeline", "no defaults"));
    }
}
