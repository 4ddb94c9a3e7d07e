using System;
using System.Threading;
using System.Threading.Tasks;

namespace Prewired.Benchmarks.Mediator
{
    // Shapes of the typed delegate chain that were measured against the generated one and not adopted (docs/benchmarks.md,
    // "2026-11-29: the delegate shape's floor"). Hand-written, for the loop probe's --variants only.

    /// <summary>Runtime-prewired's shape: one node per stage holding its behavior and a next bound to the next node's shared Invoke.</summary>
    internal abstract class TypedNode
    {
        public abstract ValueTask<Pong> Invoke(Request context, CancellationToken cancellationToken);
    }

    internal sealed class PassNode : TypedNode
    {
        private readonly Pass<Request, Pong> _behavior;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next;

        public PassNode(Pass<Request, Pong> behavior, TypedNode next)
        {
            _behavior = behavior;
            _next = next.Invoke;
        }

        public override ValueTask<Pong> Invoke(Request context, CancellationToken cancellationToken) => _behavior.Invoke(context, _next, cancellationToken);
    }

    internal sealed class HandlerNode : TypedNode
    {
        private readonly Handler _handler;

        public HandlerNode(Handler handler) => _handler = handler;

        public override ValueTask<Pong> Invoke(Request context, CancellationToken cancellationToken) => _handler.Terminate(context, cancellationToken);
    }

    internal sealed class NodePipeline : ICancellablePipeline<Request, Pong>
    {
        private readonly TypedNode _first;

        public NodePipeline(int depth, Pass<Request, Pong> pass, Handler handler)
        {
            TypedNode node = new HandlerNode(handler);
            for (var i = 0; i < depth; i++) node = new PassNode(pass, node);
            _first = node;
        }

        public ValueTask<Pong> Invoke(Request context, CancellationToken cancellationToken) => _first.Invoke(context, cancellationToken);
    }

    /// <summary>
    /// The generated depth-20 chain, plus a static holding the last instance built: each step reads its stage and next
    /// from that instance when it is this one (compared through a field, so the JIT cannot substitute <c>this</c>), which
    /// takes the load of the delegate's target out of the chain of dependent loads. Keeps one instance alive per type.
    /// </summary>
    internal sealed class LastInstance20 : ICancellablePipeline<Request, Pong>
    {
        private static LastInstance20? s_last;
        private readonly object _self;
        private readonly Pass<Request, Pong> _stage0;
        private readonly Pass<Request, Pong> _stage1;
        private readonly Pass<Request, Pong> _stage2;
        private readonly Pass<Request, Pong> _stage3;
        private readonly Pass<Request, Pong> _stage4;
        private readonly Pass<Request, Pong> _stage5;
        private readonly Pass<Request, Pong> _stage6;
        private readonly Pass<Request, Pong> _stage7;
        private readonly Pass<Request, Pong> _stage8;
        private readonly Pass<Request, Pong> _stage9;
        private readonly Pass<Request, Pong> _stage10;
        private readonly Pass<Request, Pong> _stage11;
        private readonly Pass<Request, Pong> _stage12;
        private readonly Pass<Request, Pong> _stage13;
        private readonly Pass<Request, Pong> _stage14;
        private readonly Pass<Request, Pong> _stage15;
        private readonly Pass<Request, Pong> _stage16;
        private readonly Pass<Request, Pong> _stage17;
        private readonly Pass<Request, Pong> _stage18;
        private readonly Pass<Request, Pong> _stage19;
        private readonly Handler _stage20;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next1;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next2;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next3;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next4;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next5;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next6;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next7;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next8;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next9;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next10;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next11;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next12;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next13;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next14;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next15;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next16;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next17;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next18;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next19;
        private readonly Func<Request, CancellationToken, ValueTask<Pong>> _next20;

