using System.Threading.Tasks;
using Microsoft.CodeAnalysis.Testing;
using Prewired.Tests.Harness;
using Xunit;
using static Prewired.Tests.Analyzers.MarkedMethodVerifier;

namespace Prewired.Tests.Analyzers
{
    /// <summary>PW0101: an await of a [TailAwait] body that is not a tail await, at the await, naming the reason.</summary>
    public sealed class NonTailAwaitTests
    {
        private const string Stored = "its result is stored and used after the await";
        private const string Nested = "it is nested inside a larger expression, which uses its result";
        private const string CodeAfter = "code runs after it; only a 'return await', or an await that is the last thing the method does, is a tail await";
        private const string MustReturn = "the method must still return a value after it";
        private const string InTry = "it is inside a try, catch or finally block";
        private const string InUsing = "it is inside a using statement, whose Dispose runs after it";
        private const string InUsingScope = "it is in the scope of a using declaration, whose Dispose runs after it";
        private const string InForEach = "it is inside a foreach loop, whose enumerator is disposed after it";
        private const string InLoop = "it is inside a loop, which runs again after it";
        private const string AwaitForEach = "'await foreach' awaits MoveNextAsync on every iteration and DisposeAsync at the end";
        private const string AwaitUsing = "'await using' awaits DisposeAsync when its scope ends";
        private const string YieldNotATask = "awaiting 'System.Runtime.CompilerServices.YieldAwaitable' produces no Task or ValueTask to return; only Task, Task<T>, ValueTask and ValueTask<T> can be returned in place of an await";

        /// <summary>The members every source below may use, and the class around them.</summary>
        internal static string InStore(string members) => "public partial class Store\n{\n" + members + """


                private static Task<int> LoadAsync() => Task.FromResult(1);
                private static Task<int> LoadAsync(int id) => Task.FromResult(id);
                private static ValueTask<int> LoadValueAsync() => new(2);
                private static Task StepAsync() => Task.CompletedTask;
                private static Task<bool> FlagAsync() => Task.FromResult(true);
                private static int Combine(int a, int b) => a + b;
                private static async IAsyncEnumerable<int> ItemsAsync() { await Task.Yield(); yield return 1; }
                private static async IAsyncEnumerable<(int Key, int Value)> PairsAsync() { await Task.Yield(); yield return (1, 2); }
                private sealed class Resource : IDisposable, IAsyncDisposable
                {
                    public void Dispose() { }
                    public ValueTask DisposeAsync() => default;
                }
            }

            """;

        private static DiagnosticResult PW0101(int location, string await, string reason) =>
            Diagnostic("PW0101").WithLocation(location).WithArguments(await, reason);

        [Fact]
        public Task Result_stored_in_a_declaration() => VerifyAsync(InStore("""
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync()
                {
                    var x = {|#0:await LoadAsync()|};
                    return x + 1;
                }
            """),
            PW0101(0, "await LoadAsync()", Stored));

        [Fact]
        public Task Result_stored_in_an_assignment() => VerifyAsync(InStore("""
                private int _last;
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync()
                {
                    _last = {|#0:await LoadAsync()|};
                    return _last;
                }
            """),
            PW0101(0, "await LoadAsync()", Stored));

        [Fact]
        public Task Nested_in_a_binary_expression() => VerifyAsync(InStore("""
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync() => 1 + {|#0:await LoadAsync()|};
            """),
            PW0101(0, "await LoadAsync()", Nested));

        [Fact]
        public Task Nested_as_an_argument_and_in_a_condition() => VerifyAsync(InStore("""
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync()
                {
                    if ({|#0:await FlagAsync()|}) return Combine({|#1:await LoadAsync()|}, 2);
                    return await LoadAsync(3);
                }
            """),
            PW0101(0, "await FlagAsync()", Nested),
            PW0101(1, "await LoadAsync()", Nested));

        [Fact]
        public Task Code_runs_after_a_final_looking_await_statement() => VerifyAsync(InStore("""
                [TailAwait(nameof(SaveCoreAsync))]
                public partial Task SaveAsync();
                private async Task SaveCoreAsync()
                {
                    {|#0:await StepAsync()|};
                    Console.WriteLine("saved");
                }
            """),
            PW0101(0, "await StepAsync()", CodeAfter));

        [Fact]
        public Task Code_runs_after_an_await_in_a_branch() => VerifyAsync(InStore("""
                [TailAwait(nameof(SaveCoreAsync))]
                public partial ValueTask SaveAsync(bool flag);
                private async ValueTask SaveCoreAsync(bool flag)
                {
                    if (flag)
                    {
                        {|#0:await StepAsync()|};
                    }

                    await StepAsync();
                }
            """),
            PW0101(0, "await StepAsync()", CodeAfter));

