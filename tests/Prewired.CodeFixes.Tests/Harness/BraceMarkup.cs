using System.Text.RegularExpressions;
using Prewired.Tests.Harness;

namespace Prewired.CodeFixes.Tests.Harness
{
    /// <summary>
    /// The markup parser, plus a diagnostic on an opening brace (PW0401 sits on a scope's <c>{</c>): written
    /// <c>{|PW0401:{|}</c>, which the parser alone reads as the start of another span. The brace is swapped for a
    /// one-character placeholder while parsing (spans stay where they are) and put back in the text.
    /// </summary>
    internal static class BraceMarkup
    {
        private const char Placeholder = '\u0001';

        public static ParsedMarkup Parse(string markup)
        {
            var escaped = Regex.Replace(markup, @"\{\|(#\d+|\w+):\{\|\}", m => "{|" + m.Groups[1].Value + ":" + Placeholder + "|}");
            var parsed = MarkupParser.Parse(escaped);
            return parsed with { Text = parsed.Text.Replace(Placeholder, '{') };
        }
    }
}
