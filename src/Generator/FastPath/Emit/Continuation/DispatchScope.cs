using System.Collections.Generic;
using System.Linq;
using Prewired.Generator.Emit;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// The resume points of one statement list of the continuation and where each enters it: the label of the statement
    /// that holds it (which steers into itself), or the await's own label. C# allows a jump to a label of the block the
    /// jump is in, never into a nested one, so every list that holds a resume point starts with a dispatch on the resume
    /// point to its own labels, as the compiler's state machine dispatches at the entry of each try.
    /// </summary>
    internal sealed class DispatchScope
    {
        private readonly List<(int Resume, string Label, int? ArrivingState, string Await)> _targets = new();

        /// <summary>The label of the list's first line, if it is one: a dispatch to it alone is falling through.</summary>
        public string? FirstLabel { get; set; }

        /// <summary>
        /// Declarations of the list's locals that a jump to a later label would skip: written before the dispatch, with a
        /// default value, so no path (the compiler sees the dispatch's jumps as paths) reads one unassigned; the
        /// declarations in place become assignments.
        /// </summary>
        public CodeLines Preamble { get; } = new();

        /// <summary>
        /// Resume point <paramref name="resume"/> enters this list at <paramref name="label"/>. <paramref name="arrivingState"/>
        /// when that is the await itself: the value the jump leaves in the state, -1 (not resuming) for an await that takes
        /// its slot unconditionally, <see cref="ContinuationLayout.ArrivingState"/> for one that tests it to take its slot.
        /// Either way the dispatch ends the resumption: later passes take the normal path.
        /// </summary>
        public void Add(int resume, string label, int? arrivingState, string await) => _targets.Add((resume, label, arrivingState, await));

        /// <summary>
        /// The dispatch at the top of the list. <paramref name="exhaustive"/> at the top of the continuation: its last target
        /// is the default, so no path enters the code before the first label (nothing is known there).
        /// </summary>
        /// <returns>False when the list's first label is left without a jump to it (the caller drops it: CS0164).</returns>
        public bool WriteDispatch(CodeLines lines, bool exhaustive, bool resetNeeded = true)
        {
            lines.Append(Preamble);
            if (_targets.Count == 0) return true;
            var labels = _targets.Select(t => t.Label).Distinct().ToList();
            if (labels.Count == 1 && labels[0] == FirstLabel)
            {
                // Falls through to it; only the top of the continuation can start at an await, which ends the resumption.
                // An await that tests the state for its slot takes any state but -1 as arriving there: nothing to write (this
                // line runs on every pass, where the state is -1 but for the first). One that takes its slot unconditionally
                // needs the state cleared here.
                if (resetNeeded && _targets.Any(t => t.ArrivingState == -1)) lines.Line($"{ContinuationLayout.StateParameter} = -1;");
                return false;
            }

            if (labels.Count == 1)
            {
                // Entered while resuming at all means resuming here: the one place it can go.
                var target = _targets[0];
                var jump = target.ArrivingState is { } arriving ? $"{{ {ContinuationLayout.StateParameter} = {arriving}; goto {target.Label}; }}" : $"goto {target.Label};";
                var comment = _targets.Count == 1 ? " // " + target.Await : string.Empty;
                lines.Line(exhaustive ? jump + comment : $"if ({ContinuationLayout.StateParameter} >= 0) {jump}{comment}");
                return true;
            }

            lines.Line($"switch ({ContinuationLayout.StateParameter})");
            lines.OpenBrace();
            var ordered = _targets.OrderBy(t => t.Resume).ToList();
            for (var i = 0; i < ordered.Count; i++)
            {
                var target = ordered[i];
                var label = exhaustive && i == ordered.Count - 1 ? "default" : $"case {target.Resume}";
                var jump = target.ArrivingState is { } arriving ? $"{ContinuationLayout.StateParameter} = {arriving}; goto {target.Label};" : $"goto {target.Label};";
                lines.Line($"{label}: {jump} // {target.Await}");
            }

            lines.CloseBrace();
            return true;
        }
    }
}
