using System.Threading;
using Microsoft.CodeAnalysis;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.Model;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.ContextGuard
{
    /// <summary>
    /// The guard decision with the user's say: what <see cref="ContextGuardAnalysis"/> proves, unless the mark says
    /// <c>AssumeContextUnchanged = true</c> where a guard would be needed; the generated comment then names both the
    /// assumption and the call the generator could not prove harmless, so a reviewer sees what was traded.
    /// </summary>
    internal static class AssumedContextGuard
    {
        public static ContextGuardDecision Decide(AttributeData mark, MarkKind kind, SyntaxNode bodyNode, SemanticModel model, CancellationToken cancellationToken)
        {
            var proven = ContextGuardAnalysis.Decide(bodyNode, model, cancellationToken);
            if (!proven.Needed || !ContextAssumption.IsSet(mark)) return proven;
            var attribute = kind == MarkKind.TailAwait ? "TailAwait" : "FastPath";
            return new ContextGuardDecision(
                needed: false,
                $"No context guard: [{attribute}({ContextAssumption.PropertyName} = true)] asserts that the synchronous part changes neither ExecutionContext nor SynchronizationContext; unproven, because the synchronous part calls {proven.Culprit}, which may change ExecutionContext or SynchronizationContext; nothing restores them here.");
        }
    }
}
