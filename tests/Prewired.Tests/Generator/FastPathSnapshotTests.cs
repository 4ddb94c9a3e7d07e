using Xunit;

namespace Prewired.Tests.Generator
{
    /// <summary>Every [FastPath] shape, as generated code a reviewer reads in the .verified.cs files beside this one.</summary>
    public class FastPathSnapshotTests
    {
        [Fact]
        public void Blog_stock_prices() => GeneratorTest.Verify("""
            using System.Collections.Generic;
            using System.Linq;
            public partial class StockPrices
            {
                private List<(string name, decimal price)>? _cache;

                [FastPath(nameof(GetStockPriceCoreAsync))]
                public partial ValueTask<decimal> GetStockPriceAsync(string companyId);

                private async ValueTask<decimal> GetStockPriceCoreAsync(string companyId)
                {
                    await InitializeMapIfNeededAsync();
                    return DoGetPriceFromCache(companyId);
                }

                private decimal DoGetPriceFromCache(string name)
                {
                    foreach (var kvp in _cache!)
                    {
                        if (kvp.name == name) return kvp.price;
                    }

                    throw new InvalidOperationException($"Can't find price for '{name}'.");
                }

                private async Task InitializeMapIfNeededAsync()
                {
                    if (_cache != null) return;
                    await Task.Delay(42);
                    _cache = Enumerable.Range(1, 100).Select(n => (name: n.ToString(), price: (decimal)n)).ToList();
                }
            }
            """, expectedFiles: 1);

        /// <summary>
        /// Static initializers that read the type's own static members: the context-guard analysis used to recurse through
        /// them without end and crash the compiler (stack overflow; found on MQTTnet's EmptyBuffer by eng/RealCode).
        /// </summary>
        [Fact]
        public void Self_referencing_static_initializers_end() => GeneratorTest.Verify("""
            public partial class Cycles
            {
                static readonly int A = 1;
                static readonly int B = A + 1;
                static readonly int[] Empty = new int[B];
                static readonly Cycles Shared = new();
                readonly int _size = Empty.Length + B;

                [FastPath(nameof(MCore))]
                public partial ValueTask<int> M();
                private async ValueTask<int> MCore()
                {
                    await Task.Yield();
                    return B + Shared._size;
                }
            }
            """, expectedFiles: 1);

        /// <summary>
        /// The compiler lowers foreach over an array or a string to an indexed loop, so no enumerator runs and no context
        /// guard is needed (the operation tree shows the collection converted to IEnumerable; that was read as an unknown
        /// GetEnumerator call).
        /// </summary>
        [Fact]
        public void Foreach_over_an_array_or_a_string_needs_no_context_guard() => GeneratorTest.Verify("""
            public partial class Totals
            {
                private readonly int[] _values = { 1, 2, 3 };

                private static ValueTask<int> ReadAsync(int value) => new ValueTask<int>(value);

                [FastPath(nameof(SumCoreAsync))]
                public partial ValueTask<int> SumAsync(string text);
                private async ValueTask<int> SumCoreAsync(string text)
                {
                    var sum = 0;
                    foreach (var value in _values)
                    {
                        sum += await ReadAsync(value);
                    }

                    foreach (var c in text)
                    {
                        sum += await ReadAsync(c);
                    }

                    return sum;
                }
            }
            """, expectedFiles: 1);

        /// <summary>A primary-constructor parameter read after an await is the instance's, not a continuation local (was CS0165).</summary>
        /// <summary>
        /// AssumeContextUnchanged = true: an interface call that would need the guard, and no guard; the comment says whose
        /// assertion that is and which call was not proven.
        /// </summary>
        [Fact]
        public void No_context_guard_when_the_mark_assumes_the_context_unchanged() => GeneratorTest.Verify("""
            public interface ISource { ValueTask<int> GetAsync(); }
            public partial class Assumed
            {
                private readonly ISource _source;
                public Assumed(ISource source) => _source = source;
                [FastPath(nameof(AddOneCoreAsync), AssumeContextUnchanged = true)]
                public partial ValueTask<int> AddOneAsync();
                private async ValueTask<int> AddOneCoreAsync()
                {
                    var value = await _source.GetAsync();
                    return value + 1;
                }
            }
            """, expectedFiles: 1);

