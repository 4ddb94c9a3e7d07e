using Xunit;

namespace Prewired.Tests.Generator
{
    /// <summary>[FastPath] awaits inside loops, try statements and using scopes (issue 9), as generated code a reviewer reads.</summary>
    public class FastPathConstructSnapshotTests
    {
        [Fact]
        public void Loops_for_while_and_do_with_break_and_continue() => GeneratorTest.Verify("""
            public partial class Loops
            {
                [FastPath(nameof(SumCoreAsync))]
                public partial ValueTask<int> SumAsync(int n);
                private async ValueTask<int> SumCoreAsync(int n)
                {
                    var sum = 0;
                    for (var i = 0; i < n; i++)
                    {
                        if (i == 3) continue;
                        var value = await Value(i);
                        if (value > 10) break;
                        sum += value;
                    }

                    var k = 0;
                    while (k < n)
                    {
                        await Task.Yield();
                        k++;
                    }

                    do
                    {
                        sum = await Value(sum + 1);
                    }
                    while (sum < 100);

                    return sum;
                }

                private static ValueTask<int> Value(int v) => new(v);
            }
            """, expectedFiles: 1);

        /// <summary>
        /// Pattern variables and a deconstruction live across awaits, in the one continuation: each is a parameter, which a
        /// pattern evaluated again on a later pass (the loop's condition) assigns through PatternVariable.Set, and a
        /// deconstruction assigns ('is not' keeps its negation around the match and the assignment).
        /// </summary>
        [Fact]
        public void Pattern_variables_and_deconstructions_live_across_awaits() => GeneratorTest.Verify("""
            public partial class Shapes
            {
                [FastPath(nameof(MeasureCoreAsync))]
                public partial ValueTask<int> MeasureAsync(object[] items, object tail);
                private async ValueTask<int> MeasureCoreAsync(object[] items, object tail)
                {
                    var total = 0;
                    var i = 0;
                    while (i < items.Length && items[i] is string text)
                    {
                        await Value(0);
                        total += text.Length;
                        i++;
                    }

                    if (tail is not int count) return total;
                    var (low, high) = (count, count * 2);
                    await Value(1);
                    return total + low + high + count;
                }

                private static ValueTask<int> Value(int v) => new(v);
            }
            """, expectedFiles: 1);

        [Fact]
        public void Awaits_in_while_and_for_conditions() => GeneratorTest.Verify("""
            public interface IReader
            {
                ValueTask<bool> ReadAsync();
                int Current { get; }
            }
            public partial class Rows
            {
                [FastPath(nameof(SumCoreAsync))]
                public partial ValueTask<int> SumAsync(IReader reader, int limit);
                private async ValueTask<int> SumCoreAsync(IReader reader, int limit)
                {
                    var sum = 0;
                    while (await reader.ReadAsync())
                    {
                        if (reader.Current < 0) continue;
                        sum += await Value(reader.Current);
                        if (sum > limit) break;
                    }

                    for (var i = 0; await reader.ReadAsync().ConfigureAwait(false); i++)
                    {
                        sum += i;
                    }

                    while (await Next(sum) is { } next && next.Length > 0)
                    {
                        sum += next.Length;
                    }

                    return sum;
                }

                private static ValueTask<int> Value(int v) => new(v);
                private static Task<string?> Next(int sum) => Task.FromResult(sum < 10 ? "x" : null);
            }
            """, expectedFiles: 1);

        [Fact]
        public void Awaits_as_conditional_operands() => GeneratorTest.Verify("""
            public partial class Lookup
            {
                private string? _cached;

                [FastPath(nameof(FindCoreAsync))]
                public partial ValueTask<int> FindAsync(string key, bool refresh);
                private async ValueTask<int> FindCoreAsync(string key, bool refresh)
                {
                    var name = _cached ?? await LoadAsync(key);
                    if (refresh && await ExpiredAsync(key)) name = await LoadAsync(key);
                    var length = name.Length > 3 ? await CountAsync(name) : 0L;
                    var other = refresh ? await LoadAsync(name) : await LoadAsync(key);
                    return (int)length + other.Length;
                }

                private static Task<string> LoadAsync(string key) => Task.FromResult(key);
                private static ValueTask<bool> ExpiredAsync(string key) => new(key.Length == 0);
                private static ValueTask<long> CountAsync(string name) => new(name.Length);
            }
            """, expectedFiles: 1);

