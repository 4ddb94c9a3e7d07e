using System.Linq;
using Microsoft.CodeAnalysis;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Debugging
{
    /// <summary>What the #line directives must not change: the generated code compiles as cleanly as before.</summary>
    public sealed class LineDirectiveTests
    {
        /// <summary>
        /// The continuation copies the body's local functions it calls, found by name in its code: the file path of a
        /// #line directive is not code, or a function named like the file (Test0, in /0/Test0.cs) that only the
        /// statements before the first await call would be copied too, unused (CS8321).
        /// </summary>
        [Fact]
        public void A_local_function_named_like_the_body_file_is_not_copied_for_a_line_directive()
        {
            const string source = """
                using System.Threading.Tasks;
                using Prewired;

                public partial class Named
                {
                    [FastPath(nameof(RunCoreAsync))]
                    public partial Task<int> RunAsync(int n);

                    private async Task<int> RunCoreAsync(int n)
                    {
                        var total = Test0(n);
                        total += await Task.FromResult(n);
                        return total;

                        static int Test0(int x) => x + 1;
                    }
                }
                """;
            var run = GeneratorDriverHarness.Run(new IIncrementalGenerator[] { new PrewiredGenerator() }, new[] { source });
            Assert.Equal("/0/Test0.cs", run.InputCompilation.SyntaxTrees.First().FilePath);
            Assert.Contains(run.GeneratedSources, s => s.SourceText.ToString().Contains("\"/0/Test0.cs\"", System.StringComparison.Ordinal));
            run.AssertGeneratedCodeCompilesCleanly();
        }

        /// <summary>
        /// The compiler reads a #line file name without escape sequences: a Windows path is written as it is (mapped to
        /// exactly that path), and a path with a quote, which no #line can name, is not mapped (the file still compiles).
        /// </summary>
        [Theory]
        [InlineData(@"C:\src\Shop\Store.cs", true)]
        [InlineData("/src/a \"b\"/Store.cs", false)]
        public void The_body_path_is_written_as_the_compiler_reads_it(string path, bool mapped)
        {
            const string source = """
                using System.Threading.Tasks;
                using Prewired;

                public partial class Store
                {
                    [FastPath(nameof(RunCoreAsync))]
                    public partial Task<int> RunAsync(int n);

                    private async Task<int> RunCoreAsync(int n)
                    {
                        var total = await Task.FromResult(n);
                        return total + 1;
                    }
                }
                """;
            var compilation = TestCompilation.Create(source);
            var tree = compilation.SyntaxTrees.Single();
            var run = GeneratorDriverHarness.Run(compilation.ReplaceSyntaxTree(tree, tree.WithFilePath(path)), new IIncrementalGenerator[] { new PrewiredGenerator() });
            run.AssertGeneratedCodeCompilesCleanly();
            var mappings = run.GeneratedSources.Single().SyntaxTree.GetLineMappings().Where(m => m.MappedSpan.HasMappedPath).ToList();
            Assert.Equal(mapped, mappings.Count > 0);
            Assert.All(mappings, m => Assert.Equal(path, m.MappedSpan.Path));
        }
    }
}
