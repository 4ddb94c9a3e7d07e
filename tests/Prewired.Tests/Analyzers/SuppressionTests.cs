using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using static Prewired.Tests.Analyzers.MarkedMethodVerifier;

namespace Prewired.Tests.Analyzers
{
    /// <summary>Every Prewired diagnostic works with #pragma warning disable and .editorconfig / .globalconfig severities.</summary>
    public sealed class SuppressionTests
    {
        private const string Loop = "it is inside a 'checked' statement";

        private static string InStore(string members) => NonTailAwaitTests.InStore(members);

        private static readonly string FastPathLoop = InStore("""
                [FastPath(nameof(SumCoreAsync))]
                public partial Task<int> SumAsync(int n);
                private async Task<int> SumCoreAsync(int n)
                {
                    var sum = 0;
                    var counts = new int[8];
                    for (var i = 0; i < n; i++) checked { counts[{|#0:await LoadAsync(i)|}]++; }
                    return sum;
                }
            """);

        private static readonly string TailAwaitStored = InStore("""
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync()
                {
                    var x = {|#0:await LoadAsync()|};
                    return x + 1;
                }
            """);

        [Fact]
        public Task PW0201_is_reported_as_a_warning_by_default() => VerifyAsync(FastPathLoop,
            Warning("PW0201").WithLocation(0).WithArguments("await LoadAsync(i)", Loop, "SumCoreAsync"));

        [Fact]
        public Task PW0201_pragma_warning_disable_hides_it() => VerifyAsync(InStore("""
                [FastPath(nameof(SumCoreAsync))]
                public partial Task<int> SumAsync(int n);
                private async Task<int> SumCoreAsync(int n)
                {
                    var sum = 0;
                    var counts = new int[8];
            #pragma warning disable PW0201
                    for (var i = 0; i < n; i++) checked { counts[await LoadAsync(i)]++; }
            #pragma warning restore PW0201
                    return sum;
                }
            """));

        [Fact]
        public Task PW0201_pragma_restore_brings_it_back() => WithoutSuppressionCheck(InStore("""
                [FastPath(nameof(SumCoreAsync))]
                public partial Task<int> SumAsync(int n);
                private async Task<int> SumCoreAsync(int n)
                {
                    var sum = 0;
                    var counts = new int[8];
            #pragma warning disable PW0201
                    for (var i = 0; i < n; i++) checked { counts[await LoadAsync(i)]++; }
            #pragma warning restore PW0201
                    while (sum > n) checked { counts[{|#0:await LoadAsync(1)|}]--; }
                    return sum;
                }
            """),
            Warning("PW0201").WithLocation(0).WithArguments("await LoadAsync(1)", Loop, "SumCoreAsync")).RunAsync();

        [Fact]
        public Task PW0201_severity_none_in_globalconfig_hides_it() => VerifyWithConfigAsync(
            "is_global = true\ndotnet_diagnostic.PW0201.severity = none",
            FastPathLoop.Replace("{|#0:", "").Replace("|}", ""));

        [Fact]
        public Task PW0201_severity_none_in_editorconfig_hides_it() => VerifyWithConfigAsync(
            "root = true\n[*.cs]\ndotnet_diagnostic.PW0201.severity = none",
            FastPathLoop.Replace("{|#0:", "").Replace("|}", ""));

        [Fact]
        public Task PW0201_severity_error_raises_it() => VerifyWithConfigAsync(
            "is_global = true\ndotnet_diagnostic.PW0201.severity = error",
            FastPathLoop,
            Diagnostic("PW0201").WithLocation(0).WithSeverity(DiagnosticSeverity.Error).WithArguments("await LoadAsync(i)", Loop, "SumCoreAsync"));

        [Fact]
        public Task PW0201_category_severity_none_hides_it() => VerifyWithConfigAsync(
            "is_global = true\ndotnet_analyzer_diagnostic.category-Prewired.severity = none",
            FastPathLoop.Replace("{|#0:", "").Replace("|}", ""));

        [Fact]
        public Task PW0101_is_an_error_by_default() => VerifyAsync(TailAwaitStored,
            Diagnostic("PW0101").WithLocation(0).WithSeverity(DiagnosticSeverity.Error)
                .WithArguments("await LoadAsync()", "its result is stored and used after the await"));

        [Fact]
        public Task PW0101_severity_none_hides_it() => VerifyWithConfigAsync(
            "is_global = true\ndotnet_diagnostic.PW0101.severity = none",
            TailAwaitStored.Replace("{|#0:", "").Replace("|}", ""));

        [Fact]
        public Task PW0101_severity_warning_lowers_it() => VerifyWithConfigAsync(
            "is_global = true\ndotnet_diagnostic.PW0101.severity = warning",
            TailAwaitStored,
            Diagnostic("PW0101").WithLocation(0).WithSeverity(DiagnosticSeverity.Warning)
                .WithArguments("await LoadAsync()", "its result is stored and used after the await"));

        [Fact]
        public Task PW0101_pragma_warning_disable_hides_it() => VerifyAsync(InStore("""
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
            #pragma warning disable PW0101
                private async Task<int> GetCoreAsync()
                {
                    var x = await LoadAsync();
                    return x + 1;
                }
            #pragma warning restore PW0101
            """));

        [Fact]
        public Task PW0003_pragma_around_the_declaration_hides_it() => VerifyAsync("""
            public partial class Store
            {
            #pragma warning disable PW0003
                [FastPath("Missing")]
                public partial ValueTask<int> GetAsync();
            #pragma warning restore PW0003
            }
            """);

        [Fact]
        public Task PW0001_severity_none_hides_it() => VerifyWithConfigAsync(
            "is_global = true\ndotnet_diagnostic.PW0001.severity = none",
            """
            public partial class Store
            {
                [FastPath(nameof(GetCoreAsync))]
                public ValueTask<int> GetAsync() => GetCoreAsync();
                private async ValueTask<int> GetCoreAsync() => await Task.FromResult(1);
            }
            """);

        // The library's extra run puts "#pragma warning disable <expected IDs>" at the top and expects nothing; a source
        // that restores the warning itself (the point of the test) is reported again there, rightly.
        private static Prewired.Tests.Harness.AnalyzerVerifier<Prewired.Analyzers.MarkedMethodAnalyzer>.Test WithoutSuppressionCheck(string source, params DiagnosticResult[] expected)
        {
            var test = Test(source, expected);
            test.TestBehaviors |= TestBehaviors.SkipSuppressionCheck;
            return test;
        }
    }
}
