#if PREWIRED_PLAIN
using System;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Prewired.AotApp
{
    // The size baseline (AotVariant=plain): the same pipelines wired at run time the way NServiceBus does since #7631 —
    // one invoker node per stage holding its next, bound once — composed from the known stage transitions (NServiceBus
    // switches over its known stages the same way, which keeps it free of MakeGenericType under NativeAOT).

    internal abstract class InvokerNode<TContext>
    {
        public abstract Task Invoke(TContext context);
    }

    internal sealed class BehaviorNode<TIn, TOut> : InvokerNode<TIn>
    {
        private readonly IBehavior<TIn, TOut> _behavior;
        private readonly Func<TOut, Task> _next;

        public BehaviorNode(IBehavior<TIn, TOut> behavior, InvokerNode<TOut> next)
        {
            _behavior = behavior;
            _next = next.Invoke;
        }

        public override Task Invoke(TIn context) => _behavior.Invoke(context, _next);
    }

    internal sealed class InlineBehaviorNode<TIn, TOut> : InvokerNode<TIn>
    {
        private readonly IInlineBehavior<TIn, TOut> _behavior;
        private readonly NodeNext<TOut> _next;

        public InlineBehaviorNode(IInlineBehavior<TIn, TOut> behavior, InvokerNode<TOut> next)
        {
            _behavior = behavior;
            _next = new NodeNext<TOut>(next);
        }

        public override Task Invoke(TIn context) => _behavior.Invoke(context, _next);
    }

    internal readonly struct NodeNext<TContext> : INext<TContext>
    {
        private readonly InvokerNode<TContext> _node;

        public NodeNext(InvokerNode<TContext> node) => _node = node;

        public Task Invoke(TContext context) => _node.Invoke(context);
    }

    internal sealed class TerminatorNode<TContext> : InvokerNode<TContext>
    {
        private readonly IPipelineTerminator<TContext> _terminator;

        public TerminatorNode(IPipelineTerminator<TContext> terminator) => _terminator = terminator;

        public override Task Invoke(TContext context) => _terminator.Terminate(context);
    }

    public sealed class DelegatePipeline : IPipeline<Envelope>
    {
        private readonly InvokerNode<Envelope> _root;

        public DelegatePipeline(Log log, Parse parse, Handle handle)
            => _root = new BehaviorNode<Envelope, Envelope>(log, new BehaviorNode<Envelope, Message>(parse, new TerminatorNode<Message>(handle)));

        public Task Invoke(Envelope context) => _root.Invoke(context);
    }

    public sealed class InlinePipeline : IPipeline<Envelope>
    {
        private readonly InvokerNode<Envelope> _root;

        public InlinePipeline(Measure measure, InlineParse parse, Handle handle)
            => _root = new InlineBehaviorNode<Envelope, Envelope>(measure, new InlineBehaviorNode<Envelope, Message>(parse, new TerminatorNode<Message>(handle)));

        public Task Invoke(Envelope context) => _root.Invoke(context);
    }

    public sealed class MixedReplayPipeline : IPipeline<Envelope>
    {
        private readonly InvokerNode<Envelope> _root;

        public MixedReplayPipeline(Log log, Measure measure, Replay replay, Parse parse, Handle handle)
            => _root = new BehaviorNode<Envelope, Envelope>(log, new InlineBehaviorNode<Envelope, Envelope>(measure,
                new BehaviorNode<Envelope, Envelope>(replay, new BehaviorNode<Envelope, Message>(parse, new TerminatorNode<Message>(handle)))));

        public Task Invoke(Envelope context) => _root.Invoke(context);
    }

    public sealed class AuditPipeline : IPipeline<AuditEntry>
    {
        private readonly InvokerNode<AuditEntry> _root;

        public AuditPipeline(WriteAudit write) => _root = new TerminatorNode<AuditEntry>(write);

        public Task Invoke(AuditEntry context) => _root.Invoke(context);
    }

    public sealed class ForkingPipeline : IPipeline<Envelope>
    {
        private readonly InvokerNode<Envelope> _root;

        public ForkingPipeline(ForkToAudit fork, Log log, InlineParse parse, Handle handle)
            => _root = new BehaviorNode<Envelope, Envelope>(fork, new BehaviorNode<Envelope, Envelope>(log,
                new InlineBehaviorNode<Envelope, Message>(parse, new TerminatorNode<Message>(handle))));

        public Task Invoke(Envelope context) => _root.Invoke(context);
    }

    /// <summary>The registrations the generator writes in the generated variant, written by hand.</summary>
    public static class RuntimePrewiredRegistrations
    {
        public static IServiceCollection AddAuditPipeline(this IServiceCollection services)
        {
            services.TryAddTransient<WriteAudit>();
            services.AddTransient(p => new AuditPipeline(p.GetRequiredService<WriteAudit>()));
            return services.AddTransient<IPipeline<AuditEntry>>(p => p.GetRequiredService<AuditPipeline>());
        }

        public static IServiceCollection AddForkingPipeline(this IServiceCollection services)
        {
            services.TryAddTransient<ForkToAudit>();
            services.TryAddTransient<Log>();
            services.TryAddTransient<InlineParse>();
            services.TryAddTransient<Handle>();
            services.AddTransient(p => new ForkingPipeline(p.GetRequiredService<ForkToAudit>(), p.GetRequiredService<Log>(), p.GetRequiredService<InlineParse>(), p.GetRequiredService<Handle>()));
            return services.AddTransient<IPipeline<Envelope>>(p => p.GetRequiredService<ForkingPipeline>());
        }

        public static IServiceCollection AddDelegatePipeline(this IServiceCollection services)
        {
            services.TryAddTransient<Log>();
            services.TryAddTransient<Parse>();
            services.TryAddTransient<Handle>();
            services.AddTransient(p => new DelegatePipeline(p.GetRequiredService<Log>(), p.GetRequiredService<Parse>(), p.GetRequiredService<Handle>()));
            return services.AddTransient<IPipeline<Envelope>>(p => p.GetRequiredService<DelegatePipeline>());
        }
    }
}
#endif
