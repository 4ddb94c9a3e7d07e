using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.RegularExpressions;
using Prewired.Tests.Semantics;

namespace Prewired.Tests.Reliability
{
    /// <summary>
    /// <see cref="Expectations.Tail"/> plus one more consequence of returning a pending awaited task instead of awaiting
    /// it, which the hand-written table never reached (no [TailAwait] body there sets a notifying AsyncLocal): the async
    /// method resumes in its own ExecutionContext when the awaited task completes and restores the caller's afterwards,
    /// and AsyncLocal change notifications report both switches (<c>[notify ..., context switch]</c>). A tail call has
    /// no continuation of its own, so those switches do not happen. This is the ExecutionContext side of "completion
    /// does not hop to the captured context" and is applied exactly where that one is: after the tail-awaited site's
    /// completion, for bodies that await the environment's site directly.
    /// </summary>
    internal static class FuzzExpectations
    {
        private static readonly Regex s_site = new(@"^site#(\d+) \S+ (\w+) ", RegexOptions.Compiled);

        public static Outcome Tail(Outcome original, bool awaitsSiteDirectly, bool callerSuppressedFlow, out List<string> adjustments)
        {
            var expected = Expectations.Tail(original, awaitsSiteDirectly, out adjustments);
            if (original.Fields.Count == 1) return expected;
            if (!awaitsSiteDirectly) return HelperCompletion(expected, callerSuppressedFlow, adjustments);
            var site = original.Log.Select(e => s_site.Match(e)).LastOrDefault(m => m.Success);
            if (site is null || !Enum.Parse<Mode>(site.Groups[2].Value).IsAsync()) return expected;
            var log = expected.Log.ToList();
            var completed = log.FindIndex(e => e.StartsWith($"[complete site#{site.Groups[1].Value} ", StringComparison.Ordinal));
            if (completed < 0) return expected;
            var removed = log.Skip(completed).Count(IsContextSwitchNotification);
            if (removed == 0) return expected;
            log = log.Take(completed).Concat(log.Skip(completed).Where(e => !IsContextSwitchNotification(e))).ToList();
            adjustments.Add($"log: no {removed} '[notify ..., context switch]' after the completion (no continuation of the method's own runs in its ExecutionContext)");
            return expected.WithLog(log);
        }

        /// <summary>
        /// A tail await of an async helper's task: the outcome is the helper's, exactly, but the caller's continuation runs
        /// where the helper completed (the random bodies' helpers log "... done" right before they complete), not where
        /// the body's own continuation would have run (a ConfigureAwait(false) on a context thread moves it to the pool):
        /// the same "completion does not hop" difference, for an awaited task that is not the environment's. When the
        /// caller suppressed flow, its continuation captured no ExecutionContext and runs in the completing thread's, so
        /// the AsyncLocal it sees moves with it.
        /// </summary>
        private static Outcome HelperCompletion(Outcome expected, bool callerSuppressedFlow, List<string> adjustments)
        {
            var log = expected.Log.ToList();
            var done = log.FindLastIndex(e => s_helperDone.IsMatch(e));
            if (done < 0) return expected;
            var seen = log.FindIndex(done, e => e.StartsWith("(caller sees completion)", StringComparison.Ordinal));
            if (seen < 0) return expected;
            var context = s_context.Match(log[done]).Value;
            var moved = s_context.Replace(log[seen], context);
            if (callerSuppressedFlow) moved = s_flow.Replace(moved, s_flow.Match(log[done]).Value);
            if (moved == log[seen]) return expected;
            adjustments.Add($"log: the caller sees completion where the awaited helper completed ({context}{(callerSuppressedFlow ? ", its flow" : string.Empty)})");
            log[seen] = moved;
            return expected.WithLog(log);
        }

        private static readonly Regex s_helperDone = new(@"^(AT|AVR|AT0|AV0) done \| ctx=", RegexOptions.Compiled);
        private static readonly Regex s_context = new(@"ctx=\S+", RegexOptions.Compiled);
        private static readonly Regex s_flow = new(@"flow=\S+", RegexOptions.Compiled);

        private static bool IsContextSwitchNotification(string entry)
            => entry.StartsWith("[notify ", StringComparison.Ordinal) && entry.EndsWith(", context switch]", StringComparison.Ordinal);
    }
}
