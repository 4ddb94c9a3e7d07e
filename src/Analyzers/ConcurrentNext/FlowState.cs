using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;

namespace Prewired.Analyzers.ConcurrentNext
{
    /// <summary>
    /// A next use whose task a value stands for. <see cref="Several"/>: the value is a lazy sequence that starts the use
    /// once per element (<c>items.Select(i =&gt; next(i))</c>); enumerating it all at once starts overlapping copies.
    /// </summary>
    internal readonly struct TrackedTask : IEquatable<TrackedTask>
    {
        public TrackedTask(NextUse use, bool several)
        {
            Use = use;
            Several = several;
        }

        public NextUse Use { get; }

        public bool Several { get; }

        public bool Equals(TrackedTask other) => Use == other.Use && Several == other.Several;

        public override bool Equals(object? obj) => obj is TrackedTask other && Equals(other);

        public override int GetHashCode() => (Use.GetHashCode() * 397) ^ (Several ? 1 : 0);
    }

    /// <summary>
    /// What is known at one point of a body: which next tasks have been started and may still be running
    /// (<see cref="Pending"/>), and which locals and compiler temporaries hold which of them (<see cref="Holders"/>, so
    /// awaiting <c>t1</c> completes the task stored in it). A may-analysis: merging two paths unions both.
    /// </summary>
    internal sealed class FlowState
    {
        private static readonly IEqualityComparer<object> s_holderComparer = new HolderComparer();

        private FlowState(HashSet<NextUse> pending, Dictionary<object, ImmutableHashSet<TrackedTask>> holders)
        {
            Pending = pending;
            Holders = holders;
        }

        public static FlowState Empty() => new(new HashSet<NextUse>(), new Dictionary<object, ImmutableHashSet<TrackedTask>>(s_holderComparer));

        public HashSet<NextUse> Pending { get; }

        /// <summary>Keys: <see cref="ILocalSymbol"/> or a flow capture's <c>CaptureId</c>.</summary>
        public Dictionary<object, ImmutableHashSet<TrackedTask>> Holders { get; }

        public ImmutableHashSet<TrackedTask> Held(object key) => Holders.TryGetValue(key, out var held) ? held : ImmutableHashSet<TrackedTask>.Empty;

        public FlowState Clone() => new(new HashSet<NextUse>(Pending), new Dictionary<object, ImmutableHashSet<TrackedTask>>(Holders, s_holderComparer));

        /// <summary>Adds everything <paramref name="other"/> knows; true when that changed this state.</summary>
        public bool UnionWith(FlowState other)
        {
            int before = Pending.Count;
            Pending.UnionWith(other.Pending);
            bool changed = Pending.Count != before;
            foreach (var pair in other.Holders)
            {
                var mine = Held(pair.Key);
                var union = mine.Union(pair.Value);
                if (union.Count == mine.Count && Holders.ContainsKey(pair.Key)) continue;
                Holders[pair.Key] = union;
                changed = true;
            }

            return changed;
        }

        private sealed class HolderComparer : IEqualityComparer<object>
        {
            public new bool Equals(object? x, object? y)
                => x is ISymbol sx && y is ISymbol sy ? SymbolEqualityComparer.Default.Equals(sx, sy) : object.Equals(x, y);

            public int GetHashCode(object obj) => obj is ISymbol symbol ? SymbolEqualityComparer.Default.GetHashCode(symbol) : obj.GetHashCode();
        }
    }
}
