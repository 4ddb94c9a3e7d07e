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
    // Spills out of expressions that evaluate a part only sometimes: ?. accesses, ?: and ?? and && ||, switch
    // expressions, each branch written as a statement that assigns one temporary.
    internal sealed partial class SpillLowering
    {
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
    }
}
