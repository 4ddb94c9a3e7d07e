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
        /// <summary>A header split by #if/#else/#endif, parameters after #endif, the #else branch active: the group moves
        /// out to wrap whole members, the inactive branch keeps the original method, the active one gets the conversion.</summary>
        [Fact]
        public Task Header_split_by_if_else_with_the_else_branch_active() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System.Threading.Tasks;

                public class Orders
                {
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
                #if NETFRAMEWORK
                    public async ValueTask<string> GetAsync
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
                """,
        }.RunAsync();

        /// <summary>The same split with the #if branch active.</summary>
        [Fact]
        public Task Header_split_by_if_else_with_the_if_branch_active() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System.Threading.Tasks;

                public class Orders
                {
                #if !NETFRAMEWORK
                    public async Task<string> {|PW0102:GetAsync|}
                #else
                    public async ValueTask<string> GetAsync
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
                #if !NETFRAMEWORK
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<string> GetAsync
                        (int id);

                    private async Task<string> GetCoreAsync
                        (int id)
                    {
                        return await Task.FromResult("order " + id);
                    }
                #else
                    public async ValueTask<string> GetAsync
                        (int id)
                    {
                        return await Task.FromResult("order " + id);
                    }
                #endif
                }
                """,
        }.RunAsync();

        /// <summary>An attribute list before a split header: every branch keeps it.</summary>
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
                    public async ValueTask<string> GetAsync
                        (int id)
                    {
                        return await Task.FromResult("order " + id);
                    }
                #else
                    [System.Diagnostics.CodeAnalysis.SuppressMessage("Style", "X0001")]
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
                """,
        }.RunAsync();

        /// <summary>An attribute list under an active #if: the new attribute comes after the #endif, once.</summary>
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

        /// <summary>Usings under an active #if where 'using Prewired;' would sort: it goes after the #endif, never inside
        /// the block (which would break every target without the symbol).</summary>
        [Fact]
        public Task Using_is_added_outside_an_active_if_block() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System;
                #if !NETFRAMEWORK
                using System.Threading.Tasks;
                #endif

                public class Orders
                {
                    public async Task<string> {|PW0102:GetAsync|}(int id)
                    {
                        return await Task.FromResult("order " + id);
                    }
                }
                """,
            FixedCode = """
                using System;
                #if !NETFRAMEWORK
                using System.Threading.Tasks;
                #endif
                using Prewired;

                public partial class Orders
                {
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<string> GetAsync(int id);

                    private async Task<string> GetCoreAsync(int id)
                    {
                        return await Task.FromResult("order " + id);
                    }
                }
                """,
        }.RunAsync();

        /// <summary>An #if block between usings, with a using after it that sorts after Prewired.</summary>
        [Fact]
        public Task Using_is_added_after_an_if_block_followed_by_more_usings() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System.Threading.Tasks;
                #if !NETFRAMEWORK
                using System.Buffers;
                using System.Text;
                #else
                using System.Net;
                #endif
                using Zoo = System.Collections.Generic.List<int>;

                public class Orders
                {
                    public async Task<string> {|PW0102:GetAsync|}(int id)
                    {
                        return await Task.FromResult("order " + id);
                    }
                }
                """,
            FixedCode = """
                using System.Threading.Tasks;
                #if !NETFRAMEWORK
                using System.Buffers;
                using System.Text;
                #else
                using System.Net;
                #endif
                using Prewired;
                using Zoo = System.Collections.Generic.List<int>;

                public partial class Orders
                {
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<string> GetAsync(int id);

                    private async Task<string> GetCoreAsync(int id)
                    {
                        return await Task.FromResult("order " + id);
                    }
                }
                """,
        }.RunAsync();
    }
}
