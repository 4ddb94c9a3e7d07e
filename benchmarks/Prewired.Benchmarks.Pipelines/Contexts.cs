using System;
using System.Threading.Tasks;

namespace Prewired.Benchmarks.Pipelines
{
    /// <summary>
    /// The context type the two runtime-composed forms erase to, standing in for NServiceBus's <c>IBehaviorContext</c>:
    /// the InvokerNode chain types every node's entry as this interface and casts back with <c>Unsafe.As</c>, and the
    /// expression tree's <c>GetBehavior</c> reads the behavior array through it.
    /// </summary>
    public interface IBenchmarkContext
    {
        /// <summary>The per-invocation slots, NServiceBus's <c>context.Extensions</c> (a <c>ContextBag</c>).</summary>
        PipelineBag Extensions { get; }
    }

    /// <summary>
    /// The two <c>ContextBag</c> slots NServiceBus's pipelines write on every invocation; only the runtime-composed forms
    /// use them. Like NServiceBus's benchmark context (<c>class BehaviorContext : ContextBag, IBehaviorContext</c>), the
    /// benchmark context is its own bag.
    /// </summary>
    public class PipelineBag
    {
        /// <summary>
        /// Expression-tree form (before #7631): <c>Pipeline.Invoke</c> stores the behavior array here and each compiled
        /// level fetches its behavior by index from it, which spared the compiled lambdas a closure per behavior.
        /// </summary>
        public object[] Behaviors { get; set; } = Array.Empty<object>();

        /// <summary>
        /// InvokerNode form (#7631/#7636): <c>Pipeline.Invoke</c> stores the root node's bound <c>Invoke</c> here and calls it
        /// through this slot (<c>context.Extensions.Invoker = invoker; return context.Extensions.Invoker(context);</c>).
        /// </summary>
        public Func<IBenchmarkContext, Task>? Invoker { get; set; }
    }

    /// <summary>
    /// The one context object every benchmark reuses. <see cref="Terminations"/> is the only thing any stage writes: the
    /// terminators count themselves so the self-check and the setup can prove each form reached the end of its chain (the
    /// increment costs every form the same).
    /// </summary>
    public sealed class BenchmarkContext : PipelineBag, IBenchmarkContext
    {
        /// <inheritdoc/>
        public PipelineBag Extensions => this;

        /// <summary>How many times a terminator has run on this context.</summary>
        public int Terminations { get; set; }
    }
}
