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
    /// An await nested in a larger expression that can be spilled: awaited into a temporary just before its statement,
    /// which then reads the temporary. That is exact only when nothing the statement evaluates before the await could be
    /// different after it: C# evaluates operands left to right, so every operand evaluated earlier must be a value no
    /// pending await can change (a literal, a constant, <c>this</c>, a type, or a local or parameter nobody else can
    /// reach), and the await must be evaluated unconditionally each time its statement runs (not after <c>&amp;&amp;</c>,
    /// <c>||</c>, <c>??</c>, <c>?:</c> or <c>?.</c>). In a while or for condition, "its statement" is one iteration: the
    /// await spills at the top of each iteration, before the condition's test.
    /// </summary>
    internal static class Spills
    {
        /// <summary>The statement the await is spilled before, or null with the reason it cannot be.</summary>
        public static StatementSyntax? Of(AwaitExpressionSyntax awaitExpression, SyntaxNode body, SemanticModel model, out string reason)
            => Of(awaitExpression, body, model, out reason, out _);

        /// <summary>
        /// As above; <paramref name="conditional"/> is set when the await is itself a conditionally evaluated operand
        /// (<c>a &amp;&amp; await b</c>, <c>a || await b</c>, <c>a ?? await b</c>, <c>c ? await x : y</c>): then the whole
        /// conditional expression is what spills, into a temporary each branch assigns (see <see cref="ConditionalSpill"/>).
        /// </summary>
        public static StatementSyntax? Of(AwaitExpressionSyntax awaitExpression, SyntaxNode body, SemanticModel model, out string reason, out ExpressionSyntax? conditional)
        {
            conditional = null;
            reason = "it is nested inside a larger expression in a position that cannot be spilled yet";
            var statement = awaitExpression.Ancestors().TakeWhile(a => !AwaitSites.IsNestedFunction(a)).OfType<StatementSyntax>().FirstOrDefault();
            if (statement is null || !body.Contains(statement))
            {
                reason = "it is nested inside a larger expression body, which is not spilled yet (a block body with a return statement is)";
                return null;
            }

            var root = Root(statement, awaitExpression);
            if (root is null)
            {
                reason = statement switch
                {
                    // Only when HiddenAwaitLowering did not write the loop out (it does unless its reason says why not).
                    DoStatementSyntax => "it is nested in a do loop's condition, which is not split yet",
                    ForStatementSyntax f when f.Incrementors.Any(i => i.Span.Contains(awaitExpression.Span)) => "it is nested in a for loop's incrementor, which is not split yet",
                    ForStatementSyntax => "it is nested in a for loop's initializer that declares a ref local, which is not split",
                    _ => reason,
                };
                return null;
            }

            // Every await of the statement spills, in source order (which is evaluation order in the positions allowed
            // below); an earlier one is a temporary by the time a later one runs, so it counts as stable.
            var awaits = root.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)).OfType<AwaitExpressionSyntax>().ToList();
            if (awaits.Any(a => a != awaitExpression && (a.Span.Contains(awaitExpression.Span) || awaitExpression.Span.Contains(a.Span))))
            {
                reason = "it is nested in the operand of another await, which is not spilled yet";
                return null;
            }

            // In checked(...) or unchecked(...), the awaited operand is evaluated before the statement, out of the context.
            if (awaitExpression.Ancestors().TakeWhile(a => a != root.Parent).Any(a => a is CheckedExpressionSyntax) && OverflowSensitive(awaitExpression.Expression))
            {
                reason = "it is nested in a checked or unchecked expression, and its operand computes what the context changes, which is not spilled as it is";
                return null;
            }

            var earlier = awaits.Where(a => a.SpanStart < awaitExpression.SpanStart).ToList();
            for (SyntaxNode child = awaitExpression, parent = awaitExpression.Parent!; child != root; child = parent, parent = parent.Parent!)
            {
                // The await as the conditional operand itself: the conditional spills as a whole (once per statement). What
                // it evaluates before the await (its condition or left operand) runs in place, before the await, as in C#.
                if (conditional is null && (awaits.Count == 1 || ConditionalSpill.AwaitsBothBranches(parent, awaits))
                    && child is ExpressionSyntax operand && ConditionalSpill.Unparenthesized(operand) == awaitExpression && ConditionalSpill.Kind(parent, child, model) is not null)
                {
                    if (ConditionalSpill.DeclaresVariables(parent))
                    {
                        reason = "it is a conditional operand of an expression that declares a variable, which is not spilled yet";
                        return null;
                    }

                    conditional = (ExpressionSyntax)parent;
                    continue;
                }

                var why = EvaluatedFirst(parent, child, model, body, earlier);
                if (why is not null)
                {
                    reason = why;
                    return null;
                }
            }

            return statement;
        }

        /// <summary>The part of <paramref name="statement"/> that is evaluated once, before anything else it does, when it holds the await.</summary>
        private static SyntaxNode? Root(StatementSyntax statement, AwaitExpressionSyntax awaitExpression)
        {
            SyntaxNode? root = statement switch
            {
                ExpressionStatementSyntax e => e.Expression,
                ReturnStatementSyntax r => r.Expression,
                ThrowStatementSyntax t => t.Expression,
                IfStatementSyntax i => i.Condition,

                // A loop's condition is evaluated again on every iteration: the await spills at the top of each iteration
                // (the loop is written as `while (true) { spill; if (!condition) break; body }`), see SplitPoint.AwaitingLoop.
                WhileStatementSyntax w => w.Condition,
                ForStatementSyntax f => f.Condition,
                SwitchStatementSyntax s => s.Expression,
                ForEachStatementSyntax f when f.AwaitKeyword.RawKind == 0 => f.Expression,
                UsingStatementSyntax { AwaitKeyword.RawKind: 0 } u => (SyntaxNode?)u.Expression ?? (u.Declaration?.Variables.Count == 1 ? u.Declaration.Variables[0].Initializer?.Value : null),
                LocalDeclarationStatementSyntax { Declaration.Variables.Count: 1, AwaitKeyword.RawKind: 0 } d when !d.IsConst && d.Declaration.Type is not RefTypeSyntax => d.Declaration.Variables[0].Initializer?.Value,
                _ => null,
            };
            return root is not null && root.Span.Contains(awaitExpression.Span) ? root : null;
        }

        /// <summary>Null when <paramref name="child"/> is evaluated, unconditionally, before anything in <paramref name="parent"/>
        /// that is not a stable value; else why not.</summary>
        private static string? EvaluatedFirst(SyntaxNode parent, SyntaxNode child, SemanticModel model, SyntaxNode body, List<AwaitExpressionSyntax> earlier)
        {
            bool Stable(ExpressionSyntax expression, SemanticModel m, SyntaxNode b) => IsStable(expression, m, b, earlier);
            // A value argument must be one no pending await changes; one passed by reference (ref, out, in, or without
            // the keyword to an in parameter) is its location, which C# holds across the await: the callee reads or writes
            // what the variable holds at the call, wherever it is evaluated, when its receiver and indices are stable.
            bool ArgumentsBefore(ArgumentListSyntax arguments, SyntaxNode c, SemanticModel m, SyntaxNode b)
                => arguments.Arguments.TakeWhile(a => a != c).All(a => (a.RefKindKeyword.RawKind == 0 && Stable(a.Expression, m, b))
                    || ((a.RefKindKeyword.RawKind != 0 || m.GetOperation(a) is Microsoft.CodeAnalysis.Operations.IArgumentOperation { Parameter.RefKind: RefKind.In or RefKind.RefReadOnlyParameter })
                        && HeldLocation(a.Expression, m, b)));
            bool HeldLocation(ExpressionSyntax e, SemanticModel m, SyntaxNode b)
            {
                var symbol = m.GetSymbolInfo(e).Symbol;
                return e switch
                {
                    DeclarationExpressionSyntax => true,
                    IdentifierNameSyntax => symbol is ILocalSymbol { IsRef: false } or IParameterSymbol { RefKind: RefKind.None } or IFieldSymbol { IsStatic: true }
                        or IFieldSymbol { ContainingType.IsValueType: false },
                    MemberAccessExpressionSyntax { Expression: ThisExpressionSyntax } => symbol is IFieldSymbol { ContainingType.IsValueType: false },
                    ElementAccessExpressionSyntax element => m.GetTypeInfo(element.Expression).Type is IArrayTypeSymbol && IsStableLocation(e, m, b, earlier),
                    _ => symbol is IFieldSymbol && IsStableLocation(e, m, b, earlier),
                };
            }

            bool StableCallee(ExpressionSyntax callee, SemanticModel m, SyntaxNode b)
            {
                if (m.GetSymbolInfo(callee).Symbol is not IMethodSymbol method) return false;
                return callee switch
                {
                    IdentifierNameSyntax or GenericNameSyntax => true,
                    MemberAccessExpressionSyntax access => Stable(access.Expression, m, b) || StructVariableReceiver(access.Expression, method, m, b, earlier),
                    _ => false,
                };
            }

            bool IsDeconstructionTarget(ExpressionSyntax target) => target switch
            {
                DeclarationExpressionSyntax => true,
                TupleExpressionSyntax tuple => tuple.Arguments.All(a => Stable(a.Expression, model, body) || IsDeconstructionTarget(a.Expression)),
                _ => false,
            };

            const string conditional = "it is nested in an operand that is evaluated conditionally (&&, ||, ??, ?:, ?. or a switch arm), which is not spilled yet";
            switch (parent)
            {
                case CheckedExpressionSyntax:
                    return null; // the operand awaited is checked above; what the context changes runs after the await, in place
                case ParenthesizedExpressionSyntax or CastExpressionSyntax or PrefixUnaryExpressionSyntax { RawKind: not ((int)SyntaxKind.PreIncrementExpression or (int)SyntaxKind.PreDecrementExpression) }
                    or AwaitExpressionSyntax or EqualsValueClauseSyntax or ArgumentSyntax { RefKindKeyword.RawKind: 0 }:
                    return null;
                case MemberAccessExpressionSyntax memberAccess when memberAccess.Expression == child:
                    return null;
                case InvocationExpressionSyntax:
                    return null; // the receiver is evaluated first; arguments are decided at their list, below
                case ArgumentListSyntax { Parent: InvocationExpressionSyntax invocation } arguments:
                    return StableCallee(invocation.Expression, model, body) && ArgumentsBefore(arguments, child, model, body) ? null : Changing();
                case BaseObjectCreationExpressionSyntax creation when creation.ArgumentList == child:
                    return null; // the arguments are evaluated first; each is decided at their list, below
                case ArgumentListSyntax { Parent: BaseObjectCreationExpressionSyntax creation } arguments:
                    return creation.Initializer is null && ArgumentsBefore(arguments, child, model, body) ? null : Changing();
                case PostfixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.SuppressNullableWarningExpression }:
                    return null;
                case BinaryExpressionSyntax binary:
                    if (binary.IsKind(SyntaxKind.LogicalAndExpression) || binary.IsKind(SyntaxKind.LogicalOrExpression) || binary.IsKind(SyntaxKind.CoalesceExpression))
                    {
                        return binary.Left == child ? null : conditional;
                    }

                    return binary.Left == child || Stable(binary.Left, model, body) ? null : Changing();
                case ConditionalExpressionSyntax conditionalExpression:
                    return conditionalExpression.Condition == child ? null : conditional;
                case IsPatternExpressionSyntax isPattern when isPattern.Expression == child:
                    return null;
                case AssignmentExpressionSyntax { RawKind: (int)SyntaxKind.CoalesceAssignmentExpression }:
                    return "it is the right side of ??=, which evaluates it only when the left side is null";
                case AssignmentExpressionSyntax eventAssignment when eventAssignment.Right == child && model.GetOperation(eventAssignment) is Microsoft.CodeAnalysis.Operations.IEventAssignmentOperation:
                    // E += R calls the accessor after R and reads nothing from the event first: only its receiver is evaluated before.
                    return IsThisMember(eventAssignment.Left)
                           || (eventAssignment.Left is MemberAccessExpressionSyntax eventAccess
                               && (model.GetSymbolInfo(eventAccess).Symbol is IEventSymbol { IsStatic: true } || Stable(eventAccess.Expression, model, body)))
                        ? null
                        : Changing();
                case AssignmentExpressionSyntax assignment when assignment.Right == child:
                    // The target is evaluated (and for a compound assignment read) before the right side.
                    if (assignment.IsKind(SyntaxKind.SimpleAssignmentExpression)
                        && (IsThisMember(assignment.Left) || IsDeconstructionTarget(assignment.Left) || IsStableLocation(assignment.Left, model, body, earlier)))
                    {
                        return null;
                    }

                    return Stable(assignment.Left, model, body) ? null : Changing();
                case InterpolationSyntax:
                    return null;
                case InterpolatedStringExpressionSyntax interpolated:
                    // Each earlier hole is formatted before the await: only a string (whose formatting is itself) is the same after it.
                    return interpolated.Contents.TakeWhile(c => !c.Span.Contains(child.Span)).All(c => c is InterpolatedStringTextSyntax
                            || (c is InterpolationSyntax { AlignmentClause: null, FormatClause: null } i && Stable(i.Expression, model, body)
                                && model.GetTypeInfo(i.Expression).Type?.SpecialType == SpecialType.System_String))
                        ? null
                        : Changing();
                case TupleExpressionSyntax tuple:
                    return tuple.Arguments.TakeWhile(a => a != child).All(a => Stable(a.Expression, model, body)) ? null : Changing();
                case ElementAccessExpressionSyntax elementAccess when elementAccess.Expression == child:
                    return null;
                case SwitchExpressionSyntax switchExpression when switchExpression.GoverningExpression == child:
                    return null;
                case ConditionalAccessExpressionSyntax conditionalAccess when conditionalAccess.Expression == child:
                    return null;
                case ConditionalAccessExpressionSyntax or SwitchExpressionArmSyntax or SwitchExpressionSyntax:
                    return conditional;
                default:
                    return $"it is nested inside a '{parent.Kind()}' expression, which is not spilled yet";
            }
        }

        /// <summary>Whether <paramref name="expression"/> has an operation a checked or unchecked context can change
        /// (arithmetic, a conversion, an increment; conservatively any binary or unary operator and any cast).</summary>
        public static bool OverflowSensitive(ExpressionSyntax expression)
            => expression.DescendantNodesAndSelf().Any(n => n is BinaryExpressionSyntax or CastExpressionSyntax or CheckedExpressionSyntax
                or PrefixUnaryExpressionSyntax or PostfixUnaryExpressionSyntax { RawKind: not (int)SyntaxKind.SuppressNullableWarningExpression }
                or AssignmentExpressionSyntax { RawKind: not (int)SyntaxKind.SimpleAssignmentExpression });

        private static string Changing() => "it is nested after an operand that is evaluated before it and could change while it is pending (a field, a property or a call), which is not spilled";

        private static bool IsThisMember(ExpressionSyntax target)
            => target is IdentifierNameSyntax || target is MemberAccessExpressionSyntax { Expression: ThisExpressionSyntax, Name: IdentifierNameSyntax };

        /// <summary>
        /// A simple assignment's target whose receiver and indices cannot differ whether they are evaluated before or after a
        /// pending await (a field or property of a stable receiver, or of a struct that is itself such a location; an
        /// element at stable indices of a stable receiver): storing the awaited value into it after the await is the same
        /// store. (SpillLowering writes other receivers and indices into temporaries first.)
        /// </summary>
        private static bool IsStableLocation(ExpressionSyntax target, SemanticModel model, SyntaxNode body, List<AwaitExpressionSyntax> earlier)
        {
            switch (target)
            {
                case MemberAccessExpressionSyntax { Name: IdentifierNameSyntax } memberAccess when model.GetSymbolInfo(memberAccess).Symbol is IFieldSymbol or IPropertySymbol:
                    if (IsStable(memberAccess.Expression, model, body, earlier)) return true;
                    return model.GetTypeInfo(memberAccess.Expression).Type is { IsValueType: true }
                           && (IsThisMember(memberAccess.Expression) && model.GetSymbolInfo(memberAccess.Expression).Symbol is IFieldSymbol { ContainingType.IsValueType: false }
                               || IsStableLocation(memberAccess.Expression, model, body, earlier));
                case ElementAccessExpressionSyntax elementAccess:
                    return IsStable(elementAccess.Expression, model, body, earlier)
                           && elementAccess.ArgumentList.Arguments.All(a => a.RefKindKeyword.RawKind == 0 && IsStable(a.Expression, model, body, earlier));
                default:
                    return false;
            }
        }

        /// <summary>
        /// A struct receiver that is a variable no pending await can move (a mutable field of this class, or a field of such
        /// a location): C# calls an instance method on the variable itself, by reference, after the arguments, so calling
        /// it there after the await is the same call. (Not an extension method taking the struct by value: that copies it
        /// first.)
        /// </summary>
        private static bool StructVariableReceiver(ExpressionSyntax receiver, IMethodSymbol method, SemanticModel model, SyntaxNode body, List<AwaitExpressionSyntax> earlier)
        {
            if (method.MethodKind == MethodKind.ReducedExtension && method.ReducedFrom?.Parameters.FirstOrDefault()?.RefKind is null or RefKind.None) return false;
            if (model.GetTypeInfo(receiver).Type is not { IsValueType: true }) return false;
            return (IsThisMember(receiver) && model.GetSymbolInfo(receiver).Symbol is IFieldSymbol { IsReadOnly: false } field && (field.IsStatic || !field.ContainingType.IsValueType))
                   || (model.GetSymbolInfo(receiver).Symbol is IFieldSymbol { IsReadOnly: false } && IsStableLocation(receiver, model, body, earlier));
        }

        /// <summary>As below, for an operand of a statement with no earlier await.</summary>
        internal static bool IsStable(ExpressionSyntax expression, SemanticModel model, SyntaxNode body) => IsStable(expression, model, body, new List<AwaitExpressionSyntax>());

        /// <summary>An operand whose value cannot differ whether it is read before or after a pending await (an earlier await
        /// of the statement is a temporary by then).</summary>
        private static bool IsStable(ExpressionSyntax expression, SemanticModel model, SyntaxNode body, List<AwaitExpressionSyntax> earlier)
        {
            switch (expression)
            {
                case LiteralExpressionSyntax or ThisExpressionSyntax or BaseExpressionSyntax or TypeOfExpressionSyntax or DefaultExpressionSyntax:
                    return true;
                case AwaitExpressionSyntax awaited when earlier.Contains(awaited):
                    return true;
                case ParenthesizedExpressionSyntax parenthesized:
                    return IsStable(parenthesized.Expression, model, body, earlier);
                case PostfixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.SuppressNullableWarningExpression } suppressed:
                    // 'x!' is x: kept in place, so a dereference of it still tells the compiler x is not null afterwards
                    // (a temporary would leave x maybe-null for the statements after: CS8602 where the body has none).
                    return IsStable(suppressed.Operand, model, body, earlier);
            }

            // Converted by a user-defined operator: C# calls it before the await, so reading the operand later would call it later.
            if (model.GetConversion(expression).IsUserDefined) return false;
            if (model.GetConstantValue(expression).HasValue) return true;
            var symbol = model.GetSymbolInfo(expression).Symbol;
            if (symbol is ITypeSymbol or INamespaceSymbol) return true;
            if (expression is not IdentifierNameSyntax identifier) return false;
            return symbol switch
            {
                ILocalSymbol { IsRef: false } local => Unreachable(local, identifier, model, body) && !WrittenLater(local, identifier, model),
                IParameterSymbol { RefKind: RefKind.None, IsThis: false } parameter => Unreachable(parameter, identifier, model, body) && !WrittenLater(parameter, identifier, model),
                _ => false,
            };
        }

        /// <summary>
        /// Whether the expression <paramref name="use"/> is part of (its statement's root: a condition, an initializer, the
        /// expression of an expression statement) writes <paramref name="variable"/> after reading it (<c>x + await F(x = 1)</c>,
        /// <c>x + await F(out x)</c>): its value is read before that write, so reading it after the await would differ.
        /// </summary>
        private static bool WrittenLater(ISymbol variable, IdentifierNameSyntax use, SemanticModel model)
        {
            SyntaxNode root = use;
            while (root.Parent is { } parent && parent is not StatementSyntax && parent is not ArrowExpressionClauseSyntax && !AwaitSites.IsNestedFunction(parent)) root = parent;
            foreach (var identifier in root.DescendantNodes(n => !AwaitSites.IsNestedFunction(n)).OfType<IdentifierNameSyntax>())
            {
                if (identifier.SpanStart <= use.SpanStart || identifier.Identifier.ValueText != variable.Name) continue;
                var written = FastPathClassifier.IsWriteTarget(identifier) || identifier.Parent is ArgumentSyntax { Parent: TupleExpressionSyntax { Parent: AssignmentExpressionSyntax } };
                if (written && SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(identifier).Symbol, variable)) return true;
            }

            return false;
        }

        /// <summary>A local or parameter no lambda captures and no ref is taken to: only this method's own code changes it.</summary>
        private static bool Unreachable(ISymbol variable, IdentifierNameSyntax use, SemanticModel model, SyntaxNode body)
        {
            foreach (var node in body.DescendantNodes())
            {
                switch (node)
                {
                    case AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax:
                        var flow = node is LocalFunctionStatementSyntax { Body: { } localBody } ? RegionFlow.DataFlow(model, localBody)
                            : node is LocalFunctionStatementSyntax { ExpressionBody: { } arrow } ? RegionFlow.DataFlow(model, arrow.Expression)
                            : node is AnonymousFunctionExpressionSyntax lambda ? RegionFlow.DataFlow(model, lambda) : null;
                        if (flow is null || !flow.Succeeded || flow.Captured.Contains(variable, SymbolEqualityComparer.Default)) return false;
                        break;
                    case ArgumentSyntax { RefKindKeyword.RawKind: not 0 } argument when argument.Expression is IdentifierNameSyntax name && name.Identifier.ValueText == variable.Name:
                    case RefExpressionSyntax { Expression: IdentifierNameSyntax refName } when refName.Identifier.ValueText == variable.Name:
                        return false;
                }
            }

            return true;
        }
    }
}