        public LastInstance20(Pass<Request, Pong> pass, Handler handler)
        {
            _stage0 = pass;
            _stage1 = pass;
            _stage2 = pass;
            _stage3 = pass;
            _stage4 = pass;
            _stage5 = pass;
            _stage6 = pass;
            _stage7 = pass;
            _stage8 = pass;
            _stage9 = pass;
            _stage10 = pass;
            _stage11 = pass;
            _stage12 = pass;
            _stage13 = pass;
            _stage14 = pass;
            _stage15 = pass;
            _stage16 = pass;
            _stage17 = pass;
            _stage18 = pass;
            _stage19 = pass;
            _stage20 = handler;
            _next1 = Stage1;
            _next2 = Stage2;
            _next3 = Stage3;
            _next4 = Stage4;
            _next5 = Stage5;
            _next6 = Stage6;
            _next7 = Stage7;
            _next8 = Stage8;
            _next9 = Stage9;
            _next10 = Stage10;
            _next11 = Stage11;
            _next12 = Stage12;
            _next13 = Stage13;
            _next14 = Stage14;
            _next15 = Stage15;
            _next16 = Stage16;
            _next17 = Stage17;
            _next18 = Stage18;
            _next19 = Stage19;
            _next20 = Stage20;
            _self = this;
            s_last = this;
        }

        public ValueTask<Pong> Invoke(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage0.Invoke(context, p._next1, cancellationToken) : this._stage0.Invoke(context, this._next1, cancellationToken);

        private ValueTask<Pong> Stage1(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage1.Invoke(context, p._next2, cancellationToken) : this._stage1.Invoke(context, this._next2, cancellationToken);

        private ValueTask<Pong> Stage2(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage2.Invoke(context, p._next3, cancellationToken) : this._stage2.Invoke(context, this._next3, cancellationToken);

        private ValueTask<Pong> Stage3(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage3.Invoke(context, p._next4, cancellationToken) : this._stage3.Invoke(context, this._next4, cancellationToken);

        private ValueTask<Pong> Stage4(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage4.Invoke(context, p._next5, cancellationToken) : this._stage4.Invoke(context, this._next5, cancellationToken);

        private ValueTask<Pong> Stage5(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage5.Invoke(context, p._next6, cancellationToken) : this._stage5.Invoke(context, this._next6, cancellationToken);

        private ValueTask<Pong> Stage6(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage6.Invoke(context, p._next7, cancellationToken) : this._stage6.Invoke(context, this._next7, cancellationToken);

        private ValueTask<Pong> Stage7(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage7.Invoke(context, p._next8, cancellationToken) : this._stage7.Invoke(context, this._next8, cancellationToken);

        private ValueTask<Pong> Stage8(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage8.Invoke(context, p._next9, cancellationToken) : this._stage8.Invoke(context, this._next9, cancellationToken);

        private ValueTask<Pong> Stage9(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage9.Invoke(context, p._next10, cancellationToken) : this._stage9.Invoke(context, this._next10, cancellationToken);

        private ValueTask<Pong> Stage10(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage10.Invoke(context, p._next11, cancellationToken) : this._stage10.Invoke(context, this._next11, cancellationToken);

        private ValueTask<Pong> Stage11(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage11.Invoke(context, p._next12, cancellationToken) : this._stage11.Invoke(context, this._next12, cancellationToken);

        private ValueTask<Pong> Stage12(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage12.Invoke(context, p._next13, cancellationToken) : this._stage12.Invoke(context, this._next13, cancellationToken);

        private ValueTask<Pong> Stage13(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage13.Invoke(context, p._next14, cancellationToken) : this._stage13.Invoke(context, this._next14, cancellationToken);

        private ValueTask<Pong> Stage14(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage14.Invoke(context, p._next15, cancellationToken) : this._stage14.Invoke(context, this._next15, cancellationToken);

        private ValueTask<Pong> Stage15(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage15.Invoke(context, p._next16, cancellationToken) : this._stage15.Invoke(context, this._next16, cancellationToken);

        private ValueTask<Pong> Stage16(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage16.Invoke(context, p._next17, cancellationToken) : this._stage16.Invoke(context, this._next17, cancellationToken);

        private ValueTask<Pong> Stage17(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage17.Invoke(context, p._next18, cancellationToken) : this._stage17.Invoke(context, this._next18, cancellationToken);

        private ValueTask<Pong> Stage18(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage18.Invoke(context, p._next19, cancellationToken) : this._stage18.Invoke(context, this._next19, cancellationToken);

        private ValueTask<Pong> Stage19(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage19.Invoke(context, p._next20, cancellationToken) : this._stage19.Invoke(context, this._next20, cancellationToken);

        private ValueTask<Pong> Stage20(Request context, CancellationToken cancellationToken)
            => s_last is { } p && ReferenceEquals(p._self, this) ? p._stage20.Terminate(context, cancellationToken) : this._stage20.Terminate(context, cancellationToken);
    }
}
