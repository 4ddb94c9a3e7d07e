using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Testing;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Testing;

namespace Prewired.Tests.Harness
{
    /// <summary>
    /// The <c>VerifyCS</c> facade of Microsoft.CodeAnalysis.Testing for one analyzer type, with this repository's
    /// defaults (<see cref="PrewiredAnalyzerTest{TAnalyzer}"/>: offline references, generators, a config text):
    /// <code>
    /// using VerifyCS = Prewired.Tests.Harness.AnalyzerVerifier&lt;Prewired.Analyzers.NonTailAwaitAnalyzer&gt;;
    ///
    /// await VerifyCS.VerifyAnalyzerAsync(source, VerifyCS.Diagnostic("PW0101").WithLocation(0).WithArguments("x", "reason"));
    ///
    /// await new VerifyCS.Test
    /// {
    ///     TestCode = source,
    ///     Generators = { typeof(TailAwaitGenerator) },
    ///     GlobalConfig = "is_global = true\ndotnet_diagnostic.PW0101.severity = none",
    /// }.RunAsync();
    /// </code>
    /// </summary>
    public static class AnalyzerVerifier<TAnalyzer>
        where TAnalyzer : DiagnosticAnalyzer, new()
    {
        /// <summary>The analyzer's only diagnostic, with its default severity.</summary>
        public static DiagnosticResult Diagnostic() => CSharpAnalyzerVerifier<TAnalyzer, DefaultVerifier>.Diagnostic();

        /// <summary>The analyzer's diagnostic with this ID, with its default severity; fails for an ID it does not report.</summary>
        public static DiagnosticResult Diagnostic(string id) => CSharpAnalyzerVerifier<TAnalyzer, DefaultVerifier>.Diagnostic(id);

        public static DiagnosticResult Diagnostic(DiagnosticDescriptor descriptor) => CSharpAnalyzerVerifier<TAnalyzer, DefaultVerifier>.Diagnostic(descriptor);

        /// <summary>Compiles <paramref name="source"/> (no generators) and requires exactly the markup and <paramref name="expected"/> diagnostics.</summary>
        public static Task VerifyAnalyzerAsync(string source, params DiagnosticResult[] expected)
        {
            var test = new Test { TestCode = source };
            test.ExpectedDiagnostics.AddRange(expected);
            return test.RunAsync();
        }

        /// <summary>A test of <typeparamref name="TAnalyzer"/>; add sources, expectations and options as needed.</summary>
        public sealed class Test : PrewiredAnalyzerTest<TAnalyzer>
        {
        }
    }
}