        [Fact]
        public void Out_variables_of_awaited_calls_are_handed_over() => GeneratorTest.Verify("""
            public partial class OutVariables
            {
                [FastPath(nameof(RunCoreAsync))]
                public partial ValueTask<int> RunAsync(int n);
                private async ValueTask<int> RunCoreAsync(int n)
                {
                    var x = await Read(n, out var z);
                    if (await Check(x, out var w)) return z + w;
                    while (await Check(x--, out var item)) z += item;
                    return z;
                }

                private static ValueTask<int> Read(int n, out int z) { z = n; return new(n); }
                private static Task<bool> Check(int x, out int w) { w = x; return Task.FromResult(x > 0); }
            }
            """, expectedFiles: 1);

        [Fact]
        public void Generic_methods_with_constraints() => GeneratorTest.Verify("""
            using System.Collections.Generic;
            public partial class Repository
            {
                [FastPath(nameof(FirstCoreAsync))]
                public partial ValueTask<TItem?> FirstAsync<TItem, TKey>(IEnumerable<TKey> keys) where TItem : class, new() where TKey : notnull;
                private async ValueTask<TItem?> FirstCoreAsync<TItem, TKey>(IEnumerable<TKey> keys) where TItem : class, new() where TKey : notnull
                {
                    foreach (var key in keys)
                    {
                        var item = await LoadAsync<TItem, TKey>(key);
                        if (item is not null) return item;
                    }

                    return null;
                }

                [TailAwait(nameof(CountCoreAsync))]
                public static partial Task<int> CountAsync<T>(T value) where T : struct;
                private static async Task<int> CountCoreAsync<T>(T value) where T : struct => await Task.FromResult(value.GetHashCode());

                private static ValueTask<TItem?> LoadAsync<TItem, TKey>(TKey key) where TItem : class, new() => new(key.GetHashCode() == 0 ? null : new TItem());
            }
            """, expectedFiles: 2);

        /// <summary>
        /// The state-machine continuation of a method of a generic type (found converting Polly): the struct is nested in the
        /// generic type, so the starter has no [AsyncStateMachine] (typeof would name the type's parameters, CS0416), and the
        /// body's protected base member, field-like event and instance field are reached through __this.
        /// </summary>
        [Fact]
        public void State_machine_continuation_in_a_generic_type_reaches_members_through_this() => GeneratorTest.Verify("""
            public abstract class Store<TValue>
            {
                protected int Version;
                protected abstract ValueTask<TValue> LoadAsync(int key);
            }
            public sealed partial class Cache<TValue> : Store<TValue> where TValue : class
            {
                private TValue? _last;
                public event Action<TValue>? Loaded;

                [FastPath(nameof(GetCoreAsync))]
                public partial ValueTask<TValue> GetAsync(int key);
                private async ValueTask<TValue> GetCoreAsync(int key)
                {
                    var value = await LoadAsync(key);
                    Version++;
                    _last = value;
                    Loaded?.Invoke(value);
                    var again = await LoadAsync(key + Version);
                    return this._last == again ? value : again;
                }

                protected override ValueTask<TValue> LoadAsync(int key) => new(default(TValue)!);
            }
            """, expectedFiles: 1);

        [Fact]
        public void Local_functions_are_declared_in_each_method_that_calls_them() => GeneratorTest.Verify("""
            public partial class Parser
            {
                [FastPath(nameof(ParseCoreAsync))]
                public partial ValueTask<int> ParseAsync(string text);
                private async ValueTask<int> ParseCoreAsync(string text)
                {
                    if (text.Length == 0) ThrowEmpty();
                    var first = await ReadAsync(text);
                    var second = await ReadAsync(text);
                    return Combine(first, second);

                    static void ThrowEmpty() => throw new ArgumentException("empty");
                    static int Combine(int a, int b) => Clamp(a * 31 + b);
                    static int Clamp(int value) => Math.Max(0, value);
                }

                private static ValueTask<int> ReadAsync(string text) => new(text.Length);
            }
            """, expectedFiles: 1);

        [Fact]
        public void Awaits_in_catch_blocks_run_after_the_try_statement() => GeneratorTest.Verify("""
            public partial class Sender
            {
                [FastPath(nameof(SendCoreAsync))]
                public partial ValueTask<bool> SendAsync(string message);
                private async ValueTask<bool> SendCoreAsync(string message)
                {
                    try
                    {
                        await WriteAsync(message);
                        return true;
                    }
                    catch (TimeoutException)
                    {
                        return false;
                    }
                    catch (Exception e) when (e is not OperationCanceledException)
                    {
                        await LogAsync(e);
                        throw;
                    }
                    finally
                    {
                        Console.WriteLine("sent");
                    }
                }

                private static ValueTask WriteAsync(string message) => default;
                private static Task LogAsync(Exception e) => Task.CompletedTask;
            }
            """, expectedFiles: 1);

