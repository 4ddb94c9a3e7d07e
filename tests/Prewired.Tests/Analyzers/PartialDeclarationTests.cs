using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Xunit;
using static Prewired.Tests.Analyzers.MarkedMethodVerifier;

namespace Prewired.Tests.Analyzers
{
    /// <summary>PW0001 (the marked method must be a partial declaration without a body) and PW0002 (every containing type partial).</summary>
    public sealed class PartialDeclarationTests
    {
        [Fact]
        public Task PW0001_non_partial_method_with_an_expression_body() => VerifyAsync("""
            public partial class Store
            {
                [FastPath(nameof(GetCoreAsync))]
                public ValueTask<int> {|#0:GetAsync|}() => GetCoreAsync();
                private async ValueTask<int> GetCoreAsync() => await Task.FromResult(1);
            }
            """,
            Diagnostic("PW0001").WithLocation(0).WithArguments("GetAsync", "FastPath"));

        [Fact]
        public Task PW0001_non_partial_method_with_a_block_body_TailAwait() => VerifyAsync("""
            public partial class Store
            {
                [TailAwait(nameof(GetCoreAsync))]
                public Task<int> {|#0:GetAsync|}(int id)
                {
                    return GetCoreAsync(id);
                }

                private async Task<int> GetCoreAsync(int id) => await Task.FromResult(id);
            }
            """,
            Diagnostic("PW0001").WithLocation(0).WithArguments("GetAsync", "TailAwait"));

        [Fact]
        public Task PW0001_non_partial_method_without_a_body_is_also_CS0501() => VerifyAsync("""
            public partial class Store
            {
                [FastPath(nameof(GetCoreAsync))]
                public ValueTask<int> {|#0:GetAsync|}();
                private async ValueTask<int> GetCoreAsync() => await Task.FromResult(1);
            }
            """,
            CompilerError("CS0501").WithLocation(0),
            Diagnostic("PW0001").WithLocation(0).WithArguments("GetAsync", "FastPath"),
            // ^ reported by the generator (the compiler's error would hide the analyzer's); below, the analyzer's Hidden copy
            Diagnostic("PW0001").WithLocation(0).WithArguments("GetAsync", "FastPath").WithSeverity(DiagnosticSeverity.Hidden));

        /// <summary>A lone 'partial' method with a body is an implementing declaration without a definition (CS0759).</summary>
        [Fact]
        public Task PW0001_partial_method_with_a_body_and_no_defining_declaration() => VerifyAsync("""
            public partial class Store
            {
                [FastPath(nameof(GetCoreAsync))]
                public partial ValueTask<int> {|#0:GetAsync|}() => GetCoreAsync();
                private async ValueTask<int> GetCoreAsync() => await Task.FromResult(1);
            }
            """,
            CompilerError("CS0759").WithLocation(0),
            Diagnostic("PW0001").WithLocation(0).WithArguments("GetAsync", "FastPath"),
            // ^ reported by the generator (the compiler's error would hide the analyzer's); below, the analyzer's Hidden copy
            Diagnostic("PW0001").WithLocation(0).WithArguments("GetAsync", "FastPath").WithSeverity(DiagnosticSeverity.Hidden));

        /// <summary>
        /// The user wrote the implementing part themselves: the method is not "a partial declaration without a body" any
        /// more, so PW0001 belongs at the part with the body, and the generator must not add a second implementation
        /// (which would be CS0757 inside generated code).
        /// </summary>
        [Fact]
        public Task PW0001_partial_definition_whose_implementation_the_user_wrote_in_another_part() => VerifyAsync("""
            public partial class Store
            {
                [FastPath(nameof(GetCoreAsync))]
                public partial ValueTask<int> GetAsync();
                private async ValueTask<int> GetCoreAsync() => await Task.FromResult(1);
            }

            public partial class Store
            {
                public partial ValueTask<int> {|#0:GetAsync|}() => GetCoreAsync();
            }
            """,
            Diagnostic("PW0001").WithLocation(0).WithArguments("GetAsync", "FastPath"));

