using System.Collections.Generic;

namespace Prewired.Analyzers.ConcurrentNext
{
    /// <summary>
    /// When two next uses that overlap in time are a problem, and which one the message names.
    /// </summary>
    /// <remarks>
    /// The contract is about the context: downstream behaviors read and write it without locks. Fan-out where each call
    /// gets an object created in the call itself (<c>next(new Context(part))</c>, <c>next(context with { })</c>) shares no
    /// context, so a pair is exempt when <em>both</em> calls pass a fresh object; anything else (the same variable, two
    /// different variables, a property) may be the same object and is reported. A single call that overlaps itself
    /// (a loop collecting tasks, a <c>Select</c> lambda, <c>Parallel.ForEach</c>) is exempt when it creates its context,
    /// since each run creates a different one.
    /// </remarks>
    internal static class ConcurrencyPolicy
    {
        public static bool MayShareContext(NextUse first, NextUse second) => !(first.FreshContext && second.FreshContext);

        /// <summary>
        /// The pending use to name as '{1}' when <paramref name="use"/> starts: the latest one written before it (usually
        /// the call just above), else the use itself (a loop's previous iteration), else the first one; null when every
        /// pending use is exempt.
        /// </summary>
        public static NextUse? OtherRunning(NextUse use, IEnumerable<NextUse> pending, bool overlapsItself)
        {
            NextUse? before = null, after = null;
            bool self = overlapsItself && MayShareContext(use, use);
            foreach (var candidate in pending)
            {
                if (!MayShareContext(use, candidate)) continue;
                if (candidate == use)
                {
                    self = true;
                }
                else if (candidate.Position < use.Position)
                {
                    if (before is null || candidate.Position > before.Position) before = candidate;
                }
                else if (after is null || candidate.Position < after.Position)
                {
                    after = candidate;
                }
            }

            return before ?? (self ? use : after);
        }
    }
}
