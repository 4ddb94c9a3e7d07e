using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Xunit;
using static Prewired.Tests.Analyzers.MarkedMethodVerifier;

namespace Prewired.Tests.Analyzers
{
    /// <summary>PW0006 (return type, at the return type) and PW0007 (ref parameters, struct; at the method name); generic methods are supported.</summary>
    public sealed class MethodShapeTests
    {
        private const string RefParameters = "ref, out and in parameters cannot flow into an async body";

        [Fact]
        public Task PW0006_IAsyncEnumerable_at_the_return_type() => VerifyAsync("""
            public partial class Reader
            {
                [FastPath(nameof(ReadCoreAsync))]
                public partial {|#0:IAsyncEnumerable<int>|} ReadAsync();
                private async IAsyncEnumerable<int> ReadCoreAsync()
                {
                    await Task.Yield();
                    yield return 1;
                }
            }
            """,
            Diagnostic("PW0006").WithLocation(0).WithArguments("ReadAsync", "System.Collections.Generic.IAsyncEnumerable<int>", "FastPath"));

        [Fact]
        public Task PW0006_plain_int_with_a_non_async_body_also_PW0005() => VerifyAsync("""
            public partial class Counter
            {
                [TailAwait(nameof(CountCore))]
                public partial {|#0:int|} Count();
                private int {|#1:CountCore|}() => 1;
            }
            """,
            Diagnostic("PW0006").WithLocation(0).WithArguments("Count", "int", "TailAwait"),
            Diagnostic("PW0005").WithLocation(1).WithArguments("CountCore", "Count"));

        [Fact]
        public Task PW0006_custom_awaitable_type() => VerifyAsync("""
            public partial class Worker
            {
                [TailAwait(nameof(RunCoreAsync))]
                public partial {|#0:System.Runtime.CompilerServices.YieldAwaitable|} RunAsync();
                private System.Runtime.CompilerServices.YieldAwaitable {|#1:RunCoreAsync|}() => Task.Yield();
            }
            """,
            Diagnostic("PW0006").WithLocation(0).WithArguments("RunAsync", "System.Runtime.CompilerServices.YieldAwaitable", "TailAwait"),
            Diagnostic("PW0005").WithLocation(1).WithArguments("RunCoreAsync", "RunAsync"));

        /// <summary>Generic methods are supported: a body named and constrained like the marked method gets no diagnostic.</summary>
        [Fact]
        public Task Generic_methods_with_matching_type_parameters_have_no_diagnostic() => VerifyAsync("""
            public partial class Cache
            {
                [FastPath(nameof(GetCoreAsync))]
                public partial ValueTask<T> GetAsync<T>() where T : class, new();
                private async ValueTask<T> GetCoreAsync<T>() where T : class, new()
                {
                    await Task.Yield();
                    return new T();
                }

                [TailAwait(nameof(RunCoreAsync))]
                public partial Task RunAsync<T>();
                private async Task RunCoreAsync<T>() => await Task.Delay(typeof(T).Name.Length);
            }
            """);

        /// <summary>The generated code copies the body's statements, which name its type parameters: they must match.</summary>
        [Fact]
        public Task PW0004_generic_body_whose_type_parameter_is_named_differently() => VerifyAsync("""
            public partial class Cache
            {
                [FastPath({|#0:nameof(GetCoreAsync)|})]
                public partial ValueTask<T> GetAsync<T>();
                private async ValueTask<TItem> GetCoreAsync<TItem>()
                {
                    await Task.Yield();
                    return default!;
                }
            }
            """,
            Diagnostic("PW0004").WithLocation(0).WithArguments(
                "GetCoreAsync", "GetAsync", "type parameter 1 is named 'TItem' in 'GetCoreAsync' and 'T' in 'GetAsync'; expected an instance method returning 'System.Threading.Tasks.ValueTask<T>' with parameters () and type parameters <T> named and constrained alike"));

        [Fact]
        public Task PW0004_generic_body_with_other_constraints() => VerifyAsync("""
            public partial class Cache
            {
                [TailAwait({|#0:nameof(GetCoreAsync)|})]
                public partial Task<T> GetAsync<T>() where T : new();
                private async Task<T> GetCoreAsync<T>() where T : class, new() => await Task.FromResult(new T());
            }
            """,
            Diagnostic("PW0004").WithLocation(0).WithArguments(
                "GetCoreAsync", "GetAsync", "type parameter 'T' is constrained differently in 'GetCoreAsync' and 'GetAsync'; expected an instance method returning 'System.Threading.Tasks.Task<T>' with parameters () and type parameters <T> named and constrained alike"));

