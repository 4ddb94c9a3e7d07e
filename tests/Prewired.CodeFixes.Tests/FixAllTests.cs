using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CodeFixes;
using Prewired.Analyzers;
using Prewired.CodeFixes.Tests.Harness;
using Xunit;

namespace Prewired.CodeFixes.Tests
{
    /// <summary>
    /// Fix All over several instances: the fixes of one document are planned together, so a type is made partial once,
    /// 'using Prewired;' is added once, and two new body methods never take the same name.
    /// </summary>
    public sealed class FixAllTests
    {
        private const string Candidates = """
            using System.Threading.Tasks;

            public class Store
            {
                public async Task<int> {|PW0102:GetAsync|}(int id) => await Task.FromResult(id);

                public async Task<int> {|PW0102:GetAsync|}(string name) => await Task.FromResult(name.Length);

                public async ValueTask<int> {|PW0202:SumAsync|}(int id)
                {
                    var a = await GetAsync(id);
                    return a + 1;
                }
            }

            public class Other
            {
                public async Task {|PW0102:SaveAsync|}() => await Task.Delay(1);
            }
            """;

        [Fact]
        public Task Document_every_tail_await_candidate() => new CodeFixTest<ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = Candidates,
            FixedCode = """
                using System.Threading.Tasks;
                using Prewired;

                public partial class Store
                {
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<int> GetAsync(int id);

                    private async Task<int> GetCoreAsync(int id) => await Task.FromResult(id);

                    [TailAwait(nameof(GetCore2Async))]
                    public partial Task<int> GetAsync(string name);

                    private async Task<int> GetCore2Async(string name) => await Task.FromResult(name.Length);

                    public async ValueTask<int> {|PW0202:SumAsync|}(int id)
                    {
                        var a = await GetAsync(id);
                        return a + 1;
                    }
                }

                public partial class Other
                {
                    [TailAwait(nameof(SaveCoreAsync))]
                    public partial Task SaveAsync();

                    private async Task SaveCoreAsync() => await Task.Delay(1);
                }
                """,
            EquivalenceKey = ConvertToPartialShapeCodeFixProvider.Key,
            FixAllScope = FixAllScope.Document,
        }.RunAsync();

        [Fact]
        public Task Project_spans_documents() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            Sources =
            {
                """
                using System.Threading.Tasks;

                public class First
                {
                    public async Task<int> {|PW0102:GetAsync|}() => await Task.FromResult(1);
                }
                """,
                """
                using System.Threading.Tasks;

                public class Second
                {
                    public async Task<int> {|PW0102:GetAsync|}() => await Task.FromResult(2);
                }
                """,
            },
            FixedSources =
            {
                """
                using System.Threading.Tasks;
                using Prewired;

                public partial class First
                {
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<int> GetAsync();

                    private async Task<int> GetCoreAsync() => await Task.FromResult(1);
                }
                """,
                """
                using System.Threading.Tasks;
                using Prewired;

                public partial class Second
                {
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<int> GetAsync();

                    private async Task<int> GetCoreAsync() => await Task.FromResult(2);
                }
                """,
            },
            CodeActionEquivalenceKey = ConvertToPartialShapeCodeFixProvider.Key,
            FixAllScope = FixAllScope.Project,
        }.RunAsync();

        [Fact]
        public Task Solution_scope_is_supported_and_converts_fast_path_candidates() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System.Threading.Tasks;

                public class Store
                {
                    public async ValueTask<int> {|PW0202:OneAsync|}(int id)
                    {
                        var a = await Task.FromResult(id);
                        return a + 1;
                    }

                    public async ValueTask<int> {|PW0202:TwoAsync|}(int id)
                    {
                        var a = await Task.FromResult(id);
                        return a + 2;
                    }
                }
                """,
            FixedCode = """
                using System.Threading.Tasks;
                using Prewired;

                public partial class Store
                {
                    [FastPath(nameof(OneCoreAsync))]
                    public partial ValueTask<int> OneAsync(int id);

                    private async ValueTask<int> OneCoreAsync(int id)
                    {
                        var a = await Task.FromResult(id);
                        return a + 1;
                    }

                    [FastPath(nameof(TwoCoreAsync))]
                    public partial ValueTask<int> TwoAsync(int id);

                    private async ValueTask<int> TwoCoreAsync(int id)
                    {
                        var a = await Task.FromResult(id);
                        return a + 2;
                    }
                }
                """,
            CodeActionEquivalenceKey = ConvertToPartialShapeCodeFixProvider.Key,
            FixAllScope = FixAllScope.Solution,
        }.RunAsync();

        /// <summary>
        /// 'dotnet format' takes the equivalence key from the first diagnostic of the analyzer's results, here a PW0102,
        /// and runs Fix All for PW0202: only the fast-path candidates are converted, each to [FastPath].
        /// </summary>
        [Fact]
        public Task Key_taken_from_a_diagnostic_of_the_other_rule_converts_only_the_rule_fixed() => new CodeFixTest<ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System.Threading.Tasks;

                public class Store
                {
                    public async Task<int> {|PW0102:GetAsync|}(int id) => await Task.FromResult(id);

                    public async ValueTask<int> {|PW0202:SumAsync|}(int id)
                    {
                        var a = await Task.FromResult(id);
                        return a + 1;
                    }
                }
                """,
            FixedCode = """
                using System.Threading.Tasks;
                using Prewired;

                public partial class Store
                {
                    public async Task<int> {|PW0102:GetAsync|}(int id) => await Task.FromResult(id);

                    [FastPath(nameof(SumCoreAsync))]
                    public partial ValueTask<int> SumAsync(int id);

                    private async ValueTask<int> SumCoreAsync(int id)
                    {
                        var a = await Task.FromResult(id);
                        return a + 1;
                    }
                }
                """,
            DiagnosticIndex = 0,
            FixAllDiagnosticId = "PW0202",
            FixAllScope = FixAllScope.Solution,
        }.RunAsync();

        /// <summary>
        /// Without an equivalence key every diagnostic gets its first fix: for PW0003 next to a near miss, using it (a new
        /// body would build and throw when called).
        /// </summary>
        [Fact]
        public Task Fix_All_without_a_key_applies_each_diagnostic_its_first_fix() => new CodeFixTest<BodyMethodNotFoundCodeFixProvider>
        {
            TestCode = """
                using System;
                using System.Threading.Tasks;
                using Prewired;

                public partial class Store
                {
                    [TailAwait({|PW0003:"LoadCor"|})]
                    public partial Task<int> LoadAsync();

                    private async Task<int> LoadCore() => await Task.FromResult(1);
                }
                """,
            FixedCode = """
                using System;
                using System.Threading.Tasks;
                using Prewired;

                public partial class Store
                {
                    [TailAwait(nameof(LoadCore))]
                    public partial Task<int> LoadAsync();

                    private async Task<int> LoadCore() => await Task.FromResult(1);
                }
                """,
            EquivalenceKey = BodyMethodNotFoundCodeFixProvider.UseSimilarKey,
            FixAllWithoutEquivalenceKey = true,
            FixAllScope = FixAllScope.Solution,
        }.RunAsync();
    }
}
