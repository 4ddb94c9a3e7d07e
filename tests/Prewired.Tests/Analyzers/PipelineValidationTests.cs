using System.Threading.Tasks;
using Xunit;
using static Prewired.Tests.Analyzers.PipelineVerifier;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// [Pipeline] validation: each error at the offending typeof argument with exact message arguments, and nothing
    /// reported (and no compiler error from generated code) for every valid shape.
    /// </summary>
    public sealed class PipelineValidationTests
    {
        [Fact]
        public Task PW0301_a_type_that_is_no_stage() => VerifyAsync("""
            public sealed class Plain { }
            [Pipeline(typeof(Pass), {|#0:typeof(Plain)|}, typeof(End))]
            public sealed partial class P;
            """,
            Diagnostic("PW0301").WithLocation(0).WithArguments("Plain"));

        [Fact]
        public Task PW0302_a_context_that_does_not_flow_names_both_types() => VerifyAsync("""
            [Pipeline(typeof(ToOther), {|#0:typeof(Pass)|}, typeof(End))]
            public sealed partial class P;
            """,
            Diagnostic("PW0302").WithLocation(0).WithArguments("Pass", "Ctx", "Other", "ToOther", "put a stage connector IBehavior<Other, Ctx> before it, or move 'Pass' to the part of the pipeline that has 'Ctx'"));

        [Fact]
        public Task PW0302_at_a_terminator_of_the_wrong_context() => VerifyAsync("""
            [Pipeline(typeof(ToOther), {|#0:typeof(End)|})]
            public sealed partial class P;
            """,
            Diagnostic("PW0302").WithLocation(0).WithArguments("End", "Ctx", "Other", "ToOther", "put a stage connector IBehavior<Other, Ctx> before it, or end with a terminator of 'Other'"));

        [Fact]
        public Task PW0302_is_not_reported_for_a_base_context_taken_by_implicit_conversion() => VerifyAsync("""
            public class Base { }
            public sealed class Derived : Base { }
            public sealed class Start : IBehavior<Derived, Derived> { public Task Invoke(Derived context, Func<Derived, Task> next) => next(context); }
            public sealed class Any : IPipelineTerminator<Base> { public Task Terminate(Base context) => Task.CompletedTask; }
            [Pipeline(typeof(Start), typeof(Any))]
            public sealed partial class P;
            """);

        [Fact]
        public Task PW0303_the_last_type_is_a_behavior() => VerifyAsync("""
            [Pipeline(typeof(Pass), {|#0:typeof(ToOther)|})]
            public sealed partial class P;
            """,
            Diagnostic("PW0303").WithLocation(0).WithArguments("P", "'IPipelineTerminator<Other>' (or 'ICancellableTerminator<Other>' to take the CancellationToken)"));

        [Fact]
        public Task PW0303_an_empty_stage_list_at_the_attribute() => VerifyAsync("""
            [{|#0:Pipeline|}]
            public sealed partial class P;
            """,
            Diagnostic("PW0303").WithLocation(0).WithArguments("P", "'IPipelineTerminator<TContext>' or 'ICancellableTerminator<TContext>' (<TContext, TResponse> for a typed response)"));

        [Fact]
        public Task PW0304_a_terminator_before_the_end() => VerifyAsync("""
            [Pipeline(typeof(Pass), {|#0:typeof(End)|}, typeof(End))]
            public sealed partial class P;
            """,
            Diagnostic("PW0304").WithLocation(0).WithArguments("End", "make it the last type of the pipeline"));

        [Fact]
        public Task PW0305_abstract_interface_struct_and_static_types() => VerifyAsync("""
            public abstract class AbstractPass : IBehavior<Ctx, Ctx> { public abstract Task Invoke(Ctx context, Func<Ctx, Task> next); }
            public struct StructPass : IBehavior<Ctx, Ctx> { public Task Invoke(Ctx context, Func<Ctx, Task> next) => next(context); }
            public static class Helpers { }
            [Pipeline({|#0:typeof(AbstractPass)|}, {|#1:typeof(IBehavior<Ctx, Ctx>)|}, {|#2:typeof(StructPass)|}, {|#3:typeof(Helpers)|}, typeof(End))]
            public sealed partial class P;
            """,
            Diagnostic("PW0305").WithLocation(0).WithArguments("AbstractPass", "it is abstract; list a concrete class that derives from it"),
            Diagnostic("PW0305").WithLocation(1).WithArguments("IBehavior<Ctx, Ctx>", "it is an interface; list the class that implements it"),
            Diagnostic("PW0305").WithLocation(2).WithArguments("StructPass", "it is a struct; a stage must be a class, called through its reference by every invocation"),
            Diagnostic("PW0305").WithLocation(3).WithArguments("Helpers", "it is a static class, which has no instances"));

        [Fact]
        public Task A_closed_generic_stage_is_valid() => VerifyAsync("""
            public sealed class Generic<T> : IBehavior<T, T> { public Task Invoke(T context, Func<T, Task> next) => next(context); }
            [Pipeline(typeof(Generic<Ctx>), typeof(End))]
            public sealed partial class P;
            """);

        [Fact]
        public Task PW0305_a_private_nested_stage() => VerifyAsync("""
            public partial class Outer
            {
                private sealed class Hidden : IBehavior<Ctx, Ctx> { public Task Invoke(Ctx context, Func<Ctx, Task> next) => next(context); }
                [Pipeline({|#0:typeof(Hidden)|}, typeof(End))]
                public sealed partial class P;
            }
            """,
            Diagnostic("PW0305").WithLocation(0).WithArguments("Hidden", "it is private or protected; the generated constructor takes it as a parameter, so make it at least internal"));

        [Fact]
        public Task PW0306_a_stage_without_a_public_constructor_when_registration_is_generated() => VerifyWithDependencyInjectionAsync("""
            public sealed class Guarded : IBehavior<Ctx, Ctx>
            {
                private Guarded() { }
                public static Guarded Create() => new();
                public Task Invoke(Ctx context, Func<Ctx, Task> next) => next(context);
            }
            [Pipeline({|#0:typeof(Guarded)|}, typeof(End))]
            public sealed partial class P;
            """,
            Diagnostic("PW0306").WithLocation(0).WithArguments("Guarded", "AddP"));

        [Fact]
        public Task PW0306_is_not_reported_without_the_dependency_injection_package() => VerifyAsync("""
            public sealed class Guarded : IBehavior<Ctx, Ctx>
            {
                private Guarded() { }
                public static Guarded Create() => new();
                public Task Invoke(Ctx context, Func<Ctx, Task> next) => next(context);
            }
            [Pipeline(typeof(Guarded), typeof(End))]
            public sealed partial class P;
            """);

        [Fact]
        public Task PW0307_the_class_is_not_partial() => VerifyAsync("""
            [Pipeline(typeof(End))]
            public sealed class {|#0:P|};
            """,
            Diagnostic("PW0307").WithLocation(0).WithArguments("P", "declare it 'partial' so the generator can add the constructor and Invoke"));

        [Fact]
        public Task PW0307_the_class_is_static() => VerifyAsync("""
            [Pipeline(typeof(End))]
            public static partial class {|#0:P|};
            """,
            Diagnostic("PW0307").WithLocation(0).WithArguments("P", "a static class has no instances; remove 'static'"));

        [Fact]
        public Task PW0307_the_class_already_declares_Invoke_of_its_context() => VerifyAsync("""
            [Pipeline(typeof(Pass), typeof(End))]
            public sealed partial class {|#0:P|}
            {
                public Task Invoke(Ctx context) => Task.CompletedTask;
            }
            """,
            Diagnostic("PW0307").WithLocation(0).WithArguments("P", "it already declares 'Invoke(Ctx)', which the generator writes; rename or remove it"));

        [Fact]
        public Task PW0307_the_class_already_declares_the_constructor() => VerifyAsync("""
            [Pipeline(typeof(Pass), typeof(End))]
            public sealed partial class {|#0:P|}
            {
                public P(Pass pass, End end) { }
            }
            """,
            Diagnostic("PW0307").WithLocation(0).WithArguments("P", "it already declares a constructor taking the stage types, which the generator writes; rename or remove it"));

        [Fact]
        public Task Other_user_members_named_Invoke_and_other_constructors_are_fine() => VerifyAsync("""
            [Pipeline(typeof(Pass), typeof(End))]
            public sealed partial class P
            {
                public P() : this(new Pass(), new End()) { }
                public Task Invoke(string text) => Task.CompletedTask;
            }
            """);

        [Fact]
        public Task PW0002_a_containing_type_is_not_partial() => VerifyAsync("""
            public class Outer
            {
                [Pipeline(typeof(End))]
                public sealed partial class {|#0:P|};
            }
            """,
            Diagnostic("PW0002").WithLocation(0).WithArguments("Outer", "pipeline P"));

        [Fact]
        public Task PW0308_a_stage_that_fits_two_ways() => VerifyAsync("""
            public sealed class Both : IBehavior<Ctx, Ctx>, IInlineBehavior<Ctx, Ctx>
            {
                public Task Invoke(Ctx context, Func<Ctx, Task> next) => next(context);
                public Task Invoke<TNext>(Ctx context, TNext next) where TNext : struct, INext<Ctx> => next.Invoke(context);
            }
            [Pipeline(typeof(Pass), {|#0:typeof(Both)|}, typeof(End))]
            public sealed partial class P;
            """,
            Diagnostic("PW0308").WithLocation(0).WithArguments("Both", "Ctx", "IBehavior<Ctx, Ctx>, IInlineBehavior<Ctx, Ctx>"));

        [Fact]
        public Task A_type_that_is_both_behavior_and_terminator_is_a_behavior_before_the_end_and_the_terminator_at_it() => VerifyAsync("""
            public sealed class Flexible : IBehavior<Ctx, Ctx>, IPipelineTerminator<Ctx>
            {
                public Task Invoke(Ctx context, Func<Ctx, Task> next) => next(context);
                public Task Terminate(Ctx context) => Task.CompletedTask;
            }
            [Pipeline(typeof(Flexible), typeof(Flexible))]
            public sealed partial class P;
            """);

        [Fact]
        public Task A_missing_type_is_left_to_the_compiler_and_nothing_is_generated() => VerifyAsync("""
            [Pipeline(typeof(Pass), typeof({|#0:Missing|}), typeof(End))]
            public sealed partial class P;
            """,
            CompilerError("CS0246").WithLocation(0));

        [Fact]
        public Task Only_the_first_break_in_the_flow_is_reported() => VerifyAsync("""
            [Pipeline(typeof(ToOther), {|#0:typeof(Pass)|}, typeof(Pass), typeof(ToOther))]
            public sealed partial class P;
            """,
            Diagnostic("PW0302").WithLocation(0).WithArguments("Pass", "Ctx", "Other", "ToOther", "put a stage connector IBehavior<Other, Ctx> before it, or move 'Pass' to the part of the pipeline that has 'Ctx'"));

        [Fact]
        public Task An_explicit_array_argument_reports_at_its_element() => VerifyAsync("""
            [Pipeline(new[] { typeof(Pass), {|#0:typeof(Pass)|} })]
            public sealed partial class P;
            """,
            Diagnostic("PW0303").WithLocation(0).WithArguments("P", "'IPipelineTerminator<Ctx>' (or 'ICancellableTerminator<Ctx>' to take the CancellationToken)"));

        [Fact]
        public Task Valid_pipelines_of_every_shape_report_nothing() => VerifyAsync("""
            [Pipeline(typeof(Pass), typeof(InlinePass), typeof(Pass), typeof(ToOther), typeof(OtherEnd))]
            public sealed partial class Mixed;

            [Pipeline(typeof(End))]
            public sealed partial class TerminatorOnly;

            public sealed class UsesThem
            {
                public Task Run() => new Mixed(new Pass(), new InlinePass(), new Pass(), new ToOther(), new OtherEnd()).Invoke(new Ctx());
                public IPipeline<Ctx> Only() => new TerminatorOnly(new End());
            }
            """);

        [Fact]
        public Task Pragma_suppresses_a_validation_error() => VerifyAsync("""
            public sealed class Plain { }
            #pragma warning disable PW0301
            [Pipeline(typeof(Pass), typeof(Plain), typeof(End))]
            #pragma warning restore PW0301
            public sealed partial class P;
            """);
    }
}
