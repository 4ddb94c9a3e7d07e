using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.Pipelines.Rules;
using Prewired.Generator.TailAwait;

namespace Prewired.Analyzers.ConcurrentNext
{
    /// <summary>
    /// Whether a method's next belongs to a Prewired pipeline, where misusing it is a warning (PW0320/PW0321), rather than
    /// to someone else's (an NServiceBus behavior, anything else shaped <c>IBehavior&lt;TIn, TOut&gt;</c>), where the same
    /// finding is only a suggestion (PW0322/PW0323): adding the package must not turn code nobody ported into a failing
    /// warnings-as-errors build.
    /// </summary>
    /// <remarks>
    /// The user opted in when the method
    /// <list type="bullet">
    /// <item>uses a <c>Prewired.INext&lt;T&gt;</c> parameter (only Prewired's inline pipelines pass one);</item>
    /// <item>belongs to a type that implements one of Prewired's stage interfaces (<c>IBehavior&lt;,&gt;</c>,
    /// <c>IInlineBehavior&lt;,&gt;</c>, <c>IPipelineTerminator&lt;&gt;</c> in namespace <c>Prewired</c>), itself or
    /// through a base class;</item>
    /// <item>or belongs to a type listed in a <c>[Pipeline]</c> of this compilation, or to a base class of one (a behavior
    /// being ported: PW0301 already says it is no stage yet, and its next is about to be a Prewired one).</item>
    /// </list>
    /// One instance per compilation. The <c>[Pipeline]</c> stage list is read at most once, and only when a method outside
    /// the first two cases has a finding, which is rare.
    /// </remarks>
    internal sealed class PipelineIntent
    {
        private readonly Lazy<HashSet<INamedTypeSymbol>> _listedStages;

        public PipelineIntent(Compilation compilation)
        {
            // No cancellation inside: Lazy would cache the exception for every later method of the compilation.
            _listedStages = new Lazy<HashSet<INamedTypeSymbol>>(() => ListedStages(compilation), LazyThreadSafetyMode.ExecutionAndPublication);
        }

        public bool IsInPrewiredPipeline(IMethodSymbol method, bool usesPrewiredNext)
        {
            if (usesPrewiredNext) return true;
            if (method.ContainingType is not { } type) return false;
            if (StageInterface.Of(type).Count > 0) return true;
            return _listedStages.Value.Contains(type.OriginalDefinition);
        }

        /// <summary>The types named in the <c>[Pipeline(typeof(...), ...)]</c> of this compilation's types, with their base classes.</summary>
        private static HashSet<INamedTypeSymbol> ListedStages(Compilation compilation)
        {
            var stages = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
            foreach (var type in SourceTypes(compilation.Assembly.GlobalNamespace))
            {
                foreach (var attribute in type.GetAttributes())
                {
                    if (!KnownTypes.IsType(attribute.AttributeClass, KnownTypes.PipelineAttribute)) continue;
                    foreach (var argument in attribute.ConstructorArguments.Where(a => a.Kind == TypedConstantKind.Array && !a.IsNull))
                    {
                        foreach (var value in argument.Values)
                        {
                            for (var stage = value.Value as INamedTypeSymbol; stage is not null; stage = stage.BaseType)
                            {
                                stages.Add(stage.OriginalDefinition);
                            }
                        }
                    }
                }
            }

            return stages;
        }

        private static IEnumerable<INamedTypeSymbol> SourceTypes(INamespaceOrTypeSymbol container)
        {
            foreach (var member in container.GetMembers())
            {
                if (member is INamespaceSymbol ns)
                {
                    foreach (var type in SourceTypes(ns)) yield return type;
                }
                else if (member is INamedTypeSymbol { TypeKind: TypeKind.Class } type)
                {
                    yield return type;
                    foreach (var nested in SourceTypes(type)) yield return nested;
                }
            }
        }
    }
}
