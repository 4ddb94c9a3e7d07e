using System.Threading.Tasks;
using Xunit;
using static Prewired.Tests.Analyzers.MarkedMethodVerifier;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// Every shape the generator handles gets no diagnostic at all: no PW, and (the generator having run) no compiler
    /// error in user or generated code.
    /// </summary>
    public sealed class ValidShapeTests
    {
        private static string InStore(string members) => NonTailAwaitTests.InStore(members);

        [Fact]
        public Task TailAwait_return_await_and_arrow_in_every_task_type() => VerifyAsync(InStore("""
                [TailAwait(nameof(ACore))] public partial Task<int> A();
                private async Task<int> ACore() { return await LoadAsync(); }

                [TailAwait(nameof(BCore))] public partial ValueTask<int> B();
                private async ValueTask<int> BCore() => await LoadValueAsync();

                [TailAwait(nameof(CCore))] public partial Task C();
                private async Task CCore() => await StepAsync();

                [TailAwait(nameof(DCore))] public partial ValueTask D();
                private async ValueTask DCore() { await StepAsync(); }

                [TailAwait(nameof(ECore))] public partial Task<int> E();
                private async Task<int> ECore() => (await LoadAsync());
            """));

        [Fact]
        public Task TailAwait_final_await_statement_with_absorbed_return() => VerifyAsync(InStore("""
                [TailAwait(nameof(SaveCoreAsync))]
                public partial Task SaveAsync(string name);
                private async Task SaveCoreAsync(string name)
                {
                    ArgumentNullException.ThrowIfNull(name);
                    if (name.Length == 0)
                    {
                        await StepAsync();
                        return;
                    }

                    Console.WriteLine(name);
                    await StepAsync();
                    return;
                }
            """));

        [Fact]
        public Task TailAwait_if_else_switch_and_early_returns() => VerifyAsync(InStore("""
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync(int kind);
                private async Task<int> GetCoreAsync(int kind)
                {
                    if (kind < 0) throw new ArgumentOutOfRangeException(nameof(kind));
                    if (kind == 0) return 0;
                    if (kind == 1)
                    {
                        return await LoadAsync(1);
                    }
                    else if (kind == 2) return await LoadAsync(2);
                    else
                    {
                        switch (kind)
                        {
                            case 3:
                                return await LoadAsync(3);
                            case 4:
                                return 4;
                            default:
                                break;
                        }
                    }

                    return await LoadAsync(kind);
                }

                [TailAwait(nameof(RouteCoreAsync))]
                public partial ValueTask RouteAsync(int kind);
                private async ValueTask RouteCoreAsync(int kind)
                {
                    if (kind < 0) return;
                    switch (kind)
                    {
                        case 0:
                            await StepAsync();
                            break;
                        case 1:
                            await LoadAsync();
                            return;
                        default:
                            if (kind > 10) { await StepAsync(); return; }
                            break;
                    }
                }
            """));

        [Fact]
        public Task TailAwait_return_await_leaves_for_and_while_loops() => VerifyAsync(InStore("""
                [TailAwait(nameof(FindCoreAsync))]
                public partial Task<int> FindAsync(int[] ids);
                private async Task<int> FindCoreAsync(int[] ids)
                {
                    for (var i = 0; i < ids.Length; i++)
                    {
                        if (ids[i] > 0) return await LoadAsync(ids[i]);
                    }

                    var j = 0;
                    while (j < 3)
                    {
                        if (j++ == ids.Length) return await LoadAsync(j);
                    }

                    return -1;
                }
            """));

        [Fact]
        public Task TailAwait_Task_and_ValueTask_mixes() => VerifyAsync(InStore("""
                [TailAwait(nameof(ACore))] public partial Task<int> A(bool b);
                private async Task<int> ACore(bool b) { if (b) return await LoadValueAsync(); return await LoadAsync(); }

                [TailAwait(nameof(BCore))] public partial ValueTask<int> B(bool b);
                private async ValueTask<int> BCore(bool b) { if (b) return await LoadValueAsync(); return await LoadAsync(); }

                [TailAwait(nameof(CCore))] public partial Task C(bool b);
                private async Task CCore(bool b) { if (b) { await LoadValueAsync(); return; } await PlainValueAsync(); }

                [TailAwait(nameof(DCore))] public partial ValueTask D(bool b);
                private async ValueTask DCore(bool b) { if (b) { await LoadAsync(); return; } await StepAsync(); }

                private static ValueTask PlainValueAsync() => default;
            """));

        [Fact]
        public Task TailAwait_ConfigureAwait_false_true_and_harmless_options() => VerifyAsync(InStore("""
                [TailAwait(nameof(ACore))] public partial Task<int> A();
                private async Task<int> ACore() => await LoadAsync().ConfigureAwait(false);

                [TailAwait(nameof(BCore))] public partial ValueTask<int> B();
                private async ValueTask<int> BCore() => await LoadValueAsync().ConfigureAwait(true);

                [TailAwait(nameof(CCore))] public partial Task C();
                private async Task CCore() { await StepAsync().ConfigureAwait(ConfigureAwaitOptions.None); }

                [TailAwait(nameof(DCore))] public partial Task<int> D();
                private async Task<int> DCore() => await LoadAsync().ConfigureAwait(ConfigureAwaitOptions.ContinueOnCapturedContext);
            """));

        [Fact]
        public Task TailAwait_awaits_inside_lambdas_belong_to_the_lambda() => VerifyAsync(InStore("""
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync()
                {
                    Func<Task<int>> load = async () =>
                    {
                        var x = await LoadAsync();
                        return x + await LoadAsync(2);
                    };
                    Func<int, Task<int>> twice = async v => 2 * await LoadAsync(v);
                    return await load();
                }
            """));

        [Fact]
        public Task TailAwait_result_differing_only_in_nullability() => VerifyAsync(InStore("""
                [TailAwait(nameof(NameCoreAsync))]
                public partial Task<string?> NameAsync(bool known);
                private async Task<string?> NameCoreAsync(bool known)
                {
                    if (known) return await Task.FromResult("name");
                    return await Task.FromResult<string?>(null);
                }
            """));

        [Fact]
        public Task FastPath_try_using_loops_and_out_variables_around_split_awaits() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(Dictionary<int, int> map, object o);
                private async Task<int> RunCoreAsync(Dictionary<int, int> map, object o)
                {
                    var found = map.TryGetValue(1, out var cached);
                    if (o is int boxed) cached += boxed;
                    var loaded = await LoadAsync(cached);
                    try
                    {
                        loaded += int.Parse("1");
                    }
                    catch (FormatException)
                    {
                        loaded = -1;
                    }

                    using (var resource = new Resource())
                    {
                        loaded++;
                    }

                    for (var i = 0; i < 3; i++) loaded += i;
                    await StepAsync();
                    return found ? loaded + cached : loaded;
                }
            """));

        [Fact]
        public Task FastPath_every_split_form() => VerifyAsync(InStore("""
                private int _total;
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int x);
                private async Task<int> RunCoreAsync(int x)
                {
                    await StepAsync();
                    var a = await LoadAsync(x).ConfigureAwait(false);
                    int b;
                    b = await LoadAsync(a + 1);
                    x = await LoadValueAsync();
                    _total = await LoadAsync(b);
                    this._total = await LoadAsync(_total + 1);
                    _ = await LoadAsync();
                    await Task.Yield();
                    return await LoadAsync(a + b + x + _total);
                }

            """));

        [Fact]
        public Task FastPath_arrow_bodies_with_and_without_a_result() => VerifyAsync(InStore("""
                [FastPath(nameof(ACore))] public partial ValueTask<int> A();
                private async ValueTask<int> ACore() => await LoadAsync();

                [FastPath(nameof(BCore))] public partial Task B();
                private async Task BCore() => await Task.Yield();

                [FastPath(nameof(CCore))] public partial ValueTask C();
                private async ValueTask CCore() => await LoadValueAsync();
            """));

        [Fact]
        public Task FastPath_in_blocks_if_else_and_switch_sections() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial ValueTask<string> RunAsync(int kind, string name);
                private async ValueTask<string> RunCoreAsync(int kind, string name)
                {
                    var prefix = name.ToUpperInvariant();
                    {
                        var inner = await LoadAsync(kind);
                        prefix += inner;
                    }

                    int n;
                    if (kind > 0)
                    {
                        n = await LoadAsync(kind);
                        prefix += "+" + n;
                    }
                    else if (kind < 0)
                        await Task.Yield();
                    else
                    {
                        n = 0;
                        prefix += n;
                    }

                    switch (kind)
                    {
                        case 1:
                            await StepAsync();
                            prefix += "one";
                            break;
                        case 2:
                            var two = await LoadAsync(2);
                            return prefix + two;
                        case 3:
                        {
                            await StepAsync();
                            return prefix;
                        }
                        default:
                            break;
                    }

                    return prefix + kind;
                }
            """));

        [Fact]
        public Task FastPath_Task_method_ending_without_return_and_early_returns() => VerifyAsync(InStore("""
                public int Count;
                [FastPath(nameof(WorkCoreAsync))]
                public partial Task WorkAsync(CancellationToken ct);
                private async Task WorkCoreAsync(CancellationToken ct)
                {
                    ct.ThrowIfCancellationRequested();
                    if (Count > 10) return;
                    await Task.Delay(1, ct);
                    if (Count > 5)
                    {
                        await StepAsync();
                        return;
                    }

                    Count++;
                }
            """));

        [Fact]
        public Task FastPath_awaits_inside_lambdas_belong_to_the_lambda() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(List<int> ids);
                private async Task<int> RunCoreAsync(List<int> ids)
                {
                    Func<int, Task<int>> load = async id =>
                    {
                        try { return 1 + await LoadAsync(id); }
                        finally { foreach (var i in ids) await StepAsync(); }
                    };
                    Func<Task> each = async delegate { await foreach (var item in ItemsAsync()) Console.WriteLine(item); };
                    var first = await load(ids[0]);
                    await each();
                    return first;
                }
            """));

        [Fact]
        public Task FastPath_body_with_no_await_at_all() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int n);
            #pragma warning disable CS1998
                private async Task<int> RunCoreAsync(int n)
                {
                    for (var i = 0; i < 3; i++) n += i;
                    return n;
                }
            """));
    }
}
