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
        public void References_are_the_net10_reference_assemblies_and_include_the_runtime()
        {
            var systemRuntime = Assert.Single(TestReferences.Framework.OfType<PortableExecutableReference>(), r => Path.GetFileName(r.FilePath) == "System.Runtime.dll");
            using var metadata = (AssemblyMetadata)systemRuntime.GetMetadata();
            var reader = metadata.GetModules()[0].GetMetadataReader();

            // A reference assembly (marked [ReferenceAssembly]) of the framework the tests run on.
            Assert.Equal(Environment.Version.Major, reader.GetAssemblyDefinition().Version.Major);
            Assert.Contains(reader.GetAssemblyDefinition().GetCustomAttributes(), handle => AttributeTypeName(reader, handle) == "ReferenceAssemblyAttribute");
            Assert.Contains(TestReferences.PrewiredRuntime, TestReferences.Default);
        }

        private static string AttributeTypeName(System.Reflection.Metadata.MetadataReader reader, System.Reflection.Metadata.CustomAttributeHandle handle)
        {
            System.Reflection.Metadata.EntityHandle constructor = reader.GetCustomAttribute(handle).Constructor;
            return constructor.Kind == System.Reflection.Metadata.HandleKind.MethodDefinition
                ? reader.GetString(reader.GetTypeDefinition(reader.GetMethodDefinition((System.Reflection.Metadata.MethodDefinitionHandle)constructor).GetDeclaringType()).Name)
                : reader.GetString(reader.GetTypeReference((System.Reflection.Metadata.TypeReferenceHandle)reader.GetMemberReference((System.Reflection.Metadata.MemberReferenceHandle)constructor).Parent).Name);
        }

        [Fact]
        public void Framework_references_hold_only_framework_assemblies()
        {
            string[] files = TestReferences.Framework.OfType<PortableExecutableReference>().Select(r => Path.GetFileName(r.FilePath)).ToArray()!;

            Assert.Contains("System.Runtime.dll", files);
            Assert.Contains("System.Threading.Tasks.dll", files);
            Assert.DoesNotContain("xunit.core.dll", files);
            Assert.DoesNotContain("Microsoft.CodeAnalysis.dll", files);
            Assert.DoesNotContain("Prewired.dll", files);
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
