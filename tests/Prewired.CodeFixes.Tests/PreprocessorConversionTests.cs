using System.Threading.Tasks;
using Prewired.Analyzers;
using Prewired.CodeFixes.Tests.Harness;
using Xunit;

namespace Prewired.CodeFixes.Tests
{
    /// <summary>
    /// Converting in files of multi-targeted libraries, full of <c>#if</c>: the conversion must compile for the
    /// configuration the IDE shows (no symbol is defined here: <c>#if NETFRAMEWORK</c> is inactive, <c>#if !NETFRAMEWORK</c>
    /// active) and leave every other configuration as it was.
    /// </summary>
    public sealed class PreprocessorConversionTests
    {
        /// <summary>
        /// A header split by #if/#else/#endif, parameters after #endif: the group moves out to wrap whole members and each
        /// branch is converted, whichever is active. A multi-targeted project is one project per target and 'dotnet format'
        /// merges their fixes of the file, so the text must be the same in every configuration (a conversion of the active
        /// branch only gave each target a different rewrite, merged as an "Unmerged change" conflict in the file).
        /// </summary>
        [Theory]
        [InlineData(false)]
        [InlineData(true)]
        public Task Header_split_by_if_else_is_converted_in_both_branches_whichever_is_active(bool netFramework) => InConfiguration(netFramework,
            """
                using System.Threading.Tasks;

                public class Orders
                {
                #if NETFRAMEWORK
                    public async ValueTask<string> {{NETFRAMEWORK}}
                #else
                    public async Task<string> {{OTHER}}
                #endif
                        (int id)
                    {
                        return await Task.FromResult("order " + id);
                    }
                }
                """,
            "PW0102",
            """
                using System.Threading.Tasks;
                using Prewired;

                public partial class Orders
                {
                #if NETFRAMEWORK
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial ValueTask<string> GetAsync
                        (int id);

                    private async ValueTask<string> GetCoreAsync
                        (int id)
                    {
                        return await Task.FromResult("order " + id);
                    }
                #else
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<string> GetAsync
                        (int id);

                    private async Task<string> GetCoreAsync
                        (int id)
                    {
                        return await Task.FromResult("order " + id);
                    }
                #endif
                }
                """);

        /// <summary>
        /// One whole header per target, as multi-targeted libraries write them (a span overload where it exists), the body
        /// shared: [FastPath] for both, the same text from either target.
        /// </summary>
        [Theory]
        [InlineData(false)]
        [InlineData(true)]
        public Task Whole_header_per_target_is_converted_in_both_branches_whichever_is_active(bool netFramework) => InConfiguration(netFramework,
            """
                using System;
                using System.Threading.Tasks;

                public class Names
                {
                    private int _loaded;

                #if NETFRAMEWORK
                    public async ValueTask<int> {{NETFRAMEWORK}}(string name)
                #else
                    public async ValueTask<int> {{OTHER}}(ReadOnlyMemory<char> name)
                #endif
                    {
                        await LoadAsync();
                        return name.Length + _loaded;
                    }

                    private Task LoadAsync()
                    {
                        _loaded = 1;
                        return Task.CompletedTask;
                    }
                }
                """,
            "PW0202",
            """
                using System;
                using System.Threading.Tasks;
                using Prewired;

                public partial class Names
                {
                    private int _loaded;

                #if NETFRAMEWORK
                    [FastPath(nameof(LengthCoreAsync))]
                    public partial ValueTask<int> LengthAsync(string name);

                    private async ValueTask<int> LengthCoreAsync(string name)
                    {
                        await LoadAsync();
                        return name.Length + _loaded;
                    }
                #else
                    [FastPath(nameof(LengthCoreAsync))]
                    public partial ValueTask<int> LengthAsync(ReadOnlyMemory<char> name);

                    private async ValueTask<int> LengthCoreAsync(ReadOnlyMemory<char> name)
                    {
                        await LoadAsync();
                        return name.Length + _loaded;
                    }
                #endif

                    private Task LoadAsync()
                    {
                        _loaded = 1;
                        return Task.CompletedTask;
                    }
                }
                """,
            name: "LengthAsync");

        /// <summary>
        /// [FastPath] needs a ValueTask: the target whose header returns a Task is not offered the fix, and the other
        /// target's conversion leaves that branch as it was (so the two targets' results still merge).
        /// </summary>
        [Fact]
        public Task Branch_that_cannot_take_the_mark_keeps_the_method() => InConfiguration(netFramework: false,
            """
                using System.Threading.Tasks;

                public class Names
                {
                    private int _loaded;

                #if NETFRAMEWORK
                    public async Task<int> {{NETFRAMEWORK}}(string name)
                #else
                    public async ValueTask<int> {{OTHER}}(string name)
                #endif
                    {
                        await LoadAsync();
                        return name.Length + _loaded;
                    }

                    private Task LoadAsync()
                    {
                        _loaded = 1;
                        return Task.CompletedTask;
                    }
                }
                """,
            "PW0202",
            """
                using System.Threading.Tasks;
                using Prewired;

                public partial class Names
                {
                    private int _loaded;

                #if NETFRAMEWORK
                    public async Task<int> LengthAsync(string name)
                    {
                        await LoadAsync();
                        return name.Length + _loaded;
                    }
                #else
                    [FastPath(nameof(LengthCoreAsync))]
                    public partial ValueTask<int> LengthAsync(string name);

                    private async ValueTask<int> LengthCoreAsync(string name)
                    {
                        await LoadAsync();
                        return name.Length + _loaded;
                    }
                #endif

                    private Task LoadAsync()
                    {
                        _loaded = 1;
                        return Task.CompletedTask;
                    }
                }
                """,
            name: "LengthAsync");

