using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace Prewired.Tests.Harness
{
    /// <summary>
    /// Where an expected diagnostic is: a markup location (<c>{|#n:...|}</c>), or a file with a 1-based line/column span;
    /// <see cref="StartOnly"/> when only the start was given (<c>WithLocation(line, column)</c>).
    /// </summary>
    public sealed record DiagnosticLocation(int? MarkupKey, string? Path, LinePositionSpan Span, bool StartOnly)
    {
        public override string ToString() => MarkupKey is { } key
            ? $"WithLocation({key})"
            : StartOnly
                ? $"WithLocation({PathArgument()}{Span.Start.Line + 1}, {Span.Start.Character + 1})"
                : $"WithSpan({PathArgument()}{Span.Start.Line + 1}, {Span.Start.Character + 1}, {Span.End.Line + 1}, {Span.End.Character + 1})";

        // The first test file is the default in WithSpan/WithLocation, so it is left out as the real library does.
        private string PathArgument() => Path == TestCompilation.SourcePath(0) ? "" : $"\"{Path}\", ";
    }

    /// <summary>
    /// An expected diagnostic, shaped like Microsoft.CodeAnalysis.Testing's <c>DiagnosticResult</c> so expectations port
    /// unchanged: <c>Diagnostic("PW0101").WithLocation(0).WithArguments("x")</c>. Lines and columns are 1-based. The first
    /// location is the primary one; further locations, when given, are compared with the diagnostic's additional
    /// locations. Message and severity are compared only when set (<see cref="AnalyzerVerifier{TAnalyzer}.Diagnostic(string)"/>
    /// sets the descriptor's default severity, as the real library does).
    /// </summary>
    public sealed record DiagnosticResult(string Id)
    {
        public DiagnosticSeverity? Severity { get; init; }

        public ImmutableArray<DiagnosticLocation> Locations { get; init; } = ImmutableArray<DiagnosticLocation>.Empty;

        /// <summary>Formatted with the actual diagnostic's message format and compared with its message.</summary>
        public ImmutableArray<object?>? MessageArguments { get; init; }

        public string? Message { get; init; }

        /// <summary>A compiler error expected in the test source (e.g. CS0246 in a test of half-typed code).</summary>
        public static DiagnosticResult CompilerError(string id) => new(id) { Severity = DiagnosticSeverity.Error };

        public static DiagnosticResult CompilerWarning(string id) => new(id) { Severity = DiagnosticSeverity.Warning };

        /// <summary>The span marked <c>{|#markupKey:...|}</c> in any of the test's sources.</summary>
        public DiagnosticResult WithLocation(int markupKey) => With(new DiagnosticLocation(markupKey, null, default, false));

        public DiagnosticResult WithLocation(int line, int column) => WithLocation(TestCompilation.SourcePath(0), line, column);

        public DiagnosticResult WithLocation(string path, int line, int column) =>
            With(new DiagnosticLocation(null, path, new LinePositionSpan(new LinePosition(line - 1, column - 1), new LinePosition(line - 1, column - 1)), true));

        public DiagnosticResult WithSpan(int startLine, int startColumn, int endLine, int endColumn) =>
            WithSpan(TestCompilation.SourcePath(0), startLine, startColumn, endLine, endColumn);

        public DiagnosticResult WithSpan(string path, int startLine, int startColumn, int endLine, int endColumn) =>
            With(new DiagnosticLocation(null, path, new LinePositionSpan(new LinePosition(startLine - 1, startColumn - 1), new LinePosition(endLine - 1, endColumn - 1)), false));

        public DiagnosticResult WithArguments(params object?[] arguments) => this with { MessageArguments = arguments.ToImmutableArray() };

        public DiagnosticResult WithMessage(string message) => this with { Message = message };

        public DiagnosticResult WithSeverity(DiagnosticSeverity severity) => this with { Severity = severity };

        private DiagnosticResult With(DiagnosticLocation location) => this with { Locations = Locations.Add(location) };

        /// <summary>As code, so an actual diagnostic printed in a failure can be pasted into the test.</summary>
        public override string ToString()
        {
            string text = Severity is { } severity
                ? $"Diagnostic(\"{Id}\", DiagnosticSeverity.{severity})"
                : $"Diagnostic(\"{Id}\")";
            text += string.Concat(Locations.Select(l => "." + l));
            if (MessageArguments is { } args)
            {
                text += ".WithArguments(" + string.Join(", ", args.Select(FormatArgument)) + ")";
            }

            if (Message is not null)
            {
                text += ".WithMessage(" + FormatArgument(Message) + ")";
            }

            return text;
        }

        private static string FormatArgument(object? value) => value switch
        {
            null => "null",
            string s => "\"" + s.Replace("\\", "\\\\").Replace("\"", "\\\"") + "\"",
            _ => System.Convert.ToString(value, CultureInfo.InvariantCulture) ?? "",
        };
    }
}
