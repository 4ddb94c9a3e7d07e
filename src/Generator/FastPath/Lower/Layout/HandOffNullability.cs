using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Awaits;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// The nullability a live variable's continuation parameter is declared with. Its declared type can be annotated
    /// (<c>Entry? entry</c> of <c>TryDequeue(out var entry)</c>, <c>string? x</c> of <c>var x = Find();</c>) while the
    /// compiler knew it non-null where the await hands it over (after <c>if (TryDequeue(out var entry))</c>, after
    /// <c>if (x is null) return;</c>): declared annotated, every dereference in the continuation would warn (CS8602).
    /// Nullability changes no behaviour; it only decides which warnings generated code would get.
    /// </summary>
    internal static class HandOffNullability
    {
        /// <summary>
        /// The declared type, not annotated when the variable is non-null at the hand-off: every read the continuation
        /// can reach was non-null in the body's own flow analysis and nothing writes it there (so the state at the
        /// await, which no read or write between changes, is non-null too, and the synchronous path passes a non-null value).
        /// </summary>
        public static string Display(ISymbol variable, SplitPoint split, SyntaxNode body, SemanticModel model)
        {
            var type = VariableTypes.Of(variable, model);
            if (type.IsReferenceType && type.TypeKind != TypeKind.TypeParameter && type.NullableAnnotation == NullableAnnotation.NotAnnotated
                && IsNullTested(variable, body, model))
            {
                // Declared non-null, but the body tests it (x?.M, x ?? y, x == null, x is null): after such a test the
                // compiler's flow state is maybe-null, and handing it over to a non-null parameter warns (CS8604) where the
                // body itself did not. Annotated, the parameter takes it; the continuation reports no nullable warnings.
                return type.WithNullableAnnotation(NullableAnnotation.Annotated).ToDisplayString(SourceNames.TypeFormat);
            }

            if (type.IsValueType || type.NullableAnnotation != NullableAnnotation.Annotated || !NonNullAtHandOff(variable, split.Await, body, model))
            {
                return type.ToDisplayString(SourceNames.TypeFormat);
            }

            return type.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(SourceNames.TypeFormat);
        }

        private static bool NonNullAtHandOff(ISymbol variable, AwaitExpressionSyntax awaitExpression, SyntaxNode body, SemanticModel model)
        {
            // What the continuation can run: the rest after the await, and the loops around it that the variable outlives
            // (a variable declared inside a loop is a new one on each iteration, declared again by the continuation).
            var declaration = variable.DeclaringSyntaxReferences.FirstOrDefault()?.Span;
            var loops = awaitExpression.Ancestors().TakeWhile(a => a != body)
                .Where(a => a is ForStatementSyntax or WhileStatementSyntax or DoStatementSyntax or CommonForEachStatementSyntax
                            && !(declaration is { } span && a.Span.Contains(span)))
                .Select(a => a.Span).ToList();
            var reads = 0;
            foreach (var identifier in body.DescendantNodes(n => !AwaitSites.IsNestedFunction(n)).OfType<IdentifierNameSyntax>())
            {
                if (identifier.Identifier.ValueText != variable.Name) continue;
                if (identifier.SpanStart < awaitExpression.Span.End && !loops.Any(l => l.Contains(identifier.Span)))
                {
                    // The target of an assignment whose right side holds the await (t = (x = await F())): written after
                    // it, by the continuation, with whatever the await gives.
                    if (FastPathClassifier.IsWriteTarget(identifier) && identifier.Parent is AssignmentExpressionSyntax { Right: var right } && right.Span.Contains(awaitExpression.Span)
                        && SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(identifier).Symbol, variable))
                    {
                        return false;
                    }

                    continue;
                }

                if (!SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(identifier).Symbol, variable)) continue;
                if (FastPathClassifier.IsWriteTarget(identifier) || IsDeconstructedInto(identifier)
                    || model.GetTypeInfo(identifier).Nullability.FlowState != NullableFlowState.NotNull)
                {
                    return false;
                }

                reads++;
            }

            return reads > 0;
        }

        /// <summary>Whether the body tests <paramref name="variable"/> for null anywhere: <c>x?.</c>, <c>x ??</c>, <c>x == null</c>,
        /// <c>x != null</c>, <c>x is null</c>, <c>x is not null</c>, <c>x is {}</c>.</summary>
        private static bool IsNullTested(ISymbol variable, SyntaxNode body, SemanticModel model)
        {
            foreach (var identifier in body.DescendantNodes(n => !AwaitSites.IsNestedFunction(n)).OfType<IdentifierNameSyntax>())
            {
                if (identifier.Identifier.ValueText != variable.Name) continue;
                var tested = identifier.Parent switch
                {
                    ConditionalAccessExpressionSyntax access => access.Expression == identifier,
                    BinaryExpressionSyntax binary when binary.IsKind(Microsoft.CodeAnalysis.CSharp.SyntaxKind.CoalesceExpression) => binary.Left == identifier,
                    BinaryExpressionSyntax binary when binary.IsKind(Microsoft.CodeAnalysis.CSharp.SyntaxKind.EqualsExpression)
                                                       || binary.IsKind(Microsoft.CodeAnalysis.CSharp.SyntaxKind.NotEqualsExpression)
                        => IsNullLiteral(binary.Left) || IsNullLiteral(binary.Right),
                    IsPatternExpressionSyntax pattern => pattern.Expression == identifier,
                    _ => false,
                };
                if (tested && SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(identifier).Symbol, variable)) return true;
            }

            return false;
        }

        private static bool IsNullLiteral(ExpressionSyntax expression)
            => expression.IsKind(Microsoft.CodeAnalysis.CSharp.SyntaxKind.NullLiteralExpression);

        /// <summary><c>(x, y) = ...</c>: an element of a tuple on the left of an assignment.</summary>
        private static bool IsDeconstructedInto(IdentifierNameSyntax identifier)
            => identifier.Ancestors().TakeWhile(a => a is ArgumentSyntax or TupleExpressionSyntax or AssignmentExpressionSyntax)
                .OfType<AssignmentExpressionSyntax>().Any(a => a.Left is TupleExpressionSyntax && a.Left.Span.Contains(identifier.Span));
    }
}
