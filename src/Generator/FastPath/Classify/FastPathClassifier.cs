using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Awaits;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// The rules behind PW0201: which awaits of a [FastPath] body the generator cannot split yet, and which constructs
    /// of the body keep it from splitting any. An empty result means every await is split.
    /// </summary>
    internal static class FastPathClassifier
    {
        public static List<Finding> FindBlockers(MethodDeclarationSyntax method, bool hasResult, SemanticModel model) => FindBlockers(method, hasResult, model, mapPositions: false, out _);

        /// <summary>
        /// As above; a body with <c>await using</c> or <c>await foreach</c>, a deconstructing foreach that awaits, or variables
        /// its lambdas and local functions share across an await is classified (and, in <paramref name="lowered"/>,
        /// generated from) with those written out as C# lowers them (<see cref="HiddenAwaitLowering"/>), its findings
        /// mapped back to the user's source. With <paramref name="mapPositions"/> (the generator), a body it lowers is lowered
        /// from a copy whose tokens carry their positions in the user's file (<see cref="SourcePositions"/>), so the
        /// generated code maps the lowered statements back to the body's lines.
        /// </summary>
        public static List<Finding> FindBlockers(MethodDeclarationSyntax method, bool hasResult, SemanticModel model, bool mapPositions, out LoweredBody? lowered)
        {
            lowered = null;
            var body = (SyntaxNode?)method.Body ?? method.ExpressionBody!;
            if (FileLocalTypes.FirstUse(body, model) is { } fileLocal)
            {
                return new List<Finding>
                {
                    new(DiagnosticIds.FastPathNotSplit, fileLocal.Location, fileLocal.Name,
                        $"the body uses the file-local type '{fileLocal.Name}', which the generated file cannot see", method.Identifier.ValueText),
                };
            }

            if (AwaitSites.Collect(body).All(s => s.Expression is not null) && !HiddenAwaitLowering.HasConstructToWriteOut(body)
                && SharedVariables.ToShare(body, model).Count == 0)
            {
                lowered = Spilled(method, model, hasResult, method);
                if (lowered is null) return Classify(method, hasResult, model);
                if (mapPositions) lowered = SpilledWithPositions(method, model, hasResult) ?? lowered;

                var spilledMapper = lowered;
                return Classify(lowered.Method, hasResult, lowered.Model).Select(f => spilledMapper.MapBack(f)).ToList();
            }

            try
            {
                var (input, inputModel) = mapPositions ? SourcePositions.Annotate(method, model) : (method, model);
                lowered = HiddenAwaitLowering.Lower(input, inputModel, method);
                lowered = Spilled(lowered.Method, lowered.Model, hasResult, method) ?? lowered;
                var mapper = lowered;
                return Classify(lowered.Method, hasResult, lowered.Model).Select(f => mapper.MapBack(f)).ToList();
            }
            catch (System.Exception exception) when (exception is not System.OperationCanceledException)
            {
                // Neither the generator nor the analyzers may throw: a shape the lowering did not expect keeps forwarding.
                lowered = null;
                return Classify(method, hasResult, model);
            }
        }

        /// <summary>The body with the statements whose awaits do not spill as they are written out as the compiler spills
        /// them (<see cref="SpillLowering"/>), or null when none needed it (or the lowering failed: the body then forwards
        /// for the reasons it has as written).</summary>
        private static LoweredBody? Spilled(MethodDeclarationSyntax method, SemanticModel model, bool hasResult, MethodDeclarationSyntax original)
        {
            try
            {
                return SpillLowering.Lower(method, model, hasResult, original);
            }
            catch (System.Exception exception) when (exception is not System.OperationCanceledException)
            {
                return null;
            }
        }

        /// <summary>The body written out again from a copy whose tokens carry their positions (the generated code maps it
        /// back to the body's lines), or null when that fails.</summary>
        private static LoweredBody? SpilledWithPositions(MethodDeclarationSyntax method, SemanticModel model, bool hasResult)
        {
            try
            {
                var (positioned, positionedModel) = SourcePositions.Annotate(method, model);
                return Spilled(positioned, positionedModel, hasResult, method);
            }
            catch (System.Exception exception) when (exception is not System.OperationCanceledException)
            {
                return null;
            }
        }

        private static List<Finding> Classify(MethodDeclarationSyntax method, bool hasResult, SemanticModel model)
        {
            var body = (SyntaxNode?)method.Body ?? method.ExpressionBody!;
            var blockers = new List<Finding>();
            var sites = AwaitSites.Collect(body);
            foreach (var site in sites)
            {
                var reason = Reason(site, body, hasResult, model) ?? Unreachable(site, body, hasResult, model);
                if (reason is not null) blockers.Add(new Finding(DiagnosticIds.FastPathNotSplit, site.Location, site.Display, reason, method.Identifier.ValueText));
            }

            if (sites.Count == 0) return blockers;
            foreach (var node in body.DescendantNodes(n => !AwaitSites.IsNestedFunction(n)))
            {
                var reason = node switch
                {
                    GotoStatementSyntax jump => GotoReason(jump, model),
                    LocalFunctionStatementSyntax function when !LocalFunctions.CanBeCopied(function, body, model)
                        => "the body declares a local function that shares a variable with it that is written after its declaration, and a copy of the function in a continuation would use a copy of the variable",
                    _ => null,
                };
                if (reason is not null)
                {
                    var (location, display) = node switch
                    {
                        LocalFunctionStatementSyntax f => (f.Identifier.GetLocation(), f.Identifier.ValueText),
                        _ => (node.GetFirstToken().GetLocation(), node.GetFirstToken().ValueText),
                    };
                    blockers.Add(new Finding(DiagnosticIds.FastPathNotSplit, location, display, reason, method.Identifier.ValueText));
                }
            }

            blockers.AddRange(SharedCaptures(method, body, sites, model));
            blockers.AddRange(UnnameableLiveLocals(method, body, sites, model));
            blockers.AddRange(FilterPatternVariables(method, sites, model));
            return blockers;
        }

        /// <summary>
        /// A goto is copied as it is (with its label) into the synchronous path and the continuation, which keep the
        /// body's blocks, so it jumps there as in the body as long as it jumps within code holding no await: the switch of
        /// a <c>goto case</c> or <c>goto default</c>, or the statements from the goto's to its label's (in the label's
        /// block). A jump across an await would enter or leave the part a continuation resumes, or loop back over a split
        /// point, which the live state and the resume dispatch do not follow: that body forwards, with the reason.
        /// </summary>
        private static string? GotoReason(GotoStatementSyntax jump, SemanticModel model)
        {
            if (jump.CaseOrDefaultKeyword.RawKind != 0)
            {
                var switchStatement = jump.Ancestors().TakeWhile(a => !AwaitSites.IsNestedFunction(a)).OfType<SwitchStatementSyntax>().FirstOrDefault();
                if (switchStatement is null) return "the body uses a goto case outside a switch statement";
                return HoldsAwait(switchStatement)
                    ? $"a '{jump.GetFirstToken().ValueText} {jump.CaseOrDefaultKeyword.ValueText}' jumps within a switch statement that awaits, which is not split yet"
                    : null;
            }

            var name = (jump.Expression as IdentifierNameSyntax)?.Identifier.ValueText ?? jump.Expression?.ToString() ?? string.Empty;
            if (model.GetSymbolInfo(jump.Expression!).Symbol is not ILabelSymbol label
                || label.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax() is not LabeledStatementSyntax labeled
                || labeled.SyntaxTree != jump.SyntaxTree)
            {
                return $"its goto to '{name}' has no label the generator can find";
            }

            // The label's statement list, from the statement holding the goto to the labeled one, either way round.
            var statements = labeled.Parent switch
            {
                BlockSyntax block => block.Statements,
                SwitchSectionSyntax section => section.Statements,
                _ => default,
            };
            var labelIndex = statements.IndexOf(labeled);
            var jumpIndex = statements.IndexOf(s => s.Span.Contains(jump.Span));
            if (labelIndex < 0 || jumpIndex < 0) return $"its goto to '{name}' jumps to a label outside the goto's enclosing blocks";
            var first = System.Math.Min(labelIndex, jumpIndex);
            var last = System.Math.Max(labelIndex, jumpIndex);
            for (var i = first; i <= last; i++)
            {
                if (HoldsAwait(statements[i]))
                {
                    return $"its goto to '{name}' jumps {(jumpIndex > labelIndex ? "back" : "forward")} across an await, which is not split yet";
                }
            }

            return null;
        }

        /// <summary>Whether <paramref name="node"/> awaits outside its lambdas and local functions (await using and await foreach included).</summary>
        private static bool HoldsAwait(SyntaxNode node)
            => node.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)).Any(n => n is AwaitExpressionSyntax
                || n is UsingStatementSyntax { AwaitKeyword.RawKind: not 0 }
                || n is LocalDeclarationStatementSyntax { AwaitKeyword.RawKind: not 0 }
                || n is CommonForEachStatementSyntax { AwaitKeyword.RawKind: not 0 });

        /// <summary>
        /// A catch block that awaits runs after its try statement (as the compiler lowers it), out of its filter's scope.
        /// An out variable the filter declares is hoisted before the try; a pattern variable cannot be assigned that way,
        /// so a block that reads one is not split yet.
        /// </summary>
        private static IEnumerable<Finding> FilterPatternVariables(MethodDeclarationSyntax method, List<AwaitSite> sites, SemanticModel model)
        {
            foreach (var site in sites)
            {
                if (site.Expression?.Ancestors().TakeWhile(a => !AwaitSites.IsNestedFunction(a)).OfType<CatchClauseSyntax>().FirstOrDefault(c => c.Block.Span.Contains(site.Expression.Span)) is not { Filter: { } filter } clause)
                {
                    continue;
                }

                var patternVariable = filter.FilterExpression.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)).OfType<SingleVariableDesignationSyntax>()
                    .Where(d => d.Parent is not DeclarationExpressionSyntax { Parent: ArgumentSyntax })
                    .Select(d => model.GetDeclaredSymbol(d))
                    .FirstOrDefault(v => v is not null && clause.Block.DescendantNodes().OfType<IdentifierNameSyntax>()
                        .Any(i => i.Identifier.ValueText == v.Name && SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(i).Symbol, v)));
                if (patternVariable is null) continue;
                yield return new Finding(DiagnosticIds.FastPathNotSplit, site.Location, site.Display,
                    $"its catch block reads '{patternVariable.Name}', a pattern variable of the catch filter, and the block runs after the try statement, out of the filter's scope", method.Identifier.ValueText);
                yield break;
            }
        }

        /// <summary>
        /// A lambda created before an await shares its captured variables with the rest of the method. A continuation
        /// receives copies, so a variable captured before an await and used after it would split into two.
        /// </summary>
        private static IEnumerable<Finding> SharedCaptures(MethodDeclarationSyntax method, SyntaxNode body, List<AwaitSite> sites, SemanticModel model)
        {
            foreach (var lambda in body.DescendantNodes(n => !AwaitSites.IsNestedFunction(n) || n == body).OfType<AnonymousFunctionExpressionSyntax>())
            {
                var flow = RegionFlow.DataFlow(model, lambda);
                if (flow is null || !flow.Succeeded) continue;
                var captured = flow.ReadInside.Concat(flow.WrittenInside)
                    .Where(v => v is ILocalSymbol or IParameterSymbol { IsThis: false } && !flow.VariablesDeclared.Contains(v, SymbolEqualityComparer.Default))
                    .Distinct(SymbolEqualityComparer.Default).ToList();
                if (captured.Count == 0) continue;
                var reported = false;

                // Awaits after the lambda, and the await whose operand creates it (the lambda may still run while it is pending).
                foreach (var site in sites.Where(s => s.Expression is not null && (s.Expression.SpanStart > lambda.Span.End || s.Expression.Expression.Span.Contains(lambda.Span))))
                {
                    // A variable nobody writes once the lambda exists has one value: a copy of it is the same variable.
                    var after = site.Expression!.Span.Contains(lambda.Span) ? site.Expression.Span.End : site.Expression.SpanStart;
                    var usedAfter = captured.FirstOrDefault(v => (flow.WrittenInside.Contains(v, SymbolEqualityComparer.Default) || IsWrittenAfter(v, lambda, body, model))
                                                                 && IsUsedAfter(v, site.Expression!, after, body, model));
                    if (usedAfter is null) continue;
                    yield return new Finding(DiagnosticIds.FastPathNotSplit, site.Location, site.Display,
                        $"a lambda created {(after == site.Expression.SpanStart ? "before it" : "in its operand")} captures '{usedAfter.Name}', which is used after it, and a continuation would get a copy", method.Identifier.ValueText);
                    reported = true;
                    break;
                }

                // In a loop, a lambda created on an earlier iteration is "before" every await of the loop: a variable of
                // all iterations (declared outside the loop's body) that it captures and that the loop changes would split.
                foreach (var site in sites.Where(s => s.Expression is not null && !reported))
                {
                    var loop = site.Expression!.Ancestors().TakeWhile(a => a != body)
                        .FirstOrDefault(a => a is ForStatementSyntax or WhileStatementSyntax or DoStatementSyntax or CommonForEachStatementSyntax && a.Contains(lambda));
                    if (loop is null) continue;
                    var loopBody = loop switch
                    {
                        ForStatementSyntax f => f.Statement,
                        WhileStatementSyntax w => w.Statement,
                        DoStatementSyntax d => d.Statement,
                        _ => ((CommonForEachStatementSyntax)loop).Statement,
                    };
                    var shared = captured.FirstOrDefault(v => !v.DeclaringSyntaxReferences.Any(r => loopBody.Span.Contains(r.Span))
                                                             && (flow.WrittenInside.Contains(v, SymbolEqualityComparer.Default) || IsWrittenAfter(v, loop, body, model)));
                    if (shared is null) continue;
                    yield return new Finding(DiagnosticIds.FastPathNotSplit, site.Location, site.Display,
                        $"a lambda in the same loop captures '{shared.Name}', which the loop changes, and a continuation would get a copy", method.Identifier.ValueText);
                    break;
                }
            }
        }

        /// <summary>
        /// A local the continuation needs becomes one of its parameters, so its type must be nameable: an anonymous type
        /// (or a ref-like type, which cannot live across an await anyway) cannot be.
        /// </summary>
        private static IEnumerable<Finding> UnnameableLiveLocals(MethodDeclarationSyntax method, SyntaxNode body, List<AwaitSite> sites, SemanticModel model)
        {
            foreach (var declarator in body.DescendantNodes(n => !AwaitSites.IsNestedFunction(n) || n == body).OfType<VariableDeclaratorSyntax>())
            {
                if (model.GetDeclaredSymbol(declarator) is not ILocalSymbol { Type.IsAnonymousType: true } local) continue;
                var site = sites.FirstOrDefault(s => s.Expression is not null && s.Expression.SpanStart > declarator.Span.End
                                                     && IsUsedAfter(local, s.Expression, body, model));
                if (site.Expression is null) continue;
                yield return new Finding(DiagnosticIds.FastPathNotSplit, site.Location, site.Display,
                    $"'{local.Name}' has an anonymous type and is used after it, and a continuation cannot take it as a parameter", method.Identifier.ValueText);
            }
        }

        /// <summary>A reference to <paramref name="variable"/> after <paramref name="awaitExpression"/>, or as the target it assigns.</summary>
        private static bool IsUsedAfter(ISymbol variable, AwaitExpressionSyntax awaitExpression, SyntaxNode body, SemanticModel model)
            => IsUsedAfter(variable, awaitExpression, awaitExpression.SpanStart, body, model);

        /// <summary>As above, counting only references that start after <paramref name="after"/>.</summary>
        private static bool IsUsedAfter(ISymbol variable, AwaitExpressionSyntax awaitExpression, int after, SyntaxNode body, SemanticModel model)
        {
            var assignedByAwait = awaitExpression.Parent is AssignmentExpressionSyntax { Left: var left } ? left : null;
            foreach (var identifier in body.DescendantNodes().OfType<IdentifierNameSyntax>())
            {
                if (identifier.Identifier.ValueText != variable.Name) continue;
                if (identifier.SpanStart <= after && identifier != assignedByAwait) continue;
                if (SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(identifier).Symbol, variable)) return true;
            }

            return false;
        }

        private static bool IsWrittenAfter(ISymbol variable, SyntaxNode node, SyntaxNode body, SemanticModel model)
        {
            // After a lambda: from its end; for a loop (whose lambda may run on any iteration): from the loop's start.
            var from = node is AnonymousFunctionExpressionSyntax ? node.Span.End : node.SpanStart;
            foreach (var identifier in body.DescendantNodes().OfType<IdentifierNameSyntax>())
            {
                if (identifier.SpanStart < from || identifier.Identifier.ValueText != variable.Name || !IsWriteTarget(identifier)) continue;
                if (SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(identifier).Symbol, variable)) return true;
            }

            return false;
        }

        /// <summary>Whether <paramref name="identifier"/> is assigned, incremented or passed by reference there.</summary>
        internal static bool IsWriteTarget(IdentifierNameSyntax identifier) => identifier.Parent switch
        {
            AssignmentExpressionSyntax assignment => assignment.Left == identifier,
            PrefixUnaryExpressionSyntax or PostfixUnaryExpressionSyntax => true,
            ArgumentSyntax argument => argument.RefKindKeyword.RawKind != 0,
            _ => false,
        };

        /// <summary>
        /// An await in unreachable code (after a return, CS0162): its continuation would resume where the method's end is
        /// reachable again and would not compile; the method keeps the body's own behaviour by forwarding.
        /// </summary>
        private static string? Unreachable(AwaitSite site, SyntaxNode body, bool hasResult, SemanticModel model)
        {
            if (site.Expression is null) return null;
            var statement = SplitForms.Of(site.Expression, body, hasResult, out var splitStatement) is null ? Spills.Of(site.Expression, body, model, out _) : splitStatement;
            if (statement is null || !Reachability.MayBeUnreachable(statement, body, model)) return null;
            var flow = RegionFlow.ControlFlow(model, statement);
            return flow is { Succeeded: true, StartPointIsReachable: false } ? "it is in unreachable code" : null;
        }

        private static string? Reason(AwaitSite site, SyntaxNode body, bool hasResult, SemanticModel model)
        {
            if (site.Expression is null)
            {
                if (LoweredBody.NotLoweredReason(site.HiddenAwaitStatement!) is { } notLowered) return notLowered;
                return site.HiddenAwaitStatement is CommonForEachStatementSyntax
                    ? "'await foreach' hides an await of MoveNextAsync in a loop"
                    : "'await using' hides an await of DisposeAsync at the end of its scope";
            }

            // The enclosing statements come first: an await that is both nested and inside an unsupported construct
            // names the construct, which is what would still block it once nested awaits are spilled.
            var enclosingStatement = site.Expression.AncestorsAndSelf().OfType<StatementSyntax>().FirstOrDefault();
            if (enclosingStatement is not null && body.Contains(enclosingStatement) && FastPathEnclosing.Reason(enclosingStatement, body, model) is { } enclosing)
            {
                return enclosing;
            }

            if (SplitForms.Of(site.Expression, body, hasResult, out _) is null && Spills.Of(site.Expression, body, model, out var notSpilled) is null)
            {
                // A statement SpillLowering (or a loop HiddenAwaitLowering) could not write out says why (its reason names
                // what it would get wrong).
                var notWrittenOut = site.Expression.Ancestors().TakeWhile(a => !AwaitSites.IsNestedFunction(a))
                    .Select(a => SpillLowering.NotSpilledReason(a) ?? LoweredBody.NotLoweredReason(a)).FirstOrDefault(r => r is not null);
                return notWrittenOut ?? notSpilled;
            }

            // An await inside a lambda of the operand is the lambda's own.
            return site.Expression.Expression.DescendantNodes(n => !AwaitSites.IsNestedFunction(n)).OfType<AwaitExpressionSyntax>().Any()
                ? "its operand contains another await"
                : AwaitableHandOff.Blocker(site.Expression, model);
        }
    }
}
