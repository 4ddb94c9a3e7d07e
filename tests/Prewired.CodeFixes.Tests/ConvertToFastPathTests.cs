using System.Threading.Tasks;
using Prewired.Analyzers;
using Prewired.CodeFixes.Tests.Harness;
using Xunit;

namespace Prewired.CodeFixes.Tests
{
    /// <summary>PW0202's fix: the [FastPath] partial shape, with the same rules for names, types, usings and trivia as PW0102's.</summary>
    public sealed class ConvertToFastPathTests
    {
        [Fact]
        public Task ValueTask_of_T_with_awaits_whose_results_are_used() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System.Collections.Generic;
                using System.Threading.Tasks;

                namespace Shop
                {
                    public class StockPrices
                    {
                        private Dictionary<string, decimal>? _cache;

                        /// <summary>The price of <paramref name="company"/>.</summary>
                        /// <param name="company">The ticker.</param>
                        public async ValueTask<decimal> {|PW0202:GetPriceAsync|}(string company)
                        {
                            if (_cache is null) await LoadAsync();
                            return _cache![company];
                        }

                        private async Task LoadAsync()
                        {
                            await Task.Delay(1);
                            _cache = new() { ["MSFT"] = 421.5m };
                        }
                    }
                }
                """,
            FixedCode = """
                using System.Collections.Generic;
                using System.Threading.Tasks;
                using Prewired;

                namespace Shop
                {
                    public partial class StockPrices
                    {
                        private Dictionary<string, decimal>? _cache;

                        /// <summary>The price of <paramref name="company"/>.</summary>
                        /// <param name="company">The ticker.</param>
                        [FastPath(nameof(GetPriceCoreAsync))]
                        public partial ValueTask<decimal> GetPriceAsync(string company);

                        private async ValueTask<decimal> GetPriceCoreAsync(string company)
                        {
                            if (_cache is null) await LoadAsync();
                            return _cache![company];
                        }

                        private async Task LoadAsync()
                        {
                            await Task.Delay(1);
                            _cache = new() { ["MSFT"] = 421.5m };
                        }
                    }
                }
                """,
        }.RunAsync();

        /// <summary>
        /// The body, a private instance method, goes after the private static methods that follow the declaration (StyleCop's
        /// SA1204 order: static before instance; Polly's TimeoutResilienceStrategy was a hand edit), and stops at the first
        /// member that is not one: here the private instance method, which keeps its place after the body.
        /// </summary>
        [Fact]
        public Task Instance_body_goes_after_the_private_static_methods_that_follow() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System.Threading.Tasks;

                public class Strategy
                {
                    private int _hits;

                    protected async ValueTask<int> {|PW0202:ExecuteAsync|}(int id)
                    {
                        var value = await LoadAsync(id);
                        return Twice(value) + _hits;
                    }

                    private static int Twice(int value) => value * 2;

                    private static ValueTask<int> LoadAsync(int id) => new(id);

                    private void Count() => _hits++;
                }
                """,
            FixedCode = """
                using System.Threading.Tasks;
                using Prewired;

                public partial class Strategy
                {
                    private int _hits;

                    [FastPath(nameof(ExecuteCoreAsync))]
                    protected partial ValueTask<int> ExecuteAsync(int id);

                    private static int Twice(int value) => value * 2;

                    private static ValueTask<int> LoadAsync(int id) => new(id);

                    private async ValueTask<int> ExecuteCoreAsync(int id)
                    {
                        var value = await LoadAsync(id);
                        return Twice(value) + _hits;
                    }

                    private void Count() => _hits++;
                }
                """,
        }.RunAsync();

        /// <summary>A static method's body is static itself: it stays right after its declaration, before the other statics.</summary>
        [Fact]
        public Task Static_body_stays_right_after_its_declaration() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System.Threading.Tasks;

                public class Strategy
                {
                    public static async ValueTask<int> {|PW0202:ExecuteAsync|}(int id)
                    {
                        var value = await LoadAsync(id);
                        return value * 2;
                    }

