using Prewired.Generator.MarkedMethods;

namespace Prewired.Generator.ContextGuard
{
    /// <summary>Whether the generated method must restore ExecutionContext and SynchronizationContext, and why.</summary>
    internal readonly struct ContextGuardDecision
    {
        public ContextGuardDecision(bool needed, string reason)
        {
            Needed = needed;
            Reason = reason;
        }

        public bool Needed { get; }

        /// <summary>A sentence for the generated code saying which case applies.</summary>
        public string Reason { get; }
    }
}