        [Fact]
        public void Awaits_in_finally_blocks_run_after_the_try_statement() => GeneratorTest.Verify("""
            public partial class Session
            {
                [FastPath(nameof(QueryCoreAsync))]
                public partial ValueTask<int> QueryAsync(string sql);
                private async ValueTask<int> QueryCoreAsync(string sql)
                {
                    var connection = await OpenAsync();
                    try
                    {
                        if (sql.Length == 0) return 0;
                        return await connection.ExecuteAsync(sql);
                    }
                    finally
                    {
                        await connection.DisposeAsync();
                    }
                }

                private static ValueTask<Connection> OpenAsync() => new(new Connection());
            }

            public sealed class Connection : IAsyncDisposable
            {
                public ValueTask<int> ExecuteAsync(string sql) => new(sql.Length);
                public ValueTask DisposeAsync() => default;
            }
            """, expectedFiles: 1);

        [Fact]
        public void Foreach_over_array_list_and_custom_enumerators() => GeneratorTest.Verify("""
            using System.Collections.Generic;
            public struct Countdown
            {
                private int _left;
                public Countdown(int from) => _left = from + 1;
                public Countdown GetEnumerator() => this;
                public bool MoveNext() => --_left > 0;
                public int Current => _left;
            }
            public sealed class Lines : IDisposable
            {
                private int _index = -1;
                public Lines GetEnumerator() => this;
                public bool MoveNext() => ++_index < 2;
                public string Current => "line" + _index;
                public void Dispose() { }
            }
            public partial class Walker
            {
                [FastPath(nameof(WalkCoreAsync))]
                public partial Task<int> WalkAsync(int[] numbers, List<string> names);
                private async Task<int> WalkCoreAsync(int[] numbers, List<string> names)
                {
                    var total = 0;
                    foreach (var n in numbers)
                    {
                        var doubled = await Value(n * 2);
                        total += doubled;
                    }

                    foreach (var name in names)
                    {
                        await Task.Yield();
                        total += name.Length;
                    }

                    foreach (int c in new Countdown(3)) total = await Value(total + c);
                    foreach (var line in new Lines())
                    {
                        if (line.Length > 10) return -1;
                        var length = await Value(line.Length);
                        total += length;
                    }

                    return total;
                }

                private static ValueTask<int> Value(int v) => new(v);
            }
            """, expectedFiles: 1);

        [Fact]
        public void Try_catch_with_filter_and_finally() => GeneratorTest.Verify("""
            public partial class Guarded
            {
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<string> RunAsync(int x);
                private async Task<string> RunCoreAsync(int x)
                {
                    var trail = "start";
                    try
                    {
                        await Task.Yield();
                        var y = await Value(x + 1);
                        trail += y;
                    }
                    catch (InvalidOperationException e) when (e.Message.Length > x)
                    {
                        trail += "caught";
                    }
                    finally
                    {
                        Console.WriteLine(trail);
                    }

                    return trail;
                }

                private static Task<int> Value(int v) => Task.FromResult(v);
            }
            """, expectedFiles: 1);

        [Fact]
        public void Using_statement_and_using_declaration() => GeneratorTest.Verify("""
            public sealed class Resource : IDisposable
            {
                public void Dispose() { }
            }
            public struct Lease : IDisposable
            {
                public void Dispose() { }
            }
            public partial class Scoped
            {
                [FastPath(nameof(RunCoreAsync))]
                public partial ValueTask RunAsync(bool flag);
                private async ValueTask RunCoreAsync(bool flag)
                {
                    using (var resource = new Resource())
                    {
                        await Task.Yield();
                    }

                    using (new Lease())
                        await Task.Delay(1);

                    if (flag)
                    {
                        using var lease = new Lease();
                        await Task.Yield();
                        Console.WriteLine(lease);
                    }
                }
            }
            """, expectedFiles: 1);

