using System;
using System.Collections.Generic;
using System.Text;

namespace Prewired.Tests.Harness
{
    /// <summary>A unified-style line diff for failure messages: hunks with context and both sides' line numbers.</summary>
    public static class LineDiff
    {
        private enum Op { Same, Removed, Added }

        // Longest-common-subsequence is quadratic in memory; beyond this the middle is shown as one replaced block,
        // which is still a correct (if less tidy) diff.
        private const long MaxLcsCells = 4_000_000;

        /// <summary>
        /// Lines only in <paramref name="expected"/> (the verified side) start with '-', only in <paramref name="actual"/>
        /// (the received side) with '+'; columns give the line number on each side. At most
        /// <paramref name="maxChangedLines"/> changed lines are shown; the rest are counted.
        /// </summary>
        public static string Format(string expected, string actual, int maxChangedLines = 60, int context = 3)
        {
            string[] a = SplitLines(expected);
            string[] b = SplitLines(actual);
            List<(Op Op, int A, int B)> edits = Diff(a, b);

            // Show each change with up to `context` unchanged lines around it; runs of shown lines form the hunks.
            var visible = new bool[edits.Count];
            for (int i = 0; i < edits.Count; i++)
            {
                if (edits[i].Op != Op.Same)
                {
                    for (int k = Math.Max(0, i - context); k <= Math.Min(edits.Count - 1, i + context); k++)
                    {
                        visible[k] = true;
                    }
                }
            }

            var text = new StringBuilder();
            int shown = 0, total = 0;
            for (int i = 0; i < edits.Count; i++)
            {
                (Op op, int ai, int bi) = edits[i];
                total += op == Op.Same ? 0 : 1;
                if (!visible[i] || shown >= maxChangedLines)
                {
                    continue;
                }

                if (i == 0 || !visible[i - 1])
                {
                    text.AppendLine($"@@ verified line {ai + 1}, received line {bi + 1} @@");
                }

                shown += op == Op.Same ? 0 : 1;
                text.AppendLine(op switch
                {
                    Op.Same => $"  {ai + 1,5} {bi + 1,5} | {a[ai]}",
                    Op.Removed => $"- {ai + 1,5}       | {a[ai]}",
                    _ => $"+       {bi + 1,5} | {b[bi]}",
                });
            }

            if (total > shown)
            {
                text.AppendLine($"... and {total - shown} more changed line(s)");
            }

            return text.ToString();
        }

        /// <summary>Splits on \n after dropping \r, so CRLF and LF texts compare by content.</summary>
        public static string[] SplitLines(string text) =>
            text.Length == 0 ? Array.Empty<string>() : Normalize(text).Split('\n');

        public static string Normalize(string text) => text.Replace("\r\n", "\n").Replace('\r', '\n');

        private static List<(Op, int, int)> Diff(string[] a, string[] b)
        {
            int prefix = 0;
            while (prefix < a.Length && prefix < b.Length && a[prefix] == b[prefix])
            {
                prefix++;
            }

            int suffix = 0;
            while (suffix < a.Length - prefix && suffix < b.Length - prefix && a[a.Length - 1 - suffix] == b[b.Length - 1 - suffix])
            {
                suffix++;
            }

            var edits = new List<(Op, int, int)>();
            for (int k = 0; k < prefix; k++)
            {
                edits.Add((Op.Same, k, k));
            }

            DiffMiddle(a, b, prefix, a.Length - suffix, prefix, b.Length - suffix, edits);
            for (int k = suffix; k > 0; k--)
            {
                edits.Add((Op.Same, a.Length - k, b.Length - k));
            }

            return edits;
        }

        private static void DiffMiddle(string[] a, string[] b, int a0, int a1, int b0, int b1, List<(Op, int, int)> edits)
        {
            int n = a1 - a0, m = b1 - b0;
            if ((long)n * m > MaxLcsCells)
            {
                for (int k = a0; k < a1; k++)
                {
                    edits.Add((Op.Removed, k, b0));
                }

                for (int k = b0; k < b1; k++)
                {
                    edits.Add((Op.Added, a1, k));
                }

                return;
            }

            // lcs[i, j] = length of the LCS of a[a0+i..a1) and b[b0+j..b1).
            var lcs = new int[n + 1, m + 1];
            for (int i = n - 1; i >= 0; i--)
            {
                for (int j = m - 1; j >= 0; j--)
                {
                    lcs[i, j] = a[a0 + i] == b[b0 + j] ? lcs[i + 1, j + 1] + 1 : Math.Max(lcs[i + 1, j], lcs[i, j + 1]);
                }
            }

            int x = 0, y = 0;
            while (x < n || y < m)
            {
                if (x < n && y < m && a[a0 + x] == b[b0 + y])
                {
                    edits.Add((Op.Same, a0 + x++, b0 + y++));
                }
                else if (x < n && (y == m || lcs[x + 1, y] >= lcs[x, y + 1]))
                {
                    edits.Add((Op.Removed, a0 + x++, b0 + y));
                }
                else
                {
                    edits.Add((Op.Added, a0 + x, b0 + y++));
                }
            }
        }
    }
}
