using System.Threading.Tasks;
using Prewired.Analyzers;
using Prewired.CodeFixes.Tests.Harness;
using Xunit;

namespace Prewired.CodeFixes.Tests
{
    public sealed class ConvertToTailAwaitTests
    {
        [Fact]
        public Task Block_body_with_docs_and_attribute() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System;
                using System.Threading.Tasks;

                namespace Shop
                {
                    public class Store
                    {
                        private readonly Func<int, Task<int>> _load = id => Task.FromResult(id);

                        /// <summary>Gets it.</summary>
                        [Obsolete("old")]
                        public async Task<int> {|PW0102:GetAsync|}(int id)
                        {
                            ArgumentOutOfRangeException.ThrowIfNegative(id);
                            return await _load(id);
                        }
                    }
                }
                """,
            FixedCode = """
                using System;
                using System.Threading.Tasks;
                using Prewired;

                namespace Shop
                {
                    public partial class Store
                    {
                        private readonly Func<int, Task<int>> _load = id => Task.FromResult(id);

                        /// <summary>Gets it.</summary>
                        [Obsolete("old")]
                        [TailAwait(nameof(GetCoreAsync))]
                        public partial Task<int> GetAsync(int id);

                        private async Task<int> GetCoreAsync(int id)
                        {
                            ArgumentOutOfRangeException.ThrowIfNegative(id);
                            return await _load(id);
                        }
                    }
                }
                """,
        }.RunAsync();

        /// <summary>No usings at all: 'using Prewired;' becomes the first line. No accessibility: 'private' is added.</summary>
        [Fact]
        public Task Expression_body_static_private_in_a_file_without_usings() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                // Copyright header.
                static class Forwarder
                {
                    static async System.Threading.Tasks.Task<int> {|PW0102:Load|}(int id) => await System.Threading.Tasks.Task.FromResult(id);

                    public static System.Threading.Tasks.Task<int> Use() => Load(1);
                }
                """,
            FixedCode = """
                // Copyright header.
                using Prewired;

                static partial class Forwarder
                {
                    [TailAwait(nameof(LoadCore))]
                    private static partial System.Threading.Tasks.Task<int> Load(int id);

                    private static async System.Threading.Tasks.Task<int> LoadCore(int id) => await System.Threading.Tasks.Task.FromResult(id);

                    public static System.Threading.Tasks.Task<int> Use() => Load(1);
                }
                """,
        }.RunAsync();

        /// <summary>The body name avoids members the type already has (in any part, or inherited).</summary>
        [Fact]
        public Task Core_name_avoids_existing_members() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System.Threading.Tasks;
                using Prewired;

                public class Base
                {
                    protected int GetCoreAsync;
                }

                public partial class Store : Base
                {
                    public async Task {|PW0102:GetAsync|}()
                    {
                        await Task.Delay(1);
                    }

                    private void GetCore2Async() { }
                }
                """,
            FixedCode = """
                using System.Threading.Tasks;
                using Prewired;

                public class Base
                {
                    protected int GetCoreAsync;
                }

                public partial class Store : Base
                {
                    [TailAwait(nameof(GetCore3Async))]
                    public partial Task GetAsync();

                    private async Task GetCore3Async()
                    {
                        await Task.Delay(1);
                    }

                    private void GetCore2Async() { }
                }
                """,
        }.RunAsync();

        /// <summary>Usings inside the namespace stay there; nested types all become partial; modifiers are kept in order.</summary>
        [Fact]
        public Task Nested_types_usings_in_the_namespace_and_override() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                namespace Shop
                {
                    using System.Threading;
                    using System.Threading.Tasks;

                    public abstract class StoreBase
                    {
                        public abstract Task<string> NameAsync(CancellationToken cancellationToken);
                    }

                    public static class Outer
                    {
                        internal sealed class Store : StoreBase
                        {
                            public override async Task<string> {|PW0102:NameAsync|}(CancellationToken cancellationToken)
                                => await Task.FromResult("store").ConfigureAwait(false);
                        }
                    }
                }
                """,
            FixedCode = """
                namespace Shop
                {
                    using System.Threading;
                    using System.Threading.Tasks;
                    using Prewired;

                    public abstract class StoreBase
                    {
                        public abstract Task<string> NameAsync(CancellationToken cancellationToken);
                    }

                    public static partial class Outer
                    {
                        internal sealed partial class Store : StoreBase
                        {
                            [TailAwait(nameof(NameCoreAsync))]
                            public override partial Task<string> NameAsync(CancellationToken cancellationToken);

                            private async Task<string> NameCoreAsync(CancellationToken cancellationToken)
                                => await Task.FromResult("store").ConfigureAwait(false);
                        }
                    }
                }
                """,
        }.RunAsync();

        /// <summary>A record class; attributes on the same line stay on that line; a file-scoped namespace.</summary>
        [Fact]
        public Task Record_with_an_attribute_on_the_same_line() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System.Diagnostics;
                using System.Threading.Tasks;

                namespace Shop;

                public record Repository(int Seed)
                {
                    [DebuggerStepThrough] public async Task<int> {|PW0102:NextAsync|}() => await Task.FromResult(Seed + 1);
                }
                """,
            FixedCode = """
                using System.Diagnostics;
                using System.Threading.Tasks;
                using Prewired;

                namespace Shop;

                public partial record Repository(int Seed)
                {
                    [DebuggerStepThrough] [TailAwait(nameof(NextCoreAsync))] public partial Task<int> NextAsync();

                    private async Task<int> NextCoreAsync() => await Task.FromResult(Seed + 1);
                }
                """,
        }.RunAsync();

        /// <summary>The body moves to another part of the class; a primary constructor parameter is in scope in every part.</summary>
        [Fact]
        public Task Primary_constructor_parameter_used_by_the_body() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System.Threading.Tasks;

                public class Store(int seed)
                {
                    public async Task<int> {|PW0102:GetAsync|}() => await Task.FromResult(seed);
                }
                """,
            FixedCode = """
                using System.Threading.Tasks;
                using Prewired;

                public partial class Store(int seed)
                {
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<int> GetAsync();

                    private async Task<int> GetCoreAsync() => await Task.FromResult(seed);
                }
                """,
        }.RunAsync();

        /// <summary>'this' and 'params' stay on both methods (the generator repeats them on the implementation).</summary>
        [Fact]
        public Task Extension_method_with_params() => new PrewiredCodeFixTest<CandidateAnalyzer, ConvertToPartialShapeCodeFixProvider>
        {
            TestCode = """
                using System.Threading.Tasks;

                public static class Ext
                {
                    public static async Task<int> {|PW0102:TwiceAsync|}(this int value, params int[] more) => await Task.FromResult(value * 2 + more.Length);
                }
                """,
            FixedCode = """
                using System.Threading.Tasks;
                using Prewired;

                public static partial class Ext
                {
                    [TailAwait(nameof(TwiceCoreAsync))]
                    public static partial Task<int> TwiceAsync(this int value, params int[] more);

                    private static async Task<int> TwiceCoreAsync(this int value, params int[] more) => await Task.FromResult(value * 2 + more.Length);
                }
                """,
        }.RunAsync();
    }
}
