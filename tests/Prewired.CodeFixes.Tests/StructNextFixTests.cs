using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CodeFixes;
using Prewired.Analyzers;
using Prewired.CodeFixes.Tests.Harness;
using Xunit;

namespace Prewired.CodeFixes.Tests
{
    /// <summary>
    /// PW0330's fix: a delegate-shape behavior of a deep pipeline rewritten to the struct shape, its body, comments and layout
    /// kept, the fixed project compiling with the generator and without the diagnostic; no fix where next escapes.
    /// </summary>
    public sealed class StructNextFixTests
    {
        private const string Usings = "using System;\nusing System.Threading;\nusing System.Threading.Tasks;\nusing Prewired;\n\n";

        /// <summary>A struct-shape pass-through and a terminator: the stages that make the chains five deep.</summary>
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

            [Pipeline(typeof(Counting), typeof(Pass), typeof(Pass), typeof(Pass), typeof(Handler))]
            public sealed partial class DeepPipeline;
            """;

        [Fact]
        public Task Simple_behavior() => Fix("""
            public sealed class {|PW0330:Counting|} : IBehavior<Request, Request>
            {
                public async Task Invoke(Request context, Func<Request, Task> next)
                {
                    await next(context);
                    context.Calls++;
                }
            }
            """ + Stages, """
            public sealed class Counting : IInlineBehavior<Request, Request>
            {
                public async Task Invoke<TNext>(Request context, TNext next) where TNext : struct, INext<Request>
                {
                    await next.Invoke(context);
                    context.Calls++;
                }
            }
            """ + Stages, "Rewrite 'Counting' to IInlineBehavior (struct next)");

        [Fact]
        public Task With_the_cancellation_token() => Fix("""
            public sealed class {|PW0330:Counting|} : ICancellableBehavior<Request, Request>
            {
                public async Task Invoke(Request context, Func<Request, CancellationToken, Task> next, CancellationToken cancellationToken)
                {
                    using var linked = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
                    await next.Invoke(context, linked.Token);
                }
            }
            """ + CancellableStages, """
            public sealed class Counting : ICancellableInlineBehavior<Request, Request>
            {
                public async Task Invoke<TNext>(Request context, TNext next, CancellationToken cancellationToken) where TNext : struct, ICancellableNext<Request>
                {
                    using var linked = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
                    await next.Invoke(context, linked.Token);
                }
            }
            """ + CancellableStages, "Rewrite 'Counting' to ICancellableInlineBehavior (struct next)");

        /// <summary>PW0202 (Hidden, the [FastPath] suggestion) is on the async ValueTask method in both shapes.</summary>
        [Fact]
        public Task With_a_typed_result() => Fix("""
            public sealed class {|PW0330:Fallback|} : IBehavior<GetQuote, GetQuote, Quote>
            {
                public async ValueTask<Quote> {|PW0202:Invoke|}(GetQuote context, Func<GetQuote, ValueTask<Quote>> next)
                {
                    var quote = await next(context).ConfigureAwait(false);
                    return quote.Price == 0 ? new Quote(-1) : quote;
                }
            }
            """ + TypedStages, """
            public sealed class Fallback : IInlineBehavior<GetQuote, GetQuote, Quote>
            {
                public async ValueTask<Quote> {|PW0202:Invoke|}<TNext>(GetQuote context, TNext next) where TNext : struct, INext<GetQuote, Quote>
                {
                    var quote = await next.Invoke(context).ConfigureAwait(false);
                    return quote.Price == 0 ? new Quote(-1) : quote;
                }
            }
            """ + TypedStages, "Rewrite 'Fallback' to IInlineBehavior (struct next)");

        [Fact]
        public Task Comments_and_layout_are_kept() => Fix("""
            /// <summary>Counts calls.</summary>
            public sealed class {|PW0330:Counting|} : /* the shape */ Prewired.IBehavior<Request, Request> // trailing
            {
                /// <summary>Counts, then runs the rest.</summary>
                /// <param name="next">The rest of the pipeline.</param>
                public async Task Invoke(Request context,   Func<Request, Task>   next /* rest */)
                {
                    // before
                    context.Calls++;
                    await next( /* inside */ context); // after
                    await next
                        (context);
                    context.Calls++;
                }
            }
            """ + Stages, """
            /// <summary>Counts calls.</summary>
            public sealed class Counting : /* the shape */ Prewired.IInlineBehavior<Request, Request> // trailing
            {
                /// <summary>Counts, then runs the rest.</summary>
                /// <param name="next">The rest of the pipeline.</param>
                public async Task Invoke<TNext>(Request context,   TNext   next /* rest */) where TNext : struct, Prewired.INext<Request>
                {
                    // before
                    context.Calls++;
                    await next.Invoke( /* inside */ context); // after
                    await next.Invoke
                        (context);
                    context.Calls++;
                }
            }
            """ + Stages, null);

        [Fact]
        public Task Expression_bodied_explicit_implementation() => Fix("""
            public sealed class {|PW0330:Counting|} : IBehavior<Request, Request>
            {
                Task IBehavior<Request, Request>.Invoke(Request context, Func<Request, Task> next) => next(context);
            }
            """ + Stages, """
            public sealed class Counting : IInlineBehavior<Request, Request>
            {
                Task IInlineBehavior<Request, Request>.Invoke<TNext>(Request context, TNext next) => next.Invoke(context);
            }
            """ + Stages, null);

        [Fact]
        public Task Expression_bodied_with_the_constraint_before_the_arrow() => Fix("""
            public sealed class {|PW0330:Counting|}<TNext> : IBehavior<Request, Request>
            {
                public Task Invoke(Request context, Func<Request, Task> next) => next(context);
            }
            """ + Stages.Replace("typeof(Counting)", "typeof(Counting<int>)"), """
            public sealed class Counting<TNext> : IBehavior<Request, Request>
            {
                public Task Invoke<TNext1>(Request context, TNext1 next) where TNext1 : struct, INext<Request> => next.Invoke(context);
            }
            """.Replace("IBehavior<Request, Request>\n", "IInlineBehavior<Request, Request>\n") + Stages.Replace("typeof(Counting)", "typeof(Counting<int>)"), null);

        [Fact]
        public Task Fix_all_in_document() => new PrewiredCodeFixTest<StructNextAnalyzer, StructNextCodeFixProvider>
        {
            TestCode = Usings + """
                public sealed class {|PW0330:Counting|} : IBehavior<Request, Request>
                {
                    public Task Invoke(Request context, Func<Request, Task> next) => next(context);
                }

