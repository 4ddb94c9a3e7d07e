using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

namespace Prewired.Benchmarks.Sender.MediatorSide
{
    // Inside the namespace, so Mediator's INotification, INotificationHandler, IStreamRequest and IStreamRequestHandler win
    // over Prewired's of the same names, which an enclosing namespace (Prewired) would otherwise find first.
    using Mediator;

    // Mediator 3.0.2's side, written as its README writes each part: requests with their handlers, open behaviors constrained
    // to the requests they are for (listed in AddMediator's options: MediatorSetup.cs), notifications with their handlers, a
    // stream request with its handler and one stream behavior. Every handler and behavior does what its Prewired twin does.

    public sealed class Ping0 : IRequest<Pong> { }

    public sealed class Ping1 : IRequest<Pong>, IOneBehavior { }

    public sealed class Ping5 : IRequest<Pong>, IFiveBehaviors { }

    public sealed class Ping0Handler : IRequestHandler<Ping0, Pong>
    {
        public ValueTask<Pong> Handle(Ping0 request, CancellationToken cancellationToken) => new(Pong.Instance);
    }

    public sealed class Ping1Handler : IRequestHandler<Ping1, Pong>
    {
        public ValueTask<Pong> Handle(Ping1 request, CancellationToken cancellationToken) => new(Pong.Instance);
    }

    public sealed class Ping5Handler : IRequestHandler<Ping5, Pong>
    {
        public ValueTask<Pong> Handle(Ping5 request, CancellationToken cancellationToken) => new(Pong.Instance);
    }

    public sealed class First<TMessage, TResponse> : IPipelineBehavior<TMessage, TResponse> where TMessage : notnull, IMessage, IOneBehavior
    {
        public ValueTask<TResponse> Handle(TMessage message, MessageHandlerDelegate<TMessage, TResponse> next, CancellationToken cancellationToken) => next(message, cancellationToken);
    }

    public sealed class Second<TMessage, TResponse> : IPipelineBehavior<TMessage, TResponse> where TMessage : notnull, IMessage, IFiveBehaviors
    {
        public ValueTask<TResponse> Handle(TMessage message, MessageHandlerDelegate<TMessage, TResponse> next, CancellationToken cancellationToken) => next(message, cancellationToken);
    }

    public sealed class Third<TMessage, TResponse> : IPipelineBehavior<TMessage, TResponse> where TMessage : notnull, IMessage, IFiveBehaviors
    {
        public ValueTask<TResponse> Handle(TMessage message, MessageHandlerDelegate<TMessage, TResponse> next, CancellationToken cancellationToken) => next(message, cancellationToken);
    }

    public sealed class Fourth<TMessage, TResponse> : IPipelineBehavior<TMessage, TResponse> where TMessage : notnull, IMessage, IFiveBehaviors
    {
        public ValueTask<TResponse> Handle(TMessage message, MessageHandlerDelegate<TMessage, TResponse> next, CancellationToken cancellationToken) => next(message, cancellationToken);
    }

    public sealed class Fifth<TMessage, TResponse> : IPipelineBehavior<TMessage, TResponse> where TMessage : notnull, IMessage, IFiveBehaviors
    {
        public ValueTask<TResponse> Handle(TMessage message, MessageHandlerDelegate<TMessage, TResponse> next, CancellationToken cancellationToken) => next(message, cancellationToken);
    }

    public sealed class Note1 : INotification { }

    public sealed class Note3 : INotification { }

    /// <summary>Each notification handler counts its calls (<see cref="ICountsCalls"/>).</summary>
    public sealed class Note1Handler : INotificationHandler<Note1>, ICountsCalls
    {
        public int Calls { get; private set; }

        public ValueTask Handle(Note1 notification, CancellationToken cancellationToken)
        {
            Calls++;
            return default;
        }
    }

    public sealed class Note3First : INotificationHandler<Note3>, ICountsCalls
    {
        public int Calls { get; private set; }

        public ValueTask Handle(Note3 notification, CancellationToken cancellationToken)
        {
            Calls++;
            return default;
        }
    }

    public sealed class Note3Second : INotificationHandler<Note3>, ICountsCalls
    {
        public int Calls { get; private set; }

        public ValueTask Handle(Note3 notification, CancellationToken cancellationToken)
        {
            Calls++;
            return default;
        }
    }

    public sealed class Note3Third : INotificationHandler<Note3>, ICountsCalls
    {
        public int Calls { get; private set; }

        public ValueTask Handle(Note3 notification, CancellationToken cancellationToken)
        {
            Calls++;
            return default;
        }
    }

    public sealed class Ticks : IStreamRequest<int>
    {
        public int Count { get; init; } = 10;
    }

    public sealed class TicksHandler : IStreamRequestHandler<Ticks, int>
    {
        // No await: every item is ready, so the stream measures the chain and its iterators, not a scheduler (CS1998 says so).
#pragma warning disable CS1998
        public async IAsyncEnumerable<int> Handle(Ticks request, [EnumeratorCancellation] CancellationToken cancellationToken)
#pragma warning restore CS1998
        {
            for (var i = 0; i < request.Count; i++) yield return i;
        }
    }

    /// <summary>A stream behavior that sees every item, as one that counts or logs them does.</summary>
    public sealed class PassStream<TMessage, TResponse> : IStreamPipelineBehavior<TMessage, TResponse> where TMessage : IStreamMessage
    {
        public async IAsyncEnumerable<TResponse> Handle(TMessage message, StreamHandlerDelegate<TMessage, TResponse> next, [EnumeratorCancellation] CancellationToken cancellationToken)
        {
            await foreach (var item in next(message, cancellationToken).WithCancellation(cancellationToken)) yield return item;
        }
    }
}
