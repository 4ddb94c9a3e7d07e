using System.Linq;
using System.Reflection;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// The compiled shape that lets the JIT inline a generated method into its caller (docs/benchmarks.md, tiny body):
    /// .NET 10's JIT inlines a method whose handlers are filters or finallys but never one with a typed catch clause, so
    /// the handler that turns exceptions into the task must compile to a filter clause, and the [FastPath] wrapper asks for
    /// inlining. Read from the emitted IL, because the C# compiler decides which clause a catch becomes.
    /// </summary>
    public sealed class InlinableWrapperTests
    {
        private const string Source = """
            using System;
            using System.Threading.Tasks;
            using Prewired;

            namespace Inlining
            {
                public sealed partial class Shapes
                {
                    private int _calls;

                    private ValueTask<int> Ready(int x) { _calls++; return new ValueTask<int>(x); }

                    private async ValueTask<int> AddCore(int x)
                    {
                        var value = await Ready(x);
                        if (value < 0) throw new ArgumentOutOfRangeException(nameof(x));
                        return value + 1;
                    }

                    [FastPath(nameof(AddCore))]
                    public partial ValueTask<int> Add(int x);

                    private async Task<int> ForwardCore(int x)
                    {
                        if (x < 0) throw new ArgumentOutOfRangeException(nameof(x));
                        return await Ready(x);
                    }

                    [TailAwait(nameof(ForwardCore))]
                    public partial Task<int> Forward(int x);
                }
            }
            """;

        [Fact]
        public void Exceptions_are_captured_by_a_filter_clause_not_a_typed_catch()
        {
            using var loaded = Compile();
            var type = loaded.GetType("Inlining.Shapes");

            foreach (var name in new[] { "Add", "Forward" })
            {
                var clauses = Method(type, name).GetMethodBody()!.ExceptionHandlingClauses;
                var clause = Assert.Single(clauses);
                Assert.Equal(ExceptionHandlingClauseOptions.Filter, clause.Flags);
            }
        }

        [Fact]
        public void The_fast_path_wrapper_asks_for_inlining_and_its_synchronous_body_has_no_handler()
        {
            using var loaded = Compile();
            var type = loaded.GetType("Inlining.Shapes");

            Assert.True(Method(type, "Add").MethodImplementationFlags.HasFlag(MethodImplAttributes.AggressiveInlining));
            Assert.Empty(Method(type, "Add__Sync").GetMethodBody()!.ExceptionHandlingClauses);
        }

        [Fact]
        public async System.Threading.Tasks.Task The_filter_still_turns_every_synchronous_exception_into_the_task()
        {
            using var loaded = Compile();
            var shapes = loaded.CreateInstance("Inlining.Shapes");

            var added = (System.Threading.Tasks.ValueTask<int>)LoadedAssembly.Invoke(shapes, "Add", -1)!;
            Assert.True(added.IsFaulted);
            await Assert.ThrowsAsync<System.ArgumentOutOfRangeException>(() => added.AsTask());

            var forwarded = (System.Threading.Tasks.Task<int>)LoadedAssembly.Invoke(shapes, "Forward", -1)!;
            Assert.True(forwarded.IsFaulted);
            Assert.IsType<System.ArgumentOutOfRangeException>(forwarded.Exception!.InnerException);
        }

        private static MethodInfo Method(System.Type type, string name) =>
            type.GetMethods(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance).Single(m => m.Name == name);

        private static LoadedAssembly Compile()
        {
            var settings = TestCompilationSettings.Default with
            {
                AssemblyName = "PrewiredInlinableWrappers",
                Optimization = Microsoft.CodeAnalysis.OptimizationLevel.Release,
            };
            var run = GeneratorDriverHarness.Run(new Microsoft.CodeAnalysis.IIncrementalGenerator[] { new PrewiredGenerator() }, new[] { Source }, settings);
            run.AssertGeneratedCodeCompilesCleanly();
            return CompileAndRun.Load(run.OutputCompilation, run);
        }
    }
}
