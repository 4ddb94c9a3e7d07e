using System.Threading.Tasks;
using Xunit;
using static Prewired.Tests.Analyzers.ConcurrentNextVerifier;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// The next diagnostics (PW0320-PW0323) sit at the call in the behavior's body, whatever the [Pipeline] that lists it
    /// writes: a behavior being ported (NServiceBus-shaped, so no Prewired stage yet) is Prewired's because a [Pipeline]
    /// lists it, and that holds with every named argument the attribute has; one no [Pipeline] lists gets the suggestions.
    /// </summary>
    public sealed class ConcurrentNextLocationTests
    {
        private const string Ported = """
            namespace NServiceBus.Pipeline
            {
                public interface IBehavior<in TInContext, out TOutContext> { Task Invoke(TInContext context, Func<TOutContext, Task> next); }
            }

            namespace Sample
            {
                using NServiceBus.Pipeline;

                public sealed class Context { }
                public sealed class Unlisted { }

                public sealed class FanOut : IBehavior<Context, Context>
                {
                    public Task Invoke(Context context, Func<Context, Task> next) => Task.WhenAll(next(context), {|#0:next(context)|});
                }

                public sealed class FireAndForget : IBehavior<Context, Context>
                {
                    public Task Invoke(Context context, Func<Context, Task> next)
                    {
                        {|#1:next(context)|};
                        return Task.CompletedTask;
                    }
                }

                LISTING
                public partial class Incoming { }
            }
            """;

        public static TheoryData<string> NamedArguments() => new()
        {
            "",
            "ApplyDefaults = false",
            "ApplyDefaults = true",
            "ExcludeDefaults = new[] { typeof(Unlisted) }",
            "ExcludeDefaults = [typeof(Unlisted)], ApplyDefaults = false",
            "ApplyDefaults = true, ExcludeDefaults = new System.Type[] { typeof(Unlisted) }",
        };

        private static string Listing(string stages, string named) => "[Pipeline(" + stages + (named.Length == 0 ? "" : ", " + named) + ")]";

        [Theory, MemberData(nameof(NamedArguments))]
        public Task PW0320_and_PW0321_at_the_call_in_a_behavior_a_Pipeline_lists(string named) => VerifyAsync(
            Ported.Replace("LISTING", Listing("typeof(FanOut), typeof(FireAndForget)", named)),
            Concurrent(0, "next(context)", "next(context)"),
            NotAwaited(1, "next(context)"));

        [Theory, MemberData(nameof(NamedArguments))]
        public Task PW0322_and_PW0323_at_the_call_in_a_behavior_no_Pipeline_lists(string named) => VerifyAsync(
            Ported.Replace("LISTING", Listing("typeof(Unlisted)", named)),
            ConcurrentOutsidePipeline(0, "next(context)", "next(context)"),
            NotAwaitedOutsidePipeline(1, "next(context)"));
    }
}
