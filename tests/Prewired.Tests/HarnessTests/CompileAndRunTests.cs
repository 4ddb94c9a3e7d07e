using System;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Prewired.Tests.Harness;
using Xunit;
using Xunit.Sdk;

namespace Prewired.Tests.HarnessTests
{
    public sealed class CompileAndRunTests
    {
        /// <summary>Declared here, implemented by compiled code: shared through the default load context.</summary>
        public interface ICalculator
        {
            ValueTask<int> AddAsync(int a, int b);
        }

        private const string Source = """
            namespace Compiled
            {
                public sealed class Calculator : Prewired.Tests.HarnessTests.CompileAndRunTests.ICalculator
                {
                    public System.Threading.Tasks.ValueTask<int> AddAsync(int a, int b) => new(a + b);

                    public static string Greet(string name) => "Hello " + name;

                    public static void Fail() => throw new System.InvalidOperationException("from compiled code");
                }
            }
            """;

        [Fact]
        public async Task Compiled_type_implements_a_test_interface_and_runs()
        {
            using LoadedAssembly loaded = CompileAndRun.Load(Source);

            var calculator = (ICalculator)loaded.CreateInstance("Compiled.Calculator");

            Assert.Equal(5, await calculator.AddAsync(2, 3));
            Assert.Equal("Hello Ada", loaded.InvokeStatic("Compiled.Calculator", "Greet", "Ada"));
            Assert.Equal(7, await (ValueTask<int>)LoadedAssembly.Invoke(calculator, "AddAsync", 3, 4)!);
        }

        [Fact]
        public void Exceptions_from_compiled_code_are_not_wrapped()
        {
            using LoadedAssembly loaded = CompileAndRun.Load(Source);

            InvalidOperationException error = Assert.Throws<InvalidOperationException>(() => loaded.InvokeStatic("Compiled.Calculator", "Fail"));
            Assert.Equal("from compiled code", error.Message);
        }

        [Fact]
        public void Generated_code_is_compiled_in()
        {
            using LoadedAssembly loaded = CompileAndRun.Load(new[] { "namespace Compiled { public static partial class Answer { } }" }, new[] { new AnswerGenerator() });

            Assert.Equal(42, loaded.InvokeStatic("Compiled.Answer", "Get"));
        }

        [Fact]
        public void Compile_errors_fail_listing_the_diagnostics()
        {
            XunitException failure = Assert.ThrowsAny<XunitException>(() => CompileAndRun.Load("class C { int M() => \"no\"; }"));

            Assert.Contains("CS0029", failure.Message);
        }

        [Fact]
        public void Dispose_unloads_the_assembly()
        {
            WeakReference context = LoadUseAndDispose();

            for (int i = 0; i < 20 && context.IsAlive; i++)
            {
                GC.Collect();
                GC.WaitForPendingFinalizers();
            }

            Assert.False(context.IsAlive, "The collectible load context was not collected after Dispose.");
        }

        // Not inlined: no local of this frame may keep the compiled types reachable while the test waits for the GC.
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static WeakReference LoadUseAndDispose()
        {
            using LoadedAssembly loaded = CompileAndRun.Load(Source);
            Assert.Equal("Hello GC", loaded.InvokeStatic("Compiled.Calculator", "Greet", "GC"));
            return loaded.Context;
        }

        private sealed class AnswerGenerator : IIncrementalGenerator
        {
            public void Initialize(IncrementalGeneratorInitializationContext context) =>
                context.RegisterPostInitializationOutput(static ctx =>
                    ctx.AddSource("Answer.g.cs", "namespace Compiled { public static partial class Answer { public static int Get() => 42; } }"));
        }
    }
}
