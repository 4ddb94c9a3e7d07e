using System;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Prewired.Tests.Harness
{
    /// <summary>
    /// The <c>VerifyCS</c> facade of Microsoft.CodeAnalysis.Testing for one analyzer type, so test files read the same and
    /// port by changing a using alias:
    /// <code>
    /// using VerifyCS = Prewired.Tests.Harness.AnalyzerVerifier&lt;Prewired.Analyzers.NonTailAwaitAnalyzer&gt;;
    ///
    /// await VerifyCS.VerifyAnalyzerAsync(source, VerifyCS.Diagnostic("PW0101").WithLocation(0).WithArguments("x", "reason"));
    ///
    /// await new VerifyCS.Test
    /// {
    ///     TestCode = source,
    ///     Generators = { new TailAwaitGenerator() },
    ///     GlobalConfig = "is_global = true\ndotnet_diagnostic.PW0101.severity = none",
    /// }.RunAsync();
    /// </code>
    /// </summary>
    public static class AnalyzerVerifier<TAnalyzer>
        where TAnalyzer : DiagnosticAnalyzer, new()
    {
        /// <summary>The analyzer's only (or first) diagnostic, with its default severity.</summary>
        public static DiagnosticResult Diagnostic() => Diagnostic(new TAnalyzer().SupportedDiagnostics.First());

        /// <summary>The analyzer's diagnostic with this ID, with its default severity; fails for an ID it does not report.</summary>
        public static DiagnosticResult Diagnostic(string id) =>
            Diagnostic(new TAnalyzer().SupportedDiagnostics.FirstOrDefault(d => d.Id == id)
                ?? throw new ArgumentException($"{typeof(TAnalyzer).Name} does not support diagnostic {id}.", nameof(id)));

        public static DiagnosticResult Diagnostic(DiagnosticDescriptor descriptor) =>
            new DiagnosticResult(descriptor.Id) { Severity = descriptor.DefaultSeverity };

        /// <summary>Compiles <paramref name="source"/> (no generators) and requires exactly the markup and <paramref name="expected"/> diagnostics.</summary>
        public static Task VerifyAnalyzerAsync(string source, params DiagnosticResult[] expected)
        {
            var test = new Test { TestCode = source };
            test.ExpectedDiagnostics.AddRange(expected);
            return test.RunAsync();
        }

        /// <summary>An <see cref="AnalyzerTest"/> already holding a <typeparamref name="TAnalyzer"/>; add more options as needed.</summary>
        public sealed class Test : AnalyzerTest
        {
            public Test() => Analyzers.Add(new TAnalyzer());
        }
    }
}
