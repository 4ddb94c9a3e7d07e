using System;
using System.Collections.Generic;

namespace Prewired.Tests.Harness
{
    /// <summary>
    /// The generator wraps its long <c>//</c> comments (a guard's reason, a forwarding reason) at word boundaries so no
    /// generated line runs past the reviewer's screen; a test that looks for a reason's text reads it unwrapped.
    /// </summary>
    internal static class WrappedComments
    {
        /// <summary>The trimmed lines of <paramref name="text"/>, each run of consecutive <c>//</c> comment lines (not
        /// <c>///</c>) joined into one line with single spaces.</summary>
        public static IReadOnlyList<string> JoinedLines(string text)
        {
            var lines = new List<string>();
            foreach (var raw in text.Split('\n'))
            {
                var line = raw.Trim();
                var isComment = line.StartsWith("// ", StringComparison.Ordinal);
                var last = lines.Count - 1;
                if (isComment && last >= 0 && lines[last].StartsWith("// ", StringComparison.Ordinal))
                {
                    lines[last] += " " + line.Substring(3);
                    continue;
                }

                lines.Add(line);
            }

            return lines;
        }

        /// <summary><paramref name="text"/> with its wrapped comments joined (see <see cref="JoinedLines"/>).</summary>
        public static string Joined(string text) => string.Join("\n", JoinedLines(text));
    }
}