        /// <summary>The Task target of the same source: nothing to offer, nothing changed.</summary>
        [Fact]
        public async Task Target_whose_header_returns_a_Task_is_not_offered_FastPath()
        {
            var source = """
                using System.Threading.Tasks;

                public class Names
                {
                    private int _loaded;

                #if NETFRAMEWORK
                    public async Task<int> LengthAsync(string name)
                #else
                    public async ValueTask<int> LengthAsync(string name)
                #endif
                    {
                        await LoadAsync();
                        return name.Length + _loaded;
                    }

                    private Task LoadAsync()
                    {
                        _loaded = 1;
                        return Task.CompletedTask;
                    }
                }
                """;
            await new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
            {
                TestCode = source,
                FixedCode = source,
                PreprocessorSymbols = new[] { "NETFRAMEWORK" },
            }.RunAsync();
        }

        /// <summary>
        /// An attribute list before a split header: every branch keeps it, before the new attribute, and every branch's body
        /// gets a copy of the suppression (<see cref="ConvertToFastPathTests.Suppressions_are_copied_to_the_body"/>).
        /// </summary>
        [Fact]
        public Task Attribute_before_a_header_split_by_if_else() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System.Threading.Tasks;

                public class Orders
                {
                    /// <summary>Gets an order.</summary>
                    [System.Diagnostics.CodeAnalysis.SuppressMessage("Style", "X0001")]
                #if NETFRAMEWORK
                    public async ValueTask<string> GetAsync
                #else
                    public async Task<string> {|PW0102:GetAsync|}
                #endif
                        (int id)
                    {
                        return await Task.FromResult("order " + id);
                    }
                }
                """,
            FixedCode = """
                using System.Threading.Tasks;
                using Prewired;

                public partial class Orders
                {
                    /// <summary>Gets an order.</summary>
                #if NETFRAMEWORK
                    [System.Diagnostics.CodeAnalysis.SuppressMessage("Style", "X0001")]
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial ValueTask<string> GetAsync
                        (int id);

                    [System.Diagnostics.CodeAnalysis.SuppressMessage("Style", "X0001")]
                    private async ValueTask<string> GetCoreAsync
                        (int id)
                    {
                        return await Task.FromResult("order " + id);
                    }
                #else
                    [System.Diagnostics.CodeAnalysis.SuppressMessage("Style", "X0001")]
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<string> GetAsync
                        (int id);

                    [System.Diagnostics.CodeAnalysis.SuppressMessage("Style", "X0001")]
                    private async Task<string> GetCoreAsync
                        (int id)
                    {
                        return await Task.FromResult("order " + id);
                    }
                #endif
                }
                """,
        }.RunAsync();

        /// <summary>
        /// An attribute list under an active #if: the new attribute comes after the #endif, once. The suppression is not
        /// copied to the body: what a target's build sees of it differs, and 'dotnet format' merges every target's fix.
        /// </summary>
        [Fact]
        public Task Attribute_under_an_active_if() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System.Threading.Tasks;

                public class Orders
                {
                #if !NETFRAMEWORK
                    [System.Diagnostics.CodeAnalysis.SuppressMessage("Style", "X0001")]
                #endif
                    public async Task<string> {|PW0102:GetAsync|}(int id)
                    {
                        return await Task.FromResult("order " + id);
                    }
                }
                """,
            FixedCode = """
                using System.Threading.Tasks;
                using Prewired;

                public partial class Orders
                {
                #if !NETFRAMEWORK
                    [System.Diagnostics.CodeAnalysis.SuppressMessage("Style", "X0001")]
                #endif
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<string> GetAsync(int id);

                    private async Task<string> GetCoreAsync(int id)
                    {
                        return await Task.FromResult("order " + id);
                    }
                }
                """,
        }.RunAsync();

        /// <summary>An attribute list under an inactive #if stays with the declaration, before the new attribute.</summary>
        [Fact]
        public Task Attribute_under_an_inactive_if() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System.Threading.Tasks;

                public class Orders
                {
                #if NETFRAMEWORK
                    [System.Diagnostics.CodeAnalysis.SuppressMessage("Style", "X0001")]
                #endif
                    public async Task<string> {|PW0102:GetAsync|}(int id)
                    {
                        return await Task.FromResult("order " + id);
                    }
                }
                """,
            FixedCode = """
                using System.Threading.Tasks;
                using Prewired;

                public partial class Orders
                {
                #if NETFRAMEWORK
                    [System.Diagnostics.CodeAnalysis.SuppressMessage("Style", "X0001")]
                #endif
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<string> GetAsync(int id);

                    private async Task<string> GetCoreAsync(int id)
                    {
                        return await Task.FromResult("order " + id);
                    }
                }
                """,
        }.RunAsync();

        /// <summary>
        /// Runs the conversion with NETFRAMEWORK defined or not. <paramref name="template"/> holds the method's name twice:
        /// {{NETFRAMEWORK}} in the branch that configuration makes active, {{OTHER}} in the other; the active one carries
        /// the diagnostic's markup. Both configurations must give <paramref name="fixedCode"/>.
        /// </summary>
        private static Task InConfiguration(bool netFramework, string template, string diagnosticId, string fixedCode, string name = "GetAsync")
        {
            var marked = "{|" + diagnosticId + ":" + name + "|}";
            return new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
            {
                TestCode = template.Replace("{{NETFRAMEWORK}}", netFramework ? marked : name).Replace("{{OTHER}}", netFramework ? name : marked),
                FixedCode = fixedCode,
                PreprocessorSymbols = netFramework ? new[] { "NETFRAMEWORK" } : System.Array.Empty<string>(),
            }.RunAsync();
        }
    }
}
