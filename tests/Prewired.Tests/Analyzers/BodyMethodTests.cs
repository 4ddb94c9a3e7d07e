using System.Threading.Tasks;
using Xunit;
using static Prewired.Tests.Analyzers.MarkedMethodVerifier;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// The attribute's argument and the body method it names: PW0008 (not a non-empty constant), PW0003 (not found),
    /// PW0004 (signature does not match), PW0005 (not async). All but PW0005 at the attribute argument. The generator
    /// emits a throwing stub for each, so no CS8795 appears.
    /// </summary>
    public sealed class BodyMethodTests
    {
        [Fact]
        public Task PW0003_at_the_attribute_argument() => VerifyAsync("""
            public partial class Store
            {
                [FastPath({|#0:"GetCore"|})]
                public partial ValueTask<int> GetAsync();
            }
            """,
            Diagnostic("PW0003").WithLocation(0).WithArguments("GetAsync", "GetCore", "Store", "add a private async method 'GetCore' with the same parameters and return type, or fix the name (write it with nameof)"));

        [Fact]
        public Task PW0003_names_the_method_the_name_most_likely_meant() => VerifyAsync("""
            public partial class Store
            {
                [FastPath({|#0:"GetCore"|})]
                public partial ValueTask<int> GetAsync();

                private async ValueTask<int> GetCoreAsync() => await Task.FromResult(1);
            }
            """,
            Diagnostic("PW0003").WithLocation(0).WithArguments("GetAsync", "GetCore", "Store", "did you mean 'GetCoreAsync'? (the code fix uses it; write the name with nameof)"));

        [Fact]
        public Task PW0003_when_the_name_is_a_property_not_a_method() => VerifyAsync("""
            public partial class Store
            {
                private Task<int> GetCore => Task.FromResult(1);

                [TailAwait({|#0:nameof(GetCore)|})]
                public partial Task<int> GetAsync();
            }
            """,
            Diagnostic("PW0003").WithLocation(0).WithArguments("GetAsync", "GetCore", "Store", "add a private async method 'GetCore' with the same parameters and return type, or fix the name (write it with nameof)"));

        [Fact]
        public Task PW0003_when_the_body_is_in_a_base_class() => VerifyAsync("""
            public class StoreBase
            {
                protected async Task<int> GetCoreAsync() => await Task.FromResult(1);
            }

            public partial class Store : StoreBase
            {
                [TailAwait({|#0:nameof(GetCoreAsync)|})]
                public partial Task<int> GetAsync();
            }
            """,
            Diagnostic("PW0003").WithLocation(0).WithArguments("GetAsync", "GetCoreAsync", "Store", "add a private async method 'GetCoreAsync' with the same parameters and return type, or fix the name (write it with nameof)"));

        [Fact]
        public Task PW0004_return_type_differs_with_the_expected_signature_text() => VerifyAsync("""
            public partial class Store
            {
                [TailAwait({|#0:nameof(GetCoreAsync)|})]
                public partial Task<int> GetAsync(int id);
                private async Task<long> GetCoreAsync(int id) => await LoadAsync(id);
                private static Task<int> LoadAsync(int id) => Task.FromResult(id);
            }
            """,
            Diagnostic("PW0004").WithLocation(0).WithArguments(
                "GetCoreAsync", "GetAsync", "the return type differs: 'GetCoreAsync' returns 'System.Threading.Tasks.Task<long>', 'GetAsync' returns 'System.Threading.Tasks.Task<int>'; expected an instance method returning 'System.Threading.Tasks.Task<int>' with parameters (int id)"));

        [Fact]
        public Task PW0004_static_marked_method_with_an_instance_body() => VerifyAsync("""
            public partial class Store
            {
                [FastPath({|#0:nameof(RunCoreAsync)|})]
                public static partial ValueTask RunAsync();
                private async ValueTask RunCoreAsync() => await Task.Yield();
            }
            """,
            Diagnostic("PW0004").WithLocation(0).WithArguments(
                "RunCoreAsync", "RunAsync", "'RunAsync' is static and 'RunCoreAsync' is not; expected a static method returning 'System.Threading.Tasks.ValueTask' with parameters ()"));

        [Fact]
        public Task PW0004_parameters_in_another_order() => VerifyAsync("""
            public partial class Store
            {
                [FastPath({|#0:nameof(SaveCoreAsync)|})]
                public partial Task SaveAsync(string name, int count, CancellationToken ct);
                private async Task SaveCoreAsync(int count, string name, CancellationToken ct) => await Task.Delay(count, ct);
            }
            """,
            Diagnostic("PW0004").WithLocation(0).WithArguments(
                "SaveCoreAsync", "SaveAsync", "parameter 1 differs: 'SaveCoreAsync' declares 'int count', 'SaveAsync' declares 'string name'; expected an instance method returning 'System.Threading.Tasks.Task' with parameters (string name, int count, System.Threading.CancellationToken ct)"));

        [Fact]
        public Task PW0004_when_no_overload_of_the_body_matches() => VerifyAsync("""
            public partial class Store
            {
                [TailAwait({|#0:nameof(GetCoreAsync)|})]
                public partial Task<string?> GetAsync(string key);
                private async Task<string?> GetCoreAsync(int key) => await Task.FromResult<string?>(key.ToString());
                private async Task<string?> GetCoreAsync(string key, int version) => await Task.FromResult<string?>(key + version);
            }
            """,
            Diagnostic("PW0004").WithLocation(0).WithArguments(
                "GetCoreAsync", "GetAsync", "parameter 1 differs: 'GetCoreAsync' declares 'int key', 'GetAsync' declares 'string key'; expected an instance method returning 'System.Threading.Tasks.Task<string?>' with parameters (string key)"));

        [Fact]
        public Task PW0005_at_the_body_method_name() => VerifyAsync("""
            public partial class Store
            {
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private Task<int> {|#0:GetCoreAsync|}() => Task.FromResult(1);
            }
            """,
            Diagnostic("PW0005").WithLocation(0).WithArguments("GetCoreAsync", "GetAsync"));

        [Fact]
        public Task PW0005_block_bodied_FastPath_body() => VerifyAsync("""
            public partial class Store
            {
                [FastPath(nameof(GetCoreAsync))]
                public partial ValueTask<int> GetAsync(int x);
                private ValueTask<int> {|#0:GetCoreAsync|}(int x)
                {
                    return new ValueTask<int>(x);
                }
            }
            """,
            Diagnostic("PW0005").WithLocation(0).WithArguments("GetCoreAsync", "GetAsync"));

        /// <summary>A body method without a body (abstract) has no name to point at but the declaration's; the argument is used.</summary>
        [Fact]
        public Task PW0005_abstract_body_method_at_the_attribute_argument() => VerifyAsync("""
            public abstract partial class Store
            {
                [TailAwait({|#0:nameof(GetCoreAsync)|})]
                public partial Task<int> GetAsync();
                protected abstract Task<int> GetCoreAsync();
            }
            """,
            Diagnostic("PW0005").WithLocation(0).WithArguments("GetCoreAsync", "GetAsync"));

        [Fact]
        public Task PW0008_empty_string() => VerifyAsync("""
            public partial class Store
            {
                [TailAwait({|#0:""|})]
                public partial Task GetAsync();
            }
            """,
            Diagnostic("PW0008").WithLocation(0).WithArguments("TailAwait"));

        [Fact]
        public Task PW0008_whitespace() => VerifyAsync("""
            public partial class Store
            {
                [FastPath({|#0:"  "|})]
                public partial Task GetAsync();
            }
            """,
            Diagnostic("PW0008").WithLocation(0).WithArguments("FastPath"));

        [Fact]
        public Task PW0008_null() => VerifyAsync("""
            public partial class Store
            {
                [FastPath({|#0:null!|})]
                public partial Task<int> GetAsync();
            }
            """,
            Diagnostic("PW0008").WithLocation(0).WithArguments("FastPath"));

        [Fact]
        public Task No_diagnostic_when_only_parameter_names_differ_and_an_overload_matches() => VerifyAsync("""
            public partial class Store
            {
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<string?> GetAsync(string key, CancellationToken cancellationToken);
                private async Task<string?> GetCoreAsync(int id) => await Task.FromResult<string?>(id.ToString());
                private async Task<string?> GetCoreAsync(string name, CancellationToken ct) => await Task.FromResult<string?>(name);
            }
            """);
    }
}
