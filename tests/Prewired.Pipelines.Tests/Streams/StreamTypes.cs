using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

[assembly: Prewired.StreamDefaults(typeof(Prewired.Pipelines.Tests.Streams.SeeItems<,>))]

namespace Prewired.Pipelines.Tests.Streams
{
    /// <summary>A stream request whose items the assembly's stream behavior records.</summary>
    public interface IWatched
    {
        List<object> Seen { get; }
    }

    /// <summary>0, 1, ... Count - 1, each after a yield; the handler honours its token ([EnumeratorCancellation]).</summary>
    public sealed class Ticks : IStreamRequest<int>, IWatched
    {
        public int Count;

        public List<object> Seen { get; } = new();

        public CancellationToken HandlerToken;
    }

    public sealed class TicksHandler : IStreamRequestHandler<Ticks, int>
    {
        public async IAsyncEnumerable<int> Handle(Ticks request, [EnumeratorCancellation] CancellationToken cancellationToken)
        {
            request.HandlerToken = cancellationToken;
            for (var i = 0; i < request.Count; i++)
            {
                await Task.Yield();
                cancellationToken.ThrowIfCancellationRequested();
                yield return i;
            }
        }
    }

    /// <summary>A handler that never looks at its token: the sender's enumeration still stops on cancellation.</summary>
    public sealed class Endless : IStreamRequest<string>, IWatched
    {
        public List<object> Seen { get; } = new();
    }

    public sealed class EndlessHandler : IStreamRequestHandler<Endless, string>
    {
#pragma warning disable CS8425 // no [EnumeratorCancellation]: this handler ignores its token on purpose
        public async IAsyncEnumerable<string> Handle(Endless request, CancellationToken cancellationToken)
        {
            for (var i = 0; ; i++)
            {
                await Task.Yield();
                yield return "item " + i;
            }
        }
#pragma warning restore CS8425
    }

    /// <summary>Words that are ready when asked for (no await): a synchronous stream, whose enumeration's bytes are the tests'.</summary>
    public sealed class ReadyWords : IStreamRequest<string>, IWatched
    {
        public static readonly string[] Words = { "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten" };

        // Room for every item the allocation tests enumerate, so recording them allocates nothing.
        public List<object> Seen { get; } = new(64 * 1024);
    }

    public sealed class ReadyWordsHandler : IStreamRequestHandler<ReadyWords, string>
    {
#pragma warning disable CS1998 // no await: every item is ready
        public async IAsyncEnumerable<string> Handle(ReadyWords request, [EnumeratorCancellation] CancellationToken cancellationToken)
#pragma warning restore CS1998
        {
            foreach (var word in ReadyWords.Words) yield return word;
        }
    }

    /// <summary>The assembly's stream behavior: it wraps the stream, so it sees every item on its way to the caller.</summary>
    public sealed class SeeItems<TRequest, TResponse> : IStreamBehavior<TRequest, TResponse>
        where TRequest : IStreamRequest<TResponse>, IWatched
    {
        public async IAsyncEnumerable<TResponse> Handle<TNext>(TRequest request, TNext next, [EnumeratorCancellation] CancellationToken cancellationToken)
            where TNext : struct, IStreamNext<TRequest, TResponse>
        {
            await foreach (var item in next.Invoke(request, cancellationToken).WithCancellation(cancellationToken))
            {
                request.Seen.Add(item!);
                yield return item;
            }
        }
    }
}
