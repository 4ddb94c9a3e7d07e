using System.Threading.Tasks;
using Microsoft.CodeAnalysis.Testing;
using Prewired.Tests.Harness;
using Xunit;
using static Prewired.Tests.Analyzers.MarkedMethodVerifier;

namespace Prewired.Tests.Analyzers
{
    /// <summary>PW0201 (warning): an await of a [FastPath] body the generator cannot split yet, or a construct that keeps it from splitting any.</summary>
    public sealed class FastPathNotSplitTests
    {
        private const string InFinallyLeftByJump = "it is inside a finally block of a try that a break or continue leaves, which is not split yet";
        private const string InDeconstructingForEach = "it is inside a foreach that deconstructs its elements into read-only variables: 'tally' is a read-only struct variable there whose members it calls on copies, which an ordinary local would not";
        private const string InMultiDimensionalForEach = "it is inside a foreach over a multi-dimensional array, which is not split yet";
        private const string NullableStructResource = "its resource is dynamic, ref-like or of a nullable value type, which is not written out yet";
        private const string Checked = "it is inside a 'checked' statement";
        private const string CoalesceAssignment = "it is the right side of a ??= whose value is used and that converts with a user-defined or dynamic conversion, which is not spilled";
        private const string LocalFunction = "the body declares a local function that shares a variable with it that is written after its declaration, and a copy of the function in a continuation would use a copy of the variable";

        private static string InStore(string members) => NonTailAwaitTests.InStore(members);

        private static DiagnosticResult PW0201(int location, string what, string reason, string body = "RunCoreAsync") =>
            Warning("PW0201").WithLocation(location).WithArguments(what, reason, body);

