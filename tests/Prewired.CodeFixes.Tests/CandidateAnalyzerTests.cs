using System.Threading.Tasks;
using Xunit;
using static Prewired.CodeFixes.Tests.Harness.CandidateVerifier;

namespace Prewired.CodeFixes.Tests
{
    /// <summary>
    /// PW0102 (every await is a tail await: [TailAwait] candidate) and PW0202 (a ValueTask method whose every await
    /// [FastPath] splits), at the method name; and the methods neither rule reports.
    /// </summary>
    public sealed class CandidateAnalyzerTests
    {
        private const string Source = """
            public class Source
            {
                public Task<int> LoadAsync(int id) => Task.FromResult(id);
                public ValueTask<int> LoadValueAsync(int id) => new(id);
                public Task SaveAsync(int id) => Task.CompletedTask;
                public void Log(string text) { }
            }

            """;

        [Fact]
        public Task PW0102_return_await_in_a_block() => VerifyAsync(Source + """
            public class Store
            {
                private readonly Source _source = new();

                public async Task<int> {|PW0102:GetAsync|}(int id)
                {
                    ArgumentOutOfRangeException.ThrowIfNegative(id);
                    return await _source.LoadAsync(id);
                }
            }
            """);

        [Fact]
        public Task PW0102_expression_body_static_and_private_and_ConfigureAwait() => VerifyAsync(Source + """
            public class Store
            {
                private static readonly Source Shared = new();

                public static async Task<int> {|PW0102:GetAsync|}(int id) => await Shared.LoadAsync(id).ConfigureAwait(false);

                async Task<int> {|PW0102:GetPrivateAsync|}(int id) => await Shared.LoadAsync(id);

                public Task<int> Use() => GetPrivateAsync(1);
            }
            """);

        [Fact]
        public Task PW0102_final_await_of_a_Task_method_and_branches() => VerifyAsync(Source + """
            public class Store
            {
                private readonly Source _source = new();

                public async Task {|PW0102:SaveAsync|}(int id)
                {
                    if (id < 0) return;
                    await _source.SaveAsync(id);
                }

                public async Task<int> {|PW0102:PickAsync|}(int id)
                {
                    switch (id)
                    {
                        case 0:
                            return await _source.LoadAsync(0);
                        default:
                            if (id > 10) return await _source.LoadAsync(10);
                            return await _source.LoadAsync(id);
                    }
                }
            }
            """);

        [Fact]
        public Task PW0102_wins_over_PW0202_for_a_ValueTask_method_of_tail_awaits() => VerifyAsync(Source + """
            public class Store
            {
                private readonly Source _source = new();

                public async ValueTask<int> {|PW0102:GetAsync|}(int id) => await _source.LoadValueAsync(id);

                public async ValueTask<int> {|PW0102:GetFromTaskAsync|}(int id) => await _source.LoadAsync(id);
            }
            """);

        [Fact]
        public Task PW0102_in_records_nested_generic_and_non_partial_types() => VerifyAsync(Source + """
            public record Repository(Source Source)
            {
                public async Task<int> {|PW0102:GetAsync|}(int id) => await Source.LoadAsync(id);
            }

            public class Outer
            {
                public class Inner<T>
                {
                    private readonly Source _source = new();

                    public async Task<int> {|PW0102:GetAsync|}(T key) => await _source.LoadAsync(key!.GetHashCode());
                }
            }
            """);

        /// <summary>Generic methods convert too: the partial declaration repeats the type parameters and constraints.</summary>
        [Fact]
        public Task PW0102_and_PW0202_on_generic_methods() => VerifyAsync(Source + """
            public class Store
            {
                private readonly Source _source = new();

                public async Task<T> {|PW0102:EchoAsync|}<T>(T value) => await Task.FromResult(value);

                public async ValueTask<T?> {|PW0202:FirstAsync|}<T>(IReadOnlyList<T> items) where T : class
                {
                    await _source.LoadAsync(items.Count);
                    return items.Count > 0 ? items[0] : null;
                }
            }
            """);

        [Fact]
        public Task PW0102_override_and_virtual() => VerifyAsync(Source + """
            public class Base
            {
                protected readonly Source Source = new();

                public virtual async Task<int> {|PW0102:GetAsync|}(int id) => await Source.LoadAsync(id);
            }

            public class Derived : Base
            {
                public override async Task<int> {|PW0102:GetAsync|}(int id) => await Source.LoadAsync(id + 1);
            }
            """);

