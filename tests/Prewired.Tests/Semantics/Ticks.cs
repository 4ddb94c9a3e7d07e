using System.Threading.Tasks;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// An async sequence whose GetAsyncEnumerator is an extension method (C# 9's pattern): bodies in
    /// <see cref="HiddenAwaitBodyTable"/> enumerate it with <c>await foreach</c>. It has to be a top-level type, which a
    /// body's members cannot declare. MoveNextAsync awaits ValueTask site <c>site</c>, DisposeAsync site <c>site + 1</c>.
    /// </summary>
    public readonly struct Ticks
    {
        public Ticks(Env env, int count, int site)
        {
            Env = env;
            Count = count;
            Site = site;
        }

        public Env Env { get; }

        public int Count { get; }

        public int Site { get; }
    }

    public static class TicksExtensions
    {
        public static TicksEnumerator GetAsyncEnumerator(this Ticks ticks) => new(ticks);
    }

    /// <summary>A class enumerator with pattern members (no interface), sealed, disposed through its own DisposeAsync.</summary>
    public sealed class TicksEnumerator
    {
        private readonly Ticks _ticks;

        public TicksEnumerator(Ticks ticks) => _ticks = ticks;

        public int Current { get; private set; }

        public ValueTask<bool> MoveNextAsync()
        {
            _ticks.Env.Log("tick " + Current);
            return _ticks.Env.VR(_ticks.Site, ++Current <= _ticks.Count);
        }

        public ValueTask DisposeAsync()
        {
            _ticks.Env.Log("ticks disposed at " + Current);
            return _ticks.Env.V(_ticks.Site + 1);
        }
    }
}
