using System;
using System.Threading.Tasks;
using Prewired.Analyzers;
using Prewired.CodeFixes.Tests.Harness;
using Xunit;

namespace Prewired.CodeFixes.Tests
{
    /// <summary>
    /// Where the conversion adds <c>using Prewired;</c> in a file whose usings hold <c>#if</c> blocks. A multi-targeted
    /// project is one project per target, and 'dotnet format' applies the fix once per target and merges the results: two
    /// targets that put the using in two different places merge into a file with the using twice (CS0105, an error under
    /// warnings as errors, which the generated files then copied). So every test here runs the same source with the
    /// symbol defined and undefined, and both must give the same text, with the using once, outside every <c>#if</c> block.
    /// </summary>
    public sealed class ConditionalUsingTests
    {
        /// <summary>
        /// Issue 33's repro: the usings end in an <c>#if</c> block that only some targets define. With FEATURE defined the
        /// fix put the using after the <c>#endif</c> (it sorts after the block's using), without it before the <c>#if</c>.
        /// Now both put it after the last using outside every block that sorts before it: before the <c>#if</c>.
        /// </summary>
        [Theory]
        [InlineData(true)]
        [InlineData(false)]
        public Task Usings_ending_in_an_if_block_get_the_same_using_on_every_target(bool featureDefined) => OnTarget(featureDefined,
            """
                using System.Threading.Tasks;
                #if FEATURE
                using System.Buffers;
                #endif

                public class Orders
                {
                    public async Task<string> {|PW0102:GetAsync|}(int id)
                    {
                        return await Task.FromResult("order " + id);
                    }
                }
                """,
            """
                using System.Threading.Tasks;
                using Prewired;
                #if FEATURE
                using System.Buffers;
                #endif

                public partial class Orders
                {
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<string> GetAsync(int id);

                    private async Task<string> GetCoreAsync(int id)
                    {
                        return await Task.FromResult("order " + id);
                    }
                }
                """);

        /// <summary>
        /// An <c>#if</c>/<c>#else</c> block between usings, a using after it that sorts after Prewired: whichever branch is
        /// active, the using goes before the block (it sorts after the block's usings, but only outside the block is it
        /// the same for every target).
        /// </summary>
        [Theory]
        [InlineData(true)]
        [InlineData(false)]
        public Task If_else_block_between_usings(bool featureDefined) => OnTarget(featureDefined,
            """
                using System.Threading.Tasks;
                #if FEATURE
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
            """
                using System.Threading.Tasks;
                using Prewired;
                #if FEATURE
                using System.Buffers;
                using System.Text;
                #else
                using System.Net;
                #endif
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
                """);

        /// <summary>
        /// Every using of the file under <c>#if</c>: a target without the symbol sees a file without usings, so the using
        /// goes where such a file gets it, before the first member, after the whole header (the block included), on every
        /// target. (With FEATURE defined it went after the <c>#endif</c> without the blank line the other target wrote.)
        /// </summary>
        [Theory]
        [InlineData(true)]
        [InlineData(false)]
        public Task Only_usings_under_if(bool featureDefined) => OnTarget(featureDefined,
            """
                // Copyright header.
                #if FEATURE
                using System.Buffers;
                #endif

                public class Orders
                {
                    public async System.Threading.Tasks.Task<string> {|PW0102:GetAsync|}(int id)
                    {
                        return await System.Threading.Tasks.Task.FromResult("order " + id);
                    }
                }
                """,
            """
                // Copyright header.
                #if FEATURE
                using System.Buffers;
                #endif

                using Prewired;

                public partial class Orders
                {
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial System.Threading.Tasks.Task<string> GetAsync(int id);

                    private async System.Threading.Tasks.Task<string> GetCoreAsync(int id)
                    {
                        return await System.Threading.Tasks.Task.FromResult("order " + id);
                    }
                }
                """);

        /// <summary>
        /// Usings at the top only under <c>#if</c>, unconditional ones inside the namespace: the namespace is where this
        /// file keeps its usings on every target. (With FEATURE defined the top counted as having usings, and the using
        /// went there, after the <c>#endif</c>; without it, into the namespace.)
        /// </summary>
        [Theory]
        [InlineData(true)]
        [InlineData(false)]
        public Task Conditional_usings_at_the_top_and_usings_in_the_namespace(bool featureDefined) => OnTarget(featureDefined,
            """
                #if FEATURE
                using System.Buffers;
                #endif

                namespace Shop
                {
                    using System.Threading.Tasks;

                    public class Orders
                    {
                        public async Task<string> {|PW0102:GetAsync|}(int id)
                        {
                            return await Task.FromResult("order " + id);
                        }
                    }
                }
                """,
            """
                #if FEATURE
                using System.Buffers;
                #endif

                namespace Shop
                {
                    using System.Threading.Tasks;
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
                }
                """);

        /// <summary>
        /// A using only the target with the symbol has (it needs the block's namespace) and nothing else: that target's fix
        /// is the whole story, and the using still goes before the block, never inside it (where every target without the
        /// symbol would lose it).
        /// </summary>
        [Fact]
        public Task Using_is_added_before_an_active_if_block() => OnTarget(featureDefined: false,
            """
                using System;
                #if !FEATURE
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
            """
                using System;
                using Prewired;
                #if !FEATURE
                using System.Threading.Tasks;
                #endif

                public partial class Orders
                {
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<string> GetAsync(int id);

                    private async Task<string> GetCoreAsync(int id)
                    {
                        return await Task.FromResult("order " + id);
                    }
                }
                """);

        /// <summary>The fix on the target that defines FEATURE, or on one that does not; each must give <paramref name="fixedCode"/>.</summary>
        private static Task OnTarget(bool featureDefined, string source, string fixedCode) => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = source,
            FixedCode = fixedCode,
            PreprocessorSymbols = featureDefined ? new[] { "FEATURE" } : Array.Empty<string>(),
        }.RunAsync();
    }
}
