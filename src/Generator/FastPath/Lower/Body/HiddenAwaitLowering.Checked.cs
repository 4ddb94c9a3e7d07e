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
    /// A <c>checked { ... }</c> or <c>unchecked { ... }</c> statement holding an await, written out without the statement:
    /// the context is lexical, so each of its statements keeps it on its own. A statement without an await becomes
    /// <c>checked { S }</c> (a local declaration keeps its own scope: its initializers become <c>checked(...)</c>); in a
    /// statement with an await every expression it evaluates (conditions, initializers, operands, arguments, returned
    /// values) becomes <c>checked(...)</c>, an awaited operand inside the await, and its nested statements the same way.
    /// Only expressions with an operation the context changes are wrapped. A statement whose parts cannot be kept in the
    /// context that way (a compound assignment or increment with an await, a for incrementor, a variable an expression
    /// declares for the statements after it, a local function, a label) leaves the checked statement as it is.
    /// </summary>
    internal sealed partial class HiddenAwaitLowering
    {
        public override SyntaxNode? VisitCheckedStatement(CheckedStatementSyntax node)
        {
            var visited = (CheckedStatementSyntax)base.VisitCheckedStatement(node)!;
            if (_nested > 0 || !HoldsAwait(node.Block)) return visited;
            if (_forcedReason is not null) return NotLowered(node, visited, _forcedReason);
            var keyword = node.Keyword.ValueText;
            var written = new CheckedWriter(keyword, _model, DeclaresUnderscore(node)).Statements(visited.Block.Statements);
            if (written is null) return NotLowered(node, visited, "it is inside a '" + keyword + "' statement whose statements cannot each keep the context (an increment or decrement with an await, or a statement of a kind that is not written out)");
            _loweredAny = true;
            return visited.Block.WithStatements(SyntaxFactory.List(written)).WithTriviaFrom(node);
        }

        /// <summary>Whether the method holding <paramref name="node"/> declares a parameter or variable named <c>_</c> (outside its lambdas).</summary>
        private static bool DeclaresUnderscore(SyntaxNode node)
        {
            var method = node.Ancestors().OfType<BaseMethodDeclarationSyntax>().FirstOrDefault() ?? node.Ancestors().Last();
            return method.DescendantNodes(n => !AwaitSites.IsNestedFunction(n)).Any(n => n switch
            {
                ParameterSyntax p => p.Identifier.ValueText == "_" && p.Parent?.Parent is BaseMethodDeclarationSyntax,
                VariableDeclaratorSyntax v => v.Identifier.ValueText == "_",
                SingleVariableDesignationSyntax d => d.Identifier.ValueText == "_",
                ForEachStatementSyntax f => f.Identifier.ValueText == "_",
                CatchDeclarationSyntax c => c.Identifier.ValueText == "_",
                _ => false,
            });
        }

        private sealed class CheckedWriter
        {
            private readonly string _keyword;
            private readonly SemanticModel _model;

            // A variable named '_' in scope: '_ = checked(...)' would assign it instead of discarding.
            private readonly bool _underscoreDeclared;

            public CheckedWriter(string keyword, SemanticModel model, bool underscoreDeclared)
            {
                _keyword = keyword;
                _model = model;
                _underscoreDeclared = underscoreDeclared;
            }

            public List<StatementSyntax>? Statements(IEnumerable<StatementSyntax> statements)
            {
                var result = new List<StatementSyntax>();
                foreach (var statement in statements)
                {
                    var written = Statement(statement);
                    if (written is null) return null;
                    result.Add(written);
                }

                return result;
            }

            private StatementSyntax? Statement(StatementSyntax statement)
            {
                if (statement is LabeledStatementSyntax labeled)
                {
                    // The label stays where it was, in the same block: a goto reaches it as before.
                    var inner = Statement(labeled.Statement);
                    return inner is null ? null : labeled.WithStatement(inner);
                }

                if (statement is LocalFunctionStatementSyntax function) return LocalFunction(function);
                if (statement is LocalDeclarationStatementSyntax declaration)
                {
                    if (declaration.IsConst || declaration.Declaration.Type is RefTypeSyntax) return Sensitive(declaration) ? null : declaration;
                    return declaration.WithDeclaration(WrapInitializers(declaration.Declaration));
                }

                // A statement without an await becomes checked { S }, unless an expression of it declares a variable the
                // statements after it use (F(out var x);): a block would end its scope, so its expressions keep the context.
                if (!HoldsAwait(statement) && !DeclaresForLater(statement))
                {
                    if (!Sensitive(statement)) return statement;
                    return SyntaxFactory.CheckedStatement(_keyword == "checked" ? SyntaxKind.CheckedStatement : SyntaxKind.UncheckedStatement,
                        SyntaxFactory.Block(statement.WithoutTrivia())).NormalizeWhitespace().WithTriviaFrom(statement);
                }

                switch (statement)
                {
                    case BlockSyntax block:
                        var inner = Statements(block.Statements);
                        return inner is null ? null : block.WithStatements(SyntaxFactory.List(inner));
                    case CheckedStatementSyntax nested:
                        var nestedStatements = new CheckedWriter(nested.Keyword.ValueText, _model, _underscoreDeclared).Statements(nested.Block.Statements);
                        return nestedStatements is null ? null : nested.Block.WithStatements(SyntaxFactory.List(nestedStatements)).WithTriviaFrom(nested);
                    case ExpressionStatementSyntax expressionStatement:
                        var expression = StatementExpression(expressionStatement.Expression);
                        return expression is null ? null : expressionStatement.WithExpression(expression);
                    case EmptyStatementSyntax or BreakStatementSyntax or ContinueStatementSyntax or GotoStatementSyntax or YieldStatementSyntax { RawKind: (int)SyntaxKind.YieldBreakStatement }:
                        return statement;
                    case ReturnStatementSyntax returnStatement:
                        return returnStatement.Expression is null ? returnStatement : returnStatement.WithExpression(Wrap(returnStatement.Expression));
                    case ThrowStatementSyntax throwStatement:
                        return throwStatement.Expression is null ? throwStatement : throwStatement.WithExpression(Wrap(throwStatement.Expression));
                    case IfStatementSyntax ifStatement:
                    {
                        var then = Statement(ifStatement.Statement);
                        var otherwise = ifStatement.Else is null ? null : Statement(ifStatement.Else.Statement);
                        if (then is null || (ifStatement.Else is not null && otherwise is null)) return null;
                        return ifStatement.WithCondition(Wrap(ifStatement.Condition)).WithStatement(then).WithElse(ifStatement.Else?.WithStatement(otherwise!));
                    }

                    case WhileStatementSyntax whileStatement:
                    {
                        var loopBody = Statement(whileStatement.Statement);
                        return loopBody is null ? null : whileStatement.WithCondition(Wrap(whileStatement.Condition)).WithStatement(loopBody);
                    }

                    case DoStatementSyntax doStatement:
                    {
                        var loopBody = Statement(doStatement.Statement);
                        return loopBody is null ? null : doStatement.WithCondition(Wrap(doStatement.Condition)).WithStatement(loopBody);
                    }

                    case ForStatementSyntax forStatement:
                    {
                        if (forStatement.Declaration?.Type is RefTypeSyntax) return null;
                        var initializers = forStatement.Initializers.Select(StatementExpression).ToList();
                        var incrementors = forStatement.Incrementors.Select(StatementExpression).ToList();
                        var loopBody = Statement(forStatement.Statement);
                        if (loopBody is null || initializers.Any(i => i is null) || incrementors.Any(i => i is null)) return null;
                        return forStatement.WithDeclaration(forStatement.Declaration is null ? null : WrapInitializers(forStatement.Declaration))
                            .WithInitializers(SyntaxFactory.SeparatedList(initializers.Select(i => i!), forStatement.Initializers.GetSeparators()))
                            .WithCondition(forStatement.Condition is null ? null : Wrap(forStatement.Condition))
                            .WithIncrementors(SyntaxFactory.SeparatedList(incrementors.Select(i => i!), forStatement.Incrementors.GetSeparators()))
                            .WithStatement(loopBody);
                    }

                    case ForEachStatementSyntax forEach:
                    {
                        var loopBody = Statement(forEach.Statement);
                        return loopBody is null ? null : forEach.WithExpression(Wrap(forEach.Expression)).WithStatement(loopBody);
                    }

                    case TryStatementSyntax tryStatement:
                    {
                        var tryBlock = BlockOf(tryStatement.Block);
                        if (tryBlock is null) return null;
                        var catches = new List<CatchClauseSyntax>();
                        foreach (var catchClause in tryStatement.Catches)
                        {
                            var catchBlock = BlockOf(catchClause.Block);
                            if (catchBlock is null) return null;
                            var filter = catchClause.Filter is null ? null : catchClause.Filter.WithFilterExpression(Wrap(catchClause.Filter.FilterExpression));
                            catches.Add(catchClause.WithBlock(catchBlock).WithFilter(filter));
                        }

                        var finallyBlock = tryStatement.Finally is null ? null : BlockOf(tryStatement.Finally.Block);
                        if (tryStatement.Finally is not null && finallyBlock is null) return null;
                        return tryStatement.WithBlock(tryBlock).WithCatches(SyntaxFactory.List(catches)).WithFinally(tryStatement.Finally?.WithBlock(finallyBlock!));
                    }

                    case UsingStatementSyntax usingStatement:
                    {
                        if (usingStatement.Declaration?.Type is RefTypeSyntax) return null;
                        var usingBody = Statement(usingStatement.Statement);
                        if (usingBody is null) return null;
                        return usingStatement.WithDeclaration(usingStatement.Declaration is null ? null : WrapInitializers(usingStatement.Declaration)).WithExpression(usingStatement.Expression is null ? null : Wrap(usingStatement.Expression)).WithStatement(usingBody);
                    }

                    case SwitchStatementSyntax switchStatement:
                    {
                        var sections = new List<SwitchSectionSyntax>();
                        foreach (var section in switchStatement.Sections)
                        {
                            var labels = section.Labels.Select(Label).ToList();
                            if (labels.Any(l => l is null)) return null;
                            var sectionStatements = Statements(section.Statements);
                            if (sectionStatements is null) return null;
                            sections.Add(section.WithLabels(SyntaxFactory.List(labels.Select(l => l!))).WithStatements(SyntaxFactory.List(sectionStatements)));
                        }

                        return switchStatement.WithExpression(Wrap(switchStatement.Expression)).WithSections(SyntaxFactory.List(sections));
                    }

                    default:
                        return null;
                }
            }

            /// <summary>
            /// A switch label in the context: a <c>when</c> clause is an expression evaluated at run time, so it is wrapped
            /// like a condition (<c>case int w when checked(w + 1 > v):</c>). A pattern or case value with an operation is
            /// a constant the context decides at compile time (an overflow is an error only in a checked one): null.
            /// </summary>
            private SwitchLabelSyntax? Label(SwitchLabelSyntax label) => label switch
            {
                CasePatternSwitchLabelSyntax pattern when Sensitive(pattern.Pattern) => null,
                CasePatternSwitchLabelSyntax { WhenClause: { } when } pattern => pattern.WithWhenClause(when.WithCondition(Wrap(when.Condition))),
                CaseSwitchLabelSyntax value when Sensitive(value.Value) => null,
                _ => label,
            };

            /// <summary>
            /// A try, catch or finally block written out: a block without an await comes back as <c>checked { ... }</c>,
            /// which a try statement cannot hold as its block, so it goes inside one (<c>finally { checked { ... } }</c>).
            /// </summary>
            private BlockSyntax? BlockOf(BlockSyntax block) => Statement(block) switch
            {
                null => null,
                BlockSyntax written => written,
                var written => SyntaxFactory.Block(written.WithoutTrivia()).WithTriviaFrom(block),
            };

            /// <summary>
            /// The expression of an expression statement (or a for initializer or incrementor), its evaluated parts in the
            /// context. A compound assignment is itself an operation the context changes: <c>_ = checked(x += e)</c> keeps
            /// it whole (an event's <c>+=</c> and <c>??=</c> are not: only their right side is wrapped); an increment or
            /// decrement without an await too. Null for an increment or decrement with an await.
            /// </summary>
            private ExpressionSyntax? StatementExpression(ExpressionSyntax expression)
            {
                if (!Sensitive(expression)) return expression;
                switch (expression)
                {
                    case AwaitExpressionSyntax awaitExpression:
                        return Wrap(awaitExpression);
                    case AssignmentExpressionSyntax { RawKind: (int)SyntaxKind.SimpleAssignmentExpression } assignment:
                        return Sensitive(assignment.Left) ? null : assignment.WithRight(Wrap(assignment.Right));
                    case AssignmentExpressionSyntax { RawKind: (int)SyntaxKind.CoalesceAssignmentExpression } coalesce:
                        return Sensitive(coalesce.Left) ? null : coalesce.WithRight(Wrap(coalesce.Right));
                    case AssignmentExpressionSyntax { RawKind: (int)SyntaxKind.AddAssignmentExpression or (int)SyntaxKind.SubtractAssignmentExpression } eventAssignment when IsEventAssignment(eventAssignment):
                        return Sensitive(eventAssignment.Left) ? null : eventAssignment.WithRight(Wrap(eventAssignment.Right));
                    case AssignmentExpressionSyntax when _underscoreDeclared:
                    case PrefixUnaryExpressionSyntax or PostfixUnaryExpressionSyntax when _underscoreDeclared:
                        return null;
                    case AssignmentExpressionSyntax compound when !IsEventAssignment(compound):
                    case PrefixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.PreIncrementExpression or (int)SyntaxKind.PreDecrementExpression } when !HoldsAwait(expression):
                    case PostfixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.PostIncrementExpression or (int)SyntaxKind.PostDecrementExpression } when !HoldsAwait(expression):
                        // Its value discarded, the whole operation in the context (an awaited operand inside it is spilled).
                        return SyntaxFactory.AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, SyntaxFactory.ParseExpression("_"), WrapWhole(expression))
                            .NormalizeWhitespace().WithTriviaFrom(expression);
                    case InvocationExpressionSyntax invocation:
                        if (invocation.ArgumentList.Arguments.Any(a => a.RefKindKeyword.RawKind != 0 && Sensitive(a.Expression))) return null;
                        var callee = invocation.Expression switch
                        {
                            MemberAccessExpressionSyntax access => access.WithExpression(Wrap(access.Expression)),
                            IdentifierNameSyntax or GenericNameSyntax => invocation.Expression,
                            _ => null,
                        };
                        if (callee is null) return null;
                        return invocation.WithExpression(callee).WithArgumentList(invocation.ArgumentList.WithArguments(SyntaxFactory.SeparatedList(
                            invocation.ArgumentList.Arguments.Select(a => a.RefKindKeyword.RawKind != 0 ? a : a.WithExpression(Wrap(a.Expression))),
                            invocation.ArgumentList.Arguments.GetSeparators())));
                    default:
                        return Sensitive(expression) ? null : expression;
                }
            }

            /// <summary>
            /// A local function keeps the context of the statement it was declared in: its body in a checked (unchecked)
            /// statement, an expression body as a block that returns it (or evaluates it, for a void or non-generic Task
            /// result of an async function).
            /// </summary>
            private StatementSyntax LocalFunction(LocalFunctionStatementSyntax function)
            {
                if (!Sensitive(function)) return function;
                var kind = _keyword == "checked" ? SyntaxKind.CheckedStatement : SyntaxKind.UncheckedStatement;
                if (function.Body is { } body)
                {
                    return function.WithBody(SyntaxFactory.Block(SyntaxFactory.CheckedStatement(kind, body.WithoutTrivia())).NormalizeWhitespace().WithTriviaFrom(body));
                }

                var expression = function.ExpressionBody!.Expression;
                var isAsync = function.Modifiers.Any(m => m.IsKind(SyntaxKind.AsyncKeyword));
                var noValue = function.ReturnType is PredefinedTypeSyntax { Keyword.RawKind: (int)SyntaxKind.VoidKeyword }
                              || (isAsync && function.ReturnType is IdentifierNameSyntax { Identifier.ValueText: "Task" or "ValueTask" } or QualifiedNameSyntax { Right: IdentifierNameSyntax { Identifier.ValueText: "Task" or "ValueTask" } } or AliasQualifiedNameSyntax { Name: IdentifierNameSyntax { Identifier.ValueText: "Task" or "ValueTask" } });
                StatementSyntax inner = expression is ThrowExpressionSyntax throwExpression ? SyntaxFactory.ThrowStatement(throwExpression.Expression.WithoutTrivia())
                    : noValue ? SyntaxFactory.ExpressionStatement(expression.WithoutTrivia())
                    : SyntaxFactory.ReturnStatement(expression.WithoutTrivia());
                return function.WithExpressionBody(null).WithSemicolonToken(default)
                    .WithBody(SyntaxFactory.Block(SyntaxFactory.CheckedStatement(kind, SyntaxFactory.Block(inner))).NormalizeWhitespace())
                    .WithTriviaFrom(function);
            }

            /// <summary>Whether <paramref name="assignment"/> (a copy whose await carries its place in the user's source) adds
            /// or removes an event handler: only its right side is evaluated in the context.</summary>
            private bool IsEventAssignment(AssignmentExpressionSyntax assignment)
            {
                if (!assignment.IsKind(SyntaxKind.AddAssignmentExpression) && !assignment.IsKind(SyntaxKind.SubtractAssignmentExpression)) return false;
                var origin = assignment.Right.DescendantNodesAndSelf().Select(n => n.GetAnnotations(LoweredBody.OriginKind).FirstOrDefault()?.Data).FirstOrDefault(d => d is not null);
                if (origin is null) return false; // without an await: nothing to find it by (a for incrementor E += h; kept whole, it would not compile, and the body forwards)

                var parts = origin.Split(',');
                var span = new Microsoft.CodeAnalysis.Text.TextSpan(int.Parse(parts[0], System.Globalization.CultureInfo.InvariantCulture), int.Parse(parts[1], System.Globalization.CultureInfo.InvariantCulture));
                var original = _model.SyntaxTree.GetRoot().FindNode(span, getInnermostNodeForTie: true);
                var originalAssignment = original.AncestorsAndSelf().OfType<AssignmentExpressionSyntax>().FirstOrDefault();
                return originalAssignment is not null && _model.GetOperation(originalAssignment) is Microsoft.CodeAnalysis.Operations.IEventAssignmentOperation;
            }

            /// <summary><paramref name="expression"/> whole in the context: <c>checked(e)</c>.</summary>
            private ExpressionSyntax WrapWhole(ExpressionSyntax expression)
            {
                var kind = _keyword == "checked" ? SyntaxKind.CheckedExpression : SyntaxKind.UncheckedExpression;
                return SyntaxFactory.CheckedExpression(kind, SyntaxFactory.Token(_keyword == "checked" ? SyntaxKind.CheckedKeyword : SyntaxKind.UncheckedKeyword),
                    SyntaxFactory.Token(SyntaxKind.OpenParenToken), expression.WithoutTrivia(), SyntaxFactory.Token(SyntaxKind.CloseParenToken));
            }

            /// <summary>The declaration with each variable's initializer in the context (<see cref="Wrap"/>).</summary>
            private VariableDeclarationSyntax WrapInitializers(VariableDeclarationSyntax declaration)
                => declaration.WithVariables(SyntaxFactory.SeparatedList(
                    declaration.Variables.Select(v => v.Initializer is null ? v : v.WithInitializer(v.Initializer.WithValue(Wrap(v.Initializer.Value)))),
                    declaration.Variables.GetSeparators()));

            /// <summary><paramref name="expression"/> in the context, when it has an operation the context changes; an
            /// awaited operand wrapped inside the await (<c>await checked(e)</c>), so a plain await stays one.</summary>
            private ExpressionSyntax Wrap(ExpressionSyntax expression)
            {
                if (!Sensitive(expression)) return expression;
                if (expression is AwaitExpressionSyntax awaitExpression) return awaitExpression.WithExpression(Wrap(awaitExpression.Expression));
                var kind = _keyword == "checked" ? SyntaxKind.CheckedExpression : SyntaxKind.UncheckedExpression;
                return SyntaxFactory.CheckedExpression(kind, SyntaxFactory.Token(_keyword == "checked" ? SyntaxKind.CheckedKeyword : SyntaxKind.UncheckedKeyword),
                    SyntaxFactory.Token(SyntaxKind.OpenParenToken), expression.WithoutTrivia(), SyntaxFactory.Token(SyntaxKind.CloseParenToken)).WithTriviaFrom(expression);
            }

            /// <summary>Whether the context can change what <paramref name="node"/> does: an operator, a cast, an
            /// increment, a compound assignment, an array creation, or a nested checked or unchecked construct.</summary>
            private static bool Sensitive(SyntaxNode node)
                => node.DescendantNodesAndSelf().Any(n => n is BinaryExpressionSyntax or CastExpressionSyntax or CheckedExpressionSyntax or CheckedStatementSyntax
                    or ArrayCreationExpressionSyntax or ImplicitArrayCreationExpressionSyntax or StackAllocArrayCreationExpressionSyntax
                    or PrefixUnaryExpressionSyntax or PostfixUnaryExpressionSyntax { RawKind: not (int)SyntaxKind.SuppressNullableWarningExpression }
                    or AssignmentExpressionSyntax { RawKind: not (int)SyntaxKind.SimpleAssignmentExpression });

            /// <summary>Whether an expression of the statement itself (not of a statement nested in it) declares a
            /// variable the statements after it can use (<c>F(out var x);</c>, <c>if (!(o is int i)) return;</c>).</summary>
            private static bool DeclaresForLater(StatementSyntax statement)
            {
                if (statement is BlockSyntax or CheckedStatementSyntax or LocalDeclarationStatementSyntax) return false;
                return statement.DescendantNodes(n => n == statement || (n is not StatementSyntax && !AwaitSites.IsNestedFunction(n)))
                    .Any(n => n is SingleVariableDesignationSyntax or DeclarationExpressionSyntax
                              && n.Ancestors().OfType<StatementSyntax>().FirstOrDefault() == statement
                              && statement is ExpressionStatementSyntax or IfStatementSyntax or ReturnStatementSyntax or ThrowStatementSyntax or SwitchStatementSyntax);
            }
        }
    }
}
