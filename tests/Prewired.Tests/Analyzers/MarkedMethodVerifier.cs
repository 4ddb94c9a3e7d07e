using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;
using Prewired.Analyzers;
using Prewired.Generator;
using Prewired.Tests.Harness;
using VerifyCS = Prewired.Tests.Harness.AnalyzerVerifier<Prewired.Analyzers.MarkedMethodAnalyzer>;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// How every analyzer test here runs a source: the usings a Prewired user writes are prepended, the
    /// <see cref="PrewiredGenerator"/> runs first (so valid partial methods have their implementation and an invalid one
    /// its throwing stub, exactly as in a build), then <see cref="MarkedMethodAnalyzer"/>; compiler errors (user code and
    /// generated code alike) take part in the exact comparison.
    /// </summary>
    internal static class MarkedMethodVerifier
    {
        public const string Usings = "using System;\nusing System.Collections.Generic;\nusing System.Threading;\nusing System.Threading.Tasks;\nusing Prewired;\n\n";

        public static DiagnosticResult Diagnostic(string id) => VerifyCS.Diagnostic(id);

        public static DiagnosticResult CompilerError(string id) => DiagnosticResult.CompilerError(id);

        public static VerifyCS.Test Test(string source, params DiagnosticResult[] expected)
        {
            var test = new VerifyCS.Test { TestCode = Usings + source };
            test.Generators.Add(typeof(PrewiredGenerator));
            test.ExpectedDiagnostics.AddRange(expected);

            // Where the compiler's own error would hide the analyzer's, the generator reports the usage error and the analyzer
            // reports a Hidden copy. A generator's diagnostic is not subject to '#pragma warning disable' (docs/diagnostics/
            // PW0002.md), so the library's check that a pragma silences every diagnostic does not apply to those sources.
            if (System.Array.Exists(expected, e => e.Severity == DiagnosticSeverity.Hidden && e.Id.StartsWith("PW", System.StringComparison.Ordinal)))
            {
                test.TestBehaviors |= TestBehaviors.SkipSuppressionCheck;
            }

            return test;
        }

        public static Task VerifyAsync(string source, params DiagnosticResult[] expected) => Test(source, expected).RunAsync();

        /// <summary>The same source with the given .globalconfig (severity tests).</summary>
        public static Task VerifyWithConfigAsync(string globalConfig, string source, params DiagnosticResult[] expected)
        {
            var test = Test(source, expected);
            test.GlobalConfig = globalConfig;
            return test.RunAsync();
        }

        public static DiagnosticResult Warning(string id) => VerifyCS.Diagnostic(id).WithSeverity(DiagnosticSeverity.Warning);
    }
}
