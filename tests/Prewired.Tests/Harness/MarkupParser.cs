using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Text;
using Microsoft.CodeAnalysis.Text;

namespace Prewired.Tests.Harness
{
    /// <summary>Test source with its markup removed, and where the markup was.</summary>
    /// <param name="Text">The source the compiler sees.</param>
    /// <param name="DefaultSpans"><c>[|...|]</c>: one diagnostic of the analyzer's first descriptor each.</param>
    /// <param name="Locations"><c>{|#n:...|}</c>: numbered locations that <c>WithLocation(n)</c> refers to.</param>
    /// <param name="DiagnosticSpans"><c>{|ID:...|}</c>: one diagnostic with that ID each.</param>
    public sealed record ParsedMarkup(
        string Text,
        ImmutableArray<TextSpan> DefaultSpans,
        ImmutableDictionary<int, TextSpan> Locations,
        ImmutableArray<(string Id, TextSpan Span)> DiagnosticSpans);

    /// <summary>
    /// Microsoft.CodeAnalysis.Testing's span markup, so test sources move to that library unchanged:
    /// <c>[|code|]</c>, <c>{|#0:code|}</c> and <c>{|PW0101:code|}</c>, nestable. The caret marker <c>$$</c> is not
    /// supported (it belongs to code-fix and refactoring tests, and <c>$$"""</c> raw strings would be mangled).
    /// </summary>
    public static class MarkupParser
    {
        public static ParsedMarkup Parse(string markup)
        {
            var text = new StringBuilder(markup.Length);
            var open = new Stack<(char Closer, string? Name, int Start, int MarkupPosition)>();
            var defaultSpans = ImmutableArray.CreateBuilder<TextSpan>();
            var locations = ImmutableDictionary.CreateBuilder<int, TextSpan>();
            var diagnosticSpans = ImmutableArray.CreateBuilder<(string, TextSpan)>();

            int i = 0;
            while (i < markup.Length)
            {
                if (At(markup, i, "[|"))
                {
                    open.Push((']', null, text.Length, i));
                    i += 2;
                }
                else if (At(markup, i, "{|"))
                {
                    int colon = markup.IndexOf(':', i + 2);
                    string name = colon < 0 ? "" : markup.Substring(i + 2, colon - i - 2);
                    if (!IsName(name))
                    {
                        throw Error(markup, i, "'{|' must be followed by '#<number>:' or '<DiagnosticId>:'");
                    }

                    open.Push(('}', name, text.Length, i));
                    i = colon + 1;
                }
                else if (At(markup, i, "|]") || At(markup, i, "|}"))
                {
                    char closer = markup[i + 1];
                    if (open.Count == 0 || open.Peek().Closer != closer)
                    {
                        throw Error(markup, i, open.Count == 0
                            ? $"'|{closer}' closes nothing"
                            : $"'|{closer}' does not match the open '{(open.Peek().Closer == ']' ? "[|" : "{|")}'");
                    }

                    (_, string? name, int start, int markupPosition) = open.Pop();
                    var span = TextSpan.FromBounds(start, text.Length);
                    if (name is null)
                    {
                        defaultSpans.Add(span);
                    }
                    else if (name.StartsWith("#", StringComparison.Ordinal))
                    {
                        int key = int.Parse(name.Substring(1), System.Globalization.CultureInfo.InvariantCulture);
                        if (locations.ContainsKey(key))
                        {
                            throw Error(markup, markupPosition, $"location #{key} is marked twice");
                        }

                        locations.Add(key, span);
                    }
                    else
                    {
                        diagnosticSpans.Add((name, span));
                    }

                    i += 2;
                }
                else
                {
                    text.Append(markup[i++]);
                }
            }

            if (open.Count > 0)
            {
                throw Error(markup, open.Peek().MarkupPosition, "markup span is never closed");
            }

            return new ParsedMarkup(text.ToString(), defaultSpans.ToImmutable(), locations.ToImmutable(), diagnosticSpans.ToImmutable());
        }

        private static bool At(string s, int i, string token) => string.CompareOrdinal(s, i, token, 0, token.Length) == 0;

        private static bool IsName(string name)
        {
            bool numbered = name.StartsWith("#", StringComparison.Ordinal);
            string body = numbered ? name.Substring(1) : name;
            if (body.Length == 0)
            {
                return false;
            }

            foreach (char c in body)
            {
                if (numbered ? !char.IsAsciiDigit(c) : !(char.IsAsciiLetterOrDigit(c) || c == '_'))
                {
                    return false;
                }
            }

            return true;
        }

        private static FormatException Error(string markup, int position, string message)
        {
            LinePosition at = SourceText.From(markup).Lines.GetLinePosition(position);
            return new FormatException($"Markup error at line {at.Line + 1}, column {at.Character + 1}: {message}.");
        }
    }
}