        /// <summary>The attribute on the implementing part: the method still has a body, so it is PW0001, not silence.</summary>
        [Fact]
        public Task PW0001_attribute_on_the_implementing_part_of_a_user_written_partial_method() => VerifyAsync("""
            public partial class Store
            {
                public partial ValueTask<int> GetAsync();
                private async ValueTask<int> GetCoreAsync() => await Task.FromResult(1);
            }

            public partial class Store
            {
                [FastPath(nameof(GetCoreAsync))]
                public partial ValueTask<int> {|#0:GetAsync|}() => GetCoreAsync();
            }
            """,
            Diagnostic("PW0001").WithLocation(0).WithArguments("GetAsync", "FastPath"));

        /// <summary>Not partial and in a non-partial type: both rules, both at the method name, no compiler error.</summary>
        [Fact]
        public Task PW0001_and_PW0002_non_partial_method_in_non_partial_type() => VerifyAsync("""
            public class Store
            {
                [TailAwait(nameof(GetCoreAsync))]
                public Task<int> {|#0:GetAsync|}() => GetCoreAsync();
                private async Task<int> GetCoreAsync() => await Task.FromResult(1);
            }
            """,
            Diagnostic("PW0001").WithLocation(0).WithArguments("GetAsync", "TailAwait"),
            Diagnostic("PW0002").WithLocation(0).WithArguments("Store", "GetAsync"));

        /// <summary>
        /// A partial method in a non-partial type is itself compiler error CS0751 (and, with no implementation the
        /// generator could add, CS8795); PW0002 says what to do.
        /// </summary>
        [Fact]
        public Task PW0002_partial_method_in_non_partial_type_is_also_CS0751() => VerifyAsync("""
            public class Store
            {
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> {|#0:GetAsync|}();
                private async Task<int> GetCoreAsync() => await Task.FromResult(1);
            }
            """,
            CompilerError("CS0751").WithLocation(0),
            CompilerError("CS8795").WithLocation(0),
            Diagnostic("PW0002").WithLocation(0).WithArguments("Store", "GetAsync"),
            // ^ reported by the generator (the compiler's error would hide the analyzer's); below, the analyzer's Hidden copy
            Diagnostic("PW0002").WithLocation(0).WithArguments("Store", "GetAsync").WithSeverity(DiagnosticSeverity.Hidden));

        /// <summary>
        /// A partial type nested in a non-partial one compiles, but the generator cannot add to it: PW0002 names the
        /// outer type. No stub can be generated there either, so CS8795 stays.
        /// </summary>
        [Fact]
        public Task PW0002_names_the_non_partial_containing_type_of_a_partial_nested_type() => VerifyAsync("""
            public class Outer
            {
                public partial class Inner
                {
                    [FastPath(nameof(GetCoreAsync))]
                    public partial Task<int> {|#0:GetAsync|}();
                    private async Task<int> GetCoreAsync() => await Task.FromResult(1);
                }
            }
            """,
            CompilerError("CS8795").WithLocation(0),
            Diagnostic("PW0002").WithLocation(0).WithArguments("Outer", "GetAsync"),
            // ^ reported by the generator (the compiler's error would hide the analyzer's); below, the analyzer's Hidden copy
            Diagnostic("PW0002").WithLocation(0).WithArguments("Outer", "GetAsync").WithSeverity(DiagnosticSeverity.Hidden));

        [Fact]
        public Task PW0002_names_the_innermost_non_partial_type() => VerifyAsync("""
            public partial class Outer
            {
                public class Inner
                {
                    [FastPath(nameof(GetCoreAsync))]
                    public partial Task<int> {|#0:GetAsync|}();
                    private async Task<int> GetCoreAsync() => await Task.FromResult(1);
                }
            }
            """,
            CompilerError("CS0751").WithLocation(0),
            CompilerError("CS8795").WithLocation(0),
            Diagnostic("PW0002").WithLocation(0).WithArguments("Inner", "GetAsync"),
            // ^ reported by the generator (the compiler's error would hide the analyzer's); below, the analyzer's Hidden copy
            Diagnostic("PW0002").WithLocation(0).WithArguments("Inner", "GetAsync").WithSeverity(DiagnosticSeverity.Hidden));

        [Fact]
        public Task No_diagnostic_for_a_partial_declaration_in_nested_partial_types() => VerifyAsync("""
            namespace Shop
            {
                public static partial class Outer
                {
                    internal partial class Inner<T>
                    {
                        [FastPath(nameof(GetCoreAsync))]
                        public partial Task<int> GetAsync();
                        private async Task<int> GetCoreAsync() => await Task.FromResult(1);
                    }
                }
            }
            """);
    }
}
