using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Awaits;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// Finds exactly the state a continuation takes over: the variables whose values flow into the code it runs (the rest
    /// of each frame, the next iterations of a loop, the catch clauses and finally of a try), the resources it disposes,
    /// and the generated enumerators it goes on with.
    /// </summary>
    internal static class LiveState
    {
        /// <summary>The data flow of each operand the synchronous path evaluates before handing a spilled statement over
        /// that writes a variable (only those: each is a pass over the method).</summary>
        private static List<DataFlowAnalysis> WrittenInOperands(SplitPoint split, List<SyntaxNode> evaluated, SemanticModel model)
        {
            var operands = evaluated.ToList();
            if (split.Conditional is { } conditional) operands.Add(ConditionalSpill.First(conditional));
            var result = new List<DataFlowAnalysis>();
            foreach (var operand in operands)
            {
                var writes = operand.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)).Any(n => n is AssignmentExpressionSyntax
                    || n is PrefixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.PreIncrementExpression or (int)SyntaxKind.PreDecrementExpression }
                    || n is PostfixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.PostIncrementExpression or (int)SyntaxKind.PostDecrementExpression }
                    || n is ArgumentSyntax { RefKindKeyword.RawKind: not 0 });
                if (writes && operand is ExpressionSyntax expression && RegionFlow.DataFlow(model, expression) is { Succeeded: true } flow) result.Add(flow);
            }

            return result;
        }

        public static bool Find(SplitPoint split, List<ContinuationFrame> frames, SemanticModel model)
        {
            var assigned = new HashSet<ISymbol>(SymbolEqualityComparer.Default);

            // The ordered regions whose AlwaysAssigned is not in 'assigned' yet: each is another pass over the whole method,
            // and only a later region's DataFlowsIn ever asks (never the last region's), so it is asked only then.
            var assignedPending = new List<DataFlowAnalysis>();
            var declared = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
            var referenced = new List<ISymbol>();
            var read = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
            var live = new List<ISymbol>();

            // Out and pattern variables declared in an awaited operand the synchronous path already evaluated: the
            // continuation's statement reads the awaited value instead, so they come in as live state, not declarations.
            var evaluated = new List<SyntaxNode> { split.Await.Expression };
            evaluated.AddRange(split.EarlierSpills.Select(s => (SyntaxNode)s.Await.Expression));
            var handedOver = new HashSet<ISymbol>(
                evaluated.SelectMany(e => e.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n))).OfType<SingleVariableDesignationSyntax>()
                    .Select(d => model.GetDeclaredSymbol(d)).Where(v => v is not null)!,
                SymbolEqualityComparer.Default);
            void AddLive(ISymbol variable)
            {
                if (IsMethodVariable(variable) && !declared.Contains(variable) && !live.Contains(variable, SymbolEqualityComparer.Default)) live.Add(variable);
            }

            bool Analyze(SyntaxNode first, SyntaxNode last, bool ordered)
            {
                var flow = first is ExpressionSyntax expression ? RegionFlow.DataFlow(model, expression) : RegionFlow.DataFlow(model, (StatementSyntax)first, (StatementSyntax)last);
                if (flow is null || !flow.Succeeded) return false;
                foreach (var variable in flow.DataFlowsIn)
                {
                    if (ordered && assignedPending.Count > 0)
                    {
                        foreach (var earlier in assignedPending) assigned.UnionWith(earlier.AlwaysAssigned);
                        assignedPending.Clear();
                    }

                    if (!ordered || !assigned.Contains(variable)) AddLive(variable);
                }

                read.UnionWith(flow.ReadInside);

                // Arguments of a call the compiler removes here but another generator may implement: read where they
                // are (conservatively as flowing in, unless the region declares the variable).
                foreach (var variable in UnimplementedPartialCalls.VariablesRead(first, last, model))
                {
                    if (flow.VariablesDeclared.Contains(variable, SymbolEqualityComparer.Default)) continue;
                    read.Add(variable);
                    if (!ordered || !assigned.Contains(variable)) AddLive(variable);
                }

                if (ordered)
                {
                    // Only a statement list run once, in order, tells what is already assigned when the next one starts.
                    assignedPending.Add(flow);
                    declared.UnionWith(flow.VariablesDeclared.Where(v => !handedOver.Contains(v)));
                    referenced.AddRange(flow.ReadInside.Concat(flow.WrittenInside));
                    return true;
                }

                referenced.AddRange(flow.ReadInside.Concat(flow.WrittenInside).Except(flow.VariablesDeclared, SymbolEqualityComparer.Default));
                return true;
            }

            if (split.Form == SplitForm.Assign
                && model.GetSymbolInfo(((AssignmentExpressionSyntax)((ExpressionStatementSyntax)split.Statement!).Expression).Left).Symbol is { } target
                && target is ILocalSymbol or IParameterSymbol)
            {
                // Assigned by the await, unless the await can throw into a catch or finally that reads the old value (or
                // lets code after the try statement read it): then the old value comes along.
                if (!frames.Any(f => f.Kind == FrameKind.Try)) assigned.Add(target);
                referenced.Add(target);
            }

            if (split.Form == SplitForm.Declare
                && model.GetDeclaredSymbol(((LocalDeclarationStatementSyntax)split.Statement!).Declaration.Variables[0]) is { } declaredByAwait)
            {
                declared.Add(declaredByAwait);
            }

            // An await in a loop's condition: the continuation never runs the loop's start (a for's initializer), see below.
            if (split.Form == SplitForm.Spill && split.AwaitingLoop is null && !Analyze(split.Statement!, split.Statement!, ordered: true)) return false;

            // The condition always runs first (its pattern variables are the body's); the body may not run at all.
            if (split.AwaitingLoop is { } loop)
            {
                var body = FrameCollector.LoopBody(loop);
                if (!Analyze(split.LoopCondition!, split.LoopCondition!, ordered: true) || !Analyze(body, body, ordered: false)) return false;
            }
            foreach (var frame in frames)
            {
                if (frame.RestReached && frame.Rest.Count > 0 && !Analyze(frame.Rest[0], frame.Rest[frame.Rest.Count - 1], ordered: true)) return false;
                foreach (var region in UnorderedRegions(frame, model, declared))
                {
                    if (!Analyze(region, region, ordered: false)) return false;
                }

                // What the generated finally disposes is read there.
                // An exception can leave a try block at any point (the await itself included) for a catch, and the code
                // after the try statement still runs: what the try block's statements assign is not assigned there.
                if (frame.Kind == FrameKind.Try)
                {
                    assignedPending.Clear();
                    assigned.Clear();
                }

                foreach (var usingDeclaration in frame.UsingDeclarations)
                {
                    if (model.GetDeclaredSymbol(usingDeclaration.Declaration.Variables[0]) is { } resource) AddLive(resource);
                }

                if (frame.Using?.Resource is { } usingResource) AddLive(usingResource);
            }

            // Declared and assigned by the synchronous path, read here: within the statement, so no data flows "in".
            foreach (var variable in handedOver)
            {
                if (read.Contains(variable)) AddLive(variable);
            }

            // Assigned in an awaited operand (1 + await F(x = 5)) or a spilled conditional's first operand, which the
            // synchronous path evaluated: the continuation's statement reads the temporary there, so the value comes along.
            var writtenBefore = split.Form == SplitForm.Spill ? WrittenInOperands(split, evaluated, model) : new List<DataFlowAnalysis>();
            foreach (var variable in writtenBefore.SelectMany(f => f.WrittenInside))
            {
                if (read.Contains(variable)) AddLive(variable);
            }

            // nameof(parameter) is not a read, but the continuation must have the parameter to name it.
            var printed = PrintedRegions(split, frames, model).ToList();
            foreach (var name in printed.SelectMany(r => r.DescendantNodesAndSelf()).OfType<InvocationExpressionSyntax>()
                         .Where(i => i.Expression is IdentifierNameSyntax { Identifier.ValueText: "nameof" } && i.ArgumentList.Arguments.Count == 1))
            {
                if (model.GetSymbolInfo(name.ArgumentList.Arguments[0].Expression).Symbol is IParameterSymbol parameter && IsMethodVariable(parameter)) AddLive(parameter);
            }

            // The synchronous path passes only what is definitely assigned where it hands over; a variable assigned later
            // is assigned in the continuation before it is read there too (the body compiles), so it is a plain local there.
            // (Only locals are removed: with none live, the passes this takes are skipped.)
            // (Nor where each live local is evidently assigned there: the question is four passes over the whole method.)
            bool? bodyHasLabels = null;
            bool Evident(ISymbol local) => split.Statement is not null
                && AssignedBeforeSplit.Evidently(local, split.Statement, bodyHasLabels ??= AssignedBeforeSplit.HasLabels(split.Statement));
            var atSplit = !live.Any(v => v is ILocalSymbol && !Evident(v)) ? null
                : split.LoopCondition is { } condition ? RegionFlow.DataFlow(model, condition)
                : split.Statement is not null ? RegionFlow.DataFlow(model, split.Statement) : null;
            if (atSplit is { Succeeded: true })
            {
                var assignedOnEntry = new HashSet<ISymbol>(atSplit.DefinitelyAssignedOnEntry, SymbolEqualityComparer.Default);

                // An out variable of an awaited operand is assigned when the operand has run (another whole-method pass, so
                // only when there is one).
                foreach (var operand in handedOver.Count == 0 ? Enumerable.Empty<SyntaxNode>() : evaluated)
                {
                    if (RegionFlow.DataFlow(model, (ExpressionSyntax)operand) is { Succeeded: true } operandFlow) assignedOnEntry.UnionWith(operandFlow.AlwaysAssigned.Where(handedOver.Contains));
                }

                foreach (var operandFlow in writtenBefore) assignedOnEntry.UnionWith(operandFlow.AlwaysAssigned);

                foreach (var local in live.OfType<ILocalSymbol>().Where(l => !assignedOnEntry.Contains(l) && StructFields.AssignsFieldByField(l, model)))
                {
                    split.AssignedByFields.Add(local);
                    assignedOnEntry.Add(local);
                }

                live.RemoveAll(v => v is ILocalSymbol && !assignedOnEntry.Contains(v));
            }

            foreach (var variable in referenced)
            {
                if (IsMethodVariable(variable) && !declared.Contains(variable) && !live.Contains(variable, SymbolEqualityComparer.Default)
                    && !split.DeclaredInContinuation.Contains(variable, SymbolEqualityComparer.Default))
                {
                    split.DeclaredInContinuation.Add(variable);
                }
            }

            split.LiveIn.AddRange(live.OrderBy(v => v.Locations.FirstOrDefault()?.SourceSpan.Start ?? 0));
            if (!split.LiveIn.Concat(split.DeclaredInContinuation).All(CanBeParameter)) return false;

            for (var i = frames.Count - 1; i >= 0; i--)
            {
                if (frames[i].ForEach is { } forEach) split.Synthetic.AddRange(forEach.Variables);
                if (frames[i].Using is { Resource: null } resource) split.Synthetic.Add((resource.ResourceType, resource.ResourceVariable));
                if (frames[i].CaughtVariable is { } caught) split.Synthetic.Add(("global::System.Exception", caught));
                if (frames[i].Finally is { } pending)
                {
                    split.Synthetic.Add(("global::System.Exception", pending.ErrorVariable)); // no '?': the file may not enable nullable (CS8669)
                    if (pending.HasReturns)
                    {
                        split.Synthetic.Add(("bool", pending.PendingVariable));
                        if (pending.ResultType is not null) split.Synthetic.Add((pending.ResultType, pending.ReturnVariable));
                    }
                }
            }

            split.NeedsHandOffFlag = frames.Any(f => f.IsProtected);
            return true;
        }

        /// <summary>
        /// The code a frame runs around the resumed part that may run any number of times or not at all: the next
        /// iterations of a loop, the catch clauses and finally of a try. Variables these declare are marked declared.
        /// </summary>
        private static IEnumerable<SyntaxNode> UnorderedRegions(ContinuationFrame frame, SemanticModel model, HashSet<ISymbol> declared)
        {
            switch (frame.Kind)
            {
                case FrameKind.Loop when frame.TailReached && !FrameReachability.IsConstantFalseDo(frame.Container, model):
                case FrameKind.ForEach when frame.TailReached:
                    if (frame.Container is ForEachStatementSyntax forEach && model.GetDeclaredSymbol(forEach) is { } iterationVariable) declared.Add(iterationVariable);
                    foreach (var region in LoopRegions(frame.Container)) yield return region;
                    break;
                case FrameKind.Try:
                    var tryStatement = (TryStatementSyntax)frame.Container;
                    foreach (var catchClause in tryStatement.Catches)
                    {
                        if (catchClause.Declaration is { } declaration && model.GetDeclaredSymbol(declaration) is { } exception) declared.Add(exception);
                        if (catchClause.Filter is { } filter) yield return filter.FilterExpression;
                        yield return catchClause.Block;
                    }

                    if (tryStatement.Finally is { } finallyClause) yield return finallyClause.Block;
                    break;
                case FrameKind.Catch when ((TryStatementSyntax)frame.Container.Parent!).Finally is { } ownFinally:
                    yield return ownFinally.Block;
                    break;
            }
        }

        /// <summary>What the rest of a loop evaluates: its condition, incrementors and body.</summary>
        private static IEnumerable<SyntaxNode> LoopRegions(SyntaxNode loop)
        {
            switch (loop)
            {
                case ForStatementSyntax forStatement:
                    if (forStatement.Condition is { } condition) yield return condition;
                    foreach (var incrementor in forStatement.Incrementors) yield return incrementor;
                    break;
                case WhileStatementSyntax whileStatement:
                    yield return whileStatement.Condition;
                    break;
                case DoStatementSyntax doStatement:
                    yield return doStatement.Condition;
                    break;
            }

            yield return FrameCollector.LoopBody(loop);
        }

        /// <summary>Every piece of user code the continuation prints.</summary>
        private static IEnumerable<SyntaxNode> PrintedRegions(SplitPoint split, List<ContinuationFrame> frames, SemanticModel model)
        {
            if (split.Form == SplitForm.Spill) yield return split.Statement!;
            foreach (var frame in frames)
            {
                if (frame.RestReached) foreach (var statement in frame.Rest) yield return statement;
                foreach (var region in UnorderedRegions(frame, model, new HashSet<ISymbol>(SymbolEqualityComparer.Default))) yield return region;
            }
        }

        /// <summary>A local or parameter of the method itself: a primary constructor's parameter, captured by the type, is
        /// not (the continuation reads it from the instance, as the body does).</summary>
        private static bool IsMethodVariable(ISymbol symbol)
            => symbol is ILocalSymbol || symbol is IParameterSymbol { IsThis: false, ContainingSymbol: not IMethodSymbol { MethodKind: MethodKind.Constructor } };

        /// <summary>An async method parameter cannot be by-ref, ref-like, or of a type that cannot be named.</summary>
        private static bool CanBeParameter(ISymbol symbol)
        {
            var type = symbol switch { ILocalSymbol l => l.Type, IParameterSymbol p => p.Type, _ => null };
            if (type is null || type.IsAnonymousType || type.IsRefLikeType || type.TypeKind == TypeKind.Error) return false;
            return symbol is not ILocalSymbol { IsRef: true };
        }
    }
}