        [Fact]
        public Task PW0202_ValueTask_with_awaits_whose_results_are_used() => VerifyAsync(Source + """
            public class Store
            {
                private readonly Source _source = new();

                public async ValueTask<int> {|PW0202:SumAsync|}(int id)
                {
                    var a = await _source.LoadAsync(id);
                    int b;
                    if (a > 0)
                    {
                        b = await _source.LoadValueAsync(a);
                    }
                    else
                    {
                        b = 0;
                    }

                    await _source.SaveAsync(a + b);
                    return a + b;
                }

                public async ValueTask {|PW0202:SaveTwiceAsync|}(int id)
                {
                    await _source.SaveAsync(id);
                    _source.Log("saved");
                }

                // Since [FastPath] splits the hidden awaits of await using (its DisposeAsync), this is a candidate too.
                public async ValueTask<int> {|PW0202:ScopedAsync|}(int id)
                {
                    await using var stream = new System.IO.MemoryStream();
                    return await _source.LoadAsync(id) + (int)stream.Length;
                }
            }
            """);

        /// <summary>
        /// Issue 33: a custom awaitable of the method's own type parameter, the awaitable its own awaiter. The generator
        /// forwards it (its pending-awaiter struct is not generic), so PW0202 must not offer the conversion; the same
        /// awaitable closed over a concrete type splits and is offered.
        /// </summary>
        [Fact]
        public Task PW0202_takes_the_generators_decision_on_a_generic_custom_awaitable() => VerifyAsync(Source + """
            public sealed class Later<T> : System.Runtime.CompilerServices.INotifyCompletion
            {
                private readonly T _value;

                public Later(T value) => _value = value;

                public Later<T> GetAwaiter() => this;

                public bool IsCompleted => true;

                public T GetResult() => _value;

                public void OnCompleted(Action continuation) => continuation();
            }

            public class Store
            {
                public async ValueTask<T> EchoAsync<T>(T v)
                {
                    T r = await new Later<T>(v);
                    return r;
                }

                public async ValueTask<string> {|PW0202:EchoStringAsync|}(string v)
                {
                    string r = await new Later<string>(v);
                    return r;
                }
            }
            """);

        [Fact]
        public Task No_report_for_awaits_neither_rule_supports() => VerifyAsync(Source + """
            public class Store
            {
                private readonly Source _source = new();

                // A Task method with a non-tail await: no [TailAwait], and [FastPath] is for ValueTask methods (by default).
                public async Task<int> StoredAsync(int id)
                {
                    var value = await _source.LoadAsync(id);
                    return value + 1;
                }

                // ValueTask, but a 'break' leaves an 'await using' scope: a jump around its awaited dispose, which
                // [FastPath] does not split yet.
                public async ValueTask<int> GuardedAsync(int id)
                {
                    while (true)
                    {
                        await using var stream = new System.IO.MemoryStream();
                        if (stream.Length == 0) break;
                    }

                    return await _source.LoadAsync(id);
                }

                // An increment with an await inside a checked statement, which is not split (checked(...) expressions
                // and checked statements whose statements can each keep the context, compound assignments included, are).
                public async ValueTask<int> NestedAsync(int id)
                {
                    var counts = new int[4];
                    checked { counts[await _source.LoadAsync(id)]++; }
                    return counts[0];
                }

                // A custom awaitable is no tail await; Task method, so no PW0202 either.
                public async Task YieldAsync()
                {
                    await Task.Yield();
                }

                // A local function sharing an out variable the body writes keeps [FastPath] from splitting (a declared
                // local or a parameter would be kept in a shared object).
                public async ValueTask<int> LocalFunctionAsync(int id)
                {
                    int.TryParse("1", out var k);
                    k++;
                    var a = await _source.LoadAsync(id);
                    return Add(a);
                    int Add(int x) => x + k;
                }
            }
            """);

        /// <summary>The Task methods of these tests: PW0202 only with <c>prewired_fastpath_candidates = all</c>.</summary>
        private const string TaskMethods = """
            public class Store
            {
                private readonly Source _source = new();

                public async Task<int> {|PW0202:StoredAsync|}(int id)
                {
                    var value = await _source.LoadAsync(id);
                    return value + 1;
                }

                public async Task {|PW0202:SaveLoggedAsync|}(int id)
                {
                    await _source.SaveAsync(id);
                    _source.Log("saved");
                }

                // All tail awaits: still PW0102, whatever the option.
                public async Task<int> {|PW0102:GetAsync|}(int id) => await _source.LoadAsync(id);

                // Blocked as a ValueTask method would be (an increment with an await in a checked statement still
                // forwards): no PW0202 with the option either.
                public async Task<int> NestedAsync(int id)
                {
                    var counts = new int[4];
                    checked { counts[await _source.LoadAsync(id)]++; }
                    return counts[0];
                }

                public async ValueTask<int> {|PW0202:SumAsync|}(int id) => await _source.LoadAsync(id) + 1;
            }
            """;

        private static string WithoutPW0202OnTaskMethods(string source)
            => source.Replace("{|PW0202:StoredAsync|}", "StoredAsync").Replace("{|PW0202:SaveLoggedAsync|}", "SaveLoggedAsync");

