using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Tests.Harness;
using Xunit;
using Xunit.Sdk;

namespace Prewired.Tests.HarnessTests
{
    /// <summary>The caching assertion must catch the two classic mistakes, or every generator test passing it means nothing.</summary>
    public sealed class IncrementalCachingAssertTests
    {
        private const string Source = """
            namespace App
            {
                public partial class Service
                {
                    [System.Obsolete] public void Marked() { }
                    public void NotMarked() { }
                }
            }
            """;

        [Fact]
        public void Good_model_of_strings_passes_rerun_and_unrelated_edit()
        {
            GeneratorRun run = GeneratorDriverHarness.Run(new GoodGenerator(), Source);

            run.AssertGeneratedCodeCompilesCleanly();
            Assert.Single(run.GeneratedSources);
            IncrementalCachingAssert.AssertCachedOnRerun(run, "GoodModel");
            IncrementalCachingAssert.AssertCachedOnRerun(run); // every step the generator named
            IncrementalCachingAssert.AssertCachedAfterUnrelatedEdit(run);
            IncrementalCachingAssert.AssertCachedAfterEdit(run, c => c.Clone());
        }

        [Fact]
        public void Model_holding_a_symbol_fails_naming_the_step_and_member_path()
        {
            GeneratorRun run = GeneratorDriverHarness.Run(new SymbolHoldingGenerator(), Source);

            XunitException failure = Assert.ThrowsAny<XunitException>(() => IncrementalCachingAssert.AssertCachedOnRerun(run, "BadModel"));

            Assert.Contains("step 'BadModel' run #0 output[0].Method is an ISymbol", failure.Message);
            Assert.Contains("Marked", failure.Message);
        }

        [Fact]
        public void Model_holding_a_symbol_fails_in_all_steps_mode_too()
        {
            GeneratorRun run = GeneratorDriverHarness.Run(new SymbolHoldingGenerator(), Source);

            XunitException failure = Assert.ThrowsAny<XunitException>(() => IncrementalCachingAssert.AssertCachedAfterUnrelatedEdit(run));

            Assert.Contains("'BadModel'", failure.Message);
        }

        [Fact]
        public void Symbol_nested_in_a_collection_is_found_with_its_index()
        {
            GeneratorRun run = GeneratorDriverHarness.Run(new SymbolHoldingGenerator(nestInArray: true), Source);

            XunitException failure = Assert.ThrowsAny<XunitException>(() => IncrementalCachingAssert.AssertNoRoslynObjectsInSteps(run.RunResult));

            Assert.Contains("output[0].Methods[0] is an ISymbol", failure.Message);
        }

        [Fact]
        public void Model_without_value_equality_fails_as_modified_on_unrelated_edit()
        {
            GeneratorRun run = GeneratorDriverHarness.Run(new ReferenceEqualityGenerator(), Source);

            XunitException failure = Assert.ThrowsAny<XunitException>(() => IncrementalCachingAssert.AssertCachedAfterUnrelatedEdit(run, "ClassModel"));

            Assert.Contains("step 'ClassModel' run #0 output[0] was Modified", failure.Message);
        }

        [Fact]
        public void Generator_reacting_to_every_class_fails_on_unrelated_file()
        {
            GeneratorRun run = GeneratorDriverHarness.Run(new EveryClassGenerator(), Source);

            XunitException failure = Assert.ThrowsAny<XunitException>(() => IncrementalCachingAssert.AssertCachedAfterUnrelatedEdit(run));

            Assert.Contains("output step 'SourceOutput'", failure.Message);
        }

        [Fact]
        public void Unknown_tracking_names_fail_instead_of_checking_nothing()
        {
            GeneratorRun run = GeneratorDriverHarness.Run(new GoodGenerator(), Source);

            XunitException failure = Assert.ThrowsAny<XunitException>(() => IncrementalCachingAssert.AssertCachedOnRerun(run, "Typo"));

            Assert.Contains("Steps that ran: [GoodModel]", failure.Message);
        }

        [Fact]
        public void Run_that_matched_nothing_passes_with_any_names()
        {
            GeneratorRun run = GeneratorDriverHarness.Run(new GoodGenerator(), "class NothingMarked { }");

            Assert.Empty(run.GeneratedSources);
            IncrementalCachingAssert.AssertCachedOnRerun(run, "GoodModel", "OtherFeatureModel");
        }

