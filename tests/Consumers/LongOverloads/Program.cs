// Overloads of one marked method, with parameter types as long as real caching APIs have them (a factory returning a
// dictionary of lists), as the library in issue 33 had: each overload's generated file needs a name of its own that a
// file system accepts.
using Prewired;

namespace LongOverloads.Caching.Distributed;

public partial class HybridCache
{
    private readonly Dictionary<string, int> _entries = new();

    [FastPath(nameof(GetOrCreateCoreAsync))]
    public partial ValueTask<int> GetOrCreateAsync(
        string key,
        Func<string, CancellationToken, ValueTask<IReadOnlyDictionary<string, IReadOnlyList<KeyValuePair<string, DateTimeOffset>>>>> factory,
        CancellationToken cancellationToken);

    [FastPath(nameof(GetOrCreateCoreAsync))]
    public partial ValueTask<int> GetOrCreateAsync(
        string key,
        Func<string, CancellationToken, ValueTask<IReadOnlyDictionary<string, IReadOnlyList<KeyValuePair<string, DateTimeOffset>>>>> factory,
        TimeSpan expiration,
        CancellationToken cancellationToken);

    private async ValueTask<int> GetOrCreateCoreAsync(
        string key,
        Func<string, CancellationToken, ValueTask<IReadOnlyDictionary<string, IReadOnlyList<KeyValuePair<string, DateTimeOffset>>>>> factory,
        CancellationToken cancellationToken)
    {
        if (_entries.TryGetValue(key, out var count)) return count;
        var created = await factory(key, cancellationToken);
        return _entries[key] = created.Count;
    }

    private async ValueTask<int> GetOrCreateCoreAsync(
        string key,
        Func<string, CancellationToken, ValueTask<IReadOnlyDictionary<string, IReadOnlyList<KeyValuePair<string, DateTimeOffset>>>>> factory,
        TimeSpan expiration,
        CancellationToken cancellationToken)
    {
        var count = await GetOrCreateCoreAsync(key, factory, cancellationToken);
        return expiration > TimeSpan.Zero ? count : 0;
    }
}

public static class Program
{
    public static async Task<int> Main()
    {
        var cache = new HybridCache();
        static async ValueTask<IReadOnlyDictionary<string, IReadOnlyList<KeyValuePair<string, DateTimeOffset>>>> Load(string key, CancellationToken cancellationToken)
        {
            await Task.Yield();
            return new Dictionary<string, IReadOnlyList<KeyValuePair<string, DateTimeOffset>>> { [key] = [], ["other"] = [] };
        }

        var first = await cache.GetOrCreateAsync("prices", Load, CancellationToken.None);
        var second = await cache.GetOrCreateAsync("prices", Load, TimeSpan.FromMinutes(1), CancellationToken.None);
        if (first != 2 || second != 2) return Fail($"expected 2 and 2, got {first} and {second}");
        Console.WriteLine($"OK {first} {second}");
        return 0;
    }

    private static int Fail(string message)
    {
        Console.WriteLine("FAILED: " + message);
        return 1;
    }
}
