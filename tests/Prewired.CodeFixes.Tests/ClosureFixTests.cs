using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CodeFixes;
using Prewired.Analyzers;
using Prewired.CodeFixes.Tests.Harness;
using Xunit;

namespace Prewired.CodeFixes.Tests
{
    /// <summary>
    /// PW0401's fix: the capturing local function becomes static and takes its captures as parameters. Each fixed source
    /// is compared exactly and must build with no warning and no PW0401 left (the harness checks every diagnostic after
    /// the fix). A brace diagnostic is marked <c>{|PW0401:{|}</c>; PW0402 where the method is not a fast path (the same fix).
    /// </summary>
    public sealed class ClosureFixTests
    {
        private const string Usings = "using System;\nusing System.Collections.Generic;\nusing System.Threading.Tasks;\n\n";

        /// <summary>The seed blog's method: a parameter, a local and 'this' (as 'self', its members called on it).</summary>
        [Fact]
        public Task Blog_method_passes_this_a_parameter_and_a_local() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Usings + """
                public sealed class StockPrices
                {
                    private readonly Dictionary<string, decimal> _prices = new() { ["MSFT"] = 42m };

                    private Task InitializeMapIfNeededAsync() => Task.CompletedTask;

                    private decimal DoGetPriceFromCache(string companyId) => _prices[companyId];

                    public ValueTask<decimal> GetStockPriceAsync(string companyId)
                    {|PW0401:{|}
                        var task = InitializeMapIfNeededAsync();
                        if (task.IsCompleted)
                        {
                            return new ValueTask<decimal>(DoGetPriceFromCache(companyId));
                        }

                        return DoGetStockPricesForAsync();

                        async ValueTask<decimal> DoGetStockPricesForAsync()
                        {
                            await task;
                            return DoGetPriceFromCache(companyId);
                        }
                    }
                }
                """,
            FixedCode = Usings + """
                public sealed class StockPrices
                {
                    private readonly Dictionary<string, decimal> _prices = new() { ["MSFT"] = 42m };

                    private Task InitializeMapIfNeededAsync() => Task.CompletedTask;

                    private decimal DoGetPriceFromCache(string companyId) => _prices[companyId];

                    public ValueTask<decimal> GetStockPriceAsync(string companyId)
                    {
                        var task = InitializeMapIfNeededAsync();
                        if (task.IsCompleted)
                        {
                            return new ValueTask<decimal>(DoGetPriceFromCache(companyId));
                        }

                        return DoGetStockPricesForAsync(this, companyId, task);

                        static async ValueTask<decimal> DoGetStockPricesForAsync(StockPrices self, string companyId, Task task)
                        {
                            await task;
                            return self.DoGetPriceFromCache(companyId);
                        }
                    }
                }
                """,
            ExpectedTitle = "Make 'DoGetStockPricesForAsync' static and pass its captured variables as parameters",
        }.RunAsync();

