using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// What a generated method must give, derived from what the original async body gave. [FastPath]: exactly the same.
    /// [TailAwait]: the same, except the differences PRODUCT.md §1.1 documents for a tail-awaited task that is still
    /// pending at the call — and only those:
    /// <list type="bullet">
    /// <item>the caller gets the awaited task itself (TaskCompletionSource-backed sources; an IValueTaskSource is
    /// wrapped by AsTask either way);</item>
    /// <item>a pending task later faulted with an OperationCanceledException stays Faulted (the builder makes it Canceled);</item>
    /// <item>a pending task faulted with several exceptions keeps them all (await keeps the first);</item>
    /// <item>completion does not hop to the SynchronizationContext the await captured: the [post] that followed the
    /// awaited task's completion is gone, and the caller sees the completion where the task completed (no context).</item>
    /// </list>
    /// </summary>
    public static class Expectations
    {
        private static readonly Regex s_site = new(@"^site#(\d+) \S+ (\w+) ", RegexOptions.Compiled);
        private static readonly Regex s_fault = new(@"'fault@(\d+)#(\d+)' \[injected#(\d+)\]", RegexOptions.Compiled);

        /// <summary>An outcome without what races with the thread pool (see <see cref="BodyCase.RacesWithThreadPool"/>): the
        /// status at return and the point in the log where the caller saw completion.</summary>
        public static Outcome WithoutPoolRace(Outcome outcome)
            => outcome.With("StatusAtReturn", "(races with the thread pool)")
                .WithLog(outcome.Log.Where(e => !e.StartsWith("(caller sees completion)", StringComparison.Ordinal)).ToList());

        public static Outcome Tail(Outcome original, bool awaitsSiteDirectly, out List<string> adjustments)
        {
            adjustments = new List<string>();
            if (!awaitsSiteDirectly) return original;
            var site = original.Log.Select(e => s_site.Match(e)).LastOrDefault(m => m.Success);
            if (site is null) return original;
            var siteNumber = int.Parse(site.Groups[1].Value, CultureInfo.InvariantCulture);
            var mode = Enum.Parse<Mode>(site.Groups[2].Value);
            if (!mode.IsAsync() || original.Fields.Count == 1) return original;

            var expected = original;
            if (!mode.IsValueTaskSource())
            {
                expected = expected.With("ReturnedAwaitedTask", "yes");
                adjustments.Add("ReturnedAwaitedTask=yes (the caller gets the pending awaited task itself)");
            }

            if (mode == Mode.AsyncOceFault)
            {
                expected = expected.With("FinalStatus", "Faulted").With("TaskExceptions", original["AwaitThrows"]);
                adjustments.Add("FinalStatus=Faulted (a pending task faulted with an OperationCanceledException stays Faulted)");
            }

            if (mode == Mode.AsyncMultiFault)
            {
                var first = original["AwaitThrows"];
                var second = s_fault.Replace(first, m => string.Format(
                    CultureInfo.InvariantCulture,
                    "'fault@{0}#{1}' [injected#{2}]",
                    m.Groups[1].Value,
                    int.Parse(m.Groups[2].Value, CultureInfo.InvariantCulture) + 1,
                    int.Parse(m.Groups[3].Value, CultureInfo.InvariantCulture) + 1));
                expected = expected.With("TaskExceptions", first + " ; " + second);
                adjustments.Add("TaskExceptions keeps both exceptions (a pending task faulted with several keeps them all)");
            }

            var log = original.Log.ToList();
            var completed = log.FindIndex(e => e.StartsWith($"[complete site#{siteNumber} ", StringComparison.Ordinal));
            if (completed >= 0)
            {
                if (completed + 1 < log.Count && log[completed + 1].StartsWith("[post ", StringComparison.Ordinal))
                {
                    adjustments.Add($"log: no '{log[completed + 1]}' (completion does not hop to the captured context)");
                    log.RemoveAt(completed + 1);
                }

                var seen = log.FindIndex(completed, e => e.StartsWith("(caller sees completion)", StringComparison.Ordinal));
                if (seen >= 0)
                {
                    var moved = Regex.Replace(log[seen], @"ctx=\S+", "ctx=none");
                    if (moved != log[seen]) adjustments.Add("log: the caller sees completion where the awaited task completed (ctx=none)");
                    log[seen] = moved;
                }
            }

            return expected.WithLog(log);
        }

        /// <summary>A side-by-side rendering; lines where <paramref name="actual"/> differs from <paramref name="expected"/> start with '!'.</summary>
        public static string SideBySide(Outcome original, Outcome expected, Outcome actual, string actualTitle)
        {
            var text = new StringBuilder();
            var width = Math.Max(40, original.Fields.Select(f => f.Value.Length).Concat(original.Log.Select(l => l.Length)).DefaultIfEmpty(0).Max() + 2);
            width = Math.Min(width, 110);
            text.AppendLine($"    {"field",-20} | {Pad("original", width)} | {actualTitle}");
            var fields = original.Fields.Select(f => f.Field).Union(actual.Fields.Select(f => f.Field)).ToList();
            foreach (var field in fields)
            {
                var o = Value(original, field);
                var e = Value(expected, field);
                var a = Value(actual, field);
                text.AppendLine($"  {(e == a ? " " : "!")} {field,-20} | {Pad(o, width)} | {a}");
                if (e != o && e != a) text.AppendLine($"    {"  (expected)",-20} | {Pad(e, width)} |");
            }

            text.AppendLine($"    {"log",-20} | {Pad("original", width)} | {actualTitle}");
            var rows = Math.Max(Math.Max(original.Log.Count, actual.Log.Count), expected.Log.Count);
            for (var i = 0; i < rows; i++)
            {
                var o = i < original.Log.Count ? original.Log[i] : string.Empty;
                var e = i < expected.Log.Count ? expected.Log[i] : string.Empty;
                var a = i < actual.Log.Count ? actual.Log[i] : string.Empty;
                text.AppendLine($"  {(e == a ? " " : "!")} {i,-20} | {Pad(o, width)} | {a}");
            }

            return text.ToString();
        }

        private static string Value(Outcome outcome, string field)
            => outcome.Fields.FirstOrDefault(f => f.Field == field).Value ?? "(absent)";

        private static string Pad(string text, int width) => text.Length >= width ? text : text.PadRight(width);
    }
}