                    private static ValueTask<int> LoadAsync(int id) => new(id);
                }
                """,
            FixedCode = """
                using System.Threading.Tasks;
                using Prewired;

                public partial class Strategy
                {
                    [FastPath(nameof(ExecuteCoreAsync))]
                    public static partial ValueTask<int> ExecuteAsync(int id);

                    private static async ValueTask<int> ExecuteCoreAsync(int id)
                    {
                        var value = await LoadAsync(id);
                        return value * 2;
                    }

                    private static ValueTask<int> LoadAsync(int id) => new(id);
                }
                """,
        }.RunAsync();

        /// <summary>A generic method: the partial declaration and the body keep the type parameters and the constraints.</summary>
        [Fact]
        public Task Generic_method_with_constraints() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System.Collections.Generic;
                using System.Threading.Tasks;

                public class Repository
                {
                    private readonly Dictionary<int, object> _items = new();

                    public async ValueTask<T?> {|PW0202:FindAsync|}<T>(int id)
                        where T : class
                    {
                        await Task.Yield();
                        return _items.TryGetValue(id, out var item) ? item as T : null;
                    }
                }
                """,
            FixedCode = """
                using System.Collections.Generic;
                using System.Threading.Tasks;
                using Prewired;

                public partial class Repository
                {
                    private readonly Dictionary<int, object> _items = new();

                    [FastPath(nameof(FindCoreAsync))]
                    public partial ValueTask<T?> FindAsync<T>(int id)
                        where T : class;

                    private async ValueTask<T?> FindCoreAsync<T>(int id)
                        where T : class
                    {
                        await Task.Yield();
                        return _items.TryGetValue(id, out var item) ? item as T : null;
                    }
                }
                """,
        }.RunAsync();

        [Fact]
        public Task ValueTask_with_code_after_the_await_and_a_default_parameter() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System;
                using System.Threading;
                using System.Threading.Tasks;
                using Prewired;

                public sealed partial class Audit
                {
                    public int Count { get; private set; }

                    internal async ValueTask {|PW0202:RecordAsync|}(string entry, CancellationToken cancellationToken = default)
                    {
                        ArgumentNullException.ThrowIfNull(entry);
                        await Task.Delay(0, cancellationToken);
                        Count++;
                    }
                }
                """,
            FixedCode = """
                using System;
                using System.Threading;
                using System.Threading.Tasks;
                using Prewired;

                public sealed partial class Audit
                {
                    public int Count { get; private set; }

                    [FastPath(nameof(RecordCoreAsync))]
                    internal partial ValueTask RecordAsync(string entry, CancellationToken cancellationToken = default);

                    private async ValueTask RecordCoreAsync(string entry, CancellationToken cancellationToken = default)
                    {
                        ArgumentNullException.ThrowIfNull(entry);
                        await Task.Delay(0, cancellationToken);
                        Count++;
                    }
                }
                """,
        }.RunAsync();

        /// <summary>
        /// A suppression on the method covers its body, which moves: the body method gets a copy of each [SuppressMessage]
        /// (the declaration keeps them). Refit's <c>ApiException.Create</c> suppresses VSTHRD200 (no "Async" suffix) for its
        /// public name; without the copy its body <c>CreateCore</c> broke the same rule, a new warning in refit's build.
        /// </summary>
        [Fact]
        public Task Suppressions_are_copied_to_the_body() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System.Diagnostics;
                using System.Diagnostics.CodeAnalysis;
                using System.Threading.Tasks;

                public class Reader
                {
                    /// <summary>Reads.</summary>
                    [SuppressMessage("Usage", "VSTHRD200:Use \"Async\" suffix for async methods", Justification = "Public name.")]
                    [DebuggerStepThrough, SuppressMessage("Design", "CA1031")]
                    public static async ValueTask<int> {|PW0202:Read|}(int id)
                    {
                        var value = await Task.FromResult(id);
                        return value;
                    }
                }
                """,
            FixedCode = """
                using System.Diagnostics;
                using System.Diagnostics.CodeAnalysis;
                using System.Threading.Tasks;
                using Prewired;

                public partial class Reader
                {
                    /// <summary>Reads.</summary>
                    [SuppressMessage("Usage", "VSTHRD200:Use \"Async\" suffix for async methods", Justification = "Public name.")]
                    [DebuggerStepThrough, SuppressMessage("Design", "CA1031")]
                    [FastPath(nameof(ReadCore))]
                    public static partial ValueTask<int> Read(int id);

                    [SuppressMessage("Usage", "VSTHRD200:Use \"Async\" suffix for async methods", Justification = "Public name.")]
                    [SuppressMessage("Design", "CA1031")]
                    private static async ValueTask<int> ReadCore(int id)
                    {
                        var value = await Task.FromResult(id);
                        return value;
                    }
                }
                """,
        }.RunAsync();

        /// <summary>[AsyncMethodBuilder] configures the state machine: it stays on the body, every other attribute moves to the declaration.</summary>
        [Fact]
        public Task AsyncMethodBuilder_stays_on_the_body() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System.Diagnostics;
                using System.Runtime.CompilerServices;
                using System.Threading.Tasks;

                public class Counter
                {
                    private int _count;

                    /// <summary>Adds.</summary>
                    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
                    [DebuggerStepThrough]
                    public async ValueTask<int> {|PW0202:AddAsync|}(int value)
                    {
                        var delta = await Task.FromResult(value);
                        _count += delta;
                        return _count;
                    }
                }
                """,
            FixedCode = """
                using System.Diagnostics;
                using System.Runtime.CompilerServices;
                using System.Threading.Tasks;
                using Prewired;

                public partial class Counter
                {
                    private int _count;

                    /// <summary>Adds.</summary>
                    [DebuggerStepThrough]
                    [FastPath(nameof(AddCoreAsync))]
                    public partial ValueTask<int> AddAsync(int value);

                    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
                    private async ValueTask<int> AddCoreAsync(int value)
                    {
                        var delta = await Task.FromResult(value);
                        _count += delta;
                        return _count;
                    }
                }
                """,
        }.RunAsync();

        /// <summary>
        /// With <c>prewired_fastpath_candidates = all</c> a Task method converts too (the same shape; [FastPath] takes Task
        /// returns); without it, the same source has nothing to fix.
        /// </summary>
        [Theory]
        [InlineData(true)]
        [InlineData(false)]
        public Task Task_methods_with_the_option_all(bool optionOn)
        {
            const string before = """
                using System.Threading.Tasks;

                public class Cache
                {
                    private int? _value;

                    public async Task<int> {|PW0202:GetAsync|}(int id)
                    {
                        if (_value is null) _value = await Task.FromResult(id);
                        return _value.Value + 1;
                    }

                    public async Task {|PW0202:WarmAsync|}()
                    {
                        await Task.Yield();
                        _value = 0;
                    }
                }
                """;
            var test = new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
            {
                TestCode = optionOn ? before : before.Replace("{|PW0202:GetAsync|}", "GetAsync").Replace("{|PW0202:WarmAsync|}", "WarmAsync"),
                FixedCode = optionOn ? """
                    using System.Threading.Tasks;
                    using Prewired;

                    public partial class Cache
                    {
                        private int? _value;

                        [FastPath(nameof(GetCoreAsync))]
                        public partial Task<int> GetAsync(int id);

                        private async Task<int> GetCoreAsync(int id)
                        {
                            if (_value is null) _value = await Task.FromResult(id);
                            return _value.Value + 1;
                        }

                        public async Task {|PW0202:WarmAsync|}()
                        {
                            await Task.Yield();
                            _value = 0;
                        }
                    }
                    """ : before.Replace("{|PW0202:GetAsync|}", "GetAsync").Replace("{|PW0202:WarmAsync|}", "WarmAsync"),
            };
            if (optionOn)
            {
                const string editorConfig = "root = true\n\n[*.cs]\nprewired_fastpath_candidates = all\n";
                test.TestState.AnalyzerConfigFiles.Add(("/.editorconfig", editorConfig));
                test.FixedState.AnalyzerConfigFiles.Add(("/.editorconfig", editorConfig));
            }

            return test.RunAsync();
        }
    }
}