        [Fact]
        public Task PW0202_on_Task_methods_with_the_editorconfig_option_all() => VerifyAsync(Source + TaskMethods,
            ("/.editorconfig", "root = true\n\n[*.cs]\nprewired_fastpath_candidates = all\n"));

        [Fact]
        public Task PW0202_on_Task_methods_with_the_MSBuild_property_all() => VerifyAsync(Source + TaskMethods,
            ("/.globalconfig", "is_global = true\nbuild_property.PrewiredFastPathCandidates = All\n"));

        [Fact]
        public Task No_PW0202_on_Task_methods_by_default_or_with_valuetask() => VerifyAsync(WithoutPW0202OnTaskMethods(Source + TaskMethods),
            ("/.editorconfig", "root = true\n\n[*.cs]\nprewired_fastpath_candidates = valuetask\n"));

        [Fact]
        public Task No_PW0202_on_Task_methods_without_the_option() => VerifyAsync(WithoutPW0202OnTaskMethods(Source + TaskMethods));

        /// <summary>The file's .editorconfig wins over the project's property; an unknown value is ignored (the property decides).</summary>
        [Fact]
        public async Task The_editorconfig_key_wins_over_the_MSBuild_property()
        {
            await VerifyAsync(WithoutPW0202OnTaskMethods(Source + TaskMethods),
                ("/.editorconfig", "root = true\n\n[*.cs]\nprewired_fastpath_candidates = valuetask\n"),
                ("/.globalconfig", "is_global = true\nbuild_property.PrewiredFastPathCandidates = all\n"));
            await VerifyAsync(Source + TaskMethods,
                ("/.editorconfig", "root = true\n\n[*.cs]\nprewired_fastpath_candidates = everything\n"),
                ("/.globalconfig", "is_global = true\nbuild_property.PrewiredFastPathCandidates = all\n"));
        }

        /// <summary>
        /// A body allocating a closure on entry, also on a path that never uses it, is PW0402 as it is and would be PW0401 (a
        /// warning) once marked: neither rule converts it (MQTTnet's ConnectInternal, minimized). A lambda capturing nothing,
        /// or a closure every path uses, does not block.
        /// </summary>
        [Fact]
        public Task No_report_where_the_conversion_would_turn_a_closure_suggestion_into_a_warning() => VerifyAsync(Source + """
            public class Client
            {
                private readonly Source _source = new();
                private Task _receiver = Task.CompletedTask;

                public async ValueTask<int> ConnectAsync(int id, CancellationToken token)
                {
                    var value = await _source.LoadAsync(id);
                    if (value < 0) return value;
                    _receiver = Task.Run(() => _source.SaveAsync(value), token);
                    return value;
                }

                public async Task<int> ConnectTailAsync(int id)
                {
                    if (id < 0) return await _source.LoadAsync(id);
                    Func<int> read = () => id;
                    return await _source.LoadAsync(read());
                }

                public async ValueTask<int> {|PW0202:StaticLambdaAsync|}(int id)
                {
                    var value = await _source.LoadAsync(id);
                    Func<int, int> twice = static x => x * 2;
                    return twice(value);
                }

                public async ValueTask<int> {|PW0202:EveryPathUsesItAsync|}(int id)
                {
                    var value = await _source.LoadAsync(id);
                    Func<int> read = () => value + id;
                    return read();
                }
            }
            """);

        [Fact]
        public Task No_report_for_shapes_a_partial_method_cannot_take() => VerifyAsync(Source + """
            public class Store
            {
                private readonly Source _source = new();

                public async void Fire(int id) => await _source.LoadAsync(id);


                public static async Task Main() => await Task.Delay(1);
            }

            public struct Value
            {
                public async Task<int> GetAsync(Source source) => await source.LoadAsync(1);
            }

            public record struct ValueRecord(Source Source)
            {
                public async Task<int> GetAsync() => await Source.LoadAsync(1);
            }

            public interface IStore
            {
                Task<int> GetAsync(int id);

                async Task<int> GetTwiceAsync(int id) => await GetAsync(id);
            }

            public class ExplicitStore : IStore
            {
                async Task<int> IStore.GetAsync(int id) => await Task.FromResult(id);
            }

            file class FileLocal
            {
                public async Task<int> GetAsync(Source source) => await source.LoadAsync(1);
            }
            """);

        [Fact]
        public Task No_report_for_lambdas_local_functions_and_methods_without_own_awaits() => VerifyAsync(Source + """
            public class Store
            {
                private readonly Source _source = new();

                public Task<int> Run(int id)
                {
                    Func<Task<int>> lambda = async () => await _source.LoadAsync(id);
                    return Local();

                    async Task<int> Local() => await lambda();
                }

                public async Task<int> OnlyLambdaAwaitsAsync(int id)
                {
                    Func<Task<int>> lambda = async () => await _source.LoadAsync(id);
                    return await Task.FromResult(0) + (await lambda());
                }

            #pragma warning disable CS1998
                public async Task<int> NoAwaitAsync(int id) => id;
            #pragma warning restore CS1998
            }
            """);