        /// <summary>An await in a try block is split (the continuation owns the rest of the try); in a catch or finally it is not yet.</summary>
        [Fact]
        public Task Inside_try_catch_and_finally_is_split() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync();
                private async Task<int> RunCoreAsync()
                {
                    var result = 0;
                    try
                    {
                        result = await LoadAsync();
                    }
                    catch (InvalidOperationException)
                    {
                        await StepAsync();
                    }
                    finally
                    {
                        await StepAsync();
                    }

                    return result;
                }
            """));

        [Fact]
        public Task Finally_of_a_try_that_a_break_leaves() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync();
                private async Task<int> RunCoreAsync()
                {
                    var i = 0;
                    while (true)
                    {
                        try
                        {
                            if (++i == 2) break;
                        }
                        finally
                        {
                            {|#0:await StepAsync()|};
                        }
                    }

                    return i;
                }
            """),
            PW0201(0, "await StepAsync()", InFinallyLeftByJump));

        /// <summary>The recorded return of the inner written-out try waits for the outer finally too (nested await using needs it).</summary>
        [Fact]
        public Task Finally_of_a_try_nested_in_another_whose_finally_awaits_is_split() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task RunAsync();
                private async Task RunCoreAsync()
                {
                    try
                    {
                        try
                        {
                            await StepAsync();
                        }
                        finally
                        {
                            await StepAsync();
                        }
                    }
                    finally
                    {
                        await StepAsync();
                    }
                }
            """));

        [Fact]
        public Task Using_statements_and_using_declarations_are_split() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(bool flag);
                private async Task<int> RunCoreAsync(bool flag)
                {
                    using (var resource = new Resource())
                    {
                        await StepAsync();
                    }

                    using (new Resource()) await StepAsync();
                    if (flag)
                    {
                        using var resource = new Resource();
                        var value = await LoadAsync();
                        return value;
                    }

                    return await LoadAsync(2);
                }
            """));

        /// <summary>
        /// A custom awaitable of the method's own type parameter: the analyzer reports the generator's own forward at the
        /// await (issue 33: the generator used to decide it alone, after PW0202 had offered the conversion).
        /// </summary>
        [Fact]
        public Task A_custom_awaitable_of_the_methods_type_parameter_is_not_split_yet() => VerifyAsync(InStore("""
                [FastPath(nameof(EchoCoreAsync))]
                public partial Task<T> EchoAsync<T>(T v);
                private async Task<T> EchoCoreAsync<T>(T v)
                {
                    T r = {|#0:await new Later<T>(v)|};
                    return r;
                }

                [FastPath(nameof(EchoStringCoreAsync))]
                public partial Task<string> EchoStringAsync(string v);
                private async Task<string> EchoStringCoreAsync(string v)
                {
                    string r = await new Later<string>(v);
                    return r;
                }

                public sealed class Later<T> : System.Runtime.CompilerServices.INotifyCompletion
                {
                    private readonly T _value;
                    public Later(T value) => _value = value;
                    public Later<T> GetAwaiter() => this;
                    public bool IsCompleted => true;
                    public T GetResult() => _value;
                    public void OnCompleted(Action continuation) => continuation();
                }
            """),
            PW0201(0, "await new Later<T>(v)", "it awaits a custom awaitable whose type names the method's own type parameters, which the continuation's pending-awaiter struct cannot name yet", "EchoCoreAsync"));

        /// <summary>A pending Task of an anonymous type: its type cannot be written as the continuation's parameter.</summary>
        [Fact]
        public Task An_awaitable_of_a_type_CSharp_cannot_write_is_not_split() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial ValueTask<int> RunAsync(Func<int> first);
                private async ValueTask<int> RunCoreAsync(Func<int> first)
                {
                    return first() + ({|#0:await Task.FromResult(new { A = 1 })|}).A;
                }
            """),
            PW0201(0, "await Task.FromResult(new { A = 1 })", "it awaits a value of a type C# cannot write (such as a task of an anonymous type), which cannot be handed to a continuation"));

        [Fact]
        public Task A_using_with_several_resources_is_split_as_the_nested_usings_it_stands_for() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task RunAsync();
                private async Task RunCoreAsync()
                {
                    using (Resource a = new Resource(), b = new Resource())
                    {
                        await StepAsync();
                    }

                    using Resource c = new Resource(), d = new Resource();
                    await StepAsync();
                }
            """));

        [Fact]
        public Task For_while_do_and_foreach_loops_are_split() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int n, List<int> ids, int[] values);
                private async Task<int> RunCoreAsync(int n, List<int> ids, int[] values)
                {
                    var sum = 0;
                    for (var i = 0; i < n; i++) sum = await LoadAsync(i);
                    while (sum > 100) await StepAsync();
                    foreach (var id in ids)
                    {
                        await LoadAsync(id);
                    }

                    foreach (var value in values) sum = await LoadAsync(value);
                    do
                    {
                        return await LoadAsync(sum);
                    }
                    while (true);
                }
            """));

        /// <summary>A lambda made on one iteration is still alive on the next: a variable of all iterations that it captures and
        /// the loop changes (the for variable here) would split into the lambda's and the continuation's copies.</summary>
        [Fact]
        public Task A_lambda_in_a_loop_capturing_a_variable_the_loop_changes() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int n);
                private async Task<int> RunCoreAsync(int n)
                {
                    var readers = new List<Func<int>>();
                    for (var i = 0; i < n; i++)
                    {
                        readers.Add(() => i);
                        {|#0:await StepAsync()|};
                    }

                    foreach (var id in new[] { 1, 2 })
                    {
                        readers.Add(() => id + n);
                        await StepAsync();
                    }

                    return readers.Count;
                }
            """),
            PW0201(0, "await StepAsync()", "a lambda in the same loop captures 'i', which the loop changes, and a continuation would get a copy"));

        [Fact]
        public Task Foreach_shapes_not_split_yet() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task RunAsync(List<(Tally, int)> pairs, int[,] grid);
                private async Task RunCoreAsync(List<(Tally, int)> pairs, int[,] grid)
                {
                    foreach (var (tally, b) in pairs)
                    {
                        tally.Add();
                        {|#0:await LoadAsync(b)|};
                    }

                    foreach (var cell in grid)
                    {
                        {|#1:await LoadAsync(cell)|};
                    }
                }

                public struct Tally
                {
                    public int Count;
                    public void Add() => Count++;
                }
            """),
            PW0201(0, "await LoadAsync(b)", InDeconstructingForEach),
            PW0201(1, "await LoadAsync(cell)", InMultiDimensionalForEach));

        /// <summary>await foreach and await using are split: their hidden awaits (MoveNextAsync, DisposeAsync) like any other.</summary>
        [Fact]
        public Task Await_foreach_and_await_using_are_split() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync();
                private async Task<int> RunCoreAsync()
                {
                    var sum = 0;
                    await foreach (var item in ItemsAsync()) sum += item;
                    await foreach (var (key, value) in PairsAsync()) sum += key * value;
                    await using (new Resource())
                    {
                        sum += await LoadAsync();
                    }

                    await using var resource = new Resource();
                    await StepAsync();
                    return sum;
                }
            """));

        /// <summary>What still forwards is named at the construct's await keyword, with the reason.</summary>
        [Fact]
        public Task Await_using_left_by_a_break_or_of_a_nullable_struct_still_forwards() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int n);
                private async Task<int> RunCoreAsync(int n)
                {
                    var sum = 0;
                    for (var i = 0; i < n; i++)
                    {
                        {|#0:await|} using var resource = new Resource();
                        if (i == 3) break;
                        sum += i;
                    }

                    {|#1:await|} using (Lease? lease = n > 0 ? new Lease() : null)
                    {
                        sum += {|#2:await LoadAsync()|};
                    }

                    return sum;
                }

                private struct Lease : IAsyncDisposable
                {
                    public ValueTask DisposeAsync() => default;
                }
            """),
            PW0201(0, "await using", "a 'break' in its scope leaves it (its DisposeAsync would run on a pending jump), which is not written out yet"),
            PW0201(1, "await using", NullableStructResource),
            PW0201(2, "await LoadAsync()", "it is inside an 'await using' statement, which is not split yet"));

        /// <summary>
        /// A public DisposeAsync beside an explicit IAsyncDisposable.DisposeAsync: Roslyn 4.8 calls the interface's, 4.11
        /// and later the public one; the generator writes out the call of the compiler running it (4.14 here), so it splits.
        /// </summary>
        [Fact]
        public Task Await_using_of_a_type_with_two_DisposeAsync_methods_is_split() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync();
                private async Task<int> RunCoreAsync()
                {
                    await using (var both = new Both())
                    {
                        return await LoadAsync();
                    }
                }

                private sealed class Both : IAsyncDisposable
                {
                    public ValueTask DisposeAsync() => default;
                    ValueTask IAsyncDisposable.DisposeAsync() => default;
                }
            """));

        /// <summary>The compiler versions whose binding of that DisposeAsync was checked; the ones between were not.</summary>
        [Theory]
        [InlineData("4.8.0.0", "Interface")]
        [InlineData("4.9.0.0", "Unknown")]
        [InlineData("4.10.0.0", "Unknown")]
        [InlineData("4.11.0.0", "Pattern")]
        [InlineData("4.14.0.0", "Pattern")]
        [InlineData("5.0.0.0", "Pattern")]
        public void Await_using_binding_follows_the_compiler_version(string version, string binding)
            => Assert.Equal(binding, typeof(Prewired.Generator.PrewiredGenerator).Assembly
                .GetType("Prewired.Generator.FastPath.HiddenAwaitCalls", throwOnError: true)!
                .GetMethod("BindingOf")!.Invoke(null, new object[] { new System.Version(version) })!.ToString());

        /// <summary>An await blocked for its own reason inside a written-out await using is reported where it is in the source.</summary>
        [Fact]
        public Task Blocked_await_inside_an_await_using_is_reported_at_its_own_place() => VerifyAsync(InStore("""
                private int _field;
                private readonly int[] _counts = new int[4];
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync();
                private async Task<int> RunCoreAsync()
                {
                    await using (var resource = new Resource())
                    {
                        // a comment that moves nothing
                        checked { _field += 1; _counts[{|#0:await LoadAsync()|}]++; }
                        var x = _field;
                        return x;
                    }
                }
            """),
            PW0201(0, "await LoadAsync()", Checked));

        /// <summary>A mutable struct resource whose members the scope calls: C# calls them on read-only copies.</summary>
        [Fact]
        public Task Mutable_struct_resource_used_in_its_scope_forwards() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync();
                private async Task<int> RunCoreAsync()
                {
                    {|#0:await|} using var counter = new Counter();
                    counter.Bump();
                    {|#1:await StepAsync()|};
                    return counter.Count;
                }

                private struct Counter : IAsyncDisposable
                {
                    public int Count;
                    public void Bump() => Count++;
                    public ValueTask DisposeAsync() => default;
                }
            """),
            PW0201(0, "await using", "'counter' is a read-only struct variable there whose members it calls on copies, which an ordinary local would not"),
            PW0201(1, "await StepAsync()", "it is in the scope of an 'await using' declaration, which is not split yet"));

        /// <summary>The generated file cannot see a file-local type the body uses.</summary>
        [Fact]
        public Task File_local_type_forwards() => VerifyAsync("""
            file sealed class Hidden
            {
                public static Task<int> GetAsync() => Task.FromResult(1);
            }

            public partial class Store
            {
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync();
                private async Task<int> RunCoreAsync()
                {
                    var x = await {|#0:Hidden|}.GetAsync();
                    return x;
                }
            }
            """,
            PW0201(0, "Hidden", "the body uses the file-local type 'Hidden', which the generated file cannot see"));

        /// <summary>An expression body is written out as the block { return e; }: its nested await spills.</summary>
        [Fact]
        public Task Nested_in_a_binary_expression_body_is_spilled() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync();
                private async Task<int> RunCoreAsync() => 1 + await LoadAsync();
            """));

        [Fact]
        public Task Nested_in_an_if_condition_and_an_argument_is_spilled() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial ValueTask<int> RunAsync();
                private async ValueTask<int> RunCoreAsync()
                {
                    if (await FlagAsync())
                    {
                        Console.WriteLine(await LoadAsync());
                    }

                    var sum = Combine(await LoadAsync(1), 2) + 1;
                    return sum;
                }
            """));

        /// <summary>Compound assignment to a local, deconstruction and an element target spill (the element's array and
        /// index into temporaries first, as the compiler does), and so does ??= whose value is used, except one whose right side
        /// converts with a user-defined conversion (its result would be converted twice).</summary>
        [Fact]
        public Task Compound_assignment_deconstruction_element_targets_and_used_coalesce_assignments_spill_but_not_a_converted_one() => VerifyAsync(InStore("""
                private readonly int[] _values = new int[2];
                private int? _cached;
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync();
                private async Task<int> RunCoreAsync()
                {
                    var sum = 0;
                    sum += await LoadAsync();
                    _values[0] = await LoadAsync(1);
                    var (a, b) = await PairAsync();
                    _cached ??= await LoadAsync(3);
                    var c = _cached ??= await LoadAsync(2);
                    _name ??= await NameAsync();
                    var d = (_name ??= {|#1:await ConvertedAsync()|}).Length;
                    return sum + a + b + c + d + Length(_label ??= await NameAsync());
                }

                private static Task<(int, int)> PairAsync() => Task.FromResult((1, 2));
                private static Task<string> NameAsync() => Task.FromResult("n");
                private static Task<Converted> ConvertedAsync() => Task.FromResult(new Converted());
                private static int Length(string s) => s.Length;
                private string? _label;
                private string? _name;

                private sealed class Converted
                {
                    public static implicit operator string(Converted c) => "c";
                }
            """),
            PW0201(1, "await ConvertedAsync()", CoalesceAssignment));

        /// <summary>
        /// An event's += and -= with an await, a conditional access whose call awaits an argument, nested and indexed
        /// initializers with awaits, and a checked statement holding a compound assignment with an await, a for loop whose
        /// initializer and incrementor the context changes, an out variable for later statements, local functions and a
        /// label: all written out, no report.
        /// </summary>
        [Fact]
        public Task Events_conditional_access_nested_initializers_and_checked_statements_are_split() => VerifyAsync(InStore("""
                private event Action<int>? Changed;
                private Holder? _holder = new Holder();
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int n);
                private async Task<int> RunCoreAsync(int n)
                {
                    Changed += await HandlerAsync();
                    Changed -= await HandlerAsync();
                    _holder?.Add(await LoadAsync());
                    var length = _holder?.Length(await LoadAsync(1)) ?? 0;
                    var holder = new Holder { Inner = { Value = await LoadAsync(2) }, Items = { 1, await LoadAsync(3) }, [0] = await LoadAsync(4) };
                    var sum = 0;
                    checked
                    {
                        sum += await LoadAsync(n);
                        int.TryParse("1", out var parsed);
                        int Twice(int x) => x * 2;
                        for (var i = 0; i < n; i++) sum += Twice(await LoadAsync(i)) + parsed;
                        again:
                        if (++sum < 0) goto again;
                    }

                    return sum + length + holder.Inner.Value;
                }

                private static Task<Action<int>> HandlerAsync() => Task.FromResult<Action<int>>(_ => { });

                private sealed class Holder
                {
                    public Inner Inner { get; } = new Inner();
                    public List<int> Items { get; } = new List<int>();
                    public int this[int index] { get => 0; set { } }
                    public void Add(int value) { }
                    public int Length(int value) => value;
                }

                private sealed class Inner
                {
                    public int Value { get; set; }
                }
            """));

        /// <summary>An await in a using resource or a foreach collection runs once, before the construct: it spills.</summary>
        [Fact]
        public Task Await_in_a_using_resource_or_a_foreach_collection_is_spilled() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync();
                private async Task<int> RunCoreAsync()
                {
                    var sum = 0;
                    using (await ResourceAsync())
                    {
                        sum++;
                    }

                    foreach (var id in await IdsAsync()) sum += id;
                    return sum;
                }

                private static Task<Resource> ResourceAsync() => Task.FromResult(new Resource());
                private static Task<List<int>> IdsAsync() => Task.FromResult(new List<int> { 1 });
            """));

        /// <summary>An async lambda in the awaited operand awaits on its own: nothing to report (Polly's ExecuteAsync shape).</summary>
        [Fact]
        public Task Async_lambda_in_the_operand_is_not_another_await() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int n);
                private async Task<int> RunCoreAsync(int n)
                {
                    var result = await Invoke(static async state => await LoadAsync() + state, n);
                    return result;
                }

                private static Task<int> Invoke(Func<int, Task<int>> callback, int state) => callback(state);
            """));

        /// <summary>A lambda created in the awaited operand may still run while the await is pending: a variable it writes
        /// and that is read after the await would split into the lambda's and the continuation's copy.</summary>
        [Fact]
        public Task Lambda_in_the_operand_writing_a_variable_used_after_the_await() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync();
                private async Task<int> RunCoreAsync()
                {
                    int.TryParse("0", out var x); // an out variable: not written as a shared object (a declared local is)
                    {|#0:await Invoke(async () => { x = await LoadAsync(); return 0; })|};
                    return x;
                }

                private static Task<int> Invoke(Func<Task<int>> callback) => callback();
            """),
            PW0201(0, "await Invoke(async () => { x = await LoadAsync(); return 0; })", "a lambda created in its operand captures 'x', which is used after it, and a continuation would get a copy"));

        /// <summary>An await in another await's operand: the operand's awaitable goes into a temporary first, then is awaited.</summary>
        [Fact]
        public Task Operand_containing_another_await_is_spilled() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync();
                private async Task<int> RunCoreAsync()
                {
                    return await LoadAsync(await LoadAsync());
                }
            """));

        /// <summary>A goto that jumps within code holding no await is copied as it is: no report.</summary>
        [Fact]
        public Task Goto_and_label_within_code_without_awaits_are_split() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int n);
                private async Task<int> RunCoreAsync(int n)
                {
                    var value = await LoadAsync(n);
                    if (value > 10) goto done;
                    value++;
                    done:
                    switch (value)
                    {
                        case 1: value += 2; goto case 2;
                        case 2: value *= 3; break;
                        default: goto case 1;
                    }
                    return value + await LoadAsync(value);
                }
            """));

        /// <summary>
        /// A goto back across an await (a retry) becomes a loop and one forward from an if at the top of the label's block an
        /// if/else: no report. A forward goto from deeper inside, and a goto case in a switch that awaits, still forward.
        /// </summary>
        [Fact]
        public Task Goto_across_an_await_is_written_out_where_it_has_a_structured_form() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int n);
                private async Task<int> RunCoreAsync(int n)
                {
                    retry:
                    n++;
                    var value = await LoadAsync(n);
                    if (value > 10) { n -= 2; goto retry; }
                    if (value < 0) goto done;
                    value += await LoadAsync(1);
                    done:
                    n++;
                    return value;
                }

                [FastPath(nameof(SkipCoreAsync))]
                public partial Task<int> SkipAsync(int n);
                private async Task<int> SkipCoreAsync(int n)
                {
                    var value = n;
                    if (n > 0)
                    {
                        if (n > 5) {|#0:goto|} done;
                    }

                    value += await LoadAsync(1);
                    done:
                    value++;
                    switch (value)
                    {
                        case 1: value += await LoadAsync(2); break;
                        default: {|#1:goto|} case 1;
                    }
                    return value;
                }
            """),
            PW0201(0, "goto", "its goto to 'done' jumps forward across an await, which is not split yet", body: "SkipCoreAsync"),
            PW0201(1, "goto", "a 'goto case' jumps within a switch statement that awaits, which is not split yet", body: "SkipCoreAsync"));

        /// <summary>A local function sharing no variable with the body is declared again in each generated method: no report.</summary>
        [Fact]
        public Task Static_local_function_at_the_top_level_is_split() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int n);
                private async Task<int> RunCoreAsync(int n)
                {
                    var value = await LoadAsync(n);
                    return Twice(value);

                    static int Twice(int v) => v * 2;
                }
            """));

        /// <summary>Sharing a parameter nobody assigns, or declared in a nested block: split (each generated method declares it).</summary>
        [Fact]
        public Task Local_functions_sharing_read_only_variables_or_in_a_nested_block_are_split() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int n);
                private async Task<int> RunCoreAsync(int n)
                {
                    var value = await LoadAsync(n);
                    if (value > 0)
                    {
                        return Twice(Add(value));
                        static int Twice(int v) => v * 2;
                    }

                    return 0;

                    int Add(int v) => v + n;
                }
            """));

        [Fact]
        public Task Local_function_sharing_a_written_variable_at_its_name() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int n);
                private async Task<int> RunCoreAsync(int n)
                {
                    int.TryParse("1", out var k); // an out variable: not written as a shared object (a declared local is)
                    k++;
                    var value = await LoadAsync(n);
                    return Add(value);

                    int {|#0:Add|}(int v) => v + k;
                }
            """),
            PW0201(0, "Add", LocalFunction));

        /// <summary>
        /// A lambda that captures a variable written after it and read after the await: the continuation would get a
        /// copy. The message names the await, and so does the location, as for every other await PW0201 names (README:
        /// "report warning PW0201 at that await"), not the first token of the lambda.
        /// </summary>
        [Fact]
        public Task Lambda_capturing_a_variable_used_after_the_await_at_the_await() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int n);
                private async Task<int> RunCoreAsync(int n)
                {
                    int.TryParse(n.ToString(), out var count); // an out variable: not written as a shared object (a declared local is)
                    Func<int> read = () => count;
                    {|#0:await StepAsync()|};
                    count++;
                    return read() + count;
                }
            """),
            PW0201(0, "await StepAsync()", "a lambda created before it captures 'count', which is used after it, and a continuation would get a copy"));

        /// <summary>A declared local or a parameter written and shared across the await lives in one shared object: split.</summary>
        [Fact]
        public Task No_diagnostic_for_shared_variables_of_a_declaration_or_a_parameter() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int n);
                private async Task<int> RunCoreAsync(int n)
                {
                    var count = n;
                    Func<int> read = () => count + n;
                    void Bump() => n++;
                    await StepAsync();
                    count++;
                    Bump();
                    return read() + count;
                }
            """));

        [Fact]
        public Task No_diagnostic_for_a_lambda_whose_captures_never_change() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int n);
                private async Task<int> RunCoreAsync(int n)
                {
                    var count = n;
                    Func<int> read = () => count;
                    await StepAsync();
                    return read() + count;
                }
            """));

        /// <summary>
        /// The generator forwards to the body when a local of anonymous type lives across an await (it cannot be a
        /// continuation parameter). Forwarding without the fast path is exactly what PW0201 exists to report
        /// (docs/diagnostics/PW0201.md), so the await must carry it; its wording is the analyzer's to choose, so only
        /// the id, severity and place are asserted.
        /// </summary>
        [Fact]
        public Task Anonymous_type_living_across_an_await_is_reported() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int n);
                private async Task<int> RunCoreAsync(int n)
                {
                    var anon = new { A = n };
                    {|#0:await StepAsync()|};
                    return anon.A;
                }
            """),
            PW0201(0, "await StepAsync()", "'anon' has an anonymous type and is used after it, and a continuation cannot take it as a parameter"));

        /// <summary>Goto, labels and local functions only matter when there is an await to split.</summary>
        [Fact]
        public Task No_diagnostic_for_goto_and_local_functions_in_a_body_without_awaits() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int n);
            #pragma warning disable CS1998
                private async Task<int> RunCoreAsync(int n)
                {
                    if (n > 10) goto done;
                    n = Twice(n);
                    done:
                    return n;

                    int Twice(int v) => v * 2;
                }
            """));

        [Fact]
        public Task Message_names_the_body_method() => VerifyAsync(InStore("""
                [FastPath(nameof(SumValuesCoreAsync))]
                public partial Task<int> SumAsync(int n);
                private async Task<int> SumValuesCoreAsync(int n)
                {
                    var sum = 0;
                    var counts = new int[8];
                    for (var i = 0; i < n; i++) checked { sum += i; counts[{|#0:await LoadAsync(i)|}]++; }
                    return sum;
                }
            """),
            PW0201(0, "await LoadAsync(i)", Checked, body: "SumValuesCoreAsync"));

        /// <summary>
        /// Do loops whose condition awaits (directly, after &amp;&amp;, with a continue) and for loops whose initializer awaits
        /// (a declarator, an initializer expression) are written out: no report. A do loop whose body both breaks and
        /// continues it is not, and its await is named with the reason.
        /// </summary>
        [Fact]
        public Task Do_conditions_and_for_initializers_that_await_are_split() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int n);
                private async Task<int> RunCoreAsync(int n)
                {
                    var sum = 0;
                    do { sum++; } while (await FlagAsync() && sum < n);
                    do
                    {
                        if (sum % 2 == 0) continue;
                        sum += await LoadAsync(sum);
                    }
                    while (sum < n && await FlagAsync());
                    for (var i = await LoadAsync(n); i < n; i++) sum += i;
                    int j;
                    for (j = await LoadAsync(), sum++; j < n; j++) sum += await LoadAsync(j);
                    return sum + j;
                }
            """));

        [Fact]
        public Task A_do_loop_that_both_breaks_and_continues_is_named() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int n);
                private async Task<int> RunCoreAsync(int n)
                {
                    var sum = 0;
                    do
                    {
                        if (sum > n) break;
                        if (sum % 2 == 0) { sum++; continue; }
                        sum += 3;
                    }
                    while ({|#0:await FlagAsync()|});
                    return sum;
                }
            """),
            PW0201(0, "await FlagAsync()", "it is in the condition of a do loop whose body both breaks and continues it, which is not written out yet"));
    }
}
