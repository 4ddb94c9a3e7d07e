using System;
using System.Collections.Immutable;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using VerifyCS = Prewired.Tests.Harness.AnalyzerVerifier<Prewired.Tests.HarnessTests.AnalyzerVerifierTests.BadMethodAnalyzer>;

namespace Prewired.Tests.HarnessTests
{
    /// <summary>The verifier against a trivial analyzer, so a passing analyzer test means what it says.</summary>
    public sealed class AnalyzerVerifierTests
    {
        [Fact]
        public Task Default_markup_expects_the_analyzer_diagnostic() => VerifyCS.VerifyAnalyzerAsync("""
            class C
            {
                void [|Bad|]() { }
                void Good() { }
            }
            """);

        [Fact]
        public Task Numbered_location_with_arguments_and_id_markup() => VerifyCS.VerifyAnalyzerAsync(
            """
            class C
            {
                void {|#0:Bad|}() { }
            }
            class D
            {
                void {|TEST001:Bad|}(int x) { }
            }
            """,
            VerifyCS.Diagnostic("TEST001").WithLocation(0).WithArguments("Bad", "C"));

        /// <summary>Markup is only [|..|] and {|..:..|}: "$$" (raw interpolated strings) stays code, as the tests' sources need.</summary>
        [Fact]
        public Task Dollar_signs_are_code_not_a_position_marker() => VerifyCS.VerifyAnalyzerAsync(
            "class C { string S = $$\"\"\"{{1}}\"\"\"; void [|Bad|]() { } }");

        [Fact]
        public Task Explicit_span_and_message() => VerifyCS.VerifyAnalyzerAsync(
            "class C { void Bad() { } }",
            VerifyCS.Diagnostic().WithSpan(1, 16, 1, 19).WithMessage("Method 'Bad' of 'C' is bad"));

        [Fact]
        public async Task Missing_expected_diagnostic_fails_listing_expected_and_actual()
        {
            InvalidOperationException failure = await Assert.ThrowsAnyAsync<InvalidOperationException>(() => VerifyCS.VerifyAnalyzerAsync(
                "class C { void Good() { } }",
                VerifyCS.Diagnostic().WithSpan(1, 16, 1, 20).WithArguments("C")));

            Assert.Contains("Mismatch between number of diagnostics returned, expected \"1\" actual \"0\"", failure.Message);
        }

        [Fact]
        public async Task Unexpected_diagnostic_fails_showing_its_location_and_pasteable_expectation()
        {
            InvalidOperationException failure = await Assert.ThrowsAnyAsync<InvalidOperationException>(() => VerifyCS.VerifyAnalyzerAsync("""
                class C
                {
                    void Bad() { }
                }
                """));

            Assert.Contains("expected \"0\" actual \"1\"", failure.Message);
            Assert.Contains("// /0/Test0.cs(3,10): warning TEST001: Method 'Bad' of 'C' is bad", failure.Message);
            Assert.Contains("VerifyCS.Diagnostic().WithSpan(3, 10, 3, 13).WithArguments(\"Bad\", \"C\"),", failure.Message);
        }

        [Fact]
        public async Task Wrong_arguments_fail_naming_the_difference()
        {
            InvalidOperationException failure = await Assert.ThrowsAnyAsync<InvalidOperationException>(() => VerifyCS.VerifyAnalyzerAsync(
                "class C { void {|#0:Bad|}() { } }",
                VerifyCS.Diagnostic().WithLocation(0).WithArguments("Bad", "D")));

            Assert.Contains("Expected diagnostic message to be \"Method 'Bad' of 'D' is bad\" was \"Method 'Bad' of 'C' is bad\"", failure.Message);
        }

        /// <summary>A restore after the disable is the point here, so the library's own pragma run (which disables at the top) is skipped.</summary>
        [Fact]
        public Task Pragma_suppressed_diagnostic_is_not_reported() => new VerifyCS.Test
        {
            TestCode = """
                class C
                {
                #pragma warning disable TEST001
                    void Bad() { }
                #pragma warning restore TEST001
                    void [|Bad|](int x) { }
                }
                """,
            TestBehaviors = TestBehaviors.SkipSuppressionCheck,
        }.RunAsync();

        [Fact]
        public Task Global_config_severity_none_silences_the_diagnostic() => new VerifyCS.Test
        {
            TestCode = "class C { void Bad() { } }",
            GlobalConfig = "is_global = true\ndotnet_diagnostic.TEST001.severity = none",
        }.RunAsync();