        /// <summary>A sync local function that writes a capture takes it by ref; the async one reads by value.</summary>
        [Fact]
        public Task Written_capture_is_passed_by_ref() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Usings + """
                public static class Words
                {
                    public static ValueTask<int> CountAsync(string text)
                    {|PW0401:{|}
                        if (text.Length == 0) return new ValueTask<int>(0);
                        int count = 0;
                        Count();
                        return count > 0 ? new ValueTask<int>(count) : SlowAsync();

                        void Count()
                        {
                            foreach (var c in text) if (c == ' ') count++;
                        }

                        async ValueTask<int> SlowAsync()
                        {
                            await Task.Yield();
                            return text.Length;
                        }
                    }
                }
                """,
            FixedCode = Usings + """
                public static class Words
                {
                    public static ValueTask<int> CountAsync(string text)
                    {
                        if (text.Length == 0) return new ValueTask<int>(0);
                        int count = 0;
                        Count(text, ref count);
                        return count > 0 ? new ValueTask<int>(count) : SlowAsync(text);

                        static void Count(string text, ref int count)
                        {
                            foreach (var c in text) if (c == ' ') count++;
                        }

                        static async ValueTask<int> SlowAsync(string text)
                        {
                            await Task.Yield();
                            return text.Length;
                        }
                    }
                }
                """,
            ExpectedTitle = "Make 'Count' and 'SlowAsync' static and pass their captured variables as parameters",
        }.RunAsync();

        /// <summary>Parameters of the method, after the function's own; every call passes them.</summary>
        [Fact]
        public Task Every_call_site_passes_the_captures_after_its_own_arguments() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Usings + """
                public static class Loader
                {
                    public static Task<int> GetAsync(int id, string name, bool retry)
                    {|PW0401:{|}
                        if (id < 0) return Task.FromResult(0);
                        if (retry) return LoadAsync(1);
                        return LoadAsync(attempt: 2);

                        async Task<int> LoadAsync(int attempt)
                        {
                            await Task.Yield();
                            return id * attempt + name.Length;
                        }
                    }
                }
                """,
            FixedCode = Usings + """
                public static class Loader
                {
                    public static Task<int> GetAsync(int id, string name, bool retry)
                    {
                        if (id < 0) return Task.FromResult(0);
                        if (retry) return LoadAsync(1, id, name);
                        return LoadAsync(attempt: 2, id: id, name: name);

                        static async Task<int> LoadAsync(int attempt, int id, string name)
                        {
                            await Task.Yield();
                            return id * attempt + name.Length;
                        }
                    }
                }
                """,
        }.RunAsync();

        /// <summary>A struct changed through a method that is not readonly is written: it goes by ref, or the change would land on a copy.</summary>
        [Fact]
        public Task Struct_mutated_through_a_method_is_passed_by_ref() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Usings + """
                public struct Tally
                {
                    public int Count;

                    public void Bump() => Count++;
                }

                public static class Counter
                {
                    public static Task<int> CountAsync(int start)
                    {|PW0401:{|}
                        if (start == 0) return Task.FromResult(0);
                        var tally = new Tally();
                        Touch();
                        return tally.Count > 1 ? Task.FromResult(tally.Count) : SlowAsync();

                        void Touch() => tally.Bump();

                        async Task<int> SlowAsync()
                        {
                            await Task.Yield();
                            return start;
                        }
                    }
                }
                """,
            FixedCode = Usings + """
                public struct Tally
                {
                    public int Count;

                    public void Bump() => Count++;
                }

                public static class Counter
                {
                    public static Task<int> CountAsync(int start)
                    {
                        if (start == 0) return Task.FromResult(0);
                        var tally = new Tally();
                        Touch(ref tally);
                        return tally.Count > 1 ? Task.FromResult(tally.Count) : SlowAsync(start);

                        static void Touch(ref Tally tally) => tally.Bump();

                        static async Task<int> SlowAsync(int start)
                        {
                            await Task.Yield();
                            return start;
                        }
                    }
                }
                """,
        }.RunAsync();

        /// <summary>
        /// A using variable is read-only: a struct method called on it changes a copy. As a parameter the call would
        /// change the parameter, and a read-only variable cannot be passed by ref (CS1657): no fix.
        /// </summary>
        [Fact]
        public Task Read_only_variable_mutated_through_a_method_is_not_offered() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Usings + """
                public struct Depth : IDisposable
                {
                    public int Count;

                    public void Enter() => Count++;

                    public void Dispose()
                    {
                    }
                }

                public static class Runner
                {
                    public static Task<int> RunAsync(int id)
                    {|PW0401:{|}
                        using var depth = new Depth();
                        if (id == 0) return Task.FromResult(0);
                        Enter();
                        return SlowAsync();

                        void Enter() => depth.Enter();

                        async Task<int> SlowAsync()
                        {
                            await Task.Yield();
                            return id;
                        }
                    }
                }
                """,
            ExpectNoFix = true,
        }.RunAsync();

        /// <summary>An async local function cannot take a ref parameter: one that writes a capture has no fix.</summary>
        [Fact]
        public Task Async_function_writing_a_capture_is_not_offered() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Usings + """
                public static class Counter
                {
                    public static Task<int> NextAsync(int start)
                    {|PW0401:{|}
                        if (start < 0) return Task.FromResult(0);
                        return StepAsync();

                        async Task<int> StepAsync()
                        {
                            await Task.Yield();
                            start++;
                            return start;
                        }
                    }
                }
                """,
            ExpectNoFix = true,
        }.RunAsync();

        /// <summary>An async local function reading a variable the method assigns after the call would see the new value; a copy would not.</summary>
        [Fact]
        public Task Async_function_reading_a_capture_assigned_after_the_call_is_not_offered() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Usings + """
                public static class Counter
                {
                    public static Task<int> NextAsync(int start)
                    {|PW0402:{|}
                        if (start < 0) return Task.FromResult(0);
                        var task = StepAsync();
                        start = 10;
                        return task;

                        async Task<int> StepAsync()
                        {
                            await Task.Yield();
                            return start;
                        }
                    }
                }
                """,
            ExpectNoFix = true,
        }.RunAsync();

        /// <summary>'this.' becomes 'self.', members reached through an implicit 'this' are called on 'self'.</summary>
        [Fact]
        public Task This_becomes_a_self_parameter() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Usings + """
                public class Cache
                {
                    private readonly Dictionary<int, string> _items = new();
                    private int _misses;

                    public event Action? Missed;

                    private Task<string> FetchAsync(int id) => Task.FromResult(id.ToString());

                    public ValueTask<string> GetAsync(int id)
                    {|PW0401:{|}
                        if (_items.TryGetValue(id, out var hit)) return new ValueTask<string>(hit);
                        return MissAsync();

                        async ValueTask<string> MissAsync()
                        {
                            this._misses++;
                            Missed?.Invoke();
                            var value = await FetchAsync(id);
                            _items[id] = value;
                            return value;
                        }
                    }
                }
                """,
            FixedCode = Usings + """
                public class Cache
                {
                    private readonly Dictionary<int, string> _items = new();
                    private int _misses;

                    public event Action? Missed;

                    private Task<string> FetchAsync(int id) => Task.FromResult(id.ToString());

                    public ValueTask<string> GetAsync(int id)
                    {
                        if (_items.TryGetValue(id, out var hit)) return new ValueTask<string>(hit);
                        return MissAsync(this, id);

                        static async ValueTask<string> MissAsync(Cache self, int id)
                        {
                            self._misses++;
                            self.Missed?.Invoke();
                            var value = await self.FetchAsync(id);
                            self._items[id] = value;
                            return value;
                        }
                    }
                }
                """,
        }.RunAsync();

        /// <summary>'base.' cannot be reached from a static function: no fix.</summary>
        [Fact]
        public Task Base_access_is_not_offered() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Usings + """
                public class Store
                {
                    protected virtual Task<int> LoadAsync(int id) => Task.FromResult(id);
                }

                public class CachedStore : Store
                {
                    protected override Task<int> LoadAsync(int id)
                    {|PW0401:{|}
                        if (id == 0) return Task.FromResult(0);
                        return SlowAsync();

                        async Task<int> SlowAsync() => await base.LoadAsync(id) + 1;
                    }
                }
                """,
            ExpectNoFix = true,
        }.RunAsync();

        /// <summary>A local function converted to a delegate keeps its signature: no fix.</summary>
        [Fact]
        public Task Delegate_use_is_not_offered() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Usings + """
                public static class Runner
                {
                    public static Task<int> RunAsync(int id)
                    {|PW0402:{|}
                        if (id == 0) return Task.FromResult(0);
                        return Task.Run(Work);

                        int Work() => id * 2;
                    }
                }
                """,
            ExpectNoFix = true,
        }.RunAsync();

        /// <summary>A lambda among the capturing functions: making a lambda static changes nothing it captures, no fix.</summary>
        [Fact]
        public Task Lambda_is_not_offered() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Usings + """
                public static class Runner
                {
                    public static Task<int> RunAsync(int id)
                    {|PW0402:{|}
                        if (id == 0) return Task.FromResult(0);
                        return Task.Run(() => id * 2);
                    }
                }
                """,
            ExpectNoFix = true,
        }.RunAsync();

        [Fact]
        public Task Generic_local_function() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Usings + """
                public static class Wrapper
                {
                    public static Task<T> WrapAsync<T>(T value, int delay)
                    {|PW0401:{|}
                        if (delay == 0) return Task.FromResult(value);
                        return DelayAsync<T>(value);

                        async Task<TResult> DelayAsync<TResult>(TResult result)
                        {
                            await Task.Delay(delay);
                            return result;
                        }
                    }
                }
                """,
            FixedCode = Usings + """
                public static class Wrapper
                {
                    public static Task<T> WrapAsync<T>(T value, int delay)
                    {
                        if (delay == 0) return Task.FromResult(value);
                        return DelayAsync<T>(value, delay);

                        static async Task<TResult> DelayAsync<TResult>(TResult result, int delay)
                        {
                            await Task.Delay(delay);
                            return result;
                        }
                    }
                }
                """,
        }.RunAsync();

        [Fact]
        public Task Expression_bodied_local_function_with_an_attribute() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Usings + """
                public static class Doubler
                {
                    public static Task<int> DoubleAsync(int value)
                    {|PW0401:{|}
                        if (value == 0) return Task.FromResult(0);
                        return SlowAsync();

                        [System.Diagnostics.DebuggerStepThrough]
                        async Task<int> SlowAsync() => await Task.FromResult(value * 2);
                    }
                }
                """,
            FixedCode = Usings + """
                public static class Doubler
                {
                    public static Task<int> DoubleAsync(int value)
                    {
                        if (value == 0) return Task.FromResult(0);
                        return SlowAsync(value);

                        [System.Diagnostics.DebuggerStepThrough]
                        static async Task<int> SlowAsync(int value) => await Task.FromResult(value * 2);
                    }
                }
                """,
        }.RunAsync();

        /// <summary>Captures go before optional and params parameters, which C# requires last (and before their arguments).</summary>
        [Fact]
        public Task Captures_go_before_optional_and_params_parameters() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Usings + """
                public static class Joiner
                {
                    public static Task<string> JoinAsync(string separator, bool empty)
                    {|PW0401:{|}
                        if (empty) return Task.FromResult("");
                        return empty ? SlowAsync(1) : SlowAsync(2, "?", "a", "b");

                        async Task<string> SlowAsync(int times, string suffix = "!", params string[] parts)
                        {
                            await Task.Yield();
                            return string.Join(separator, parts) + times + suffix;
                        }
                    }
                }
                """,
            FixedCode = Usings + """
                public static class Joiner
                {
                    public static Task<string> JoinAsync(string separator, bool empty)
                    {
                        if (empty) return Task.FromResult("");
                        return empty ? SlowAsync(1, separator) : SlowAsync(2, separator, "?", "a", "b");

                        static async Task<string> SlowAsync(int times, string separator, string suffix = "!", params string[] parts)
                        {
                            await Task.Yield();
                            return string.Join(separator, parts) + times + suffix;
                        }
                    }
                }
                """,
        }.RunAsync();

        /// <summary>
        /// A local function nested in the converted one keeps capturing, now the converted one's parameters (its closure
        /// is created on the slow path); its 'this' becomes the outer function's 'self' too.
        /// </summary>
        [Fact]
        public Task Nested_local_function_uses_the_new_parameters() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Usings + """
                public class Scale
                {
                    private readonly int _factor = 3;

                    public Task<int> ApplyAsync(int value)
                    {|PW0401:{|}
                        if (value == 0) return Task.FromResult(0);
                        return SlowAsync();

                        async Task<int> SlowAsync()
                        {
                            await Task.Yield();
                            return Times() + _factor;

                            int Times() => value * this._factor;
                        }
                    }
                }
                """,
            FixedCode = Usings + """
                public class Scale
                {
                    private readonly int _factor = 3;

                    public Task<int> ApplyAsync(int value)
                    {
                        if (value == 0) return Task.FromResult(0);
                        return SlowAsync(this, value);

                        static async Task<int> SlowAsync(Scale self, int value)
                        {
                            await Task.Yield();
                            return Times() + self._factor;

                            int Times() => value * self._factor;
                        }
                    }
                }
                """,
        }.RunAsync();

        /// <summary>A parameter named 'self' already: the one for 'this' is 'self2'.</summary>
        [Fact]
        public Task Self_is_renamed_when_taken() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Usings + """
                public class Node
                {
                    private int _depth = 1;

                    public Task<int> DepthAsync(int extra)
                    {|PW0401:{|}
                        if (extra < 0) return Task.FromResult(0);
                        return SlowAsync(this);

                        async Task<int> SlowAsync(Node self)
                        {
                            await Task.Yield();
                            return self._depth + _depth + extra;
                        }
                    }
                }
                """,
            FixedCode = Usings + """
                public class Node
                {
                    private int _depth = 1;

                    public Task<int> DepthAsync(int extra)
                    {
                        if (extra < 0) return Task.FromResult(0);
                        return SlowAsync(this, this, extra);

                        static async Task<int> SlowAsync(Node self, Node self2, int extra)
                        {
                            await Task.Yield();
                            return self._depth + self2._depth + extra;
                        }
                    }
                }
                """,
        }.RunAsync();

        /// <summary>A local of the function with a captured variable's name: the parameter could not keep the name.</summary>
        [Fact]
        public Task Name_clash_is_not_offered() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Usings + """
                public static class Shadow
                {
                    public static Task<int> GetAsync(int id)
                    {|PW0401:{|}
                        if (id == 0) return Task.FromResult(0);
                        return SlowAsync();

                        async Task<int> SlowAsync()
                        {
                            await Task.Yield();
                            Func<int, int> twice = id => id * 2;
                            return twice(id);
                        }
                    }
                }
                """,
            ExpectNoFix = true,
        }.RunAsync();

        /// <summary>
        /// The function named captures; the async one calling it would then capture what the call passes: both become
        /// static (a static function may not call one that is not).
        /// </summary>
        [Fact]
        public Task Caller_and_callee_are_converted_together() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Usings + """
                public static class Doubler
                {
                    public static Task<int> GetAsync(int id)
                    {|PW0401:{|}
                        if (id == 0) return Task.FromResult(0);
                        return SlowAsync();

                        async Task<int> SlowAsync()
                        {
                            await Task.Yield();
                            return Twice();
                        }

                        int Twice() => id * 2;
                    }
                }
                """,
            FixedCode = Usings + """
                public static class Doubler
                {
                    public static Task<int> GetAsync(int id)
                    {
                        if (id == 0) return Task.FromResult(0);
                        return SlowAsync(id);

                        static async Task<int> SlowAsync(int id)
                        {
                            await Task.Yield();
                            return Twice(id);
                        }

                        static int Twice(int id) => id * 2;
                    }
                }
                """,
            ExpectedTitle = "Make 'SlowAsync' and 'Twice' static and pass their captured variables as parameters",
        }.RunAsync();

        /// <summary>A capture the function assigns before reading is not definitely assigned at the call: 'ref' would not compile.</summary>
        [Fact]
        public Task Written_capture_unassigned_at_a_call_is_not_offered() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Usings + """
                public static class Parser
                {
                    public static ValueTask<int> ParseAsync(string text)
                    {|PW0401:{|}
                        int result;
                        if (text.Length == 0) return new ValueTask<int>(0);
                        Parse();
                        return result > 1 ? new ValueTask<int>(result) : SlowAsync();

                        void Parse() => result = text.Length;

                        async ValueTask<int> SlowAsync()
                        {
                            await Task.Yield();
                            return text.Length;
                        }
                    }
                }
                """,
            ExpectNoFix = true,
        }.RunAsync();

        /// <summary>
        /// Fix All over a document: every fixable scope is fixed; a local function two scopes report (a parameter and a
        /// loop variable) is converted once; the lambda's report stays.
        /// </summary>
        [Fact]
        public Task Fix_All_in_a_document() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Usings + """
                public class Reports
                {
                    private readonly string _title = "report";

                    public Task<string> TitleAsync(int id)
                    {|PW0401:{|}
                        if (id == 0) return Task.FromResult(_title);
                        return SlowAsync();

                        async Task<string> SlowAsync()
                        {
                            await Task.Yield();
                            return _title + id;
                        }
                    }

                    public static Task<int> FirstNegativeAsync(int[] items, int factor)
                    {|PW0401:{|}
                        {|PW0401:foreach|} (var item in items)
                        {
                            if (item < 0) return ScaleAsync();

                            async Task<int> ScaleAsync()
                            {
                                await Task.Yield();
                                return item * factor;
                            }
                        }

                        return Task.FromResult(0);
                    }

                    public static Task<int> RunAsync(int id)
                    {|PW0402:{|}
                        if (id == 0) return Task.FromResult(0);
                        return Task.Run(() => id * 2);
                    }
                }
                """,
            FixedCode = Usings + """
                public class Reports
                {
                    private readonly string _title = "report";

                    public Task<string> TitleAsync(int id)
                    {
                        if (id == 0) return Task.FromResult(_title);
                        return SlowAsync(this, id);

                        static async Task<string> SlowAsync(Reports self, int id)
                        {
                            await Task.Yield();
                            return self._title + id;
                        }
                    }

                    public static Task<int> FirstNegativeAsync(int[] items, int factor)
                    {
                        foreach (var item in items)
                        {
                            if (item < 0) return ScaleAsync(factor, item);

                            static async Task<int> ScaleAsync(int factor, int item)
                            {
                                await Task.Yield();
                                return item * factor;
                            }
                        }

                        return Task.FromResult(0);
                    }

                    public static Task<int> RunAsync(int id)
                    {|PW0402:{|}
                        if (id == 0) return Task.FromResult(0);
                        return Task.Run(() => id * 2);
                    }
                }
                """,
            CodeActionEquivalenceKey = ClosureCodeFixProvider.Key,
            FixAllScope = FixAllScope.Document,
        }.RunAsync();

        /// <summary>Fix All across the solution's documents (project and solution scopes share the per-document pass).</summary>
        [Fact]
        public Task Fix_All_in_the_solution() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            Sources =
            {
                Usings + """
                public static class First
                {
                    public static Task<int> GetAsync(int id)
                    {|PW0401:{|}
                        if (id == 0) return Task.FromResult(0);
                        return SlowAsync();

                        async Task<int> SlowAsync() => await Task.FromResult(id);
                    }
                }
                """,
                Usings + """
                public static class Second
                {
                    public static Task<int> GetAsync(int id)
                    {|PW0401:{|}
                        if (id == 0) return Task.FromResult(0);
                        return SlowAsync();

                        async Task<int> SlowAsync() => await Task.FromResult(id);
                    }
                }
                """,
            },
            FixedSources =
            {
                Usings + """
                public static class First
                {
                    public static Task<int> GetAsync(int id)
                    {
                        if (id == 0) return Task.FromResult(0);
                        return SlowAsync(id);

                        static async Task<int> SlowAsync(int id) => await Task.FromResult(id);
                    }
                }
                """,
                Usings + """
                public static class Second
                {
                    public static Task<int> GetAsync(int id)
                    {
                        if (id == 0) return Task.FromResult(0);
                        return SlowAsync(id);

                        static async Task<int> SlowAsync(int id) => await Task.FromResult(id);
                    }
                }
                """,
            },
            CodeActionEquivalenceKey = ClosureCodeFixProvider.Key,
            FixAllScope = FixAllScope.Solution,
        }.RunAsync();
    }
}