        /// <summary>
        /// An async body cannot take a ref parameter at all (CS1988), so the by-value body is the only one that can be
        /// written: PW0007 is the whole story. (A PW0004 here would ask for a body that cannot exist.) The generator writes
        /// a throwing stub for shapes it can declare, so CS8795 does not hide PW0007 from a command-line build.
        /// </summary>
        [Fact]
        public Task PW0007_ref_parameter() => VerifyAsync("""
            public partial class Counter
            {
                [TailAwait(nameof(AddCoreAsync))]
                public partial Task {|#0:AddAsync|}(ref int total);
                private async Task AddCoreAsync(int total) => await Task.Delay(total);
            }
            """,
                        Diagnostic("PW0007").WithLocation(0).WithArguments("AddAsync", RefParameters),
                        // ^ reported by the generator (the compiler's error would hide the analyzer's); below, the analyzer's Hidden copy
                        Diagnostic("PW0007").WithLocation(0).WithArguments("AddAsync", RefParameters).WithSeverity(DiagnosticSeverity.Hidden));

        [Fact]
        public Task PW0007_ref_parameter_with_a_non_async_body_of_the_same_signature() => VerifyAsync("""
            public partial class Counter
            {
                [FastPath(nameof(ReadCore))]
                public partial ValueTask<int> {|#0:ReadAsync|}(in int value, out int copy);
                private ValueTask<int> ReadCore(in int value, out int copy) { copy = value; return new(value); }
            }
            """,
                        Diagnostic("PW0007").WithLocation(0).WithArguments("ReadAsync", RefParameters),
                        // ^ reported by the generator (the compiler's error would hide the analyzer's); below, the analyzer's Hidden copy
                        Diagnostic("PW0007").WithLocation(0).WithArguments("ReadAsync", RefParameters).WithSeverity(DiagnosticSeverity.Hidden));

        [Fact]
        public Task PW0007_struct() => VerifyAsync("""
            public partial struct Counter
            {
                [TailAwait(nameof(GetCoreAsync))]
                public partial ValueTask<int> {|#0:GetAsync|}();
                private async ValueTask<int> GetCoreAsync() => await Task.FromResult(1);
            }
            """,
                        Diagnostic("PW0007").WithLocation(0).WithArguments("GetAsync", "'Counter' is a struct, whose async methods work on a copy of 'this'; declare the method in a class, or use [FastPath]"));

        // [FastPath] works on a copy of the struct, as the async body does (Semantics: S06_StructMethodWritesThis).
        [Fact]
        public Task No_diagnostic_for_a_FastPath_method_of_a_struct() => VerifyAsync("""
            public partial struct Counter
            {
                private int _count;
                [FastPath(nameof(GetCoreAsync))]
                public partial ValueTask<int> GetAsync();
                private async ValueTask<int> GetCoreAsync() => await Task.FromResult(_count);
            }
            """);

        [Fact]
        public Task PW0007_record_struct() => VerifyAsync("""
            public partial record struct Point(int X)
            {
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> {|#0:GetAsync|}();
                private async Task<int> GetCoreAsync() => await Task.FromResult(X);
            }
            """,
                        Diagnostic("PW0007").WithLocation(0).WithArguments("GetAsync", "'Point' is a struct, whose async methods work on a copy of 'this'; declare the method in a class, or use [FastPath]"));

        [Fact]
        public Task No_diagnostic_in_a_record_class_and_a_static_class() => VerifyAsync("""
            public partial record Order(int Id)
            {
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync() => await Task.FromResult(Id);
            }

            public static partial class Helpers
            {
                [FastPath(nameof(TwiceCoreAsync))]
                public static partial ValueTask<int> TwiceAsync(int value);
                private static async ValueTask<int> TwiceCoreAsync(int value)
                {
                    var x = await Task.FromResult(value);
                    return x * 2;
                }
            }
            """);

        /// <summary>
        /// An extension method is a supported shape (a static method of a static class); its generated implementing
        /// declaration must repeat the 'this' modifier, or the compiler reports CS0755 in the generated file.
        /// </summary>
        [Fact]
        public Task No_diagnostic_for_an_extension_method() => VerifyAsync("""
            public static partial class Helpers
            {
                [FastPath(nameof(TwiceCoreAsync))]
                public static partial ValueTask<int> TwiceAsync(this int value);
                private static async ValueTask<int> TwiceCoreAsync(int value)
                {
                    var x = await Task.FromResult(value);
                    return x * 2;
                }

                [TailAwait(nameof(NameCoreAsync))]
                public static partial Task<string> NameAsync(this string value);
                private static async Task<string> NameCoreAsync(string value) => await Task.FromResult(value);
            }
            """);
    }
}