        [Fact]
        public void Primary_constructor_parameter_after_an_await() => GeneratorTest.Verify("""
            public partial class Converter(Func<string, int>? convert = null)
            {
                [FastPath(nameof(ReadCore))]
                public partial ValueTask<int> Read(string text);
                private async ValueTask<int> ReadCore(string text)
                {
                    await Task.Yield();
                    return convert is null ? text.Length : convert(text);
                }
            }
            """, expectedFiles: 1);

        /// <summary>Base calls after an await: the state machine (a nested struct) calls the base's implementation through
        /// an accessor of the type, one per base method, whatever the number of calls.</summary>
        [Fact]
        public void Base_calls_after_an_await_go_through_an_accessor() => GeneratorTest.Verify("""
            public class StoreBase
            {
                public virtual ValueTask<int> CountAsync(string key, CancellationToken cancellationToken) => new(key.Length);
            }

            public partial class Store : StoreBase
            {
                [FastPath(nameof(CountTwiceCoreAsync))]
                public partial ValueTask<int> CountTwiceAsync(string key, CancellationToken cancellationToken);
                private async ValueTask<int> CountTwiceCoreAsync(string key, CancellationToken cancellationToken)
                {
                    await Task.Yield();
                    return await base.CountAsync(key, cancellationToken) + await base.CountAsync(key + "!", cancellationToken);
                }

                public override ValueTask<int> CountAsync(string key, CancellationToken cancellationToken) => new(-1);
            }
            """, expectedFiles: 1);

        /// <summary>
        /// A default parameter value is stated by the partial declaration only; the implementing part, without it, is kept out
        /// of the public API analyzers' view (RS0016 on Polly's ResiliencePipeline.ExecuteAsync, issue 21).
        /// </summary>
        [Fact]
        public void Optional_parameter_suppresses_the_public_API_report_on_the_implementing_part() => GeneratorTest.Verify("""
            public partial class Pipeline
            {
                [FastPath(nameof(ExecuteCoreAsync))]
                public partial ValueTask<int> ExecuteAsync(Func<CancellationToken, ValueTask<int>> callback, CancellationToken cancellationToken = default);
                private async ValueTask<int> ExecuteCoreAsync(Func<CancellationToken, ValueTask<int>> callback, CancellationToken cancellationToken)
                {
                    var value = await callback(cancellationToken);
                    return value + 1;
                }
            }
            """, expectedFiles: 1);

        /// <summary>
        /// The user's own [MethodImpl] on the partial declaration (Npgsql's NpgsqlCommand.ExecuteScalar keeps its
        /// AggressiveInlining through the conversion, issue 21) is the method's: the generated part adds none of its own,
        /// which was CS0579 (a duplicate attribute) for every such method.
        /// </summary>
        [Fact]
        public void MethodImpl_on_the_partial_declaration_is_not_repeated() => GeneratorTest.Verify("""
            using System.Runtime.CompilerServices;

            public partial class Command
            {
                [MethodImpl(MethodImplOptions.NoInlining)]
                [FastPath(nameof(ExecuteCoreAsync))]
                public partial ValueTask<int> ExecuteAsync(Func<ValueTask<int>> callback);
                private async ValueTask<int> ExecuteCoreAsync(Func<ValueTask<int>> callback)
                {
                    var value = await callback();
                    return value + 1;
                }
            }
            """, expectedFiles: 1);

