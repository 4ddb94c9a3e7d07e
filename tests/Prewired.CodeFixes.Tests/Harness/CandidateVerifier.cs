using System.Collections.Immutable;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Testing;
using Microsoft.CodeAnalysis.Text;
using Prewired.Analyzers;
using Prewired.Generator;
using Prewired.Tests.Harness;
using VerifyCS = Prewired.Tests.Harness.AnalyzerVerifier<Prewired.Analyzers.CandidateAnalyzer>;

namespace Prewired.CodeFixes.Tests.Harness
{
    /// <summary>
    /// Analyzer tests for the candidate rules, on Microsoft.CodeAnalysis.Testing: the source (markup
    /// <c>{|PW0102:...|}</c>, <c>{|PW0202:...|}</c>) must compile without warnings (generator included), and
    /// <see cref="CandidateAnalyzer"/> must report PW0102/PW0202 exactly at the marked spans, with their default severities
    /// (Info, Hidden) and the method's name as the message argument.
    /// </summary>
    public static class CandidateVerifier
    {
        public const string Usings = "using System;\nusing System.Collections.Generic;\nusing System.Threading;\nusing System.Threading.Tasks;\nusing Prewired;\n\n";

        public static Task VerifyAsync(string source) => VerifyAsync(source, []);

        /// <summary>
        /// The same, with analyzer config files added to the project: each a path (<c>/.editorconfig</c>,
        /// <c>/.globalconfig</c>) and its text, as the SDK passes a project's .editorconfig files and its generated global
        /// config (where the <c>build_property.*</c> keys of <c>CompilerVisibleProperty</c> items are).
        /// </summary>
        public static Task VerifyAsync(string source, params (string Path, string Text)[] analyzerConfigs)
        {
            // The marked text is the method's name, which is the message argument: the markup says both.
            TestFileMarkupParser.GetSpans(Usings + source, treatPositionIndicatorsAsCode: true, out string text, out ImmutableDictionary<string, ImmutableArray<TextSpan>> spans);
            var test = new VerifyCS.Test
            {
                TestCode = text,
                CompilerDiagnostics = CompilerDiagnostics.Warnings,
                Generators = { typeof(PrewiredGenerator) },

                // As the code-fix tests' projects: the latest language version of the compiler the tests run.
                CompilationSettings = TestCompilationSettings.Default with { LanguageVersion = LanguageVersion.Latest },
            };
            foreach ((string path, string config) in analyzerConfigs)
            {
                test.TestState.AnalyzerConfigFiles.Add((path, SourceText.From(config)));
            }

            SourceText lines = SourceText.From(text);
            foreach ((string id, ImmutableArray<TextSpan> marked) in spans)
            {
                foreach (TextSpan span in marked)
                {
                    LinePositionSpan at = lines.Lines.GetLinePositionSpan(span);
                    test.ExpectedDiagnostics.Add(VerifyCS.Diagnostic(id)
                        .WithSpan(at.Start.Line + 1, at.Start.Character + 1, at.End.Line + 1, at.End.Character + 1)
                        .WithArguments(text.Substring(span.Start, span.Length)));
                }
            }

            return test.RunAsync();
        }
    }
}
