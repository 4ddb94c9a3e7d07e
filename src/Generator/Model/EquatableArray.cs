using System;
using System.Collections;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;

namespace Prewired.Generator.Model
{
    /// <summary>
    /// An immutable array compared by its elements. Incremental generator models must be value-equatable so the
    /// pipeline can tell an unchanged model from a changed one; <see cref="ImmutableArray{T}"/> compares by reference.
    /// </summary>
    internal readonly struct EquatableArray<T> : IEquatable<EquatableArray<T>>, IReadOnlyList<T>
        where T : IEquatable<T>
    {
        private readonly T[]? _items;

        public EquatableArray(IEnumerable<T> items) => _items = items.ToArray();

        public static EquatableArray<T> Empty => new(Array.Empty<T>());

        public int Count => _items?.Length ?? 0;

        public T this[int index] => _items![index];

        public bool Equals(EquatableArray<T> other)
        {
            var left = _items ?? Array.Empty<T>();
            var right = other._items ?? Array.Empty<T>();
            if (left.Length != right.Length) return false;
            for (var i = 0; i < left.Length; i++)
            {
                if (!EqualityComparer<T>.Default.Equals(left[i], right[i])) return false;
            }

            return true;
        }

        public override bool Equals(object? obj) => obj is EquatableArray<T> other && Equals(other);

        public override int GetHashCode()
        {
            var hash = 17;
            foreach (var item in _items ?? Array.Empty<T>())
            {
                hash = unchecked((hash * 31) + (item?.GetHashCode() ?? 0));
            }

            return hash;
        }

        public IEnumerator<T> GetEnumerator() => ((IEnumerable<T>)(_items ?? Array.Empty<T>())).GetEnumerator();

        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

        public static bool operator ==(EquatableArray<T> left, EquatableArray<T> right) => left.Equals(right);

        public static bool operator !=(EquatableArray<T> left, EquatableArray<T> right) => !left.Equals(right);
    }

    internal static class EquatableArray
    {
        public static EquatableArray<T> ToEquatableArray<T>(this IEnumerable<T> items)
            where T : IEquatable<T> => new(items);
    }
}
