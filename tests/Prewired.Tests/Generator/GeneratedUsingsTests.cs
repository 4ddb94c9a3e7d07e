using System.Collections.Immutable;
using System.Text.RegularExpressions;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Generator
{
    /// <summary>
    /// The usings a generated file copies from the marked method's file. A file can hold the same using twice, one on each
    /// side of an <c>#if</c> block: 'dotnet format' merging the code fix of two targets that placed <c>using Prewired;</c>
    /// differently wrote exactly that (issue 33). The file then has warning CS0105 once; a generated file that copied both
    /// would add its own, an error under warnings as errors in every generated file of the file's marked methods.
    /// </summary>
    public sealed class GeneratedUsingsTests
    {
        /// <summary>As the merge wrote it: on the target with FEATURE and on the one without, the using is copied once.</summary>
        [Theory]
        [InlineData(true)]
        [InlineData(false)]
        public void A_using_written_twice_across_an_if_block_is_copied_once(bool featureDefined)
        {
            var source = """
                using System.Threading.Tasks;
                using Prewired;
                #if FEATURE
                using System.Buffers;
                #endif
                using Prewired;

                namespace Shop
                {
                    using System.Threading;
                    using System.Threading;

                    public partial class Orders
                    {
                        [TailAwait(nameof(GetCoreAsync))]
                        public partial Task<string> GetAsync(int id, CancellationToken cancellationToken);

                        private async Task<string> GetCoreAsync(int id, CancellationToken cancellationToken)
                        {
                            return await Task.FromResult("order " + id);
                        }
                    }
                }
                """;
            var settings = TestCompilationSettings.Default with
            {
                PreprocessorSymbols = featureDefined ? ImmutableArray.Create("FEATURE") : ImmutableArray<string>.Empty,
            };

            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[] { source }, settings);

            // Warnings in generated code fail this (CS0105 there did); the source's own CS0105 is not the generator's.
            run.AssertGeneratedCodeCompilesCleanly();
            var generated = run.GeneratedText("Shop.Orders.GetAsync.TailAwait.g.cs");
            Assert.Single(Regex.Matches(generated, @"^\s*using Prewired;", RegexOptions.Multiline));
            Assert.Single(Regex.Matches(generated, @"^\s*using System\.Threading;", RegexOptions.Multiline));
            Assert.Single(Regex.Matches(generated, @"^\s*using System\.Threading\.Tasks;", RegexOptions.Multiline));
            Assert.Equal(featureDefined ? 1 : 0, Regex.Matches(generated, @"^\s*using System\.Buffers;", RegexOptions.Multiline).Count);
        }
    }
}
