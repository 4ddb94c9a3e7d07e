using System.Collections.Generic;
using System.Text;

namespace Prewired.Generator.Emit
{
    /// <summary>
    /// Breaks a long line of the generator's own code (a declaration, a call it writes, a comment) the way a reviewer would
    /// format it by hand, so no generated line but a <c>#line</c> directive runs past <see cref="Width"/>: a declaration's
    /// constraint clauses each on a line of their own, then its parameters one per line; a call's arguments filled onto as
    /// few lines as fit; a comment at word boundaries. Only lines the generator writes are broken: a line copied from a
    /// body keeps its text, because its line count is what its <c>#line</c> mapping counts.
    /// </summary>
    internal static class LineBreaker
    {
        /// <summary>The column no broken line goes past when it can be helped (a single long item cannot be).</summary>
        public const int Width = 150;

        /// <summary>Where a comment's text is wrapped: a comment reads better narrower than code.</summary>
        private const int CommentWidth = 120;

        /// <summary>How <see cref="Break"/> lays out the items of the list it breaks.</summary>
        public enum Items
        {
            /// <summary>One per line (parameters).</summary>
            OnePerLine,

            /// <summary>As many per line as fit (arguments).</summary>
            Filled,
        }

        /// <summary>
        /// <paramref name="text"/> as lines: the first at <paramref name="column"/>, the others one indentation level (four
        /// spaces) deeper, which the returned pairs say (0 or 1). A line that fits is returned as it is.
        /// </summary>
        public static IReadOnlyList<(int ExtraIndent, string Text)> Break(string text, int column, Items items)
        {
            if (column + text.Length <= Width) return new[] { (0, text) };
            var result = new List<(int, string)>();
            var clauses = SplitTopLevel(text, " where ");
            var head = clauses[0];
            var (open, close) = ListToBreak(head);
            if (close < 0)
            {
                result.Add((0, head));
            }
            else
            {
                result.Add((0, head.Substring(0, open + 1)));
                var list = SplitTopLevel(head.Substring(open + 1, close - open - 1), ",");
                var rest = head.Substring(close);
                var inner = column + 4;
                var line = new StringBuilder();
                for (var i = 0; i < list.Count; i++)
                {
                    var item = list[i].Trim() + (i < list.Count - 1 ? "," : rest);
                    if (line.Length > 0 && (items == Items.OnePerLine || inner + line.Length + 1 + item.Length > Width))
                    {
                        result.Add((1, line.ToString()));
                        line.Clear();
                    }

                    if (line.Length > 0) line.Append(' ');
                    line.Append(item);
                }

                if (list.Count == 0) line.Append(rest);
                result.Add((1, line.ToString()));
            }

            for (var i = 1; i < clauses.Count; i++) result.Add((1, "where " + clauses[i].Trim()));
            return result;
        }

        /// <summary>A comment's text as the lines of a <c>//</c> comment, each at most <see cref="CommentWidth"/> long where
        /// its words allow.</summary>
        public static IReadOnlyList<string> Comment(string text, string prefix = "// ")
        {
            var lines = new List<string>();
            var line = new StringBuilder(prefix);
            foreach (var word in text.Split(' '))
            {
                if (word.Length == 0) continue;
                if (line.Length > prefix.Length && line.Length + 1 + word.Length > CommentWidth)
                {
                    lines.Add(line.ToString());
                    line.Clear().Append(prefix);
                }

                if (line.Length > prefix.Length) line.Append(' ');
                line.Append(word);
            }

            lines.Add(line.ToString().TrimEnd());
            return lines;
        }

        /// <summary>The parts of <paramref name="text"/> between occurrences of <paramref name="separator"/> outside any
        /// bracket, string or character literal.</summary>
        private static List<string> SplitTopLevel(string text, string separator)
        {
            var parts = new List<string>();
            var depth = 0;
            var start = 0;
            for (var i = 0; i < text.Length; i++)
            {
                var c = text[i];
                if (c is '"' or '\'')
                {
                    i = EndOfLiteral(text, i);
                    continue;
                }

                if (c is '(' or '<' or '[' or '{') depth++;
                else if (c is ')' or '>' or ']' or '}') depth--;
                else if (depth == 0 && string.CompareOrdinal(text, i, separator, 0, separator.Length) == 0)
                {
                    parts.Add(text.Substring(start, i - start));
                    start = i + separator.Length;
                    i = start - 1;
                }
            }

            var last = text.Substring(start);
            if (parts.Count > 0 || last.Trim().Length > 0) parts.Add(last);
            return parts;
        }

        /// <summary>
        /// The parentheses of the list to break: the first '(' outside angle brackets (a parameter or argument list, not a
        /// tuple type argument) whose list has more than one item, so a call wrapped in a conversion breaks the call's
        /// arguments; else the first such '('. (-1, -1) when there is none.
        /// </summary>
        private static (int Open, int Close) ListToBreak(string text)
        {
            var angles = 0;
            (int, int) first = (-1, -1);
            for (var i = 0; i < text.Length; i++)
            {
                var c = text[i];
                if (c is '"' or '\'') i = EndOfLiteral(text, i);
                else if (c == '<') angles++;
                else if (c == '>') angles--;
                else if (c == '(' && angles == 0 && MatchingParenthesis(text, i) is var close and >= 0)
                {
                    if (SplitTopLevel(text.Substring(i + 1, close - i - 1), ",").Count > 1) return (i, close);
                    if (first.Item1 < 0) first = (i, close);
                }
            }

            return first;
        }

        private static int MatchingParenthesis(string text, int open)
        {
            var depth = 0;
            for (var i = open; i < text.Length; i++)
            {
                var c = text[i];
                if (c is '"' or '\'') i = EndOfLiteral(text, i);
                else if (c == '(') depth++;
                else if (c == ')' && --depth == 0) return i;
            }

            return -1;
        }

        /// <summary>The index of the quote that closes the literal opened at <paramref name="start"/> (escapes skipped).</summary>
        private static int EndOfLiteral(string text, int start)
        {
            var quote = text[start];
            var verbatim = quote == '"' && start > 0 && text[start - 1] == '@';
            for (var i = start + 1; i < text.Length; i++)
            {
                if (!verbatim && text[i] == '\\')
                {
                    i++;
                    continue;
                }

                if (text[i] != quote) continue;
                if (verbatim && i + 1 < text.Length && text[i + 1] == quote)
                {
                    i++;
                    continue;
                }

                return i;
            }

            return text.Length - 1;
        }
    }
}