        /// <summary>
        /// A 'using static' of a file-local type (Npgsql's BitStringConverters.cs: 'using static ...BitStringHelpers;' with
        /// 'file static class BitStringHelpers') cannot be copied into the generated file, which cannot see the type
        /// (CS0234); a body that calls such a member is forwarded (PW0201), so the generated code never needs it.
        /// </summary>
        [Fact]
        public void Using_static_of_a_file_local_type_is_not_copied() => GeneratorTest.Verify("""
            using static Converters.BitHelpers;
            using Alias = Converters.BitHelpers;

            namespace Converters
            {
                file static class BitHelpers
                {
                    public static int ByteCount(int bits) => (bits + 7) / 8;
                }

                public partial class BitConverter
                {
                    public int Size(int bits) => ByteCount(bits) + Alias.ByteCount(bits);

                    [FastPath(nameof(WriteCoreAsync))]
                    public partial ValueTask<int> WriteAsync(Func<ValueTask<int>> flush);
                    private async ValueTask<int> WriteCoreAsync(Func<ValueTask<int>> flush)
                    {
                        var written = await flush();
                        return written + 1;
                    }
                }
            }
            """, expectedFiles: 1);

        /// <summary>Catch and finally lowering in a file that does not enable nullable: no '?' annotations (was CS8669).</summary>
        [Fact]
        public void Catch_and_finally_awaits_in_a_nullable_disabled_file() => GeneratorTest.Verify("""
            #nullable disable
            public partial class Legacy
            {
                [FastPath(nameof(RunCoreAsync))]
                public partial ValueTask<int> RunAsync(string name);
                private async ValueTask<int> RunCoreAsync(string name)
                {
                    try
                    {
                        return await Task.FromResult(name.Length);
                    }
                    catch (InvalidOperationException)
                    {
                        await Task.Yield();
                        throw;
                    }
                    finally
                    {
                        await Task.Yield();
                    }
                }
            }
            """, expectedFiles: 1);

        [Fact]
        public void Awaits_as_statement_declaration_assignment_and_return() => GeneratorTest.Verify("""
            public partial class Forms
            {
                private int _total;
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int x);
                private async Task<int> RunCoreAsync(int x)
                {
                    await Step();
                    var a = await Value(x).ConfigureAwait(false);
                    int b;
                    b = await Value(a + 1);
                    _total = await Value(b);
                    this._total = await Value(_total + 1);
                    return await Value(a + b + _total);
                }

                private static Task Step() => Task.CompletedTask;
                private static ValueTask<int> Value(int v) => new(v);
            }
            """, expectedFiles: 1);

        [Fact]
        public void Awaits_in_if_else_and_switch_with_live_state() => GeneratorTest.Verify("""
            public partial class Branches
            {
                [FastPath(nameof(RunCoreAsync))]
                public partial ValueTask<string> RunAsync(int kind, string name);
                private async ValueTask<string> RunCoreAsync(int kind, string name)
                {
                    var prefix = name.ToUpperInvariant();
                    int n;
                    if (kind > 0)
                    {
                        n = await Value(kind);
                        prefix += "+";
                    }
                    else if (kind < 0)
                        await Task.Yield();
                    else
                    {
                        n = 0;
                    }

                    switch (kind)
                    {
                        case 1:
                            await Task.Yield();
                            prefix += "one";
                            break;
                        case 2:
                            return await Text(prefix);
                        default:
                            break;
                    }

                    return prefix + kind;
                }

                private static ValueTask<int> Value(int v) => new(v);
                private static Task<string> Text(string s) => Task.FromResult(s);
            }
            """, expectedFiles: 1);

        /// <summary>
        /// Issue 19: switch sections that await move after the switch, where the one continuation's dispatch enters them;
        /// their labels' pattern variables (live: <c>d</c>; not live: <c>s</c>) and a local another section uses
        /// (<c>shared</c>) are declared before it.
        /// </summary>
        [Fact]
        public void Awaits_in_switch_sections_with_pattern_variables_and_a_shared_local() => GeneratorTest.Verify("""
            public partial class Sections
            {
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(object o);
                private async Task<int> RunCoreAsync(object o)
                {
                    var total = await Value(1);
                    switch (o)
                    {
                        case int n when n > total:
                            int shared = n;
                            total += shared;
                            break;
                        case string s when s.Length > 0:
                            shared = await Value(s.Length);
                            total += shared;
                            break;
                        case double d:
                            await Task.Yield();
                            return total + (int)d;
                    }

                    return total;
                }

                private static ValueTask<int> Value(int v) => new(v);
            }
            """, expectedFiles: 1);

