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
    /// The expression rules of <see cref="SpillLowering"/>, Roslyn's SpillSequenceSpiller written out as C#: of operands
    /// evaluated in order, everything before the last one that awaits is evaluated into a temporary (a value) or reduced to
    /// a location whose receiver and indices are temporaries (a variable: an assignment's target, a ref argument, the
    /// struct receiver of a call); what comes after the last await stays in place.
    /// </summary>
    internal sealed partial class SpillLowering
    {
        // The statement being written out: its template (temporaries and if/else go in before it), the depth lines go at
        // and the expression it evaluates first.
        private LoweringTemplate _template = null!;
        private int _depth;
        private ExpressionSyntax _root = null!;
        private string? _failure;

        // Set when the statement's root was written out whole (a ??= statement): the statement itself is not written again.
        private bool _statementWritten;

        // Inside checked(...) or unchecked(...): the keyword, which every operand written out before the statement keeps.
        private string? _overflowContext;

        // Inside the written-out branch of a?.M(await x): the conditional access whose member binding names the receiver's temporary.
        private ConditionalAccessExpressionSyntax? _bindingReceiver;

        /// <summary>How an operand that comes before an await is kept.</summary>
        private enum Operand
        {
            /// <summary>Its value, into a temporary unless nothing can change it.</summary>
            Value,

            /// <summary>The location it names (ref argument, struct receiver).</summary>
            Variable,

            /// <summary>Evaluates to nothing that can change (an out variable declaration, a type): kept as it is.</summary>
            Kept,
        }

        /// <summary><paramref name="expression"/> with the temporaries it needs written before it; only its operands
        /// evaluated after its last await are left to run in place.</summary>
        private ExpressionSyntax LowerExpression(ExpressionSyntax expression)
        {
            if (!ContainsAwait(expression)) return Keep(expression);
            switch (expression)
            {
                case AwaitExpressionSyntax awaitExpression:
                    if (!ContainsAwait(awaitExpression.Expression))
                    {
                        // In checked(...), an awaited operand whose operators the context changes is evaluated into a
                        // temporary in the same context: the await is spilled before its statement, out of the context.
                        return _overflowContext is not null && Spills.OverflowSensitive(awaitExpression.Expression)
                            ? awaitExpression.WithExpression(SyntaxFactory.IdentifierName(Temporary(awaitExpression.Expression, Keep(awaitExpression.Expression))))
                            : Keep(awaitExpression);
                    }

                    // await F(await G()): the awaitable into a temporary, then awaited (GetAwaiter runs right after it either way).
                    return awaitExpression.WithExpression(SyntaxFactory.IdentifierName(Temporary(awaitExpression.Expression, LowerExpression(awaitExpression.Expression))));

                case ParenthesizedExpressionSyntax parenthesized:
                    return parenthesized.WithExpression(LowerExpression(parenthesized.Expression));
                case CastExpressionSyntax cast:
                    return cast.WithType(Keep(cast.Type)).WithExpression(LowerExpression(cast.Expression));
                case CheckedExpressionSyntax checkedExpression:
                {
                    // checked(a + await F()): the operands written out before it keep the context (checked(...) around each).
                    var outer = _overflowContext;
                    _overflowContext = checkedExpression.Keyword.ValueText;
                    var inner = LowerExpression(checkedExpression.Expression);
                    _overflowContext = outer;
                    return checkedExpression.WithExpression(inner);
                }

                case PrefixUnaryExpressionSyntax prefix when !prefix.IsKind(SyntaxKind.PreIncrementExpression) && !prefix.IsKind(SyntaxKind.PreDecrementExpression):
                    return prefix.WithOperand(LowerExpression(prefix.Operand));
                case PostfixUnaryExpressionSyntax postfix when postfix.IsKind(SyntaxKind.SuppressNullableWarningExpression):
                    return postfix.WithOperand(LowerExpression(postfix.Operand));
                case MemberAccessExpressionSyntax memberAccess when !ContainsAwait(memberAccess.Name):
                    return memberAccess.WithExpression(LowerExpression(memberAccess.Expression));
                case ConditionalAccessExpressionSyntax conditionalAccess when !ContainsAwait(conditionalAccess.WhenNotNull):
                    return conditionalAccess.WithExpression(LowerExpression(conditionalAccess.Expression));
                case ConditionalAccessExpressionSyntax conditionalAccess:
                    return ConditionalAccess(conditionalAccess);
                case IsPatternExpressionSyntax isPattern when !ContainsAwait(isPattern.Pattern):
                    return isPattern.WithExpression(LowerExpression(isPattern.Expression));
                case BinaryExpressionSyntax { RawKind: (int)SyntaxKind.IsExpression or (int)SyntaxKind.AsExpression } typeTest when !ContainsAwait(typeTest.Right):
                    return typeTest.WithLeft(LowerExpression(typeTest.Left));
                case BinaryExpressionSyntax binary when binary.IsKind(SyntaxKind.LogicalAndExpression) || binary.IsKind(SyntaxKind.LogicalOrExpression) || binary.IsKind(SyntaxKind.CoalesceExpression):
                    return ContainsAwait(binary.Right) ? Conditional(binary) : binary.WithLeft(LowerExpression(binary.Left));
                case BinaryExpressionSyntax binary:
                    if (_model.GetTypeInfo(binary).Type is { TypeKind: TypeKind.Dynamic }) return Fail("it is an operand of a dynamic operation, which is not spilled", expression);
                    var operands = Ordered(new[] { (binary.Left, Operand.Value), (binary.Right, Operand.Value) });
                    return binary.WithLeft(operands[0]).WithRight(operands[1]);
                case ConditionalExpressionSyntax conditional:
                    return ContainsAwait(conditional.WhenTrue) || ContainsAwait(conditional.WhenFalse) ? Conditional(conditional) : conditional.WithCondition(LowerExpression(conditional.Condition));
                case SwitchExpressionSyntax switchExpression:
                    return switchExpression.Arms.Any(a => ContainsAwait(a)) ? Switch(switchExpression) : switchExpression.WithGoverningExpression(LowerExpression(switchExpression.GoverningExpression));
                case InvocationExpressionSyntax invocation:
                    return Invocation(invocation);
                case BaseObjectCreationExpressionSyntax creation:
                    return Creation(creation);
                case AssignmentExpressionSyntax assignment:
                    return Assignment(assignment);
                case ElementAccessExpressionSyntax elementAccess:
                    return ElementAccess(elementAccess);
                case TupleExpressionSyntax tuple:
                    var elements = Ordered(tuple.Arguments.Select(a => (a.Expression, a.Expression is DeclarationExpressionSyntax ? Operand.Kept : Operand.Value)).ToList());
                    return tuple.WithArguments(SyntaxFactory.SeparatedList(tuple.Arguments.Select((a, i) => a.WithExpression(elements[i])), tuple.Arguments.GetSeparators()));
                default:
                    return Fail($"it is nested inside a '{expression.Kind()}' expression, which is not spilled yet", expression);
            }
        }

        /// <summary>Operands evaluated in this order: those before the last that awaits kept as their kind says, that one
        /// written out, the rest left in place.</summary>
        private List<ExpressionSyntax> Ordered(IReadOnlyList<(ExpressionSyntax Expression, Operand Kind)> operands)
        {
            var last = -1;
            for (var i = 0; i < operands.Count; i++)
            {
                if (ContainsAwait(operands[i].Expression)) last = i;
            }

            var result = new List<ExpressionSyntax>();
            for (var i = 0; i < operands.Count; i++)
            {
                var (expression, kind) = operands[i];
                if (i > last)
                {
                    result.Add(Keep(expression));
                }
                else if (i == last)
                {
                    result.Add(kind != Operand.Value ? Fail("an await is nested in a ref argument or an assignment's target, which is not spilled", expression) : LowerExpression(expression));
                }
                else
                {
                    result.Add(kind switch
                    {
                        Operand.Value => Value(expression),
                        Operand.Variable => Variable(expression),
                        _ => Keep(expression),
                    });
                }
            }

            return result;
        }

        /// <summary>An operand evaluated before an await, as a value: itself when nothing can change it, else a temporary.</summary>
        private ExpressionSyntax Value(ExpressionSyntax expression)
        {
            if (ContainsAwait(expression)) return Named(Temporary(expression, LowerExpression(expression)), expression);
            if (IsStableHere(expression)) return Keep(expression);
            var conversion = _model.GetConversion(expression);
            if (conversion.IsUserDefined || conversion.IsInterpolatedStringHandler)
            {
                return Fail("an operand evaluated before it converts with a user-defined conversion, which is not spilled", expression);
            }

            var type = _model.GetTypeInfo(expression).Type;
            if (type is null)
            {
                // A method group names a method of this or of a type (nothing evaluated); one with a receiver is not spilled.
                if (_model.GetSymbolInfo(expression).CandidateSymbols.Concat(new[] { _model.GetSymbolInfo(expression).Symbol }).OfType<IMethodSymbol>().Any()
                    && expression is IdentifierNameSyntax or GenericNameSyntax)
                {
                    return Keep(expression);
                }

                return Fail("an operand evaluated before it has no type of its own, which is not spilled", expression);
            }

            if (type.TypeKind == TypeKind.Dynamic || type.IsRefLikeType || !LoweringShapes.IsNameable(type))
            {
                return Fail("an operand evaluated before it is dynamic, ref-like or of an anonymous type, which is not spilled", expression);
            }

            return Named(Temporary(expression, Keep(expression)), expression);
        }

        /// <summary>
        /// An operand evaluated before an await as a location (a ref argument, an assignment's target, a struct receiver):
        /// the location, its class receivers and array indices evaluated into temporaries (a struct's field stays a field of
        /// the same variable), as the compiler spills a ref. <paramref name="takesLocation"/>: C# takes the location where the
        /// operand is evaluated (false for a simple assignment's own target, which it checks at the store).
        /// </summary>
        private ExpressionSyntax Variable(ExpressionSyntax expression, bool takesLocation = true)
        {
            var symbol = _model.GetSymbolInfo(expression).Symbol;
            switch (expression)
            {
                case DeclarationExpressionSyntax:
                case ThisExpressionSyntax:
                case BaseExpressionSyntax:
                    return Keep(expression);
                case ParenthesizedExpressionSyntax parenthesized:
                    return parenthesized.WithExpression(Variable(parenthesized.Expression, takesLocation));
                case IdentifierNameSyntax when symbol is ILocalSymbol { IsRef: false } or IParameterSymbol { RefKind: RefKind.None }:
                case IdentifierNameSyntax when symbol is IFieldSymbol or IPropertySymbol && (symbol.IsStatic || !symbol.ContainingType.IsValueType):
                    return Keep(expression);
                case MemberAccessExpressionSyntax { Name: IdentifierNameSyntax } memberAccess when symbol is IFieldSymbol or IPropertySymbol:
                    if (symbol.IsStatic) return Keep(expression);
                    var receiverType = _model.GetTypeInfo(memberAccess.Expression).Type;
                    if (receiverType is null) break;
                    if (receiverType.IsReferenceType) return memberAccess.WithExpression(Value(memberAccess.Expression));
                    if (receiverType.IsValueType && IsVariable(memberAccess.Expression)) return memberAccess.WithExpression(Variable(memberAccess.Expression));
                    break;
                case ElementAccessExpressionSyntax elementAccess when elementAccess.ArgumentList.Arguments.All(a => a.RefKindKeyword.RawKind == 0 && a.NameColon is null):
                    var collectionType = _model.GetTypeInfo(elementAccess.Expression).Type;
                    if (collectionType is null || collectionType.IsRefLikeType) break;
                    var receiver = collectionType.IsReferenceType ? Value(elementAccess.Expression)
                        : IsVariable(elementAccess.Expression) ? Variable(elementAccess.Expression) : null;
                    if (receiver is null) break;

                    // Indices are evaluated (each into a temporary) before the await, as the compiler does for an array.
                    var indices = elementAccess.ArgumentList.Arguments.Select(a => a.WithExpression(Value(a.Expression))).ToList();
                    var location = elementAccess.WithExpression(receiver).WithArgumentList(elementAccess.ArgumentList.WithArguments(SyntaxFactory.SeparatedList(indices, elementAccess.ArgumentList.Arguments.GetSeparators())));
                    if (collectionType is IArrayTypeSymbol && takesLocation)
                    {
                        // Where C# takes an array element's location (a ref argument, a struct element's member), the array
                        // is checked for null and the index against its bounds, before what follows in the statement and
                        // before the await; the location itself is taken again after it. The compiler's spiller keeps the
                        // checks in place with a "sacrificial" read of the element (the covariance check of a reference
                        // element stays with the ref, after the await), and so does this one (dotnet/roslyn's
                        // SpillSacrificialRead emit test). A simple assignment's target is not such a place: C# checks it at
                        // the store, after the value.
                        _template.Line(_depth, $"_ = {Print(elementAccess, location.WithoutTrivia())};");
                    }

                    return location;
            }

            return Fail($"the location '{expression}' is evaluated before it and cannot be held across it, which is not spilled", expression);
        }

        /// <summary>A local, parameter, field or array element: a location a struct receiver or ref argument names.</summary>
        private bool IsVariable(ExpressionSyntax expression)
        {
            var symbol = _model.GetSymbolInfo(expression).Symbol;
            return expression switch
            {
                ParenthesizedExpressionSyntax p => IsVariable(p.Expression),
                ThisExpressionSyntax => true,
                IdentifierNameSyntax => symbol is ILocalSymbol { IsRef: false } or IParameterSymbol { RefKind: RefKind.None } or IFieldSymbol,
                MemberAccessExpressionSyntax m => symbol is IFieldSymbol field && (field.IsStatic || !field.ContainingType.IsValueType || IsVariable(m.Expression)),
                ElementAccessExpressionSyntax e => _model.GetTypeInfo(e.Expression).Type is IArrayTypeSymbol,
                _ => false,
            };
        }

        /// <summary>A temporary declared before the statement, holding <paramref name="value"/> (the written-out form of
        /// <paramref name="original"/>); typed by <c>var</c> unless <paramref name="type"/> is given.</summary>
        private string Temporary(ExpressionSyntax original, ExpressionSyntax value, string? type = null)
        {
            var name = NewName();
            _template.Line(_depth, $"{type ?? "var"} {name} = " + Print(original, value.WithoutTrivia()) + ";");
            return name;
        }

        /// <summary>An expression written out before its statement, in the checked or unchecked context it was in.</summary>
        private string Print(SyntaxNode original, SyntaxNode value)
        {
            var printed = _template.Expression(original, value, _depth);
            return _overflowContext is null ? printed : $"{_overflowContext}({printed})";
        }

        private string NewName() => "__pwSpill" + _next++;

        /// <summary>The temporary <paramref name="name"/> in place of <paramref name="replaced"/>, with its trivia (the space
        /// before an operator after it: <c>__pwSpill0 + x</c>, not <c>__pwSpill0+ x</c>).</summary>
        private static IdentifierNameSyntax Named(string name, SyntaxNode replaced) => SyntaxFactory.IdentifierName(name).WithTriviaFrom(replaced);

        /// <summary>Records why the statement cannot be written out exactly (the first reason wins; the statement then stays
        /// as it is) and goes on with <paramref name="result"/>, whatever is built from it being dropped.</summary>
        private T Fail<T>(string reason, T result)
        {
            _failure ??= reason;
            return result;
        }

        private ExpressionSyntax Fail(string reason, ExpressionSyntax expression) => Fail<ExpressionSyntax>(reason, Keep(expression));

        /// <summary>A value no pending await can change and nothing later in the statement writes (a literal, a constant,
        /// this, a type, a lambda, or a local or parameter only this method's own code can reach).</summary>
        private bool IsStableHere(ExpressionSyntax expression) => expression is AnonymousFunctionExpressionSyntax || Spills.IsStable(expression, _model, _body);

        private static bool ContainsAwait(SyntaxNode node)
            => node.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)).OfType<AwaitExpressionSyntax>().Any();
    }
}