        [Fact]
        public Task Global_config_severity_error_changes_the_reported_severity() => new VerifyCS.Test
        {
            TestCode = "class C { void {|#0:Bad|}() { } }",
            GlobalConfig = "dotnet_diagnostic.TEST001.severity = error",
            ExpectedDiagnostics = { VerifyCS.Diagnostic().WithLocation(0).WithSeverity(DiagnosticSeverity.Error).WithArguments("Bad", "C") },
        }.RunAsync();

        [Fact]
        public Task Editorconfig_section_applies_to_matching_files_only() => new VerifyCS.Test
        {
            Sources = { "class C { void [|Bad|]() { } }", "class D { void Bad() { } }" },
            GlobalConfig = "root = true\n[Test1.cs]\ndotnet_diagnostic.TEST001.severity = none",
        }.RunAsync();

        [Fact]
        public Task Analyzer_options_reach_the_analyzer() => new VerifyCS.Test
        {
            TestCode = "class C { void Bad() { } void [|Worse|]() { } }",
            GlobalConfig = "is_global = true\nbad_method_name = Worse",
        }.RunAsync();

        [Fact]
        public async Task Compiler_errors_in_the_test_source_fail_the_test()
        {
            InvalidOperationException failure = await Assert.ThrowsAnyAsync<InvalidOperationException>(() =>
                VerifyCS.VerifyAnalyzerAsync("class C { Missing Field; void [|Bad|]() { } }"));

            Assert.Contains("CS0246", failure.Message);
        }

        [Fact]
        public Task Expected_compiler_errors_are_allowed() => VerifyCS.VerifyAnalyzerAsync(
            "class C { {|CS0246:Missing|} Field; void [|Bad|]() { } }");

        [Fact]
        public Task Generators_run_before_the_analyzer_and_their_output_is_analyzed() => new VerifyCS.Test
        {
            TestCode = "partial class C { partial void Bad(); }",
            Generators = { typeof(BadImplementationGenerator) },
            ExpectedDiagnostics =
            {
                VerifyCS.Diagnostic().WithSpan(BadImplementationGenerator.Path, 1, 32, 1, 35).WithArguments("Bad", "C"),
            },
        }.RunAsync();

        [Fact]
        public Task Global_config_applies_to_generated_files_too() => new VerifyCS.Test
        {
            TestCode = "partial class C { partial void Bad(); }",
            Generators = { typeof(BadImplementationGenerator) },
            GlobalConfig = "dotnet_diagnostic.TEST001.severity = none",
        }.RunAsync();

        /// <summary>Reports every method named <c>Bad</c> (or the name in option <c>bad_method_name</c>).</summary>
        [DiagnosticAnalyzer(LanguageNames.CSharp)]
        public sealed class BadMethodAnalyzer : DiagnosticAnalyzer
        {
            private static readonly DiagnosticDescriptor s_rule = new(
                "TEST001", "Bad method", "Method '{0}' of '{1}' is bad", "Test", DiagnosticSeverity.Warning, isEnabledByDefault: true);

            public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => ImmutableArray.Create(s_rule);

            public override void Initialize(AnalysisContext context)
            {
                context.EnableConcurrentExecution();
                context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.Analyze | GeneratedCodeAnalysisFlags.ReportDiagnostics);
                context.RegisterSyntaxNodeAction(Analyze, SyntaxKind.MethodDeclaration);
            }

            private static void Analyze(SyntaxNodeAnalysisContext context)
            {
                var method = (MethodDeclarationSyntax)context.Node;
                string badName = context.Options.AnalyzerConfigOptionsProvider.GetOptions(method.SyntaxTree)
                    .TryGetValue("bad_method_name", out string? configured) ? configured : "Bad";
                if (method.Identifier.Text == badName && method.Body is not null)
                {
                    string type = ((TypeDeclarationSyntax)method.Parent!).Identifier.Text;
                    context.ReportDiagnostic(Diagnostic.Create(s_rule, method.Identifier.GetLocation(), method.Identifier.Text, type));
                }
            }
        }

        private sealed class BadImplementationGenerator : IIncrementalGenerator
        {
            public const string Path = "Prewired.Tests/Prewired.Tests.HarnessTests.AnalyzerVerifierTests+BadImplementationGenerator/C.g.cs";

            public void Initialize(IncrementalGeneratorInitializationContext context) =>
                context.RegisterPostInitializationOutput(static ctx => ctx.AddSource("C.g.cs", "partial class C { partial void Bad() { } }"));
        }
    }
}