        /// <summary>`await x;` in a Task&lt;T&gt; method: the return that must follow it is code that runs after it.</summary>
        [Fact]
        public Task Await_statement_in_a_method_with_a_result() => VerifyAsync(InStore("""
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync()
                {
                    {|#0:await StepAsync()|};
                    return 1;
                }
            """),
            PW0101(0, "await StepAsync()", CodeAfter));

        /// <summary>The only `await x;` of a Task&lt;T&gt; method with nothing after it is an unreachable one.</summary>
        [Fact]
        public Task Await_statement_with_nothing_after_it_in_a_method_with_a_result() => VerifyAsync(InStore("""
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync()
                {
                    return await LoadAsync();
            #pragma warning disable CS0162
                    {|#0:await StepAsync()|};
                }
            """),
            PW0101(0, "await StepAsync()", MustReturn));

        [Fact]
        public Task Inside_try_catch_and_finally() => VerifyAsync(InStore("""
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync()
                {
                    try
                    {
                        return {|#0:await LoadAsync()|};
                    }
                    catch (InvalidOperationException)
                    {
                        return {|#1:await LoadAsync(1)|};
                    }
                    finally
                    {
                        {|#2:await StepAsync()|};
                    }
                }
            """),
            PW0101(0, "await LoadAsync()", InTry),
            PW0101(1, "await LoadAsync(1)", InTry),
            PW0101(2, "await StepAsync()", InTry));

        [Fact]
        public Task Inside_a_using_statement() => VerifyAsync(InStore("""
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync()
                {
                    using (new Resource())
                    {
                        return {|#0:await LoadAsync()|};
                    }
                }
            """),
            PW0101(0, "await LoadAsync()", InUsing));

        [Fact]
        public Task In_the_scope_of_a_using_declaration() => VerifyAsync(InStore("""
                [TailAwait(nameof(GetCoreAsync))]
                public partial ValueTask<int> GetAsync(bool flag);
                private async ValueTask<int> GetCoreAsync(bool flag)
                {
                    using var resource = new Resource();
                    if (flag) return {|#0:await LoadValueAsync()|};
                    return {|#1:await LoadAsync()|};
                }
            """),
            PW0101(0, "await LoadValueAsync()", InUsingScope),
            PW0101(1, "await LoadAsync()", InUsingScope));

        [Fact]
        public Task Inside_a_foreach_loop() => VerifyAsync(InStore("""
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync(List<int> ids);
                private async Task<int> GetCoreAsync(List<int> ids)
                {
                    foreach (var id in ids)
                    {
                        if (id > 0) return {|#0:await LoadAsync(id)|};
                    }

                    return 0;
                }
            """),
            PW0101(0, "await LoadAsync(id)", InForEach));

        /// <summary>A `return await` leaves a for/while loop (so it is a tail await), but an `await x;` statement does not.</summary>
        [Fact]
        public Task Await_statement_inside_while_and_for_loops() => VerifyAsync(InStore("""
                [TailAwait(nameof(RunCoreAsync))]
                public partial Task RunAsync(int n);
                private async Task RunCoreAsync(int n)
                {
                    while (n-- > 10) {|#0:await StepAsync()|};
                    for (var i = 0; i < n; i++)
                    {
                        {|#1:await StepAsync()|};
                    }
                }
            """),
            PW0101(0, "await StepAsync()", InLoop),
            PW0101(1, "await StepAsync()", InLoop));

        [Fact]
        public Task Task_of_int_awaited_in_a_Task_of_long_method() => VerifyAsync(InStore("""
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<long> GetAsync();
                private async Task<long> GetCoreAsync() => {|#0:await LoadAsync()|};
            """),
            PW0101(0, "await LoadAsync()", "the awaited 'System.Threading.Tasks.Task<int>' cannot be returned as 'Task<long>' without an await converting its result"));

        [Fact]
        public Task ValueTask_of_int_awaited_in_a_ValueTask_of_object_method() => VerifyAsync(InStore("""
                [TailAwait(nameof(GetCoreAsync))]
                public partial ValueTask<object> GetAsync();
                private async ValueTask<object> GetCoreAsync()
                {
                    return {|#0:await LoadValueAsync()|};
                }
            """),
            PW0101(0, "await LoadValueAsync()", "the awaited 'System.Threading.Tasks.ValueTask<int>' cannot be returned as 'ValueTask<object>' without an await converting its result"));

