using System.Threading.Tasks;
using Prewired.Analyzers;
using Prewired.CodeFixes.Tests.Harness;
using Xunit;
using Xunit.Sdk;

namespace Prewired.CodeFixes.Tests
{
    /// <summary>The verifiers fail when they should: a harness that cannot fail would make every test here meaningless.</summary>
    public sealed class HarnessTests
    {
        private const string Candidate = """
            public class Store
            {
                public async Task<int> {|PW0102:GetAsync|}(int id) => await Task.FromResult(id);
            }
            """;

        [Fact]
        public Task Candidate_verifier_fails_on_a_missing_diagnostic()
            => Assert.ThrowsAnyAsync<System.InvalidOperationException>(() => CandidateVerifier.VerifyAsync(Candidate.Replace("{|PW0102:GetAsync|}", "GetAsync", System.StringComparison.Ordinal)));

        [Fact]
        public Task Candidate_verifier_fails_on_a_wrong_span()
            => Assert.ThrowsAnyAsync<System.InvalidOperationException>(() => CandidateVerifier.VerifyAsync(Candidate.Replace("{|PW0102:GetAsync|}", "{|PW0102:GetAsync|}", System.StringComparison.Ordinal).Replace("public async", "{|PW0102:public|} async", System.StringComparison.Ordinal)));

        [Fact]
        public Task Candidate_verifier_fails_on_a_source_that_does_not_compile()
            => Assert.ThrowsAnyAsync<System.InvalidOperationException>(() => CandidateVerifier.VerifyAsync(Candidate + "\nclass Broken { int x = ; }"));

        [Fact]
        public Task Code_fix_test_fails_on_a_different_fixed_text()
            => Assert.ThrowsAnyAsync<XunitException>(() => new CodeFixTest<ConvertToPartialShapeCodeFixProvider>
            {
                TestCode = "using System.Threading.Tasks;\n\npublic class Store\n{\n    public async Task<int> {|PW0102:GetAsync|}(int id) => await Task.FromResult(id);\n}\n",
                FixedCode = "using System.Threading.Tasks;\n\npublic class Store\n{\n}\n",
            }.RunAsync());

        /// <summary>Renaming to a near miss whose signature differs trades PW0003 for PW0004: the test must see it.</summary>
        [Fact]
        public Task Code_fix_test_fails_when_the_fix_leaves_a_new_diagnostic()
            => Assert.ThrowsAnyAsync<XunitException>(() => new CodeFixTest<BodyMethodNotFoundCodeFixProvider>
            {
                TestCode = """
                    using System.Threading.Tasks;
                    using Prewired;

                    public partial class Store
                    {
                        [TailAwait({|PW0003:"GetCoreAsyn"|})]
                        public partial Task<int> GetAsync(int id);

                        private async Task<int> GetCoreAsync(string id) => await Task.FromResult(id.Length);
                    }
                    """,
                FixedCode = """
                    using System.Threading.Tasks;
                    using Prewired;

                    public partial class Store
                    {
                        [TailAwait(nameof(GetCoreAsync))]
                        public partial Task<int> GetAsync(int id);

                        private async Task<int> GetCoreAsync(string id) => await Task.FromResult(id.Length);
                    }
                    """,
                EquivalenceKey = BodyMethodNotFoundCodeFixProvider.UseSimilarKey,
            }.RunAsync());

        [Fact]
        public Task Code_fix_test_passes_when_the_new_diagnostic_is_expected() => new CodeFixTest<BodyMethodNotFoundCodeFixProvider>
        {
            TestCode = """
                using System.Threading.Tasks;
                using Prewired;

                public partial class Store
                {
                    [TailAwait({|PW0003:"GetCoreAsyn"|})]
                    public partial Task<int> GetAsync(int id);

                    private async Task<int> GetCoreAsync(string id) => await Task.FromResult(id.Length);
                }
                """,
            FixedCode = """
                using System.Threading.Tasks;
                using Prewired;

                public partial class Store
                {
                    [TailAwait({|PW0004:nameof(GetCoreAsync)|})]
                    public partial Task<int> GetAsync(int id);

                    private async Task<int> GetCoreAsync(string id) => await Task.FromResult(id.Length);
                }
                """,
            EquivalenceKey = BodyMethodNotFoundCodeFixProvider.UseSimilarKey,
        }.RunAsync();

