using System.Threading.Tasks;
using Microsoft.CodeAnalysis.Testing;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;
using VerifyCS = Prewired.Tests.Harness.AnalyzerVerifier<Prewired.Analyzers.StructNextAnalyzer>;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// PW0330: a delegate-shape behavior in a chain of five stages or more, at its class name, when next is only invoked;
    /// the depth counted as the generator builds the chain ([Pipeline] stages with the assembly's defaults, or a handler's
    /// generated pipeline).
    /// </summary>
    public sealed class StructNextTests
    {
        private const string Stages = """

            public sealed class Request { public int Calls; }

            public sealed class Pass : IInlineBehavior<Request, Request>
            {
                public Task Invoke<TNext>(Request context, TNext next) where TNext : struct, INext<Request> => next.Invoke(context);
            }

            public sealed class Handler : IPipelineTerminator<Request>
            {
                public Task Terminate(Request context) => Task.CompletedTask;
            }
            """;

        private const string Depth5 = """

            [Pipeline(typeof(Counting), typeof(Pass), typeof(Pass), typeof(Pass), typeof(Handler))]
            public sealed partial class DeepPipeline;
            """;

        [Fact]
        public Task PW0330_at_depth_5_at_the_class_name() => VerifyAsync("""
            public sealed class {|#0:Counting|} : IBehavior<Request, Request>
            {
                public async Task Invoke(Request context, Func<Request, Task> next)
                {
                    context.Calls++;
                    await next(context);
                }
            }
            """ + Stages + Depth5,
            VerifyCS.Diagnostic("PW0330").WithLocation(0).WithArguments("Counting", "DeepPipeline", 5, "IInlineBehavior<Request, Request>"));

        [Fact]
        public Task Not_at_depth_4() => VerifyAsync("""
            public sealed class Counting : IBehavior<Request, Request>
            {
                public Task Invoke(Request context, Func<Request, Task> next) => next(context);
            }

            [Pipeline(typeof(Counting), typeof(Pass), typeof(Pass), typeof(Handler))]
            public sealed partial class ShallowPipeline;
            """ + Stages);

        [Fact]
        public Task Not_for_a_struct_shape_behavior() => VerifyAsync("""
            public sealed class Counting : IInlineBehavior<Request, Request>
            {
                public Task Invoke<TNext>(Request context, TNext next) where TNext : struct, INext<Request> => next.Invoke(context);
            }
            """ + Stages + Depth5);

        [Fact]
        public Task Not_for_a_behavior_in_no_pipeline() => VerifyAsync("""
            public sealed class Counting : IBehavior<Request, Request>
            {
                public Task Invoke(Request context, Func<Request, Task> next) => next(context);
            }
            """ + Stages);

        [Theory]
        [InlineData("stored in a field", "private Func<Request, Task>? _saved;", "_saved = next; await next(context);")]
        [InlineData("stored in a local", "", "var forward = next; await forward(context);")]
        [InlineData("captured by a lambda", "", "Func<Task> run = () => next(context); await run();")]
        [InlineData("called in a local function", "", "await Forward(); Task Forward() => next(context);")]
        [InlineData("passed as an argument", "private static Task Twice(Func<Request, Task> call, Request c) => call(c);", "await Twice(next, context);")]
        [InlineData("null-checked", "", "if (next is null) throw new ArgumentNullException(nameof(next)); await next(context);")]
        [InlineData("compared", "", "if (next != null) await next(context);")]
        [InlineData("called conditionally", "", "await (next?.Invoke(context) ?? Task.CompletedTask);")]
        [InlineData("a method group", "", "Func<Request, Task> call = next.Invoke; await call(context);")]
        [InlineData("called with a named argument", "", "await next(arg: context);")]
        public Task Not_when_next_escapes(string how, string member, string body)
        {
            Assert.NotEmpty(how);
            return VerifyAsync($$"""
                public sealed class Counting : IBehavior<Request, Request>
                {
                    {{member}}

                    public async Task Invoke(Request context, Func<Request, Task> next)
                    {
                        {{body}}
                    }
                }
                """ + Stages + Depth5);
        }

        [Fact]
        public Task Reported_with_nameof_next_which_means_the_same_in_both_shapes() => VerifyAsync("""
            public sealed class {|#0:Counting|} : IBehavior<Request, Request>
            {
                public Task Invoke(Request context, Func<Request, Task> next)
                {
                    Console.WriteLine(nameof(next));
                    return next.Invoke(context);
                }
            }
            """ + Stages + Depth5,
            VerifyCS.Diagnostic("PW0330").WithLocation(0).WithArguments("Counting", "DeepPipeline", 5, "IInlineBehavior<Request, Request>"));

        /// <summary>The shared defaults count: two of them, a handler's discovered pipeline of 5 stages with three more.</summary>
        [Fact]
        public Task PW0330_for_an_open_default_in_a_handler_pipeline_of_depth_5() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Logging<,>), typeof(A<,>), typeof(B<,>), typeof(C<,>))]

            public sealed class {|#0:Logging|}<TRequest, TResponse> : ICancellableBehavior<TRequest, TRequest, TResponse>
            {
                public ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, CancellationToken, ValueTask<TResponse>> next, CancellationToken cancellationToken)
                    => next(context, cancellationToken);
            }

            public sealed class A<TRequest, TResponse> : IInlineBehavior<TRequest, TRequest, TResponse>
            {
                public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, TResponse> => next.Invoke(context);
            }

            public sealed class B<TRequest, TResponse> : IInlineBehavior<TRequest, TRequest, TResponse>
            {
                public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, TResponse> => next.Invoke(context);
            }

            public sealed class C<TRequest, TResponse> : IInlineBehavior<TRequest, TRequest, TResponse>
            {
                public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, TResponse> => next.Invoke(context);
            }

            public sealed class GetPrice { }

            public sealed class GetPriceHandler : ICancellableTerminator<GetPrice, int>
            {
                public ValueTask<int> Terminate(GetPrice context, CancellationToken cancellationToken) => new(1);
            }
            """,
            VerifyCS.Diagnostic("PW0330").WithLocation(0).WithArguments("Logging<TRequest, TResponse>", "GetPriceHandler", 5, "ICancellableInlineBehavior<TRequest, TRequest, TResponse>"));

        /// <summary>Three defaults and the handler: depth 4, so nothing.</summary>
        [Fact]
        public Task Not_for_a_default_in_a_handler_pipeline_of_depth_4() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Logging<,>), typeof(A<,>), typeof(B<,>))]

            public sealed class Logging<TRequest, TResponse> : ICancellableBehavior<TRequest, TRequest, TResponse>
            {
                public ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, CancellationToken, ValueTask<TResponse>> next, CancellationToken cancellationToken)
                    => next(context, cancellationToken);
            }

            public sealed class A<TRequest, TResponse> : IInlineBehavior<TRequest, TRequest, TResponse>
            {
                public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, TResponse> => next.Invoke(context);
            }

            public sealed class B<TRequest, TResponse> : IInlineBehavior<TRequest, TRequest, TResponse>
            {
                public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, TResponse> => next.Invoke(context);
            }

            public sealed class GetPrice { }

            public sealed class GetPriceHandler : ICancellableTerminator<GetPrice, int>
            {
                public ValueTask<int> Terminate(GetPrice context, CancellationToken cancellationToken) => new(1);
            }
            """);

        /// <summary>A [Pipeline] of three stages takes the assembly's two defaults: five in all.</summary>
        [Fact]
        public Task PW0330_counts_the_defaults_a_pipeline_takes() => VerifyAsync("""
            [assembly: PipelineDefaults(typeof(Pass), typeof(Pass))]

            public sealed class {|#0:Counting|} : IBehavior<Request, Request>
            {
                public Task Invoke(Request context, Func<Request, Task> next) => next(context);
            }

            [Pipeline(typeof(Counting), typeof(Pass), typeof(Handler))]
            public sealed partial class DefaultedPipeline;
            """ + Stages,
            VerifyCS.Diagnostic("PW0330").WithLocation(0).WithArguments("Counting", "DefaultedPipeline", 5, "IInlineBehavior<Request, Request>"));

        [Fact]
        public Task Not_for_a_behavior_whose_Invoke_is_inherited() => VerifyAsync("""
            public abstract class CountingBase
            {
                public Task Invoke(Request context, Func<Request, Task> next) => next(context);
            }

            public sealed class Counting : CountingBase, IBehavior<Request, Request>
            {
            }
            """ + Stages + Depth5);

        private static Task VerifyAsync(string source, params DiagnosticResult[] expected)
        {
            var test = new VerifyCS.Test { TestCode = MarkedMethodVerifier.Usings + source };
            test.Generators.Add(typeof(PrewiredGenerator));
            test.ExpectedDiagnostics.AddRange(expected);
            return test.RunAsync();
        }
    }
}