        [Fact]
        public Task Task_Yield_is_not_a_task() => VerifyAsync(InStore("""
                [TailAwait(nameof(RunCoreAsync))]
                public partial Task RunAsync();
                private async Task RunCoreAsync()
                {
                    Console.WriteLine();
                    {|#0:await Task.Yield()|};
                }
            """),
            PW0101(0, "await Task.Yield()", YieldNotATask));

        [Fact]
        public Task ConfigureAwait_SuppressThrowing() => VerifyAsync(InStore("""
                [TailAwait(nameof(RunCoreAsync))]
                public partial Task RunAsync();
                private async Task RunCoreAsync() => {|#0:await StepAsync().ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing)|};
            """),
            PW0101(0, "await StepAsync().ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing)",
                "'ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing)' changes what the await does (suppressing exceptions or forcing a yield), so it cannot be dropped"));

        [Fact]
        public Task ConfigureAwait_ForceYielding_and_a_non_constant_option() => VerifyAsync(InStore("""
                [TailAwait(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(ConfigureAwaitOptions options);
                private async Task<int> RunCoreAsync(ConfigureAwaitOptions options)
                {
                    if (options == ConfigureAwaitOptions.None) return {|#0:await LoadAsync().ConfigureAwait(ConfigureAwaitOptions.ForceYielding)|};
                    return {|#1:await LoadAsync().ConfigureAwait(options)|};
                }
            """),
            PW0101(0, "await LoadAsync().ConfigureAwait(ConfigureAwaitOptions.ForceYielding)",
                "'ConfigureAwait(ConfigureAwaitOptions.ForceYielding)' changes what the await does (suppressing exceptions or forcing a yield), so it cannot be dropped"),
            PW0101(1, "await LoadAsync().ConfigureAwait(options)",
                "'ConfigureAwait(options)' changes what the await does (suppressing exceptions or forcing a yield), so it cannot be dropped"));

        [Fact]
        public Task Await_foreach_at_its_await_keyword() => VerifyAsync(InStore("""
                [TailAwait(nameof(RunCoreAsync))]
                public partial Task RunAsync();
                private async Task RunCoreAsync()
                {
                    {|#0:await|} foreach (var item in ItemsAsync())
                    {
                        Console.WriteLine(item);
                    }
                }
            """),
            PW0101(0, "await foreach", AwaitForEach));

        /// <summary>The deconstructing form of await foreach is still an 'await foreach', and must be called so.</summary>
        [Fact]
        public Task Await_foreach_with_deconstruction_is_named_await_foreach() => VerifyAsync(InStore("""
                [TailAwait(nameof(RunCoreAsync))]
                public partial Task RunAsync();
                private async Task RunCoreAsync()
                {
                    {|#0:await|} foreach (var (key, value) in PairsAsync())
                    {
                        Console.WriteLine(key + value);
                    }
                }
            """),
            PW0101(0, "await foreach", AwaitForEach));

        [Fact]
        public Task Await_using_statement_and_its_scope() => VerifyAsync(InStore("""
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync()
                {
                    {|#0:await|} using (new Resource())
                    {
                        return {|#1:await LoadAsync()|};
                    }
                }
            """),
            PW0101(0, "await using", AwaitUsing),
            PW0101(1, "await LoadAsync()", InUsing));

        [Fact]
        public Task Await_using_declaration_and_its_scope() => VerifyAsync(InStore("""
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync()
                {
                    {|#0:await|} using var resource = new Resource();
                    return {|#1:await LoadAsync()|};
                }
            """),
            PW0101(0, "await using", AwaitUsing),
            PW0101(1, "await LoadAsync()", InUsingScope));

        [Fact]
        public Task Every_non_tail_await_is_reported_and_tail_awaits_are_not() => VerifyAsync(InStore("""
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync(int id);
                private async Task<int> GetCoreAsync(int id)
                {
                    if (id == 0) return await LoadAsync();
                    var a = {|#0:await LoadAsync(id)|};
                    {|#1:await StepAsync()|};
                    return await LoadAsync(a);
                }
            """),
            PW0101(0, "await LoadAsync(id)", Stored),
            PW0101(1, "await StepAsync()", CodeAfter));

        /// <summary>Long awaits are shortened to 80 characters in the message.</summary>
        [Fact]
        public Task Long_await_text_is_shortened() => VerifyAsync(InStore("""
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync()
                {
                    var x = {|#0:await LoadAsync(1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + 14 + 15 + 16 + 17 + 18)|};
                    return x;
                }
            """),
            PW0101(0, "await LoadAsync(1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + 14 + ...", Stored));
    }
}