                public sealed class {|PW0330:Timing|} : IBehavior<Request, Request>
                {
                    public async Task Invoke(Request context, Func<Request, Task> next)
                    {
                        await next(context);
                        context.Calls++;
                    }
                }
                """ + Stages.Replace("typeof(Pass), typeof(Pass), typeof(Pass)", "typeof(Timing), typeof(Pass), typeof(Pass)"),
            FixedCode = Usings + """
                public sealed class Counting : IInlineBehavior<Request, Request>
                {
                    public Task Invoke<TNext>(Request context, TNext next) where TNext : struct, INext<Request> => next.Invoke(context);
                }

                public sealed class Timing : IInlineBehavior<Request, Request>
                {
                    public async Task Invoke<TNext>(Request context, TNext next) where TNext : struct, INext<Request>
                    {
                        await next.Invoke(context);
                        context.Calls++;
                    }
                }
                """ + Stages.Replace("typeof(Pass), typeof(Pass), typeof(Pass)", "typeof(Timing), typeof(Pass), typeof(Pass)"),
            CodeActionEquivalenceKey = StructNextCodeFixProvider.Key,
            FixAllScope = FixAllScope.Document,
        }.RunAsync();

        [Theory]
        [InlineData("stored in a field", "private Func<Request, Task>? _saved;", "_saved = next; await next(context);")]
        [InlineData("stored in a local", "", "var forward = next; await forward(context);")]
        [InlineData("captured by a lambda", "", "Func<Task> run = () => next(context); await run();")]
        [InlineData("passed as an argument", "private static Task Twice(Func<Request, Task> call, Request c) => call(c);", "await Twice(next, context);")]
        public Task Not_offered_when_next_escapes(string how, string member, string body)
        {
            Assert.NotEmpty(how);
            return new PrewiredCodeFixTest<StructNextAnalyzer, StructNextCodeFixProvider>
            {
                TestCode = Usings + $$"""
                    public sealed class Counting : IBehavior<Request, Request>
                    {
                        {{member}}

                        public async Task Invoke(Request context, Func<Request, Task> next)
                        {
                            {{body}}
                            context.Calls++;
                        }
                    }
                    """ + Stages,
                ExpectNoFix = true,
            }.RunAsync();
        }

        private const string CancellableStages = """

            public sealed class Request { public int Calls; }

            public sealed class Pass : IInlineBehavior<Request, Request>
            {
                public Task Invoke<TNext>(Request context, TNext next) where TNext : struct, INext<Request> => next.Invoke(context);
            }

            public sealed class Handler : ICancellableTerminator<Request>
            {
                public Task Terminate(Request context, CancellationToken cancellationToken) => Task.CompletedTask;
            }

            [Pipeline(typeof(Counting), typeof(Pass), typeof(Pass), typeof(Pass), typeof(Handler))]
            public sealed partial class DeepPipeline;
            """;

        private const string TypedStages = """

            public sealed class GetQuote { }

            public sealed record Quote(int Price);

            public sealed class Pass : IInlineBehavior<GetQuote, GetQuote, Quote>
            {
                public ValueTask<Quote> Invoke<TNext>(GetQuote context, TNext next) where TNext : struct, INext<GetQuote, Quote> => next.Invoke(context);
            }

            public sealed class QuoteHandler : IPipelineTerminator<GetQuote, Quote>
            {
                public ValueTask<Quote> Terminate(GetQuote context) => new(new Quote(0));
            }

            [Pipeline(typeof(Fallback), typeof(Pass), typeof(Pass), typeof(Pass), typeof(QuoteHandler))]
            public sealed partial class QuotePipeline;
            """;

        private static Task Fix(string before, string after, string? title) => new PrewiredCodeFixTest<StructNextAnalyzer, StructNextCodeFixProvider>
        {
            TestCode = Usings + before,
            FixedCode = Usings + after,
            ExpectedTitle = title,
        }.RunAsync();
    }
}