        [Fact]
        public void Nested_awaits_spill_before_their_statement() => GeneratorTest.Verify("""
            using System.Collections.Generic;
            public partial class Spilled
            {
                [FastPath(nameof(RunCoreAsync))]
                public partial ValueTask<int> RunAsync(int x);
                private async ValueTask<int> RunCoreAsync(int x)
                {
                    if (await Flag(x))
                    {
                        Console.WriteLine("flag " + await Text(x));
                    }

                    var total = Add(await Value(x), 2);
                    total += await Value(total);
                    foreach (var item in await Items(x))
                    {
                        total += item;
                    }

                    return (await Text(total)).Length + 1;
                }

                private static int Add(int a, int b) => a + b;
                private static ValueTask<bool> Flag(int v) => new(v > 0);
                private static ValueTask<int> Value(int v) => new(v);
                private static Task<string> Text(int v) => Task.FromResult(v.ToString());
                private static Task<List<int>> Items(int v) => Task.FromResult(new List<int> { v });
            }
            """, expectedFiles: 1);

        /// <summary>
        /// Issue 20's written-out shapes: ??= whose value is used, an event's +=, a?.M(await x), nested and indexed
        /// initializers, and a checked statement (a compound assignment with an await, a for incrementor, a local function).
        /// </summary>
        [Fact]
        public void Used_coalesce_assignment_event_conditional_access_nested_initializer_and_checked_statement() => GeneratorTest.Verify("""
            using System.Collections.Generic;
            public partial class Written
            {
                private string? _cache;
                private int? _count;
                private Box? _box = new Box();
                private event Action<int>? Changed;

                [FastPath(nameof(RunCoreAsync))]
                public partial ValueTask<int> RunAsync(int x);
                private async ValueTask<int> RunCoreAsync(int x)
                {
                    var text = _cache ??= await Text(x);
                    var count = _count ??= await Value(x);
                    Changed += await Handler();
                    _box?.Add(await Value(1));
                    var length = _box?.Length(await Text(2));
                    var box = new Box { Inner = { Value = await Value(3) }, Items = { 4, await Value(5) }, [6] = await Value(7) };
                    checked
                    {
                        count += await Value(8);
                        int Twice(int v) => v * 2;
                        for (var i = 0; i < x; i++) count += Twice(await Value(i));
                    }

                    return text.Length + count + (length ?? 0) + box.Inner.Value;
                }

                private static ValueTask<int> Value(int v) => new(v);
                private static Task<string> Text(int v) => Task.FromResult(v.ToString());
                private static Task<Action<int>> Handler() => Task.FromResult<Action<int>>(_ => { });

                private sealed class Box
                {
                    public Inner Inner { get; } = new Inner();
                    public List<int> Items { get; } = new List<int>();
                    public int this[int index] { get => index; set { } }
                    public void Add(int value) { }
                    public int Length(string value) => value.Length;
                }

                private sealed class Inner
                {
                    public int Value { get; set; }
                }
            }
            """, expectedFiles: 1);

        [Fact]
        public void Two_awaits_in_one_expression_spill_in_order() => GeneratorTest.Verify("""
            public partial class Pair
            {
                [FastPath(nameof(SumCoreAsync))]
                public partial ValueTask<int> SumAsync(int x);
                private async ValueTask<int> SumCoreAsync(int x)
                {
                    Console.WriteLine(x);
                    return await Value(x) + await Value(x + 1);
                }

                private static ValueTask<int> Value(int v) => new(v);
            }
            """, expectedFiles: 1);

        /// <summary>
        /// A live variable declared nullable but known non-null where the await hands it over (an out variable after
        /// TryDequeue, a var after a null check) is a non-nullable continuation parameter: no CS8602 in generated code.
        /// </summary>
        [Fact]
        public void Live_variables_keep_their_non_null_flow_state_across_the_hand_off() => GeneratorTest.Verify("""
            public sealed class Entry { public string Name = ""; }
            public partial class Worker
            {
                private readonly System.Collections.Concurrent.ConcurrentQueue<Entry> _queue = new();
                private string? _cached;

                [FastPath(nameof(DrainCoreAsync))]
                public partial ValueTask<int> DrainAsync();
                private async ValueTask<int> DrainCoreAsync()
                {
                    var n = 0;
                    while (_queue.TryDequeue(out var entry))
                    {
                        await Task.Yield();
                        n += entry.Name.Length;
                    }

                    var text = _cached;
                    if (text is null) return n;
                    await Task.Yield();
                    return n + text.Length;
                }
            }
            """, expectedFiles: 1);
    }
}