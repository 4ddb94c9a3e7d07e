using System;
using System.Reflection;
using System.Threading.Tasks;
using Prewired.CodeFixes.Tests.Harness;
using Xunit;

namespace Prewired.CodeFixes.Tests
{
    /// <summary>
    /// PW0330's rewrite runs as the delegate shape did: four delegate-shape behaviors (a retry that calls next again after an
    /// exception, a replay that calls it twice, one with the cancellation token, one with a typed result) in three pipelines
    /// of depth 5 are fixed one by one, the original and the fixed source are each compiled with the generator into their own
    /// load context, and the same run of the pipelines (an exception, an asynchronous stage, a canceled token) must leave
    /// the same trace.
    /// </summary>
    public sealed class StructNextBehaviorTests
    {
        private const string Source = """
            using System;
            using System.Collections.Generic;
            using System.Threading;
            using System.Threading.Tasks;
            using Prewired;

            namespace Demo
            {
                public sealed class Request
                {
                    public List<string> Trace { get; } = new();
                    public int Failures;
                }

                public sealed class Retry : IBehavior<Request, Request>
                {
                    public async Task Invoke(Request context, Func<Request, Task> next)
                    {
                        try
                        {
                            await next(context);
                        }
                        catch (InvalidOperationException e)
                        {
                            context.Trace.Add("retry after " + e.Message);
                            await next(context);
                        }

                        context.Trace.Add("retry done");
                    }
                }

                public sealed class Twice : IBehavior<Request, Request>
                {
                    public async Task Invoke(Request context, Func<Request, Task> next)
                    {
                        context.Trace.Add("twice in");
                        await next(context);
                        await next.Invoke(context);
                        context.Trace.Add("twice out");
                    }
                }

                public sealed class Linked : ICancellableBehavior<Request, Request>
                {
                    public async Task Invoke(Request context, Func<Request, CancellationToken, Task> next, CancellationToken cancellationToken)
                    {
                        context.Trace.Add("linked " + cancellationToken.IsCancellationRequested);
                        await next(context, cancellationToken);
                        context.Trace.Add("linked out");
                    }
                }

                public sealed class Pass : IInlineBehavior<Request, Request>
                {
                    public Task Invoke<TNext>(Request context, TNext next) where TNext : struct, INext<Request> => next.Invoke(context);
                }

                public sealed class Yield : IInlineBehavior<Request, Request>
                {
                    public async Task Invoke<TNext>(Request context, TNext next) where TNext : struct, INext<Request>
                    {
                        await Task.Yield();
                        await next.Invoke(context);
                    }
                }

                public sealed class Handler : IPipelineTerminator<Request>
                {
                    public Task Terminate(Request context)
                    {
                        context.Trace.Add("handler");
                        if (context.Failures-- > 0) throw new InvalidOperationException("failure " + context.Failures);
                        return Task.CompletedTask;
                    }
                }

                public sealed class CancellableHandler : ICancellableTerminator<Request>
                {
                    public Task Terminate(Request context, CancellationToken cancellationToken)
                    {
                        cancellationToken.ThrowIfCancellationRequested();
                        context.Trace.Add("cancellable handler");
                        return Task.CompletedTask;
                    }
                }

                public sealed record Ask(int Value);

                public sealed class Times10 : IBehavior<Ask, Ask, int>
                {
                    public async ValueTask<int> Invoke(Ask context, Func<Ask, ValueTask<int>> next)
                    {
                        var value = await next(context);
                        return value * 10;
                    }
                }

                public sealed class PassAsk : IInlineBehavior<Ask, Ask, int>
                {
                    public ValueTask<int> Invoke<TNext>(Ask context, TNext next) where TNext : struct, INext<Ask, int> => next.Invoke(context);
                }

                public sealed class AskHandler : IPipelineTerminator<Ask, int>
                {
                    public ValueTask<int> Terminate(Ask context) => new(context.Value + 1);
                }

                [Pipeline(typeof(Retry), typeof(Twice), typeof(Pass), typeof(Yield), typeof(Handler))]
                public sealed partial class RetryPipeline;

                [Pipeline(typeof(Linked), typeof(Pass), typeof(Yield), typeof(Pass), typeof(CancellableHandler))]
                public sealed partial class CancellablePipeline;

                [Pipeline(typeof(Times10), typeof(PassAsk), typeof(PassAsk), typeof(PassAsk), typeof(AskHandler))]
                public sealed partial class AskPipeline;

                public static class Runner
                {
                    public static async Task<string> Run()
                    {
                        var failing = new Request { Failures = 1 };
                        await new RetryPipeline(new Retry(), new Twice(), new Pass(), new Yield(), new Handler()).Invoke(failing);

                        var cancellable = new CancellablePipeline(new Linked(), new Pass(), new Yield(), new Pass(), new CancellableHandler());
                        var running = new Request();
                        await cancellable.Invoke(running, CancellationToken.None);
                        var canceled = new Request();
                        using var source = new CancellationTokenSource();
                        source.Cancel();
                        var task = cancellable.Invoke(canceled, source.Token);
                        try { await task; } catch (OperationCanceledException) { }

                        var value = await new AskPipeline(new Times10(), new PassAsk(), new PassAsk(), new PassAsk(), new AskHandler()).Invoke(new Ask(4));
                        return string.Join(", ", failing.Trace) + " / " + string.Join(", ", running.Trace) + " / " + string.Join(", ", canceled.Trace)
                            + " " + task.Status + " / " + value;
                    }
                }
            }
            """;

        [Fact]
        public async Task The_rewritten_behaviors_run_as_the_delegate_shapes_did()
        {
            string fixedSource = Source;
            for (int i = 0; i < 4; i++) fixedSource = await CodeFixTest<StructNextCodeFixProvider>.FixAsync(fixedSource);
            Assert.DoesNotContain(" IBehavior<", fixedSource, StringComparison.Ordinal);
            Assert.DoesNotContain(" ICancellableBehavior<", fixedSource, StringComparison.Ordinal);

            using CompiledAssembly before = CompiledAssembly.Load(Source);
            using CompiledAssembly after = CompiledAssembly.Load(fixedSource);
            string expected = await RunAsync(before);
            Assert.Equal(
                "twice in, handler, retry after failure 0, twice in, handler, handler, twice out, retry done"
                + " / linked False, cancellable handler, linked out / linked True Canceled / 50",
                expected);
            Assert.Equal(expected, await RunAsync(after));
        }

        private static Task<string> RunAsync(CompiledAssembly assembly)
        {
            MethodInfo run = assembly.Assembly.GetType("Demo.Runner")!.GetMethod("Run")!;
            return (Task<string>)run.Invoke(null, null)!;
        }
    }
}
