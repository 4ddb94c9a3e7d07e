using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Xunit;
using static Prewired.Tests.Analyzers.ConcurrentNextVerifier;
using VerifyCS = Prewired.Tests.Harness.AnalyzerVerifier<Prewired.Analyzers.ConcurrentNextAnalyzer>;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// Which next diagnostic a finding gets: PW0320/PW0321 (warnings) where the user opted into Prewired's pipelines (a
    /// behavior implementing one of Prewired's stage interfaces, a stage listed in a [Pipeline], a Prewired.INext&lt;T&gt;
    /// parameter), PW0322/PW0323 (suggestions) in any other IBehavior&lt;,&gt;-shaped behavior, NServiceBus's above all, so
    /// that adding the package to a project built with warnings as errors adds no warning to behaviors nobody ported.
    /// Each shape is the same misuse of next with and without what makes it Prewired's.
    /// </summary>
    public sealed class ConcurrentNextSeverityTests
    {
        private const string Call = "next(context)";

        /// <summary>NServiceBus's own declaration of the interface, and a context type.</summary>
        private const string NServiceBusPipeline = """
            namespace NServiceBus.Pipeline
            {
                public interface IBehavior<in TInContext, out TOutContext>
                {
                    Task Invoke(TInContext context, Func<TOutContext, Task> next);
                }

                public interface IIncomingLogicalMessageContext { }
            }

            """;

        // ---- the same misuse, Prewired's behavior and NServiceBus's ----

        [Fact]
        public Task Prewired_behavior_calling_next_concurrently_gets_the_warning() => VerifyAsync("""
            public sealed class Context { }

            public sealed class FanOut : IBehavior<Context, Context>
            {
                public Task Invoke(Context context, Func<Context, Task> next) => Task.WhenAll(next(context), {|#0:next(context)|});
            }
            """,
            Concurrent(0, Call, Call));

        [Fact]
        public Task NServiceBus_behavior_calling_next_concurrently_gets_the_suggestion() => VerifyAsync(NServiceBusPipeline + """
            namespace Sample
            {
                using NServiceBus.Pipeline;

                public sealed class FanOut : IBehavior<IIncomingLogicalMessageContext, IIncomingLogicalMessageContext>
                {
                    public Task Invoke(IIncomingLogicalMessageContext context, Func<IIncomingLogicalMessageContext, Task> next)
                        => Task.WhenAll(next(context), {|#0:next(context)|});
                }
            }
            """,
            ConcurrentOutsidePipeline(0, Call, Call));

        [Fact]
        public Task Prewired_behavior_dropping_next_gets_the_warning() => VerifyAsync("""
            public sealed class Context { }

            public sealed class FireAndForget : IBehavior<Context, Context>
            {
                public Task Invoke(Context context, Func<Context, Task> next)
                {
                    {|#0:next(context)|};
                    return Task.CompletedTask;
                }
            }
            """,
            NotAwaited(0, Call));

        [Fact]
        public Task NServiceBus_behavior_dropping_next_gets_the_suggestion() => VerifyAsync(NServiceBusPipeline + """
            namespace Sample
            {
                using NServiceBus.Pipeline;

                public sealed class FireAndForget : IBehavior<IIncomingLogicalMessageContext, IIncomingLogicalMessageContext>
                {
                    public Task Invoke(IIncomingLogicalMessageContext context, Func<IIncomingLogicalMessageContext, Task> next)
                    {
                        {|#0:next(context)|};
                        return Task.CompletedTask;
                    }
                }
            }
            """,
            NotAwaitedOutsidePipeline(0, Call));

        [Fact]
        public Task Behavior_declared_in_the_consumers_own_namespace_gets_the_suggestion() => VerifyAsync("""
            namespace Shop.Messaging
            {
                public interface IBehavior<in TIn, out TOut>
                {
                    Task Invoke(TIn context, Func<TOut, Task> next);
                }

                public sealed class Context { }

                public sealed class Audit : IBehavior<Context, Context>
                {
                    public async Task Invoke(Context context, Func<Context, Task> next)
                    {
                        var first = next(context);
                        await {|#0:next(context)|};
                        await first;
                    }
                }
            }
            """,
            ConcurrentOutsidePipeline(0, Call, Call));

        // ---- what else opts in ----

        [Fact]
        public Task Base_class_implementing_Prewireds_interface_gets_the_warning() => VerifyAsync("""
            public sealed class Context { }

            public abstract class BehaviorBase : IBehavior<Context, Context>
            {
                public abstract Task Invoke(Context context, Func<Context, Task> next);
            }

            public sealed class FanOut : BehaviorBase
            {
                public override Task Invoke(Context context, Func<Context, Task> next) => Task.WhenAll(next(context), {|#0:next(context)|});
            }
            """,
            Concurrent(0, Call, Call));

        [Fact]
        public Task Behavior_being_ported_listed_in_a_Pipeline_gets_the_warning() => VerifyAsync(NServiceBusPipeline + """
            namespace Sample
            {
                using NServiceBus.Pipeline;

                public sealed class FanOut : IBehavior<IIncomingLogicalMessageContext, IIncomingLogicalMessageContext>
                {
                    public Task Invoke(IIncomingLogicalMessageContext context, Func<IIncomingLogicalMessageContext, Task> next)
                        => Task.WhenAll(next(context), {|#0:next(context)|});
                }

                [Pipeline(typeof(FanOut))]
                public partial class Incoming { }
            }
            """,
            Concurrent(0, Call, Call));

        [Fact]
        public Task Static_helper_taking_a_Prewired_INext_gets_the_warning() => VerifyAsync("""
            public sealed class Context { }

            public static class Twice
            {
                public static Task Run<TNext>(Context context, TNext next) where TNext : struct, INext<Context>
                    => Task.WhenAll(next.Invoke(context), {|#0:next.Invoke(context)|});
            }
            """,
            Concurrent(0, "next.Invoke(context)", "next.Invoke(context)"));

        // ---- adoption: .editorconfig ----

        [Fact]
        public Task Editorconfig_raises_the_suggestion_to_a_warning()
        {
            var test = new VerifyCS.Test
            {
                TestCode = Usings + NServiceBusPipeline + """
                    namespace Sample
                    {
                        using NServiceBus.Pipeline;

                        public sealed class FanOut : IBehavior<IIncomingLogicalMessageContext, IIncomingLogicalMessageContext>
                        {
                            public Task Invoke(IIncomingLogicalMessageContext context, Func<IIncomingLogicalMessageContext, Task> next)
                                => Task.WhenAll(next(context), {|#0:next(context)|});
                        }
                    }
                    """,
                GlobalConfig = "is_global = true\ndotnet_diagnostic.PW0322.severity = warning",
            };
            test.ExpectedDiagnostics.Add(ConcurrentOutsidePipeline(0, Call, Call).WithSeverity(DiagnosticSeverity.Warning));
            return test.RunAsync();
        }
    }
}
