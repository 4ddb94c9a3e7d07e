using System;
using System.Collections.Immutable;
using System.Linq;
using System.Text;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.CodeFixes.Tests.Harness
{
    /// <summary>
    /// Analyzer tests for the candidate rules: the source (markup <c>{|PW0102:...|}</c>, <c>{|PW0202:...|}</c>) must
    /// compile without warnings (generator included), and PW0102/PW0202 must be reported exactly at the marked spans,
    /// with the method's name as the message argument.
    /// </summary>
    public static class CandidateVerifier
    {
        public const string Usings = "using System;\nusing System.Collections.Generic;\nusing System.Threading;\nusing System.Threading.Tasks;\nusing Prewired;\n\n";

        public static async Task VerifyAsync(string source)
        {
            ParsedMarkup markup = MarkupParser.Parse(Usings + source);
            using var project = TestProject.Create(new[] { markup.Text });
            ProjectDiagnostics diagnostics = await TestProject.DiagnosticsAsync(project.Project);
            Assert.True(diagnostics.Compiler.IsEmpty, "The test source must compile cleanly:" + Environment.NewLine + string.Join(Environment.NewLine, diagnostics.Compiler));

            var actual = diagnostics.Analyzer.Where(d => d.Id is "PW0102" or "PW0202").OrderBy(d => d.Location.SourceSpan.Start).ToList();
            var expected = markup.DiagnosticSpans.OrderBy(d => d.Span.Start).ToList();
            var report = new StringBuilder();
            foreach (var (id, span) in expected.Where(e => !actual.Any(a => a.Id == e.Id && a.Location.SourceSpan == e.Span)))
            {
                report.AppendLine($"  missing:    {id} at '{markup.Text.Substring(span.Start, span.Length)}' {span}");
            }

            foreach (Diagnostic d in actual.Where(a => !expected.Any(e => a.Id == e.Id && a.Location.SourceSpan == e.Span)))
            {
                report.AppendLine($"  unexpected: {d}");
            }

            if (report.Length > 0)
            {
                Assert.Fail("Candidate diagnostics differ:" + Environment.NewLine + report + markup.Text);
            }

            foreach (Diagnostic d in actual)
            {
                string name = markup.Text.Substring(d.Location.SourceSpan.Start, d.Location.SourceSpan.Length);
                Assert.Contains($"'{name}'", d.GetMessage(System.Globalization.CultureInfo.InvariantCulture), StringComparison.Ordinal);
                Assert.Equal(d.Id == "PW0102" ? DiagnosticSeverity.Info : DiagnosticSeverity.Hidden, d.Severity);
            }
        }
    }
}