        [Fact]
        public void Edit_inside_the_marked_file_keeps_value_equal_models_cached()
        {
            GeneratorRun run = GeneratorDriverHarness.Run(new GoodGenerator(), Source);

            IncrementalCachingAssert.AssertCachedAfterEdit(run, IncrementalCachingAssert.AppendTo(0, "\nclass Extra { void M() { } }"), "GoodModel");
        }

        private sealed record GoodModel(string Namespace, string Type, string Method);

        private sealed record BadModel(string Name, IMethodSymbol Method);

        private sealed record BadArrayModel(string Name, ImmutableArray<IMethodSymbol> Methods);

        /// <summary>Equal content, but a class without Equals: every re-run counts as Modified.</summary>
        private sealed class ClassModel(string name)
        {
            public string Name { get; } = name;
        }

        private static IncrementalValuesProvider<GeneratorAttributeSyntaxContext> Marked(IncrementalGeneratorInitializationContext context) =>
            context.SyntaxProvider.ForAttributeWithMetadataName(
                "System.ObsoleteAttribute",
                static (node, _) => node is MethodDeclarationSyntax,
                static (ctx, _) => ctx);

        private sealed class GoodGenerator : IIncrementalGenerator
        {
            public void Initialize(IncrementalGeneratorInitializationContext context)
            {
                IncrementalValuesProvider<GoodModel> models = context.SyntaxProvider.ForAttributeWithMetadataName(
                        "System.ObsoleteAttribute",
                        static (node, _) => node is MethodDeclarationSyntax,
                        static (ctx, _) => new GoodModel(
                            ctx.TargetSymbol.ContainingNamespace.ToDisplayString(),
                            ctx.TargetSymbol.ContainingType.Name,
                            ctx.TargetSymbol.Name))
                    .WithTrackingName("GoodModel");
                context.RegisterSourceOutput(models, static (spc, m) => spc.AddSource(
                    $"{m.Type}.{m.Method}.g.cs",
                    $"namespace {m.Namespace} {{ partial class {m.Type} {{ public int {m.Method}Count => 1; }} }}"));
            }
        }

        private sealed class SymbolHoldingGenerator(bool nestInArray = false) : IIncrementalGenerator
        {
            public void Initialize(IncrementalGeneratorInitializationContext context)
            {
                IncrementalValuesProvider<GeneratorAttributeSyntaxContext> marked = Marked(context);
                if (nestInArray)
                {
                    IncrementalValuesProvider<BadArrayModel> models = marked
                        .Select(static (ctx, _) => new BadArrayModel(ctx.TargetSymbol.Name, ImmutableArray.Create((IMethodSymbol)ctx.TargetSymbol)))
                        .WithTrackingName("BadModel");
                    context.RegisterSourceOutput(models, static (spc, m) => spc.AddSource(m.Name + ".g.cs", "// " + m.Name));
                }
                else
                {
                    IncrementalValuesProvider<BadModel> models = marked
                        .Select(static (ctx, _) => new BadModel(ctx.TargetSymbol.Name, (IMethodSymbol)ctx.TargetSymbol))
                        .WithTrackingName("BadModel");
                    context.RegisterSourceOutput(models, static (spc, m) => spc.AddSource(m.Name + ".g.cs", "// " + m.Name));
                }
            }
        }

        private sealed class ReferenceEqualityGenerator : IIncrementalGenerator
        {
            public void Initialize(IncrementalGeneratorInitializationContext context)
            {
                IncrementalValuesProvider<ClassModel> models = Marked(context)
                    .Select(static (ctx, _) => new ClassModel(ctx.TargetSymbol.Name))
                    .WithTrackingName("ClassModel");
                context.RegisterSourceOutput(models, static (spc, m) => spc.AddSource(m.Name + ".g.cs", "// " + m.Name));
            }
        }

        /// <summary>Collects the name of every class in the compilation, so any new class re-runs its output.</summary>
        private sealed class EveryClassGenerator : IIncrementalGenerator
        {
            public void Initialize(IncrementalGeneratorInitializationContext context)
            {
                IncrementalValuesProvider<string> names = context.SyntaxProvider
                    .CreateSyntaxProvider(static (node, _) => node is ClassDeclarationSyntax, static (ctx, _) => ((ClassDeclarationSyntax)ctx.Node).Identifier.Text)
                    .WithTrackingName("ClassNames");
                context.RegisterSourceOutput(names.Collect(), static (spc, all) =>
                    spc.AddSource("Classes.g.cs", "// " + string.Join(", ", all.OrderBy(n => n, System.StringComparer.Ordinal))));
            }
        }
    }
}
