using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    // Spills out of assignments: the target's parts evaluated before the awaited value, compound and ??= assignments
    // written out, event accessors called.
    internal sealed partial class SpillLowering
    {
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
    }
}
