using Xunit;

namespace Prewired.Tests.Generator
{
    /// <summary>[FastPath] over <c>await using</c> and <c>await foreach</c> (issue 9): their hidden DisposeAsync and
    /// MoveNextAsync awaits split like any other, written out as C# lowers the constructs.</summary>
    public class FastPathHiddenAwaitSnapshotTests
    {
        [Fact]
        public void Await_using_statement_declaration_and_expression() => GeneratorTest.Verify("""
            public sealed class Log : IAsyncDisposable
            {
                public ValueTask WriteAsync(int v) => default;
                public ValueTask DisposeAsync() => default;
            }
            public partial class Audit
            {
                [FastPath(nameof(AuditCoreAsync))]
                public partial ValueTask<int> AuditAsync(Log? first, Log second, int id);
                private async ValueTask<int> AuditCoreAsync(Log? first, Log second, int id)
                {
                    await using (var log = first)
                    {
                        if (log is not null) await log.WriteAsync(id);
                    }

                    await using (second.ConfigureAwait(false))
                    {
                        id++;
                    }

                    await using var a = new Log();
                    await using var b = new Log();
                    await a.WriteAsync(id);
                    return id;
                }
            }
            """, expectedFiles: 1);

        [Fact]
        public void Await_using_struct_and_pattern_resources() => GeneratorTest.Verify("""
            public struct Lease : IAsyncDisposable
            {
                public ValueTask DisposeAsync() => default;
            }
            public sealed class Pooled
            {
                public ValueTask DisposeAsync() => default;
            }
            public partial class Leases
            {
                [FastPath(nameof(RunCoreAsync))]
                public partial Task RunAsync();
                private async Task RunCoreAsync()
                {
                    await using var lease = new Lease();
                    await using var pooled = new Pooled();
                    await Task.Yield();
                }
            }
            """, expectedFiles: 1);

        [Fact]
        public void Await_foreach_with_break_return_and_configure_await() => GeneratorTest.Verify("""
            public partial class Streams
            {
                [FastPath(nameof(SumCoreAsync))]
                public partial ValueTask<int> SumAsync(System.Collections.Generic.IAsyncEnumerable<int> source, CancellationToken ct);
                private async ValueTask<int> SumCoreAsync(System.Collections.Generic.IAsyncEnumerable<int> source, CancellationToken ct)
                {
                    var sum = 0;
                    await foreach (var item in source.WithCancellation(ct).ConfigureAwait(false))
                    {
                        if (item < 0) break;
                        if (item > 100) return -1;
                        sum += item;
                    }

                    await foreach (var (key, value) in Pairs())
                    {
                        sum += key.Length + value;
                    }

                    return sum;
                }

                private static async System.Collections.Generic.IAsyncEnumerable<(string, int)> Pairs()
                {
                    await Task.Yield();
                    yield return ("a", 1);
                }
            }
            """, expectedFiles: 1);

        [Fact]
        public void Await_foreach_over_a_struct_enumerator() => GeneratorTest.Verify("""
            public struct Numbers
            {
                public Enumerator GetAsyncEnumerator() => new Enumerator();
                public struct Enumerator
                {
                    private int _i;
                    public int Current => _i;
                    public ValueTask<bool> MoveNextAsync() => new(++_i < 3);
                    public ValueTask DisposeAsync() => default;
                }
            }
            public partial class Counting
            {
                [FastPath(nameof(CountCoreAsync))]
                public partial ValueTask<int> CountAsync(Numbers numbers);
                private async ValueTask<int> CountCoreAsync(Numbers numbers)
                {
                    var total = 0;
                    await foreach (var n in numbers) total += n;
                    return total;
                }
            }
            """, expectedFiles: 1);

        /// <summary>The generated file cannot see a file-local type: the body forwards (PW0201 names the type).</summary>
        [Fact]
        public void File_local_type_in_the_body_forwards() => GeneratorTest.Verify("""
            file static class Hidden
            {
                public static Task<int> GetAsync() => Task.FromResult(1);
            }
            public partial class Visible
            {
                [FastPath(nameof(GetCoreAsync))]
                public partial ValueTask<int> GetAsync();
                private async ValueTask<int> GetCoreAsync()
                {
                    var x = await Hidden.GetAsync();
                    return x + 1;
                }
            }
            """, expectedFiles: 1);

        /// <summary>An extension GetAsyncEnumerator is called in its static form: the generated file needs no using directive for it.</summary>
        [Fact]
        public void Await_foreach_with_an_extension_GetAsyncEnumerator() => GeneratorTest.Verify("""
            namespace Streams.Extensions
            {
                public readonly struct Range3 { }
                public sealed class Range3Enumerator
                {
                    public int Current { get; private set; }
                    public ValueTask<bool> MoveNextAsync() => new(++Current <= 3);
                }
                public static class Range3Extensions
                {
                    public static Range3Enumerator GetAsyncEnumerator(this Range3 range) => new();
                }
            }
            namespace App
            {
                using Streams.Extensions;
                public partial class Sums
                {
                    [FastPath(nameof(SumCoreAsync))]
                    public partial ValueTask<int> SumAsync();
                    private async ValueTask<int> SumCoreAsync()
                    {
                        var sum = 0;
                        await foreach (var n in new Range3()) sum += n;
                        return sum;
                    }
                }
            }
            """, expectedFiles: 1);
    }
}
