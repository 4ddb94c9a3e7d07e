using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Prewired.Benchmarks.Sender.PrewiredSide;

// The behaviors, once for the assembly, outermost first: each applies to the requests whose constraints it meets, as the
// Mediator side's listed behaviors do (Ping0 gets none, Ping1 the first, Ping5 all five).
[assembly: Prewired.PipelineDefaults(typeof(First<,>), typeof(Second<,>), typeof(Third<,>), typeof(Fourth<,>), typeof(Fifth<,>))]
[assembly: Prewired.StreamDefaults(typeof(PassStream<,>))]

namespace Prewired.Benchmarks.Sender.PrewiredSide
{
    // Prewired's side, as docs/pipelines.md writes each part: request handlers found in the assembly (each gets its pipeline
    // with the defaults above, and an overload of PrewiredSender.Send), behaviors in the struct-next shape taking the token as
    // Mediator's do, notifications with their handlers (the sequential publisher, the default), a stream request with its
    // handler and one stream behavior. Every handler and behavior does what its Mediator twin does.

    public sealed class Ping0 { }

    public sealed class Ping1 : IOneBehavior { }

    public sealed class Ping5 : IFiveBehaviors { }

    public sealed class Ping0Handler : ICancellableTerminator<Ping0, Pong>
    {
        public ValueTask<Pong> Terminate(Ping0 context, CancellationToken cancellationToken) => new(Pong.Instance);
    }

    public sealed class Ping1Handler : ICancellableTerminator<Ping1, Pong>
    {
        public ValueTask<Pong> Terminate(Ping1 context, CancellationToken cancellationToken) => new(Pong.Instance);
    }

    public sealed class Ping5Handler : ICancellableTerminator<Ping5, Pong>
    {
        public ValueTask<Pong> Terminate(Ping5 context, CancellationToken cancellationToken) => new(Pong.Instance);
    }

    public sealed class First<TRequest, TResponse> : ICancellableInlineBehavior<TRequest, TRequest, TResponse> where TRequest : IOneBehavior
    {
        public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next, CancellationToken cancellationToken)
            where TNext : struct, ICancellableNext<TRequest, TResponse> => next.Invoke(context, cancellationToken);
    }

    public sealed class Second<TRequest, TResponse> : ICancellableInlineBehavior<TRequest, TRequest, TResponse> where TRequest : IFiveBehaviors
    {
        public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next, CancellationToken cancellationToken)
            where TNext : struct, ICancellableNext<TRequest, TResponse> => next.Invoke(context, cancellationToken);
    }

    public sealed class Third<TRequest, TResponse> : ICancellableInlineBehavior<TRequest, TRequest, TResponse> where TRequest : IFiveBehaviors
    {
        public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next, CancellationToken cancellationToken)
            where TNext : struct, ICancellableNext<TRequest, TResponse> => next.Invoke(context, cancellationToken);
    }

    public sealed class Fourth<TRequest, TResponse> : ICancellableInlineBehavior<TRequest, TRequest, TResponse> where TRequest : IFiveBehaviors
    {
        public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next, CancellationToken cancellationToken)
            where TNext : struct, ICancellableNext<TRequest, TResponse> => next.Invoke(context, cancellationToken);
    }

    public sealed class Fifth<TRequest, TResponse> : ICancellableInlineBehavior<TRequest, TRequest, TResponse> where TRequest : IFiveBehaviors
    {
        public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next, CancellationToken cancellationToken)
            where TNext : struct, ICancellableNext<TRequest, TResponse> => next.Invoke(context, cancellationToken);
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
    public sealed class PassStream<TRequest, TResponse> : IStreamBehavior<TRequest, TResponse> where TRequest : IStreamRequest<TResponse>
    {
        public async IAsyncEnumerable<TResponse> Handle<TNext>(TRequest request, TNext next, [EnumeratorCancellation] CancellationToken cancellationToken)
            where TNext : struct, IStreamNext<TRequest, TResponse>
        {
            await foreach (var item in next.Invoke(request, cancellationToken).WithCancellation(cancellationToken)) yield return item;
        }
    }
}
