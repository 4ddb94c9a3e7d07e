using System;
using System.Collections.Immutable;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text.RegularExpressions;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.Text;
using Microsoft.CodeAnalysis.Testing;
using Prewired.Tests.Harness;
using VerifyCS = Prewired.Tests.Harness.AnalyzerVerifier<Prewired.Analyzers.ClosureAnalyzer>;

namespace Prewired.Tests.Analyzers
{
    /// <summary>What the oracle asserts about a case's fast path (see <see cref="ClosureOracleTests"/>).</summary>
    public enum OracleKind
    {
        /// <summary>The path avoids every closure: reported ⇔ it allocates.</summary>
        FastPath,

        /// <summary>
        /// No path avoids the closure (the case's point): the path run uses it, so it allocates, and nothing is reported.
        /// </summary>
        PathUsesClosure,

        /// <summary>
        /// Out of the rule's scope (the function does not return a task-like type): it allocates, nothing is reported; the
        /// same shape in a task-returning method is a reported case.
        /// </summary>
        NotTaskLike,
    }

    /// <summary>
    /// One expected closure report: at markup location <see cref="Location"/>, with the message's two arguments; PW0401 on a
    /// fast path (<see cref="FastPath"/>: marked code or a hand-written fast path), PW0402 in ordinary code.
    /// </summary>
    /// <param name="Functions">May name a lambda as <c>the lambda at line {#n}</c>: the line of markup location n.</param>
    public sealed record ClosureReport(int Location, string Variables, string Functions)
    {
        /// <summary>The scope is on a fast path someone asked for: the warning PW0401, not the suggestion PW0402.</summary>
        public bool FastPath { get; init; }

        public string Id => FastPath ? "PW0401" : "PW0402";

        /// <summary>Markup locations of the capturing functions (the diagnostic's additional locations), compared only when given.</summary>
        public ImmutableArray<int> AdditionalLocations { get; init; } = ImmutableArray<int>.Empty;
    }

    /// <summary>
    /// A closure test case: the source (with markup; <see cref="ClosureVerifier.Usings"/> is prepended), what the analyzer
    /// reports, and for the allocation oracle, the statement that runs the path the case calls the fast path
    /// (<see cref="FastPath"/>, in a static method of a driver class whose static fields are <see cref="Setup"/>).
    /// </summary>
    public sealed record ClosureCase(string Name, string Source, string FastPath)
    {
        public string Setup { get; init; } = "";

        public ImmutableArray<ClosureReport> Reports { get; init; } = ImmutableArray<ClosureReport>.Empty;

        public OracleKind Oracle { get; init; } = OracleKind.FastPath;

        /// <summary>The source the compiler sees: usings prepended, markup removed.</summary>
        public string Text => ClosureVerifier.Prepare(ClosureVerifier.Usings + Source).Text;

        public override string ToString() => Name;
    }

    /// <summary>
    /// How the closure tests run a case: the usings prepended, compiler errors compared, every report exact.
    /// </summary>
    /// <remarks>
    /// A diagnostic on an opening brace is marked <c>{|#n:{|}</c>, which the harness's markup parser reads as the start
    /// of another span: <see cref="Prepare"/> takes those marks out first and expects their diagnostics by line and column.
    /// </remarks>
    internal static class ClosureVerifier
    {
        public const string Usings = "using System;\nusing System.Collections.Generic;\nusing System.Runtime.CompilerServices;\nusing System.Threading;\nusing System.Threading.Tasks;\n\n";

        private const char Placeholder = '\u0001';

        public static Task VerifyAsync(ClosureCase @case) => VerifyAsync(@case.Source, @case.Reports.ToArray());

        public static Task VerifyAsync(string source, params ClosureReport[] reports)
        {
            var prepared = Prepare(Usings + source);
            return VerifyCS.VerifyAnalyzerAsync(prepared.Markup, reports.Select(r => Expected(r, prepared)).ToArray());
        }

        public static DiagnosticResult Expected(ClosureReport report, PreparedSource prepared)
        {
            var result = VerifyCS.Diagnostic(report.Id);
            result = prepared.Braces.TryGetValue(report.Location, out LinePositionSpan brace)
                ? result.WithSpan(brace.Start.Line + 1, brace.Start.Character + 1, brace.End.Line + 1, brace.End.Character + 1)
                : result.WithLocation(report.Location);
            foreach (int additional in report.AdditionalLocations)
            {
                result = result.WithLocation(additional);
            }

            // The capturing functions are compared only when the case lists them.
            if (report.AdditionalLocations.IsEmpty)
            {
                result = result.WithOptions(DiagnosticOptions.IgnoreAdditionalLocations);
            }

            return result.WithArguments(report.Variables, ResolveLines(report.Functions, prepared));
        }

        /// <summary>The source with brace marks taken out (still markup), its plain text, and where the marked braces and the numbered locations are.</summary>
        public sealed record PreparedSource(string Markup, string Text, ImmutableDictionary<int, LinePositionSpan> Braces, ImmutableDictionary<int, TextSpan> Locations);

        public static PreparedSource Prepare(string markup)
        {
            var keys = new List<int>();
            string withPlaceholders = Regex.Replace(markup, @"\{\|#(\d+):\{\|\}", match =>
            {
                keys.Add(int.Parse(match.Groups[1].Value, CultureInfo.InvariantCulture));
                return Placeholder.ToString();
            });

            // The library's own parser, as the test will read the markup ($$ is code here, as in the test's options).
            TestFileMarkupParser.GetSpans(withPlaceholders, treatPositionIndicatorsAsCode: true, out string text, out ImmutableDictionary<string, ImmutableArray<TextSpan>> spans);
            var lines = SourceText.From(text).Lines;
            var braces = ImmutableDictionary.CreateBuilder<int, LinePositionSpan>();
            int position = -1;
            foreach (int key in keys)
            {
                position = text.IndexOf(Placeholder, position + 1);
                braces.Add(key, lines.GetLinePositionSpan(new TextSpan(position, 1)));
            }

            var locations = spans
                .Where(s => s.Key.StartsWith("#", StringComparison.Ordinal))
                .ToImmutableDictionary(s => int.Parse(s.Key.Substring(1), CultureInfo.InvariantCulture), s => s.Value.Single());
            return new PreparedSource(
                withPlaceholders.Replace(Placeholder, '{'),
                text.Replace(Placeholder, '{'),
                braces.ToImmutable(),
                locations);
        }

        /// <summary>Replaces <c>{#n}</c> with the 1-based line of markup location n (a brace mark or a span).</summary>
        public static string ResolveLines(string text, PreparedSource prepared) =>
            Regex.Replace(text, @"\{#(\d+)\}", match =>
            {
                int key = int.Parse(match.Groups[1].Value, CultureInfo.InvariantCulture);
                if (prepared.Braces.TryGetValue(key, out LinePositionSpan brace))
                {
                    return (brace.Start.Line + 1).ToString(CultureInfo.InvariantCulture);
                }

                if (!prepared.Locations.TryGetValue(key, out TextSpan span))
                {
                    throw new InvalidOperationException($"'{text}' refers to markup location #{key}, which the source does not mark.");
                }

                int line = SourceText.From(prepared.Text).Lines.GetLineFromPosition(span.Start).LineNumber + 1;
                return line.ToString(CultureInfo.InvariantCulture);
            });
    }
}
