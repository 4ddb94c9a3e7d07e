using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Text;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Analyzers.ConcurrentNext
{
    /// <summary>
    /// Every use of a <c>next</c> parameter in one method, its lambdas and its local functions, found once in the
    /// operation tree so the later passes (the control flow graphs, the concurrency APIs, the discarded tasks) agree on
    /// what a next call is.
    /// </summary>
    /// <remarks>
    /// A local function that calls next and returns a task (<c>Task Forward() =&gt; next(context);</c>) is a proxy: calling it
    /// is calling next, so its calls are uses too. Proxies are found to a fixed point, so a proxy of a proxy is one as well.
    /// A <c>next</c> copied into another variable or a lambda stored and called later is not followed: aliasing is out of
    /// scope, and missing it only loses a warning.
    /// </remarks>
    internal sealed class NextUses
    {
        private readonly Dictionary<SyntaxNode, NextUse> _bySyntax;

        private NextUses(List<NextUse> all, ImmutableArray<IOperation> operations)
        {
            All = all.OrderBy(u => u.Position).ToImmutableArray();
            _bySyntax = new Dictionary<SyntaxNode, NextUse>();
            foreach (var use in All) _bySyntax[use.Syntax] = use;
            Operations = operations;
        }

        /// <summary>In source order.</summary>
        public ImmutableArray<NextUse> All { get; }

        /// <summary>Every operation of the method's operation blocks, lambdas and local functions included.</summary>
        public ImmutableArray<IOperation> Operations { get; }

        public bool IsEmpty => All.IsEmpty;

        /// <summary>The use written at this syntax; the control flow graph's operations carry the same syntax nodes.</summary>
        public NextUse? Find(SyntaxNode syntax) => _bySyntax.TryGetValue(syntax, out var use) ? use : null;

        /// <summary>Next calls (and proxy calls) written inside <paramref name="span"/>, e.g. a lambda's body.</summary>
        public IEnumerable<NextUse> CallsWithin(TextSpan span) => All.Where(u => u.IsCall && span.Contains(u.Syntax.Span));

        public static NextUses Collect(ImmutableArray<IOperation> operationBlocks, CancellationToken cancellationToken)
        {
            var operations = operationBlocks.SelectMany(b => b.DescendantsAndSelf()).ToImmutableArray();
            var uses = new List<NextUse>();
            var localFunctions = new List<ILocalFunctionOperation>();
            foreach (var operation in operations)
            {
                cancellationToken.ThrowIfCancellationRequested();
                switch (operation)
                {
                    case IInvocationOperation invocation when IsNextReference(invocation.Instance) && invocation.TargetMethod.Name == "Invoke":
                        uses.Add(new NextUse(invocation, NextUseKind.Call, NextUse.CreatesFreshObjects(invocation.Syntax)));
                        break;
                    case IMethodReferenceOperation reference when IsNextReference(reference.Instance) && reference.Method.Name == "Invoke":
                        uses.Add(new NextUse(reference, NextUseKind.DelegateReference, freshContext: false));
                        break;
                    case IParameterReferenceOperation parameter when NextParameters.IsNext(parameter.Parameter) && !IsReceiver(parameter):
                        uses.Add(new NextUse(parameter, NextUseKind.DelegateReference, freshContext: false));
                        break;
                    case ILocalFunctionOperation localFunction when KnownTypes.ClassifyTaskType(localFunction.Symbol.ReturnType) is not null:
                        localFunctions.Add(localFunction);
                        break;
                }
            }

            AddProxyUses(operations, localFunctions, uses);
            return new NextUses(uses, operations);
        }

        /// <summary>The instance is a next parameter itself (through an implicit conversion, or <c>next?.</c>).</summary>
        private static bool IsNextReference(IOperation? instance)
        {
            while (instance is IConversionOperation conversion) instance = conversion.Operand;
            if (instance is IConditionalAccessInstanceOperation)
            {
                var access = instance.Parent;
                while (access is not null and not IConditionalAccessOperation) access = access.Parent;
                instance = (access as IConditionalAccessOperation)?.Operation;
            }

            return instance is IParameterReferenceOperation parameter && NextParameters.IsNext(parameter.Parameter);
        }

        /// <summary><c>next</c> as the receiver of its own call (<c>next(c)</c>, <c>next.Invoke</c>) is part of that use, not a hand-over.</summary>
        private static bool IsReceiver(IOperation operation)
        {
            var parent = operation.Parent;
            while (parent is IConversionOperation conversion)
            {
                operation = conversion;
                parent = conversion.Parent;
            }

            return parent switch
            {
                IInvocationOperation invocation => invocation.Instance == operation,
                IMethodReferenceOperation reference => reference.Instance == operation,
                IMemberReferenceOperation member => member.Instance == operation,
                IConditionalAccessOperation access => access.Operation == operation, // next?.Invoke(c)
                INameOfOperation => true,
                IBinaryOperation => true, // next == null
                IIsPatternOperation or IIsTypeOperation => true,
                _ => false,
            };
        }

        private static void AddProxyUses(ImmutableArray<IOperation> operations, List<ILocalFunctionOperation> localFunctions, List<NextUse> uses)
        {
            if (localFunctions.Count == 0) return;
            var proxies = new Dictionary<IMethodSymbol, bool>(SymbolEqualityComparer.Default);
            var proxyCalls = operations
                .Where(o => o is IInvocationOperation { TargetMethod.MethodKind: MethodKind.LocalFunction } or IMethodReferenceOperation { Method.MethodKind: MethodKind.LocalFunction })
                .ToList();
            bool changed = true;
            while (changed)
            {
                changed = false;
                foreach (var localFunction in localFunctions)
                {
                    var symbol = localFunction.Symbol.OriginalDefinition;
                    if (proxies.ContainsKey(symbol)) continue;
                    var span = localFunction.Syntax.Span;
                    bool callsNext = uses.Any(u => u.Kind != NextUseKind.ProxyCall && span.Contains(u.Syntax.Span))
                        || proxyCalls.Any(c => span.Contains(c.Syntax.Span) && proxies.ContainsKey(Target(c)));
                    if (!callsNext) continue;
                    proxies[symbol] = AllCallsFresh(uses, span);
                    changed = true;
                }
            }

            foreach (var call in proxyCalls)
            {
                if (!proxies.TryGetValue(Target(call), out bool fresh)) continue;
                uses.Add(call is IInvocationOperation
                    ? new NextUse(call, NextUseKind.ProxyCall, fresh)
                    : new NextUse(call, NextUseKind.DelegateReference, freshContext: false));
            }

            static IMethodSymbol Target(IOperation call) => call is IInvocationOperation invocation
                ? invocation.TargetMethod.OriginalDefinition
                : ((IMethodReferenceOperation)call).Method.OriginalDefinition;
        }

        /// <summary>
        /// A proxy passes a fresh context when every next call in its body does; a proxy that forwards its own parameter
        /// (<c>Task Forward(Context c) =&gt; next(c)</c>) is not followed to its call sites and counts as not fresh.
        /// </summary>
        private static bool AllCallsFresh(List<NextUse> uses, TextSpan span)
        {
            var inside = uses.Where(u => span.Contains(u.Syntax.Span)).ToList();
            return inside.Count > 0 && inside.All(u => u.IsCall && u.FreshContext);
        }
    }
}
