using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;
using Microsoft.CodeAnalysis.Text;

namespace Prewired.CodeFixes.Tests.Harness
{
    /// <summary>Test source with its markup removed, and where the markup was.</summary>
    /// <param name="Text">The source the compiler sees.</param>
    /// <param name="DefaultSpans"><c>[|...|]</c>: one diagnostic of the provider's first fixable ID each.</param>
    /// <param name="DiagnosticSpans"><c>{|ID:...|}</c>: one diagnostic with that ID each.</param>
    public sealed record ParsedMarkup(string Text, ImmutableArray<TextSpan> DefaultSpans, ImmutableArray<(string Id, TextSpan Span)> DiagnosticSpans);

    /// <summary>
    /// Microsoft.CodeAnalysis.Testing's markup parser (<see cref="TestFileMarkupParser"/>; <c>$$</c> stays code), plus a
    /// diagnostic on an opening brace (PW0401 sits on a scope's <c>{</c>): written <c>{|PW0401:{|}</c>, which the parser
    /// alone reads as the start of another span. The brace is swapped for a one-character placeholder while parsing
    /// (spans stay where they are) and put back in the text.
    /// </summary>
    internal static class BraceMarkup
    {
        private const char Placeholder = '\u0001';

        private static readonly Regex s_braceMarkup = new(@"\{\|(#\d+|\w+):\{\|\}");

        /// <summary>
        /// For Microsoft.CodeAnalysis.Testing: each <c>{|ID:{|}</c> of the state's sources becomes a plain <c>{</c> and an
        /// expected diagnostic at the brace's line and column in the text the library gets after removing the rest of the
        /// markup (ID and span; as with the library's own markup, no message, severity or additional locations).
        /// </summary>
        public static void MoveToExpectations(SolutionState state, IReadOnlyDictionary<string, DiagnosticDescriptor> descriptors)
        {
            for (int i = 0; i < state.Sources.Count; i++)
            {
                var (path, content) = state.Sources[i];
                string markup = content.ToString();
                if (!s_braceMarkup.IsMatch(markup))
                {
                    continue;
                }

                ParsedMarkup parsed = Parse(markup);
                var text = SourceText.From(parsed.Text);
                foreach (var (id, span) in parsed.DiagnosticSpans.Where(d => d.Span.Length == 1 && parsed.Text[d.Span.Start] == '{'))
                {
                    LinePosition start = text.Lines.GetLinePosition(span.Start);
                    state.ExpectedDiagnostics.Add(new DiagnosticResult(id, descriptors[id].DefaultSeverity)
                        .WithSpan(path, start.Line + 1, start.Character + 1, start.Line + 1, start.Character + 2)
                        .WithOptions(DiagnosticOptions.IgnoreAdditionalLocations | DiagnosticOptions.IgnoreSeverity));
                }

                state.Sources[i] = (path, SourceText.From(s_braceMarkup.Replace(markup, "{"), content.Encoding, content.ChecksumAlgorithm));
            }
        }

        public static ParsedMarkup Parse(string markup)
        {
            var escaped = s_braceMarkup.Replace(markup, m => "{|" + m.Groups[1].Value + ":" + Placeholder + "|}");
            TestFileMarkupParser.GetSpans(escaped, treatPositionIndicatorsAsCode: true, out string text, out ImmutableDictionary<string, ImmutableArray<TextSpan>> spans);
            return new ParsedMarkup(
                text.Replace(Placeholder, '{'),
                spans.TryGetValue("", out var defaults) ? defaults : ImmutableArray<TextSpan>.Empty,
                spans.Where(s => s.Key.Length > 0 && !s.Key.StartsWith("#", System.StringComparison.Ordinal))
                    .SelectMany(s => s.Value.Select(span => (s.Key, span)))
                    .OrderBy(d => d.span.Start)
                    .ToImmutableArray());
        }
    }
}