        // PrewiredCodeFixTest (Microsoft.CodeAnalysis.Testing with this repository's set-up) fails where the stand-in did.

        private const string Wrapper = """
            using System.Threading.Tasks;

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
            """;

        private const string FixedWrapper = """
            using System.Threading.Tasks;

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
            """;

        [Fact]
        public Task Library_code_fix_test_passes_with_a_brace_diagnostic() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
        {
            TestCode = Wrapper,
            FixedCode = FixedWrapper,
        }.RunAsync();

        [Fact]
        public Task Library_code_fix_test_fails_on_a_different_fixed_text()
            => Assert.ThrowsAnyAsync<System.InvalidOperationException>(() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
            {
                TestCode = Wrapper,
                FixedCode = FixedWrapper.Replace("(value, delay)", "(value)", System.StringComparison.Ordinal),
            }.RunAsync());

        /// <summary>The brace diagnostic is checked at its line and column: one on the method's other brace does not match.</summary>
        [Fact]
        public Task Library_code_fix_test_fails_on_a_brace_diagnostic_at_another_brace()
            => Assert.ThrowsAnyAsync<System.InvalidOperationException>(() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
            {
                TestCode = Wrapper.Replace("{|PW0401:{|}", "{", System.StringComparison.Ordinal)
                    .Replace("    async Task<TResult> DelayAsync<TResult>(TResult result)\n        {", "    async Task<TResult> DelayAsync<TResult>(TResult result)\n        {|PW0401:{|}", System.StringComparison.Ordinal),
                FixedCode = FixedWrapper,
            }.RunAsync());

        /// <summary>Every diagnostic before the fix is listed: an unmarked compiler warning fails the test.</summary>
        [Fact]
        public Task Library_code_fix_test_fails_on_an_unlisted_compiler_warning_before_the_fix()
            => Assert.ThrowsAnyAsync<System.InvalidOperationException>(() => new PrewiredCodeFixTest<ClosureAnalyzer, ClosureCodeFixProvider>
            {
                TestCode = Wrapper + "\npublic class Unused { private int _never; }\n",
                FixedCode = FixedWrapper + "\npublic class Unused { private int _never; }\n",
            }.RunAsync());

        /// <summary>Renaming to a near miss whose signature differs trades PW0003 for PW0004: the test must see it.</summary>
        [Fact]
        public Task Library_code_fix_test_fails_when_the_fix_leaves_a_new_diagnostic()
            => Assert.ThrowsAnyAsync<System.InvalidOperationException>(() => new PrewiredCodeFixTest<MarkedMethodAnalyzer, BodyMethodNotFoundCodeFixProvider>
            {
                TestCode = """
                    using System.Threading.Tasks;
                    using Prewired;

                    public partial class Store
                    {
                        [TailAwait({|PW0003:"GetCoreAsyn"|})]
                        public partial Task<int> GetAsync(int id);

                        private async Task<int> GetCoreAsync(string id) => await Task.FromResult(id.Length);
                    }
                    """,
                FixedCode = """
                    using System.Threading.Tasks;
                    using Prewired;

                    public partial class Store
                    {
                        [TailAwait(nameof(GetCoreAsync))]
                        public partial Task<int> GetAsync(int id);

                        private async Task<int> GetCoreAsync(string id) => await Task.FromResult(id.Length);
                    }
                    """,
                CodeActionEquivalenceKey = BodyMethodNotFoundCodeFixProvider.UseSimilarKey,
            }.RunAsync());
    }
}
