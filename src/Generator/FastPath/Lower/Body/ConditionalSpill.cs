using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Awaits;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>The conditional expressions whose awaited operand spills with them.</summary>
    internal enum ConditionalSpillKind
    {
        /// <summary><c>a &amp;&amp; await b</c> on bools: <c>if (a) t = await b; else t = false;</c></summary>
        And,

        /// <summary><c>a || await b</c> on bools: <c>if (a) t = true; else t = await b;</c></summary>
        Or,

        /// <summary><c>a ?? await b</c>: <c>if (a is { } l) t = l; else t = await b;</c></summary>
        Coalesce,

        /// <summary><c>c ? await x : y</c>: <c>if (c) t = await x; else t = y;</c></summary>
        ConditionalWhenTrue,

        /// <summary><c>c ? y : await x</c>: <c>if (c) t = y; else t = await x;</c></summary>
        ConditionalWhenFalse,
    }

    /// <summary>
    /// An await that is a conditionally evaluated operand spills together with its conditional expression: the statement
    /// reads a temporary that an if/else assigns, so the operand before the await (the condition, the left side) is
    /// evaluated once, before the await, exactly as C# does, and the other branch never awaits. Only the built-in
    /// operators: a user-defined <c>&amp;&amp;</c> (operator true/false and &amp;) would run code this does not.
    /// </summary>
    internal static class ConditionalSpill
    {
        /// <summary>The kind, when <paramref name="child"/> is the conditionally evaluated operand of <paramref name="parent"/>.</summary>
        public static ConditionalSpillKind? Kind(SyntaxNode parent, SyntaxNode child, SemanticModel model)
        {
            switch (parent)
            {
                case BinaryExpressionSyntax binary when binary.Right == child:
                    if (binary.IsKind(SyntaxKind.LogicalAndExpression) || binary.IsKind(SyntaxKind.LogicalOrExpression))
                    {
                        if (!IsBool(binary.Left, model) || !IsBool(binary.Right, model)) return null;
                        return binary.IsKind(SyntaxKind.LogicalAndExpression) ? ConditionalSpillKind.And : ConditionalSpillKind.Or;
                    }

                    if (!binary.IsKind(SyntaxKind.CoalesceExpression)) return null;
                    var left = model.GetTypeInfo(binary.Left).Type;
                    var isNullable = left is { IsReferenceType: true } || left?.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T;
                    return isNullable && left!.TypeKind is not (TypeKind.Dynamic or TypeKind.Error) && ResultType(binary, model) is not null
                        ? ConditionalSpillKind.Coalesce
                        : null;

                case ConditionalExpressionSyntax conditional when conditional.Condition != child:
                    if (conditional.WhenTrue is RefExpressionSyntax || conditional.WhenFalse is RefExpressionSyntax || ResultType(conditional, model) is null) return null;
                    return conditional.WhenTrue == child ? ConditionalSpillKind.ConditionalWhenTrue : ConditionalSpillKind.ConditionalWhenFalse;

                default:
                    return null;
            }
        }

        /// <summary>
        /// <c>c ? await a : await b</c>, the statement's only two awaits: each spills with the conditional, the branch
        /// taken awaits its own into the one temporary.
        /// </summary>
        public static bool AwaitsBothBranches(SyntaxNode parent, System.Collections.Generic.IReadOnlyCollection<AwaitExpressionSyntax> awaits)
            => awaits.Count == 2 && parent is ConditionalExpressionSyntax conditional
               && Unparenthesized(conditional.WhenTrue) is AwaitExpressionSyntax whenTrue && awaits.Contains(whenTrue)
               && Unparenthesized(conditional.WhenFalse) is AwaitExpressionSyntax whenFalse && awaits.Contains(whenFalse);

        /// <summary>The kind for <paramref name="awaitExpression"/> as an operand of <paramref name="conditional"/> (as
        /// <see cref="Spills"/> found it), or null.</summary>
        public static ConditionalSpillKind? KindOf(ExpressionSyntax conditional, AwaitExpressionSyntax awaitExpression, SemanticModel model)
            => Kind(conditional, awaitExpression.AncestorsAndSelf().First(n => n.Parent == conditional), model);

        /// <summary>The expression inside any parentheses around it.</summary>
        public static ExpressionSyntax Unparenthesized(ExpressionSyntax expression)
        {
            while (expression is ParenthesizedExpressionSyntax parenthesized) expression = parenthesized.Expression;
            return expression;
        }

        /// <summary>The type of the temporary: the expression's own type (or, target-typed, the type it converts to).</summary>
        public static ITypeSymbol? ResultType(ExpressionSyntax conditional, SemanticModel model)
        {
            var info = model.GetTypeInfo(conditional);
            var type = info.Type ?? info.ConvertedType;
            return type is null || type.TypeKind == TypeKind.Dynamic || !LoweringShapes.IsNameable(type) ? null : type;
        }

        /// <summary>A pattern or out variable declared inside: the continuation, which reads the temporary instead, would lose it.</summary>
        public static bool DeclaresVariables(SyntaxNode conditional)
            => conditional.DescendantNodes(n => !AwaitSites.IsNestedFunction(n)).Any(n => n is SingleVariableDesignationSyntax);

        /// <summary>The operand evaluated first (the condition or the left side).</summary>
        public static ExpressionSyntax First(ExpressionSyntax conditional) => conditional switch
        {
            BinaryExpressionSyntax binary => binary.Left,
            _ => ((ConditionalExpressionSyntax)conditional).Condition,
        };

        /// <summary>For a ?: expression, the branch without the await.</summary>
        public static ExpressionSyntax? OtherBranch(ExpressionSyntax conditional, ConditionalSpillKind kind) => kind switch
        {
            ConditionalSpillKind.ConditionalWhenTrue => ((ConditionalExpressionSyntax)conditional).WhenFalse,
            ConditionalSpillKind.ConditionalWhenFalse => ((ConditionalExpressionSyntax)conditional).WhenTrue,
            _ => null,
        };

        private static bool IsBool(ExpressionSyntax expression, SemanticModel model)
            => model.GetTypeInfo(expression).Type?.SpecialType == SpecialType.System_Boolean;
    }
}