        [Fact]
        public void Task_returning_body_ending_without_return() => GeneratorTest.Verify("""
            public partial class Worker
            {
                public int Count;
                [FastPath(nameof(WorkCoreAsync))]
                public partial Task WorkAsync(CancellationToken ct);
                private async Task WorkCoreAsync(CancellationToken ct)
                {
                    ct.ThrowIfCancellationRequested();
                    await Task.Delay(1, ct);
                    Count++;
                }

                [FastPath(nameof(ArrowCoreAsync))]
                public partial ValueTask ArrowAsync();
                private async ValueTask ArrowCoreAsync() => await Task.Yield();
            }
            """, expectedFiles: 2);

        [Fact]
        public void Unsupported_awaits_forward_to_the_body() => GeneratorTest.Verify("""
            public partial class Unsupported
            {
                [FastPath(nameof(LoopCoreAsync))]
                public partial ValueTask<int> LoopAsync(int n);
                private async ValueTask<int> LoopCoreAsync(int n)
                {
                    var sum = 0;
                    for (var i = 0; i < n; i++) sum += await Value(i);
                    return sum;
                }

                [FastPath(nameof(AwaitUsingCoreAsync))]
                public partial Task AwaitUsingAsync();
                private async Task AwaitUsingCoreAsync()
                {
                    // A break leaving the scope of an await using keeps it forwarding (a pending jump around an awaiting finally).
                    for (var i = 0; i < 2; i++)
                    {
                        await using var stream = new System.IO.MemoryStream();
                        if (stream.Length == 0) break;
                    }
                }

                [FastPath(nameof(NestedCoreAsync))]
                public partial Task<int> NestedAsync();
                private async Task<int> NestedCoreAsync()
                {
                    // An increment whose index awaits keeps a checked statement forwarding (the increment is in the context).
                    var r = new int[3];
                    checked { r[await Value(2)]++; }
                    return r[2];
                }

                private static ValueTask<int> Value(int v) => new(v);
            }
            """, expectedFiles: 3);

        [Fact]
        public void Custom_awaitable_hands_its_pending_awaiter_to_the_continuation() => GeneratorTest.Verify("""
            using System.Runtime.CompilerServices;
            public readonly struct Signal
            {
                public SignalAwaiter GetAwaiter() => new();
            }
            public readonly struct SignalAwaiter : ICriticalNotifyCompletion
            {
                public bool IsCompleted => true;
                public int GetResult() => 7;
                public void OnCompleted(Action continuation) => continuation();
                public void UnsafeOnCompleted(Action continuation) => continuation();
            }
            public partial class Waiter
            {
                [FastPath(nameof(WaitCoreAsync))]
                public partial ValueTask<int> WaitAsync(int add);
                private async ValueTask<int> WaitCoreAsync(int add)
                {
                    var value = await new Signal();
                    return value + add;
                }
            }
            """, expectedFiles: 1);

        [Fact]
        public void Break_inside_a_nested_block_and_sibling_scopes_reusing_a_name() => GeneratorTest.Verify("""
            public partial class Scopes
            {
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<string> RunAsync(int v);
                private async Task<string> RunCoreAsync(int v)
                {
                    var trail = "";
                    switch (v)
                    {
                        case 0:
                            if (v == 0)
                            {
                                var t = v + 1;
                                await Task.Yield();
                                trail += t;
                                break;
                            }

                            trail += "unreached";
                            break;
                        default:
                            {
                                var t = v + 2;
                                trail += t;
                            }
                            break;
                    }

                    return trail;
                }
            }
            """, expectedFiles: 1);

        [Fact]
        public void Usage_error_gets_a_throwing_stub_so_the_diagnostic_is_what_the_user_sees() => GeneratorTest.Verify("""
            public partial class Misused
            {
                [FastPath("Missing")]
                public partial ValueTask<int> GetAsync();
            }
            """, expectedFiles: 1);
    }
}
