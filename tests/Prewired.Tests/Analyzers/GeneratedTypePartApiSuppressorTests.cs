using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Prewired.Analyzers;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// RS0016 (the public API analyzers' "not part of the declared API") at the generated part of a user's public type is
    /// suppressed; at the user's own declaration it stays. Npgsql, converted whole (issue 21), turns RS0016 off by path for
    /// its Internal folder, which generated files are not in: each of its converted Internal types failed the build.
    /// </summary>
    public sealed class GeneratedTypePartApiSuppressorTests
    {
        [Fact]
        public async Task RS0016_is_suppressed_at_the_generated_part_of_a_users_type_only()
        {
            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[] { """
                using System;
                using System.Threading.Tasks;
                using Prewired;

                namespace Library.Internal
                {
                    public partial class Reader
                    {
                        [FastPath(nameof(ReadCoreAsync))]
                        public partial ValueTask<int> ReadAsync(Func<ValueTask<int>> fill);
                        private async ValueTask<int> ReadCoreAsync(Func<ValueTask<int>> fill)
                        {
                            var value = await fill();
                            return value + 1;
                        }
                    }
                }
                """ }, TestCompilationSettings.Default);
            Assert.NotEmpty(run.GeneratedSources);

            var analyzers = ImmutableArray.Create<DiagnosticAnalyzer>(new PublicTypeEveryDeclarationAnalyzer(), new GeneratedTypePartApiSuppressor());
            var options = new CompilationWithAnalyzersOptions(new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty), null, concurrentAnalysis: false,
                logAnalyzerExecutionTime: false, reportSuppressedDiagnostics: true);
            var diagnostics = await run.OutputCompilation.WithAnalyzers(analyzers, options).GetAnalyzerDiagnosticsAsync();
            var reports = diagnostics.Where(d => d.Id == "RS0016").ToList();

            var generated = reports.Where(d => d.Location.SourceTree!.FilePath.Contains("Prewired.Generator.PrewiredGenerator")).ToList();
            var user = reports.Except(generated).ToList();
            Assert.NotEmpty(generated);
            Assert.All(generated, d => Assert.True(d.IsSuppressed, $"not suppressed: {d}"));
            Assert.Single(user);
            Assert.False(user[0].IsSuppressed);
        }

        /// <summary>Reports every public type at each of its declarations, as RS0016 does for a type missing from the API files.</summary>
        [DiagnosticAnalyzer(LanguageNames.CSharp)]
        private sealed class PublicTypeEveryDeclarationAnalyzer : DiagnosticAnalyzer
        {
            private static readonly DiagnosticDescriptor s_rule = new("RS0016", "Add public types and members to the declared API", "Symbol '{0}' is not part of the declared public API", "ApiDesign", DiagnosticSeverity.Warning, isEnabledByDefault: true);

            public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => ImmutableArray.Create(s_rule);

            public override void Initialize(AnalysisContext context)
            {
                context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.Analyze | GeneratedCodeAnalysisFlags.ReportDiagnostics);
                context.EnableConcurrentExecution();
                context.RegisterSymbolAction(
                    c =>
                    {
                        if (c.Symbol.DeclaredAccessibility != Accessibility.Public) return;
                        foreach (var location in c.Symbol.Locations) c.ReportDiagnostic(Diagnostic.Create(s_rule, location, c.Symbol.Name));
                    },
                    SymbolKind.NamedType);
            }
        }
    }
}