        [Fact]
        public Task No_report_for_methods_already_converted_or_partial() => VerifyAsync(Source + """
            public partial class Store
            {
                private readonly Source _source = new();

                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync(int id);

                private async Task<int> GetCoreAsync(int id) => await _source.LoadAsync(id);

                [FastPath(nameof(SumCoreAsync))]
                public partial ValueTask<int> SumAsync(int id);

                private async ValueTask<int> SumCoreAsync(int id)
                {
                    var a = await _source.LoadAsync(id);
                    return a + 1;
                }
            }
            """);

        /// <summary>
        /// The body a typo'd mark meant (PW0003's fix points the mark at it) is not a method to convert: offering both made
        /// one dotnet format run convert the body too, or not, depending on which fix it applied first.
        /// </summary>
        [Fact]
        public Task No_report_for_the_method_a_typo_in_a_mark_means() => VerifyAsync(Source + """
            public partial class Store
            {
                private readonly Source _source = new();

                [TailAwait("GetCoreAsnc")]
                public partial Task<int> GetAsync(int id);

                private async Task<int> GetCoreAsync(int id) => await _source.LoadAsync(id);

                private async Task<int> {|PW0102:GetOtherAsync|}(int id) => await _source.LoadAsync(id);
            }
            """);

        [Fact]
        public Task No_report_in_generated_code() => VerifyAsync(Source + """
            public class Store
            {
                private readonly Source _source = new();

                [System.CodeDom.Compiler.GeneratedCode("tool", "1.0")]
                public async Task<int> GeneratedAsync(int id) => await _source.LoadAsync(id);
            }

            [System.CodeDom.Compiler.GeneratedCode("tool", "1.0")]
            public class GeneratedStore
            {
                private readonly Source _source = new();

                public async Task<int> GetAsync(int id) => await _source.LoadAsync(id);
            }
            """);

        [Fact]
        public async Task No_report_in_a_file_marked_auto_generated()
        {
            // The header must be the file's first line, so this test does not prepend the usual usings.
            const string source = """
                // <auto-generated/>
                using System.Threading.Tasks;

                public class Store
                {
                    public async Task<int> GetAsync(int id) => await Task.FromResult(id);
                }
                """;
            using var project = Harness.TestProject.Create(new[] { source });
            var diagnostics = await Harness.TestProject.DiagnosticsAsync(project.Project);
            Assert.Empty(diagnostics.Compiler);
            Assert.DoesNotContain(diagnostics.Analyzer, d => d.Id is "PW0102" or "PW0202");
        }

        /// <summary>Without the Prewired runtime there is no attribute to convert to: nothing is reported.</summary>
        [Fact]
        public async Task No_report_without_a_reference_to_Prewired()
        {
            const string source = """
                using System.Threading.Tasks;

                public class Store
                {
                    public async Task<int> GetAsync(int id) => await Task.FromResult(id);

                    public async ValueTask<int> SumAsync(int id)
                    {
                        var a = await Task.FromResult(id);
                        return a + 1;
                    }
                }
                """;
            using var project = Harness.TestProject.Create(new[] { source }, references: Prewired.Tests.Harness.TestReferences.Framework);
            var diagnostics = await Harness.TestProject.DiagnosticsAsync(project.Project);
            Assert.Empty(diagnostics.Compiler);
            Assert.DoesNotContain(diagnostics.Analyzer, d => d.Id is "PW0102" or "PW0202");
        }

        /// <summary>The .NET 8 SDK's language version (C# 12) is enough: partial methods with a return value need C# 9.</summary>
        [Fact]
        public async Task Reported_in_CSharp_12_but_not_in_CSharp_8()
        {
            const string source = """
                using System.Threading.Tasks;

                public class Store
                {
                    public async Task<int> GetAsync(int id) => await Task.FromResult(id);
                }
                """;
            using var csharp12 = Harness.TestProject.Create(new[] { source }, Microsoft.CodeAnalysis.CSharp.LanguageVersion.CSharp12);
            Assert.Contains((await Harness.TestProject.DiagnosticsAsync(csharp12.Project)).Analyzer, d => d.Id == "PW0102");
            using var csharp8 = Harness.TestProject.Create(new[] { source }, Microsoft.CodeAnalysis.CSharp.LanguageVersion.CSharp8);
            Assert.DoesNotContain((await Harness.TestProject.DiagnosticsAsync(csharp8.Project)).Analyzer, d => d.Id == "PW0102");
        }
    }
}
