using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace Prewired.Generator.SharedRules
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

        private ExpressionSyntax Invocation(InvocationExpressionSyntax invocation)
        {
            if (_model.GetSymbolInfo(invocation).Symbol is not IMethodSymbol method) return Fail("it is an argument of a call that is dynamic or does not bind, which is not spilled", invocation);
            if (!ContainsAwait(invocation.ArgumentList))
            {
                // await in the callee's receiver only: F(x).M(y) evaluates the receiver first anyway.
                return invocation.Expression is MemberAccessExpressionSyntax callee && !ContainsAwait(callee.Name)
                    ? invocation.WithExpression(callee.WithExpression(LowerExpression(callee.Expression))).WithArgumentList(Keep(invocation.ArgumentList))
                    : Fail("an await is nested in the callee of a call, which is not spilled", invocation);
            }

            var operands = new List<(ExpressionSyntax, Operand)>();
            var hasReceiver = false;
            switch (invocation.Expression)
            {
                case IdentifierNameSyntax or GenericNameSyntax when method.MethodKind != MethodKind.DelegateInvoke:
                    break; // this's own method, a static one or a local function: nothing is evaluated for the callee
                case MemberBindingExpressionSyntax when _bindingReceiver is not null:
                    break; // a?.M(...): the receiver is the conditional access's temporary, tested before
                case MemberAccessExpressionSyntax callee when method.MethodKind != MethodKind.DelegateInvoke:
                    if (_model.GetSymbolInfo(callee.Expression).Symbol is ITypeSymbol || callee.Expression is ThisExpressionSyntax or BaseExpressionSyntax) break;
                    if (method.IsStatic) return Fail("it is an argument of a static call through an instance, which is not spilled", invocation);
                    hasReceiver = true;
                    operands.Add((callee.Expression, ReceiverKind(callee.Expression, method)));
                    break;
                default:
                    if (method.MethodKind != MethodKind.DelegateInvoke) return Fail("it is an argument of a call whose callee is not a method name, which is not spilled", invocation);
                    hasReceiver = true;
                    operands.Add((invocation.Expression, Operand.Value));
                    break;
            }

            operands.AddRange(Arguments(invocation.ArgumentList, invocation));
            var lowered = Ordered(operands);
            var expression = !hasReceiver ? Keep(invocation.Expression)
                : invocation.Expression is MemberAccessExpressionSyntax access && method.MethodKind != MethodKind.DelegateInvoke ? access.WithExpression(lowered[0]).WithName(Keep(access.Name))
                : lowered[0];
            return invocation.WithExpression(expression).WithArgumentList(WithArguments(invocation.ArgumentList, lowered.Skip(hasReceiver ? 1 : 0).ToList()));
        }

        /// <summary>A call's receiver: a struct variable by reference (a mutating method changes it), anything else by value.</summary>
        private Operand ReceiverKind(ExpressionSyntax receiver, IMethodSymbol method)
        {
            if (method.MethodKind == MethodKind.ReducedExtension)
            {
                return method.ReducedFrom?.Parameters.FirstOrDefault()?.RefKind is null or RefKind.None ? Operand.Value
                    : IsVariable(receiver) ? Operand.Variable : Fail("it is an argument of a ref extension method, which is not spilled", Operand.Value);
            }

            var type = _model.GetTypeInfo(receiver).Type;
            return type is { IsReferenceType: false } && IsVariable(receiver) ? Operand.Variable : Operand.Value;
        }

        /// <summary>The arguments of a call or creation, in source order (their evaluation order), each by its ref kind.</summary>
        private List<(ExpressionSyntax, Operand)> Arguments(BaseArgumentListSyntax arguments, ExpressionSyntax call)
        {
            var operation = _model.GetOperation(call);
            var argumentOperations = operation switch
            {
                IInvocationOperation i => i.Arguments,
                IObjectCreationOperation c => c.Arguments,
                _ => System.Collections.Immutable.ImmutableArray<IArgumentOperation>.Empty,
            };
            var result = new List<(ExpressionSyntax, Operand)>();
            foreach (var argument in arguments.Arguments)
            {
                var parameter = argumentOperations.FirstOrDefault(a => a.Syntax == argument)?.Parameter;
                if (argument.RefKindKeyword.RawKind != 0)
                {
                    result.Add((argument.Expression, argument.Expression is DeclarationExpressionSyntax ? Operand.Kept : Operand.Variable));
                }
                else if (parameter is { RefKind: RefKind.In or RefKind.RefReadOnlyParameter })
                {
                    // An in (or ref readonly) parameter without a keyword: the compiler passes a variable itself (its
                    // location, held as a ref argument's), any other value as a copy made where it is evaluated.
                    result.Add((argument.Expression, IsVariable(argument.Expression) ? Operand.Variable : Operand.Value));
                }
                else if (parameter is { RefKind: not RefKind.None })
                {
                    Fail("it is an argument of a call with a ref parameter passed without 'ref', which is not spilled", argument);
                    result.Add((argument.Expression, Operand.Kept));
                }
                else
                {
                    result.Add((argument.Expression, Operand.Value));
                }
            }

            return result;
        }

        private static ArgumentListSyntax WithArguments(ArgumentListSyntax list, IReadOnlyList<ExpressionSyntax> expressions)
            => list.WithArguments(SyntaxFactory.SeparatedList(list.Arguments.Select((a, i) => Keep(a).WithExpression(expressions[i])), list.Arguments.GetSeparators()));

        private ExpressionSyntax ElementAccess(ElementAccessExpressionSyntax elementAccess)
        {
            if (elementAccess.ArgumentList.Arguments.Any(a => a.RefKindKeyword.RawKind != 0)) return Fail("it is an index passed by reference, which is not spilled", elementAccess);
            var type = _model.GetTypeInfo(elementAccess.Expression).Type;
            var receiverKind = type is { IsReferenceType: false } && IsVariable(elementAccess.Expression) ? Operand.Variable : Operand.Value;
            var operands = new List<(ExpressionSyntax, Operand)> { (elementAccess.Expression, receiverKind) };
            operands.AddRange(elementAccess.ArgumentList.Arguments.Select(a => (a.Expression, Operand.Value)));
            var lowered = Ordered(operands);
            return elementAccess.WithExpression(lowered[0]).WithArgumentList(elementAccess.ArgumentList.WithArguments(
                SyntaxFactory.SeparatedList(elementAccess.ArgumentList.Arguments.Select((a, i) => a.WithExpression(lowered[i + 1])), elementAccess.ArgumentList.Arguments.GetSeparators())));
        }

        /// <summary>
        /// <c>L = R</c> and <c>L op= R</c> with an await in R: L's receiver and indices first (the location), then for a
        /// compound assignment its value read into a temporary, then R; stored last: <c>L = t op R</c> (cast back to L's
        /// type where the compound assignment would).
        /// </summary>
        private ExpressionSyntax Assignment(AssignmentExpressionSyntax assignment)
        {
            if (ContainsAwait(assignment.Left) || !ContainsAwait(assignment.Right)) return Fail("an await is nested in an assignment's target, which is not spilled", assignment);
            if (assignment.Left is TupleExpressionSyntax or DeclarationExpressionSyntax) return Fail("it is assigned to a deconstruction whose parts are evaluated before it, which is not spilled", assignment);
            if (assignment.IsKind(SyntaxKind.SimpleAssignmentExpression))
            {
                var target = Target(assignment.Left);
                return assignment.WithLeft(target).WithRight(LowerExpression(assignment.Right));
            }

            if (assignment.IsKind(SyntaxKind.CoalesceAssignmentExpression)) return CoalesceAssignment(assignment);
            if (_model.GetOperation(assignment) is IEventAssignmentOperation) return EventAssignment(assignment);
            if (_model.GetOperation(assignment) is not ICompoundAssignmentOperation compound || compound.Type is null || compound.Type.TypeKind == TypeKind.Dynamic
                || compound.Target.Type is not { } targetType || !LoweringShapes.IsNameable(targetType))
            {
                return Fail("it is the right side of a compound assignment that is dynamic or an event's, which is not spilled", assignment);
            }

            var operatorKind = BinaryKind(assignment.Kind());
            if (operatorKind == SyntaxKind.None) return Fail("it is the right side of a compound assignment operator that is not spilled yet", assignment);
            var location = Target(assignment.Left);
            var current = Temporary(assignment.Left, location);
            var right = LowerExpression(assignment.Right);
            var binary = SyntaxFactory.BinaryExpression(operatorKind, SyntaxFactory.IdentifierName(current),
                SyntaxFactory.ParenthesizedExpression(right.WithoutTrivia())).NormalizeWhitespace();
            ExpressionSyntax value = compound.OutConversion.IsIdentity
                ? binary
                : SyntaxFactory.CastExpression(SyntaxFactory.ParseTypeName(targetType.ToDisplayString(SourceNames.TypeFormat)), SyntaxFactory.ParenthesizedExpression(binary));
            return SyntaxFactory.AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, location.WithoutTrivia(), value)
                .WithOperatorToken(SyntaxFactory.Token(SyntaxKind.EqualsToken).WithLeadingTrivia(SyntaxFactory.Space).WithTrailingTrivia(SyntaxFactory.Space))
                .WithLeadingTrivia(assignment.GetLeadingTrivia());
        }

        /// <summary>
        /// <c>L ??= R;</c> as a statement of its own (its value unused): <c>if (L is null) { L = R; }</c>, L's receiver and
        /// indices evaluated first as for any assignment, so L is read once before R and written once after it, and R
        /// (its await) runs only when L is null, as C# does. The statement is then written out whole.
        /// </summary>
        private ExpressionSyntax CoalesceAssignment(AssignmentExpressionSyntax assignment)
        {
            if (_model.GetSymbolInfo(assignment.Left).Symbol is IEventSymbol || _model.GetTypeInfo(assignment.Left).Type is not { } type
                || type.TypeKind == TypeKind.Dynamic || _model.GetOperation(assignment) is not ICoalesceAssignmentOperation)
            {
                return Fail("it is the right side of a ??= that is dynamic or does not bind, which is not spilled", assignment);
            }

            if (assignment != _root || !(assignment.Parent is ExpressionStatementSyntax || (assignment.Parent is ArrowExpressionClauseSyntax && !_hasResult)))
            {
                return UsedCoalesceAssignment(assignment, type);
            }

            var location = Target(assignment.Left).WithoutTrivia();
            _template.Line(_depth, "if ((" + Print(assignment.Left, location) + ") is null)");
            _template.Line(_depth, "{");
            _depth++;
            var right = LowerExpression(assignment.Right);
            _template.Line(_depth, Print(assignment.Left, location) + " = " + Print(assignment.Right, right.WithoutTrivia()) + ";");
            _depth--;
            _template.Line(_depth, "}");
            _statementWritten = true;
            return Keep(assignment);
        }

        /// <summary>
        /// <c>L ??= R</c> whose value is used (<c>var v = _cache ??= await F();</c>): <c>T t; if ((L) is { } l) { t = l; }
        /// else { t = (L = R); }</c>, T the expression's type. As for the statement, L's receiver and indices are evaluated
        /// first, its getter once, R and the setter only when it was null; the value is L's when it was not null, else the
        /// value assigned (for a nullable value type L of T0 whose expression is T0, its Value).
        /// </summary>
        private ExpressionSyntax UsedCoalesceAssignment(AssignmentExpressionSyntax assignment, ITypeSymbol targetType)
        {
            var resultType = _model.GetTypeInfo(assignment).Type;
            if (resultType is null || resultType.TypeKind is TypeKind.Dynamic or TypeKind.Error || !LoweringShapes.IsNameable(resultType))
            {
                return Fail("it is the right side of a ??= whose value is used and whose type cannot be named, which is not spilled", assignment);
            }

            var conversion = _model.GetConversion(assignment.Right);
            if (conversion.IsUserDefined || _model.GetTypeInfo(assignment.Right).Type is { TypeKind: TypeKind.Dynamic })
            {
                return Fail("it is the right side of a ??= whose value is used and that converts with a user-defined or dynamic conversion, which is not spilled", assignment);
            }

            // The assigned value, as the expression's type: L's own, or the Value of a nullable value type L.
            string suffix;
            if (SymbolEqualityComparer.Default.Equals(resultType.WithNullableAnnotation(NullableAnnotation.None), targetType.WithNullableAnnotation(NullableAnnotation.None)))
            {
                suffix = string.Empty;
            }
            else if (targetType is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable
                     && SymbolEqualityComparer.Default.Equals(nullable.TypeArguments[0], resultType))
            {
                suffix = ".Value";
            }
            else
            {
                return Fail("it is the right side of a ??= whose value is used and has a type other than its target's, which is not spilled", assignment);
            }

            var name = NewName();
            var current = NewName();
            _template.Line(_depth, $"{resultType.ToDisplayString(SourceNames.TypeFormat)} {name};");
            var location = Target(assignment.Left).WithoutTrivia();
            _template.Line(_depth, "if ((" + Print(assignment.Left, location) + $") is {{ }} {current})");
            _template.Line(_depth, "{");
            _template.Line(_depth + 1, $"{name} = {current};");
            _template.Line(_depth, "}");
            _template.Line(_depth, "else");
            _template.Line(_depth, "{");
            _depth++;
            var right = LowerExpression(assignment.Right);
            var store = SyntaxFactory.AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, location, right.WithoutTrivia())
                .WithOperatorToken(SyntaxFactory.Token(SyntaxKind.EqualsToken).WithLeadingTrivia(SyntaxFactory.Space).WithTrailingTrivia(SyntaxFactory.Space));
            _template.Line(_depth, $"{name} = (" + Print(assignment, store) + ")" + suffix + ";");
            _depth--;
            _template.Line(_depth, "}");
            return SyntaxFactory.IdentifierName(name);
        }

        /// <summary>
        /// <c>E += R</c> or <c>E -= R</c> on an event: C# evaluates the receiver, then R, then calls the add or remove
        /// accessor (nothing is read from the event first), so the receiver goes into a temporary when it could change and
        /// the statement then spills as it is.
        /// </summary>
        private ExpressionSyntax EventAssignment(AssignmentExpressionSyntax assignment)
        {
            ExpressionSyntax target;
            switch (assignment.Left)
            {
                case IdentifierNameSyntax:
                case MemberAccessExpressionSyntax { Expression: ThisExpressionSyntax or BaseExpressionSyntax }:
                    target = Keep(assignment.Left);
                    break;
                case MemberAccessExpressionSyntax { Name: IdentifierNameSyntax } memberAccess when _model.GetSymbolInfo(memberAccess).Symbol is IEventSymbol eventSymbol:
                    if (eventSymbol.IsStatic || _model.GetSymbolInfo(memberAccess.Expression).Symbol is ITypeSymbol)
                    {
                        target = Keep(assignment.Left);
                        break;
                    }

                    var receiverType = _model.GetTypeInfo(memberAccess.Expression).Type;
                    if (receiverType is not { IsReferenceType: true }) return Fail("it is assigned to an event of a struct or of a receiver whose type is not known, which is not spilled", assignment);
                    target = memberAccess.WithExpression(Value(memberAccess.Expression));
                    break;
                default:
                    return Fail("it is assigned to an event through an expression that is not spilled", assignment);
            }

            return assignment.WithLeft(target).WithRight(LowerExpression(assignment.Right));
        }

        /// <summary>An assignment's target: a local, parameter, static or this's member as it is; otherwise its location.</summary>
        private ExpressionSyntax Target(ExpressionSyntax target)
        {
            var symbol = _model.GetSymbolInfo(target).Symbol;
            if (symbol is IEventSymbol) return Fail("it is assigned to an event, which is not spilled", target);
            if (target is IdentifierNameSyntax || target is MemberAccessExpressionSyntax { Expression: ThisExpressionSyntax or BaseExpressionSyntax }) return Keep(target);
            if (target is MemberAccessExpressionSyntax { Name: IdentifierNameSyntax } memberAccess && symbol is IPropertySymbol { IsStatic: false })
            {
                // A property of a class receiver or of a struct variable (a setter on a copy would be lost: CS1612 anyway).
                var receiverType = _model.GetTypeInfo(memberAccess.Expression).Type;
                if (receiverType is { IsReferenceType: true }) return memberAccess.WithExpression(Value(memberAccess.Expression));
                if (receiverType is { IsValueType: true } && IsVariable(memberAccess.Expression)) return memberAccess.WithExpression(Variable(memberAccess.Expression));
                return Fail("it is assigned to a property of a receiver that is not a variable, which is not spilled", target);
            }

            if (target is ElementAccessExpressionSyntax element && symbol is IPropertySymbol)
            {
                // An indexer: its receiver and arguments, as an array element's.
                return Variable(element);
            }

            return Variable(target, takesLocation: false);
        }

        private static SyntaxKind BinaryKind(SyntaxKind compound) => compound switch
        {
            SyntaxKind.AddAssignmentExpression => SyntaxKind.AddExpression,
            SyntaxKind.SubtractAssignmentExpression => SyntaxKind.SubtractExpression,
            SyntaxKind.MultiplyAssignmentExpression => SyntaxKind.MultiplyExpression,
            SyntaxKind.DivideAssignmentExpression => SyntaxKind.DivideExpression,
            SyntaxKind.ModuloAssignmentExpression => SyntaxKind.ModuloExpression,
            SyntaxKind.AndAssignmentExpression => SyntaxKind.BitwiseAndExpression,
            SyntaxKind.OrAssignmentExpression => SyntaxKind.BitwiseOrExpression,
            SyntaxKind.ExclusiveOrAssignmentExpression => SyntaxKind.ExclusiveOrExpression,
            SyntaxKind.LeftShiftAssignmentExpression => SyntaxKind.LeftShiftExpression,
            SyntaxKind.RightShiftAssignmentExpression => SyntaxKind.RightShiftExpression,
            _ => SyntaxKind.None,
        };

        /// <summary>
        /// <c>new T(args) { members }</c>: the arguments as a call's; with an await in the initializer, the object (with the
        /// members before that await) into a temporary, then one statement per member in order, each written out itself.
        /// </summary>
        private ExpressionSyntax Creation(BaseObjectCreationExpressionSyntax creation)
        {
            if (_model.GetSymbolInfo(creation).Symbol is not IMethodSymbol) return Fail("it is an argument of an object creation that does not bind, which is not spilled", creation);
            var arguments = creation.ArgumentList;
            if (arguments is not null && ContainsAwait(arguments))
            {
                var lowered = Ordered(Arguments(arguments, creation));
                arguments = WithArguments(arguments, lowered);
            }
            else if (arguments is not null)
            {
                arguments = Keep(arguments);
            }

            var initializer = creation.Initializer;
            if (initializer is null || !ContainsAwait(initializer))
            {
                return creation.WithArgumentList(arguments).WithInitializer(initializer is null ? null : Keep(initializer));
            }

            if (_overflowContext is not null) return Fail("it is in an object or collection initializer inside a checked or unchecked expression, which is not spilled yet", creation);
            var type = _model.GetTypeInfo(creation).Type;
            if (type is null || !LoweringShapes.IsNameable(type)) return Fail("it is in the initializer of an object whose type cannot be named, which is not spilled", creation);
            var first = initializer.Expressions.IndexOf(e => ContainsAwait(e));
            var head = creation.WithArgumentList(arguments).WithInitializer(first == 0 ? null
                : Keep(initializer.WithExpressions(SyntaxFactory.SeparatedList(initializer.Expressions.Take(first), initializer.Expressions.GetSeparators().Take(first - 1)))));
            if (head is ObjectCreationExpressionSyntax { ArgumentList: null } explicitCreation)
            {
                head = explicitCreation.WithType(explicitCreation.Type.WithoutTrailingTrivia()).WithArgumentList(SyntaxFactory.ArgumentList().WithTrailingTrivia(SyntaxFactory.Space));
            }

            var objectName = Temporary(creation, head.WithoutTrivia(), creation is ImplicitObjectCreationExpressionSyntax ? type.ToDisplayString(SourceNames.TypeFormat) : null);
            if (!InitializerMembers(SyntaxFactory.IdentifierName(objectName), initializer, initializer.Expressions.Skip(first), creation)) return Keep(creation);
            return SyntaxFactory.IdentifierName(objectName);
        }

        /// <summary>
        /// <c>a?.M(await x)</c>: <c>T t = default; if (a is { } r) { t = r.M(await x); }</c> (as a statement of its own,
        /// just the if). C# evaluates a once and, when it is null, nothing of M(...) (the await does not run); a nullable
        /// value type's value is a copy either way. Only the call on the binding itself may await (<c>.M(await x).N()</c>
        /// and a nested <c>?.</c> after it run in place).
        /// </summary>
        private ExpressionSyntax ConditionalAccess(ConditionalAccessExpressionSyntax access)
        {
            var receiverType = _model.GetTypeInfo(access.Expression).Type;
            if (receiverType is null || receiverType.TypeKind is TypeKind.Dynamic or TypeKind.Error
                || !(receiverType.IsReferenceType || receiverType.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T))
            {
                return Fail("it is in a conditional access whose receiver is not of a class or nullable value type, which is not spilled", access);
            }

            var binding = Binding(access.WhenNotNull);
            if (binding is not MemberBindingExpressionSyntax { Parent: InvocationExpressionSyntax call } memberBinding || call.Expression != memberBinding
                || access.WhenNotNull.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)).OfType<AwaitExpressionSyntax>().Any(a => !call.ArgumentList.Span.Contains(a.Span)))
            {
                return Fail("it is in a conditional access where it is not an argument of the call on the accessed value, which is not spilled yet", access);
            }

            var statement = access == _root && (access.Parent is ExpressionStatementSyntax || (access.Parent is ArrowExpressionClauseSyntax && !_hasResult));
            string? name = null;
            if (!statement)
            {
                var type = _model.GetTypeInfo(access).Type;
                if (type is null || type.SpecialType == SpecialType.System_Void || type.TypeKind is TypeKind.Dynamic or TypeKind.Error || !LoweringShapes.IsNameable(type))
                {
                    return Fail("it is in a conditional access whose type cannot be named, which is not spilled", access);
                }

                name = NewName();
                _template.Line(_depth, $"{type.ToDisplayString(SourceNames.TypeFormat)} {name} = default;");
            }

            var receiver = NewName();
            var tested = LowerExpression(access.Expression);
            _template.Line(_depth, "if ((" + Print(access.Expression, tested.WithoutTrivia()) + $") is {{ }} {receiver})");
            _template.Line(_depth, "{");
            _depth++;
            var outer = _bindingReceiver;
            _bindingReceiver = access;
            var whenNotNull = LowerExpression(access.WhenNotNull);
            _bindingReceiver = outer;
            var written = Binding(whenNotNull) is MemberBindingExpressionSyntax writtenBinding
                ? whenNotNull.ReplaceNode(writtenBinding, SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, SyntaxFactory.IdentifierName(receiver), writtenBinding.Name.WithoutTrivia()))
                : Fail("it is in a conditional access that is not spilled", whenNotNull);
            if (name is null) _template.Statement(access, SyntaxFactory.ExpressionStatement(written.WithoutTrivia()), _depth);
            else _template.Line(_depth, name + " = " + Print(access.WhenNotNull, written.WithoutTrivia()) + ";");
            _depth--;
            _template.Line(_depth, "}");
            if (statement) _statementWritten = true;
            return name is null ? Keep(access) : SyntaxFactory.IdentifierName(name);
        }

        /// <summary>The member or element binding of a conditional access's WhenNotNull part: its leftmost one, not one of a
        /// nested conditional access's own WhenNotNull.</summary>
        private static ExpressionSyntax? Binding(ExpressionSyntax whenNotNull)
        {
            for (var node = whenNotNull; ;)
            {
                switch (node)
                {
                    case MemberBindingExpressionSyntax or ElementBindingExpressionSyntax:
                        return node;
                    case ConditionalAccessExpressionSyntax nested:
                        node = nested.Expression;
                        break;
                    case InvocationExpressionSyntax invocation:
                        node = invocation.Expression;
                        break;
                    case MemberAccessExpressionSyntax memberAccess:
                        node = memberAccess.Expression;
                        break;
                    case ElementAccessExpressionSyntax elementAccess:
                        node = elementAccess.Expression;
                        break;
                    case PostfixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.SuppressNullableWarningExpression } suppressed:
                        node = suppressed.Operand;
                        break;
                    default:
                        return null;
                }
            }
        }

        /// <summary>
        /// The members of an object or collection initializer from the first that awaits, one statement each on the object
        /// <paramref name="receiver"/> names, in order, as C# runs them: an element is a call of Add (the spec's own
        /// definition); <c>M = v</c> assigns; <c>[i] = v</c> evaluates its indices, then v, then sets; a nested initializer
        /// <c>M = { ... }</c> reads M again (its getter) for each of its own members, before the member's value, as Roslyn
        /// does, so a member that awaits reads M into a temporary first. False (with the reason recorded) when a member
        /// cannot be written out.
        /// </summary>
        private bool InitializerMembers(ExpressionSyntax receiver, InitializerExpressionSyntax initializer, IEnumerable<ExpressionSyntax> members, ExpressionSyntax creation)
        {
            var collection = initializer.IsKind(SyntaxKind.CollectionInitializerExpression);
            foreach (var member in members)
            {
                var awaits = ContainsAwait(member);
                if (collection)
                {
                    if (_model.GetCollectionInitializerSymbolInfo(member).Symbol is not IMethodSymbol)
                    {
                        Fail("it is an element of a collection initializer whose Add does not bind, which is not spilled", creation);
                        return false;
                    }

                    var values = member is InitializerExpressionSyntax complex ? complex.Expressions.ToList() : new List<ExpressionSyntax> { member };
                    var target = awaits && receiver is not IdentifierNameSyntax ? SyntaxFactory.IdentifierName(Temporary(member, receiver)) : receiver;
                    var lowered = awaits ? Ordered(values.Select(v => (v, Operand.Value)).ToList()) : values.Select(v => (ExpressionSyntax)Keep(v)).ToList();
                    Emit(SyntaxFactory.InvocationExpression(
                        SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, target, SyntaxFactory.IdentifierName("Add")),
                        SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(lowered.Select(l => SyntaxFactory.Argument(l.WithoutTrivia()))))));
                    continue;
                }

                if (member is not AssignmentExpressionSyntax { RawKind: (int)SyntaxKind.SimpleAssignmentExpression } memberAssignment)
                {
                    Fail("it is in a member initializer that is not an assignment, which is not spilled", creation);
                    return false;
                }

                if (memberAssignment.Left is ImplicitElementAccessSyntax indexed)
                {
                    // [i] = v: the indices (into temporaries unless stable), then v, then the indexer's setter.
                    if (memberAssignment.Right is InitializerExpressionSyntax || indexed.ArgumentList.Arguments.Any(a => a.RefKindKeyword.RawKind != 0 || a.NameColon is not null || ContainsAwait(a)))
                    {
                        Fail("it is in a nested indexed member initializer or one whose index awaits, which is not spilled yet", creation);
                        return false;
                    }

                    var indices = indexed.ArgumentList.Arguments.Select(a => SyntaxFactory.Argument(awaits ? Value(a.Expression).WithoutTrivia() : Keep(a.Expression).WithoutTrivia()));
                    var element = SyntaxFactory.ElementAccessExpression(receiver, SyntaxFactory.BracketedArgumentList(SyntaxFactory.SeparatedList(indices)));
                    Emit(SyntaxFactory.AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, element, (awaits ? LowerExpression(memberAssignment.Right) : Keep(memberAssignment.Right)).WithoutTrivia()));
                    continue;
                }

                if (memberAssignment.Left is not IdentifierNameSyntax name)
                {
                    Fail("it is in a member initializer whose target is not a name, which is not spilled", creation);
                    return false;
                }

                var symbol = _model.GetSymbolInfo(name).Symbol;
                var access = SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver, Keep(name).WithoutTrivia());
                if (memberAssignment.Right is InitializerExpressionSyntax nested)
                {
                    // M = { ... }: M's value (a class: the same object each read returns is what C# initializes).
                    var memberType = symbol switch { IPropertySymbol property => property.Type, IFieldSymbol field => field.Type, _ => null };
                    if (memberType is null || !memberType.IsReferenceType)
                    {
                        Fail("it is in a nested initializer of a member that is not of a class type, which is not spilled", creation);
                        return false;
                    }

                    if (!InitializerMembers(access, nested, nested.Expressions, creation)) return false;
                    continue;
                }

                if (symbol is IPropertySymbol { SetMethod.IsInitOnly: true } || symbol is IPropertySymbol { IsRequired: true } || symbol is IFieldSymbol { IsRequired: true } || symbol is IEventSymbol)
                {
                    Fail("it initializes an init-only or required member, which cannot be assigned after the object is created", creation);
                    return false;
                }

                // A member of a nested object that awaits: the object (the getters on the way) read into a temporary first.
                var assigned = awaits && receiver is not IdentifierNameSyntax
                    ? SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, SyntaxFactory.IdentifierName(Temporary(member, receiver)), Keep(name).WithoutTrivia())
                    : access;
                Emit(SyntaxFactory.AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, assigned, (awaits ? LowerExpression(memberAssignment.Right) : Keep(memberAssignment.Right)).WithoutTrivia()));
            }

            return true;

            void Emit(ExpressionSyntax statement) => _template.Statement(SyntaxFactory.ExpressionStatement(statement).NormalizeWhitespace(), 0, _depth);
        }

        /// <summary>
        /// <c>a &amp;&amp; b</c>, <c>a || b</c>, <c>a ?? b</c>, <c>c ? x : y</c> with an await in an operand evaluated
        /// conditionally: <c>T t; if (...) { t = x; } else { t = y; }</c>, each branch written out at its own depth, so
        /// the branch not taken never awaits (Roslyn's spiller writes the same if over a temporary).
        /// </summary>
        private ExpressionSyntax Conditional(ExpressionSyntax conditional)
        {
            var child = conditional is BinaryExpressionSyntax b ? b.Right : ((ConditionalExpressionSyntax)conditional).WhenTrue;
            if (ConditionalSpill.Kind(conditional, child, _model) is null && (conditional is not ConditionalExpressionSyntax c0 || ConditionalSpill.Kind(conditional, c0.WhenFalse, _model) is null))
            {
                return Fail("it is in an operand evaluated conditionally by a user-defined, dynamic or ref operator, which is not spilled", conditional);
            }

            var first = ConditionalSpill.First(conditional);
            var hoisted = HoistedPatternVariables(conditional, first);
            if (hoisted is null) return Fail("it is in a conditional operand of an expression that declares a variable, in a form that is not spilled yet (a pattern variable of either operand of && or of the condition of ?: is)", conditional);

            // Pattern variables of the right operand of a && (a && await b is T x): declared before the if as well, the
            // right operand tested by an if of its own whose true branch copies them.
            var hoistedRight = hoisted.Where(h => !first.Span.Contains(h.Designation.Span)).ToList();
            hoisted = hoisted.Where(h => first.Span.Contains(h.Designation.Span)).ToList();

            var type = conditional is BinaryExpressionSyntax { RawKind: (int)SyntaxKind.LogicalAndExpression or (int)SyntaxKind.LogicalOrExpression }
                ? "bool"
                : ConditionalSpill.ResultType(conditional, _model)?.ToDisplayString(SourceNames.TypeFormat);
            if (type is null) return Fail("it is in a conditional operand whose type cannot be named, which is not spilled", conditional);
            var name = NewName();
            foreach (var (local, typeName, _, _) in hoisted.Concat(hoistedRight)) _template.Line(_depth, $"{typeName} {SourceNames.Escaped(local.Name)} = default!;");
            _template.Line(_depth, $"{type} {name};");
            var test = RenamePatternVariables(LowerExpression(first), hoisted);
            ExpressionSyntax whenTrue, whenFalse;
            switch (conditional)
            {
                case BinaryExpressionSyntax { RawKind: (int)SyntaxKind.LogicalAndExpression } and:
                    (whenTrue, whenFalse) = (and.Right, SyntaxFactory.LiteralExpression(SyntaxKind.FalseLiteralExpression));
                    break;
                case BinaryExpressionSyntax { RawKind: (int)SyntaxKind.LogicalOrExpression } or:
                    (whenTrue, whenFalse) = (SyntaxFactory.LiteralExpression(SyntaxKind.TrueLiteralExpression), or.Right);
                    break;
                case BinaryExpressionSyntax coalesce:
                    // if (a is { } l) t = l; else t = b;
                    var left = NewName();
                    test = SyntaxFactory.IsPatternExpression(SyntaxFactory.ParenthesizedExpression(test.WithoutTrivia()),
                        SyntaxFactory.RecursivePattern().WithPropertyPatternClause(SyntaxFactory.PropertyPatternClause()).WithDesignation(SyntaxFactory.SingleVariableDesignation(SyntaxFactory.Identifier(left)))).NormalizeWhitespace();
                    (whenTrue, whenFalse) = (SyntaxFactory.IdentifierName(left), coalesce.Right);
                    break;
                default:
                    var ternary = (ConditionalExpressionSyntax)conditional;
                    (whenTrue, whenFalse) = (ternary.WhenTrue, ternary.WhenFalse);
                    break;
            }

            _template.Line(_depth, "if (" + Print(first, test.WithoutTrivia()) + ")");
            if (hoistedRight.Count == 0)
            {
                Branch(name, whenTrue, hoisted.Select(h => $"{SourceNames.Escaped(h.Local.Name)} = {h.Renamed};"));
            }
            else
            {
                // { first's copies; if (b) { b's copies; t = true; } else { t = false; } }
                _template.Line(_depth, "{");
                _depth++;
                foreach (var h in hoisted) _template.Line(_depth, $"{SourceNames.Escaped(h.Local.Name)} = {h.Renamed};");
                var right = RenamePatternVariables(LowerExpression(whenTrue), hoistedRight);
                _template.Line(_depth, "if (" + Print(whenTrue, right.WithoutTrivia()) + ")");
                Branch(name, SyntaxFactory.LiteralExpression(SyntaxKind.TrueLiteralExpression), hoistedRight.Select(h => $"{SourceNames.Escaped(h.Local.Name)} = {h.Renamed};"));
                _template.Line(_depth, "else");
                Branch(name, SyntaxFactory.LiteralExpression(SyntaxKind.FalseLiteralExpression));
                _depth--;
                _template.Line(_depth, "}");
            }

            _template.Line(_depth, "else");
            Branch(name, whenFalse);
            return Named(name, conditional);
        }

        /// <summary>
        /// Pattern variables the first operand of <c>a &amp;&amp; b</c> or <c>c ? x : y</c> declares (<c>o is string s
        /// &amp;&amp; await F(s)</c>): declared before the written-out if (with a placeholder value nothing reads, as the
        /// body only reads them where the pattern matched), the pattern declaring a renamed one that the true branch copies.
        /// Only where the pattern matching is what makes the operand true (no not, !, || or or on the way).
        /// </summary>
        private List<(ILocalSymbol Local, string TypeName, string Renamed, SingleVariableDesignationSyntax Designation)>? HoistedPatternVariables(ExpressionSyntax conditional, ExpressionSyntax first)
        {
            var result = new List<(ILocalSymbol, string, string, SingleVariableDesignationSyntax)>();
            var designations = conditional.DescendantNodes(n => !AwaitSites.IsNestedFunction(n)).OfType<SingleVariableDesignationSyntax>().ToList();
            if (designations.Count == 0) return result;
            if (conditional is BinaryExpressionSyntax { RawKind: not (int)SyntaxKind.LogicalAndExpression }) return null;
            foreach (var designation in designations)
            {
                // In the first operand, or in the right operand of a && (both make the whole expression true).
                var operand = first.Span.Contains(designation.Span) ? first
                    : conditional is BinaryExpressionSyntax { RawKind: (int)SyntaxKind.LogicalAndExpression } and && and.Right.Span.Contains(designation.Span) ? and.Right
                    : null;
                if (operand is null || designation.Parent is DeclarationExpressionSyntax) return null;
                for (var node = designation.Parent; node != operand && node is not null; node = node.Parent)
                {
                    if (node is UnaryPatternSyntax or BinaryPatternSyntax { RawKind: (int)SyntaxKind.OrPattern } or PrefixUnaryExpressionSyntax or ConditionalExpressionSyntax
                        || node is BinaryExpressionSyntax { RawKind: not (int)SyntaxKind.LogicalAndExpression }) return null;
                }

                if (_model.GetDeclaredSymbol(designation) is not ILocalSymbol local || !LoweringShapes.IsNameable(local.Type)) return null;
                result.Add((local, local.Type.ToDisplayString(SourceNames.TypeFormat), NewName(), designation));
            }

            return result;
        }

        /// <summary>The first operand with its pattern variables renamed (declarations and the reads inside it).</summary>
        private static ExpressionSyntax RenamePatternVariables(ExpressionSyntax test, List<(ILocalSymbol Local, string TypeName, string Renamed, SingleVariableDesignationSyntax Designation)> hoisted)
        {
            if (hoisted.Count == 0) return test;
            string? Renamed(string name) => hoisted.Where(h => h.Local.Name == name).Select(h => h.Renamed).FirstOrDefault();
            var designations = test.DescendantNodes().OfType<SingleVariableDesignationSyntax>().Where(d => Renamed(d.Identifier.ValueText) is not null);
            var reads = test.DescendantNodes().OfType<IdentifierNameSyntax>().Where(i => Renamed(i.Identifier.ValueText) is not null
                && !(i.Parent is MemberAccessExpressionSyntax m && m.Name == i) && i.Parent is not (MemberBindingExpressionSyntax or NameColonSyntax));
            return test.ReplaceNodes(designations.Cast<SyntaxNode>().Concat(reads), (original, rewritten) => rewritten switch
            {
                SingleVariableDesignationSyntax d => d.WithIdentifier(SyntaxFactory.Identifier(Renamed(d.Identifier.ValueText)!).WithTriviaFrom(d.Identifier)),
                IdentifierNameSyntax i => i.WithIdentifier(SyntaxFactory.Identifier(Renamed(i.Identifier.ValueText)!).WithTriviaFrom(i.Identifier)),
                _ => rewritten,
            });
        }

        /// <summary>
        /// A switch expression with an await in an arm: <c>T t; switch (e) { case p when g: { t = arm; } break; ... }</c>,
        /// the same patterns tested in the same order; only when its last arm matches anything (<c>_</c> or <c>var x</c>
        /// without when), so no value falls through to the exception a switch expression throws.
        /// </summary>
        private ExpressionSyntax Switch(SwitchExpressionSyntax switchExpression)
        {
            if (switchExpression.Arms.Any(a => ContainsAwait(a.Pattern) || (a.WhenClause is not null && ContainsAwait(a.WhenClause))))
            {
                return Fail("it is in a switch expression whose patterns or when clauses await, which is not spilled yet", switchExpression);
            }

            var last = switchExpression.Arms.Last();
            var catchAll = last.WhenClause is null && last.Pattern is DiscardPatternSyntax or VarPatternSyntax { Designation: SingleVariableDesignationSyntax or DiscardDesignationSyntax };
            var governingType = _model.GetTypeInfo(switchExpression.GoverningExpression).Type;
            if (!catchAll && (governingType is null || governingType.IsRefLikeType || governingType.TypeKind == TypeKind.Dynamic || !LoweringShapes.IsNameable(governingType)))
            {
                return Fail("it is in an arm of a switch expression without a catch-all arm whose input cannot be held in a temporary, which is not spilled", switchExpression);
            }

            var type = ConditionalSpill.ResultType(switchExpression, _model)?.ToDisplayString(SourceNames.TypeFormat);
            if (type is null) return Fail("it is in an arm of a switch expression whose type cannot be named, which is not spilled", switchExpression);
            var name = NewName();
            _template.Line(_depth, $"{type} {name};");
            var governing = LowerExpression(switchExpression.GoverningExpression);
            var input = catchAll ? null : Temporary(switchExpression.GoverningExpression, governing);
            _template.Line(_depth, "switch (" + (input ?? Print(switchExpression.GoverningExpression, governing.WithoutTrivia())) + ")");
            _template.Line(_depth, "{");
            _depth++;
            foreach (var arm in switchExpression.Arms)
            {
                var label = arm.Pattern is DiscardPatternSyntax ? "default:" : $"case {arm.Pattern.WithoutTrivia()}{(arm.WhenClause is null ? string.Empty : " " + arm.WhenClause.WithoutTrivia())}:";
                _template.Line(_depth, label);
                _depth++;
                Branch(name, arm.Expression);
                if (arm.Expression is not ThrowExpressionSyntax) _template.Line(_depth, "break;");
                _depth--;
            }

            if (input is not null)
            {
                // No arm matched: what the compiler's lowering throws (Roslyn's LocalRewriter, switch expressions).
                _template.Line(_depth, "default:");
                _template.Line(_depth + 1, "throw " + UnmatchedSwitchException(input) + ";");
            }

            _depth--;
            _template.Line(_depth, "}");
            return Named(name, switchExpression);
        }

        /// <summary>
        /// The exception a switch expression throws when no arm matches, as Roslyn lowers it: SwitchExpressionException with
        /// the unmatched value where that constructor exists, else its parameterless one, else InvalidOperationException.
        /// </summary>
        private string UnmatchedSwitchException(string input)
        {
            var exception = _model.Compilation.GetTypeByMetadataName("System.Runtime.CompilerServices.SwitchExpressionException");
            var constructors = exception?.InstanceConstructors.Where(c => c.DeclaredAccessibility == Accessibility.Public).ToList() ?? new List<IMethodSymbol>();
            if (constructors.Any(c => c.Parameters.Length == 1 && c.Parameters[0].Type.SpecialType == SpecialType.System_Object))
            {
                return $"new global::System.Runtime.CompilerServices.SwitchExpressionException({input})";
            }

            return constructors.Any(c => c.Parameters.Length == 0)
                ? "new global::System.Runtime.CompilerServices.SwitchExpressionException()"
                : "new global::System.InvalidOperationException()";
        }

        /// <summary>One branch of a written-out conditional: <c>{ ...; t = branch; }</c> (a throw expression throws),
        /// after <paramref name="first"/> lines.</summary>
        private void Branch(string name, ExpressionSyntax branch, IEnumerable<string>? first = null)
        {
            _template.Line(_depth, "{");
            _depth++;
            foreach (var line in first ?? Enumerable.Empty<string>()) _template.Line(_depth, line);
            var inTree = branch.SyntaxTree == _model.SyntaxTree;
            if (inTree && branch is ThrowExpressionSyntax throwExpression)
            {
                _template.Line(_depth, "throw " + Print(throwExpression.Expression, LowerExpression(throwExpression.Expression).WithoutTrivia()) + ";");
            }
            else
            {
                var value = inTree ? LowerExpression(branch) : branch;
                _template.Line(_depth, $"{name} = " + Print(inTree ? branch : value, value.WithoutTrivia()) + ";");
            }

            _depth--;
            _template.Line(_depth, "}");
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
