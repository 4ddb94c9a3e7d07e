using System;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Prewired.Tests.Harness;
using Xunit;
using Xunit.Sdk;

namespace Prewired.Tests.HarnessTests
{
    public sealed class GeneratorDriverHarnessTests
    {
        [Fact]
        public void References_come_from_the_reference_pack_and_include_the_runtime()
        {
            string packs = Path.Combine("packs", "Microsoft.NETCore.App.Ref");
            Assert.Contains(packs, TestReferences.FrameworkDirectory);
            Assert.EndsWith(Path.Combine("ref", $"net{Environment.Version.Major}.{Environment.Version.Minor}"), TestReferences.FrameworkDirectory);
            Assert.Contains(TestReferences.PrewiredRuntime, TestReferences.Default);
        }

        [Fact]
        public void Fallback_without_a_reference_pack_takes_only_framework_assemblies()
        {
            string shared = Path.GetDirectoryName(typeof(object).Assembly.Location)!;

            string[] files = TestReferences.TrustedPlatformAssembliesIn(shared).Select(Path.GetFileName).ToArray()!;

            Assert.Contains("System.Private.CoreLib.dll", files);
            Assert.Contains("System.Runtime.dll", files);
            Assert.DoesNotContain("xunit.core.dll", files);
            Assert.DoesNotContain("Microsoft.CodeAnalysis.dll", files);
        }

        [Fact]
        public void User_code_with_Prewired_attributes_compiles_cleanly()
        {
            CSharpCompilation compilation = TestCompilation.Create("""
                using System.Threading.Tasks;
                public sealed class Uses
                {
                    [Prewired.FastPath("Other")]
                    public Task<string?> M() => Task.FromResult<string?>(null);
                }
                """);

            Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning));
            Assert.Equal("/0/Test0.cs", compilation.SyntaxTrees.Single().FilePath);
            Assert.Equal(NullableContextOptions.Enable, compilation.Options.NullableContextOptions);
        }

        [Fact]
        public void Run_returns_driver_output_compilation_and_generated_sources()
        {
            GeneratorRun run = GeneratorDriverHarness.Run(new FixedSourceGenerator("public static class Generated { public static int Value => 1; }"), "class User { int X => Generated.Value; }");

            run.AssertGeneratedCodeCompilesCleanly();
            Assert.Equal("Fixed.g.cs", run.GeneratedSources.Single().HintName);
            Assert.Contains("Value => 1", run.GeneratedText("Fixed.g.cs"));
            Assert.Equal(2, run.OutputCompilation.SyntaxTrees.Count());
            Assert.Empty(run.CompilationDiagnostics.Where(d => d.Severity >= DiagnosticSeverity.Warning));
            Assert.NotEmpty(run.RunResult.Results.Single().TrackedOutputSteps);
        }

        // Generated files are nullable-oblivious unless they say #nullable enable, so a generator must opt in; both the
        // missing opt-in (CS8669 on an annotation) and a real nullable warning after it (CS8603) must fail.
        [Theory]
        [InlineData("#nullable enable\npublic static class Generated { public static string Value => null; }", "CS8603", "   2  public static class Generated")]
        [InlineData("public static class Generated { public static string? Value => null; }", "CS8669", "   1  public static class Generated")]
        public void Nullable_warning_in_generated_code_fails_with_the_generated_text(string generated, string id, string numberedLine)
        {
            GeneratorRun run = GeneratorDriverHarness.Run(new FixedSourceGenerator(generated), "class User { }");

            XunitException failure = Assert.ThrowsAny<XunitException>(run.AssertGeneratedCodeCompilesCleanly);

            Assert.Contains(id, failure.Message);
            Assert.Contains("// ---- generated: Fixed.g.cs", failure.Message);
            Assert.Contains(numberedLine, failure.Message);
        }

        [Fact]
        public void Warnings_in_user_code_are_not_the_generators_problem()
        {
            GeneratorRun run = GeneratorDriverHarness.Run(new FixedSourceGenerator("public static class Generated { }"), "class User { string Field = null; }");

            run.AssertGeneratedCodeCompilesCleanly();
        }

        [Fact]
        public void Generator_exception_fails()
        {
            GeneratorRun run = GeneratorDriverHarness.Run(new ThrowingGenerator(), "class User { }");

            XunitException failure = Assert.ThrowsAny<XunitException>(run.AssertGeneratedCodeCompilesCleanly);

            Assert.Contains("ThrowingGenerator threw: System.InvalidOperationException: generator bug", failure.Message);
        }

        [Fact]
        public void Missing_hint_name_lists_the_generated_ones()
        {
            GeneratorRun run = GeneratorDriverHarness.Run(new FixedSourceGenerator("class G { }"), "class User { }");

            XunitException failure = Assert.ThrowsAny<XunitException>(() => run.GeneratedText("Other.g.cs"));

            Assert.Contains("Generated: 'Fixed.g.cs'", failure.Message);
        }

        private sealed class FixedSourceGenerator(string source) : IIncrementalGenerator
        {
            public void Initialize(IncrementalGeneratorInitializationContext context) =>
                context.RegisterSourceOutput(context.CompilationProvider.Select((_, _) => 0), (spc, _) => spc.AddSource("Fixed.g.cs", source));
        }

        private sealed class ThrowingGenerator : IIncrementalGenerator
        {
            public void Initialize(IncrementalGeneratorInitializationContext context) =>
                context.RegisterSourceOutput(context.CompilationProvider, (_, _) => throw new InvalidOperationException("generator bug"));
        }
    }
}
