using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.Generator.SharedRules
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
            var written = new CheckedWriter(keyword).Statements(visited.Block.Statements);
            if (written is null) return NotLowered(node, visited, "it is inside a '" + keyword + "' statement whose statements cannot each keep the context (a compound assignment, increment or for incrementor with an await, a variable declared by an expression, a local function or a label)");
            _loweredAny = true;
            return visited.Block.WithStatements(SyntaxFactory.List(written)).WithTriviaFrom(node);
        }

        private sealed class CheckedWriter
        {
            private readonly string _keyword;

            public CheckedWriter(string keyword) => _keyword = keyword;

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
                if (statement is LocalFunctionStatementSyntax or LabeledStatementSyntax) return null;
                if (DeclaresForLater(statement)) return null;
                if (statement is LocalDeclarationStatementSyntax declaration)
                {
                    if (declaration.IsConst || declaration.Declaration.Type is RefTypeSyntax) return Sensitive(declaration) ? null : declaration;
                    return declaration.WithDeclaration(WrapInitializers(declaration.Declaration));
                }

                if (!HoldsAwait(statement))
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
                        var nestedStatements = new CheckedWriter(nested.Keyword.ValueText).Statements(nested.Block.Statements);
                        return nestedStatements is null ? null : nested.Block.WithStatements(SyntaxFactory.List(nestedStatements)).WithTriviaFrom(nested);
                    case ExpressionStatementSyntax expressionStatement:
                        var expression = StatementExpression(expressionStatement.Expression);
                        return expression is null ? null : expressionStatement.WithExpression(expression);
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
                        if (forStatement.Initializers.Any(Sensitive) || forStatement.Incrementors.Any(Sensitive) || forStatement.Declaration?.Type is RefTypeSyntax) return null;
                        var loopBody = Statement(forStatement.Statement);
                        if (loopBody is null) return null;
                        return forStatement.WithDeclaration(forStatement.Declaration is null ? null : WrapInitializers(forStatement.Declaration)).WithCondition(forStatement.Condition is null ? null : Wrap(forStatement.Condition)).WithStatement(loopBody);
                    }

                    case ForEachStatementSyntax forEach:
                    {
                        var loopBody = Statement(forEach.Statement);
                        return loopBody is null ? null : forEach.WithExpression(Wrap(forEach.Expression)).WithStatement(loopBody);
                    }

                    case TryStatementSyntax tryStatement:
                    {
                        var tryBlock = (BlockSyntax?)Statement(tryStatement.Block);
                        if (tryBlock is null) return null;
                        var catches = new List<CatchClauseSyntax>();
                        foreach (var catchClause in tryStatement.Catches)
                        {
                            var catchBlock = (BlockSyntax?)Statement(catchClause.Block);
                            if (catchBlock is null) return null;
                            var filter = catchClause.Filter is null ? null : catchClause.Filter.WithFilterExpression(Wrap(catchClause.Filter.FilterExpression));
                            catches.Add(catchClause.WithBlock(catchBlock).WithFilter(filter));
                        }

                        var finallyBlock = tryStatement.Finally is null ? null : (BlockSyntax?)Statement(tryStatement.Finally.Block);
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
                            if (section.Labels.Any(Sensitive)) return null;
                            var sectionStatements = Statements(section.Statements);
                            if (sectionStatements is null) return null;
                            sections.Add(section.WithStatements(SyntaxFactory.List(sectionStatements)));
                        }

                        return switchStatement.WithExpression(Wrap(switchStatement.Expression)).WithSections(SyntaxFactory.List(sections));
                    }

                    default:
                        return null;
                }
            }

            /// <summary>The expression of an expression statement with an await, its evaluated parts in the context; null
            /// when its own operation is one the context changes (a compound assignment, an increment).</summary>
            private ExpressionSyntax? StatementExpression(ExpressionSyntax expression)
            {
                switch (expression)
                {
                    case AwaitExpressionSyntax awaitExpression:
                        return Wrap(awaitExpression);
                    case AssignmentExpressionSyntax { RawKind: (int)SyntaxKind.SimpleAssignmentExpression } assignment:
                        return Sensitive(assignment.Left) ? null : assignment.WithRight(Wrap(assignment.Right));
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
