using System.Linq;
using System.Text;
using System.Text.RegularExpressions;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Generator
{
    /// <summary>
    /// The names of the generated files, which are file names wherever the files are written to disk (EmitCompilerGeneratedFiles,
    /// the review workflow's committed <c>Generated/</c> folder). An overload's name carried its whole parameter list, over
    /// the 255 bytes a file name may have on Linux, and every build writing the files failed with CS0016 (issue 33). Names
    /// must be unique, the same in every process (a committed copy is found by name) and short.
    /// </summary>
    public sealed class HintNameTests
    {
        /// <summary>What the generator keeps every name within (HintNames.MaxBytes), far under the 255-byte limit.</summary>
        private const int MaxBytes = 128;

        private const string Factory = "Func<string, CancellationToken, ValueTask<System.Collections.Generic.Dictionary<string, System.Collections.Generic.List<System.Collections.Generic.KeyValuePair<string, int>>>>>";

        /// <summary>
        /// Two overloads with long parameter types: the method's name and 8 hex digits of a hash of the parameter types,
        /// written out here so a hash that changed from one process to the next (string.GetHashCode) fails (they are FNV-1a
        /// of "(string,global::System.Func&lt;...&gt;,global::System.Threading.CancellationToken)" and of the same with
        /// ",global::System.TimeSpan" before the token, checked apart from the generator); the method without overloads keeps
        /// the plain name (and so do the snapshots of every other test).
        /// </summary>
        [Fact]
        public void Overloads_are_told_apart_by_a_stable_hash()
        {
            var run = GeneratorTest.Verify($$"""
                namespace Shop.Caching
                {
                    public partial class Cache
                    {
                        [FastPath(nameof(GetOrSetCoreAsync))]
                        public partial ValueTask<int> GetOrSetAsync(string key, {{Factory}} factory, CancellationToken cancellationToken);

                        [FastPath(nameof(GetOrSetCoreAsync))]
                        public partial ValueTask<int> GetOrSetAsync(string key, {{Factory}} factory, TimeSpan expiry, CancellationToken cancellationToken);

                        [TailAwait(nameof(GetCoreAsync))]
                        public partial Task<int> GetAsync(string key);

                        private async ValueTask<int> GetOrSetCoreAsync(string key, {{Factory}} factory, CancellationToken cancellationToken)
                        {
                            var value = await factory(key, cancellationToken);
                            return value.Count;
                        }

                        private async ValueTask<int> GetOrSetCoreAsync(string key, {{Factory}} factory, TimeSpan expiry, CancellationToken cancellationToken)
                        {
                            var value = await factory(key, cancellationToken);
                            return value.Count + expiry.Seconds;
                        }

                        private async Task<int> GetCoreAsync(string key) => await Task.FromResult(key.Length);
                    }
                }
                """, expectedFiles: 3);

            var names = run.GeneratedSources.Select(s => s.HintName).OrderBy(n => n, System.StringComparer.Ordinal).ToArray();
            Assert.Equal(
                new[]
                {
                    "Shop.Caching.Cache.GetAsync.TailAwait.g.cs",
                    "Shop.Caching.Cache.GetOrSetAsync_036df1fb.FastPath.g.cs",
                    "Shop.Caching.Cache.GetOrSetAsync_12b8c206.FastPath.g.cs",
                },
                names);
            Assert.All(names, name => Assert.InRange(Encoding.UTF8.GetByteCount(name), 1, MaxBytes));
        }

        /// <summary>
        /// A long namespace, nested generic types with long names, long method names that share a long beginning, and an
        /// overload among them: every name is cut to fit and keeps a hash of the whole, so no two are equal.
        /// </summary>
        [Fact]
        public void Long_names_are_capped_and_stay_distinct()
        {
            const string ns = "Contoso.Enterprise.Platform.Infrastructure.Messaging.Transport.Reliability.Diagnostics.Instrumentation.Telemetry.Exporters.Batching.Internal";
            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[]
            {
                GeneratorTest.Usings + $$"""
                namespace {{ns}}
                {
                    public partial class OuterContainerTypeWithAVeryLongName<TFirstTypeParameter, TSecondTypeParameter>
                    {
                        public partial class InnerNestedTypeWithAnEvenLongerNameThanItsContainer<TThirdTypeParameter>
                        {
                            [TailAwait(nameof(LoadCoreAsync))]
                            public partial Task<int> LoadTheConfiguredValueFromTheRemoteStoreAsync(int id);

                            [TailAwait(nameof(LoadCoreAsync))]
                            public partial Task<int> LoadTheConfiguredValueFromTheRemoteStoreAsync(string name);

                            [TailAwait(nameof(LoadCoreAsync))]
                            public partial Task<int> LoadTheConfiguredValueFromTheRemoteStoreAndCacheItAsync(int id);

                            private async Task<int> LoadCoreAsync(int id) => await Task.FromResult(id);

                            private async Task<int> LoadCoreAsync(string name) => await Task.FromResult(name.Length);
                        }
                    }
                }
                """,
            });

            run.AssertGeneratedCodeCompilesCleanly();
            var names = run.GeneratedSources.Select(s => s.HintName).ToArray();
            Assert.Equal(3, names.Length);
            Assert.Equal(3, names.Distinct(System.StringComparer.OrdinalIgnoreCase).Count());
            Assert.All(names, name =>
            {
                Assert.InRange(Encoding.UTF8.GetByteCount(name), 1, MaxBytes);
                Assert.StartsWith(ns.Substring(0, 60), name, System.StringComparison.Ordinal);
                Assert.Matches(@"_[0-9a-f]{8}\.TailAwait\.g\.cs$", name);
            });
        }

        /// <summary>A pipeline's file is named after its class, and capped the same way in a long namespace.</summary>
        [Fact]
        public void A_pipeline_in_a_long_namespace_is_capped_too()
        {
            const string ns = "Contoso.Enterprise.Platform.Infrastructure.Messaging.Transport.Reliability.Diagnostics.Instrumentation.Telemetry.Exporters";
            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[]
            {
                GeneratorTest.Usings + $$"""
                namespace {{ns}}
                {
                    public sealed class Message { }

                    public sealed class HandleMessage : IPipelineTerminator<Message>
                    {
                        public Task Terminate(Message context) => Task.CompletedTask;
                    }

                    [Pipeline(typeof(HandleMessage))]
                    public sealed partial class IncomingMessagePipelineOfTheReliableTransport;

                    [Pipeline(typeof(HandleMessage))]
                    public sealed partial class IncomingMessagePipelineOfTheReliableTransportForRetries;
                }
                """,
            });

            run.AssertGeneratedCodeCompilesCleanly();
            var names = run.GeneratedSources.Select(s => s.HintName).Where(n => n.EndsWith(".Pipeline.g.cs", System.StringComparison.Ordinal)).ToArray();
            Assert.Equal(2, names.Length);
            Assert.Equal(2, names.Distinct(System.StringComparer.OrdinalIgnoreCase).Count());
            Assert.All(names, name =>
            {
                Assert.InRange(Encoding.UTF8.GetByteCount(name), 1, MaxBytes);
                Assert.Matches(@"_[0-9a-f]{8}\.Pipeline\.g\.cs$", name);
            });
        }

        /// <summary>The cap counts bytes, not chars: a name of Cyrillic letters (two bytes each in UTF-8) fits too.</summary>
        [Fact]
        public void The_cap_counts_UTF8_bytes()
        {
            var type = string.Concat(Enumerable.Repeat("Хранилище", 10));
            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[]
            {
                GeneratorTest.Usings + $$"""
                public partial class {{type}}
                {
                    [TailAwait(nameof(ПолучитьCoreAsync))]
                    public partial Task<int> ПолучитьAsync(int id);

                    private async Task<int> ПолучитьCoreAsync(int id) => await Task.FromResult(id);
                }
                """,
            });

            run.AssertGeneratedCodeCompilesCleanly();
            var name = Assert.Single(run.GeneratedSources).HintName;
            Assert.InRange(Encoding.UTF8.GetByteCount(name), 1, MaxBytes);
            Assert.Matches("^" + Regex.Escape(type.Substring(0, 20)) + @".*_[0-9a-f]{8}\.TailAwait\.g\.cs$", name);
        }
    }
}
