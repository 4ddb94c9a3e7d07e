
namespace Prewired.Generator.ContextGuard
{
    /// <summary>Whether the generated method must restore ExecutionContext and SynchronizationContext, and why.</summary>
    internal readonly struct ContextGuardDecision
    {
        public ContextGuardDecision(bool needed, string reason, string? culprit = null)
        {
            Needed = needed;
            Reason = reason;
            Culprit = culprit;
        }

        public bool Needed { get; }

        /// <summary>Where the guard is needed: the first call the analysis could not prove harmless, as the comment names it.</summary>
        public string? Culprit { get; }

        /// <summary>A sentence for the generated code saying which case applies.</summary>
        public string Reason { get; }
    }
}
