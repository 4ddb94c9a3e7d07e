using System.Threading.Tasks;
using Xunit;
using static Prewired.Tests.Analyzers.ConcurrentNextVerifier;

namespace Prewired.Tests.Analyzers
{
    /// <summary>PW0320/PW0321 on the request shapes too: typed-response and cancellable behaviors, delegate and struct next.</summary>
    public sealed class ConcurrentNextRequestShapesTests
    {
        private const string Types = """
            public sealed class Ask { }
            public sealed class Answer { }
            """;

        [Fact]
        public Task Typed_response_delegate_next_called_concurrently() => VerifyAsync(Types + """
            public sealed class Both : IBehavior<Ask, Ask, Answer>
            {
                public async ValueTask<Answer> Invoke(Ask context, Func<Ask, ValueTask<Answer>> next)
                {
                    var first = next(context);
                    var second = {|#0:next(context)|};
                    await first;
                    return await second;
                }
            }
            """, Concurrent(0, "next(context)", "next(context)"));

        [Fact]
        public Task Cancellable_delegate_next_handed_to_Task_WhenAll() => VerifyAsync(Types + """
            public sealed class Fan : ICancellableBehavior<Ask, Ask>
            {
                public Task Invoke(Ask context, Func<Ask, CancellationToken, Task> next, CancellationToken cancellationToken)
                    => Task.WhenAll(next(context, cancellationToken), {|#0:next(context, cancellationToken)|});
            }
            """, Concurrent(0, "next(context, cancellationToken)", "next(context, cancellationToken)"));

        [Fact]
        public Task Cancellable_typed_struct_next_not_awaited() => VerifyAsync(Types + """
            public sealed class Drop : ICancellableInlineBehavior<Ask, Ask, Answer>
            {
                public ValueTask<Answer> Invoke<TNext>(Ask context, TNext next, CancellationToken cancellationToken) where TNext : struct, ICancellableNext<Ask, Answer>
                {
                    {|#0:next.Invoke(context, cancellationToken)|};
                    return new(new Answer());
                }
            }
            """, NotAwaited(0, "next.Invoke(context, cancellationToken)"));

        [Fact]
        public Task Sequential_calls_of_a_typed_next_are_fine() => VerifyAsync(Types + """
            public sealed class Retry : IBehavior<Ask, Ask, Answer>
            {
                public async ValueTask<Answer> Invoke(Ask context, Func<Ask, ValueTask<Answer>> next)
                {
                    try { return await next(context); }
                    catch (TimeoutException) { return await next(context); }
                }
            }
            """);
    }
}
