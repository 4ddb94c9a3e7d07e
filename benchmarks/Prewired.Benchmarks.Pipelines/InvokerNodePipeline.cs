using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;

namespace Prewired.Benchmarks.Pipelines
{
    /// <summary>
    /// Form 2: the runtime-prewired chain NServiceBus uses since #7631 ("Replace expression tree pipeline execution with
    /// prewired invokers") in the shape #7636 gave it (NServiceBus.Core <c>PipelineInvoker</c>, <c>InvokerNode</c>,
    /// <c>IBehavior&lt;,&gt;.CreateInvokerNode</c> and <c>Pipeline&lt;TContext&gt;</c> at HEAD, re-implemented here).
    /// <para>
    /// Built once, last behavior first, one node per behavior. Each node holds its behavior and the <c>next</c> it passes
    /// on, bound at construction: the following node's <c>Invoke</c> as a method-group delegate (no closure, nothing
    /// allocated per call), or for the last behavior a shared cached delegate returning a completed task
    /// (<c>CompletedNextCache</c>). Calling through is a virtual call on a sealed generic node plus the behavior's
    /// interface call.
    /// </para>
    /// <para>
    /// No checked cast runs per call. The node holds its behavior already typed (the PR's last commit, co-authored by
    /// Tomasz Masternak, replaced fetching it by index from the context bag plus a cast; the PR reports ~7 ns per invocation
    /// from that change alone). The node's entry is typed on the erased context (<c>IBehaviorContext</c> there,
    /// <see cref="IBenchmarkContext"/> here) and reinterpreted as the behavior's context with <c>Unsafe.As</c>, and the next
    /// node's <c>Func&lt;IBehaviorContext, Task&gt;</c> is reinterpreted as the <c>Func&lt;TOut, Task&gt;</c> the behavior
    /// wants with <c>Unsafe.As</c> rather than wrapped (both as in #7636).
    /// </para>
    /// </summary>
    public sealed class InvokerNodePipeline : IPipeline<BenchmarkContext>
    {
        private readonly Func<IBenchmarkContext, Task> _invoker;

        /// <summary>Links one node per behavior of <paramref name="behaviors"/>, run in order (the terminator stage last).</summary>
        public InvokerNodePipeline(IReadOnlyList<IBehavior<BenchmarkContext, BenchmarkContext>> behaviors)
        {
            InvokerNode? next = null;
            for (var i = behaviors.Count - 1; i >= 0; i--)
            {
                next = InvokerNode.Create(behaviors[i], next);
            }

            _invoker = next is null ? CompletedRoot : next.Invoke;
        }

        /// <summary>Like NServiceBus's <c>Pipeline.Invoke</c>: publish the root invoker on the context and call it from there.</summary>
        public Task Invoke(BenchmarkContext context)
        {
            context.Extensions.Invoker = _invoker;
            return context.Extensions.Invoker(context);
        }

        private static Task CompletedRoot(IBenchmarkContext context) => Task.CompletedTask;
    }

    /// <summary>One behavior of the chain, entered with the erased context.</summary>
    public abstract class InvokerNode
    {
        /// <summary>Runs this node's behavior with its prewired <c>next</c>.</summary>
        [StackTraceHidden]
        [DebuggerStepThrough]
        [DebuggerHidden]
        [DebuggerNonUserCode]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public abstract Task Invoke(IBenchmarkContext context);

        /// <summary>
        /// The node for <paramref name="behavior"/> whose <c>next</c> runs <paramref name="next"/> (NServiceBus's
        /// <c>IBehavior&lt;TIn, TOut&gt;.CreateInvokerNode</c>, a default interface member there).
        /// </summary>
        public static InvokerNode Create<TInContext, TOutContext>(IBehavior<TInContext, TOutContext> behavior, InvokerNode? next)
            where TInContext : class, IBenchmarkContext
            where TOutContext : class, IBenchmarkContext
        {
            Func<TOutContext, Task> nextFunc;
            if (next is null)
            {
                nextFunc = CompletedNextCache<TOutContext>.Next;
            }
            else
            {
                Func<IBenchmarkContext, Task> erased = next.Invoke;
                nextFunc = Unsafe.As<Func<IBenchmarkContext, Task>, Func<TOutContext, Task>>(ref erased);
            }

            return new InvokerNode<TInContext, TOutContext>(behavior, nextFunc);
        }
    }

    /// <summary>The node of a behavior from <typeparamref name="TInContext"/> to <typeparamref name="TOutContext"/>.</summary>
    public sealed class InvokerNode<TInContext, TOutContext> : InvokerNode
        where TInContext : class, IBenchmarkContext
        where TOutContext : class, IBenchmarkContext
    {
        private readonly IBehavior<TInContext, TOutContext> _behavior;
        private readonly Func<TOutContext, Task> _next;

        /// <summary>Binds <paramref name="behavior"/> to <paramref name="next"/>, once.</summary>
        public InvokerNode(IBehavior<TInContext, TOutContext> behavior, Func<TOutContext, Task> next)
        {
            _behavior = behavior;
            _next = next;
        }

        /// <inheritdoc/>
        [StackTraceHidden]
        [DebuggerStepThrough]
        [DebuggerHidden]
        [DebuggerNonUserCode]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public override Task Invoke(IBenchmarkContext context)
        {
            object erased = context;
            return _behavior.Invoke(Unsafe.As<object, TInContext>(ref erased), _next);
        }
    }

    /// <summary>The last behavior's <c>next</c>, one cached delegate per context type.</summary>
    internal static class CompletedNextCache<TContext>
    {
        public static readonly Func<TContext, Task> Next = _ => Task.CompletedTask;
    }
}
