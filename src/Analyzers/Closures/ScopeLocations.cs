using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.Analyzers.Closures
{
    /// <summary>Where a scope starts in source (the diagnostic's location), and how functions and variables are named in the message.</summary>
    internal static class ScopeLocations
    {
        /// <summary>
        /// A function root: the body's <c>{</c>, or <c>=&gt;</c> for an expression body. A nested scope: the <c>{</c> of a
        /// block (a switch statement or expression: its <c>{</c>); the keyword of a statement that declares the variables itself
        /// (<c>for</c>, <c>foreach</c>, <c>using</c>, <c>fixed</c>, <c>catch</c>, the <c>while</c> of a loop condition); an embedded
        /// statement: its first token.
        /// </summary>
        public static Location? Of(Scope scope)
        {
            if (scope.IsRoot) return FunctionBodyStart(scope.Function.Graph.OriginalOperation.Syntax)?.GetLocation();
            SyntaxToken? best = null;
            int bestWidth = -1;
            foreach (var variable in scope.Declared)
            {
                var declaration = variable.Symbol?.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax();
                if (declaration is null || OwnerOf(declaration) is not { } owner) continue;
                if (owner.Node.Span.Length > bestWidth)
                {
                    bestWidth = owner.Node.Span.Length;
                    best = owner.Token;
                }
            }

            return best?.GetLocation();
        }

        public static SyntaxToken? FunctionBodyStart(SyntaxNode syntax) => syntax switch
        {
            BaseMethodDeclarationSyntax method => Start(method.Body, method.ExpressionBody),
            AccessorDeclarationSyntax accessor => Start(accessor.Body, accessor.ExpressionBody),
            LocalFunctionStatementSyntax local => Start(local.Body, local.ExpressionBody),
            ArrowExpressionClauseSyntax arrow => arrow.ArrowToken,
            BlockSyntax block => block.OpenBraceToken,
            AnonymousMethodExpressionSyntax method => method.Block.OpenBraceToken,
            LambdaExpressionSyntax { Block: { } block } => block.OpenBraceToken,
            LambdaExpressionSyntax lambda => lambda.ArrowToken,
            _ => null,
        };

        private static SyntaxToken? Start(BlockSyntax? body, ArrowExpressionClauseSyntax? expression) =>
            body?.OpenBraceToken ?? expression?.ArrowToken;

        /// <summary>The syntax that opens the scope a local is declared in, by the C# scoping rules.</summary>
        private static (SyntaxNode Node, SyntaxToken Token)? OwnerOf(SyntaxNode declaration)
        {
            for (var node = declaration; node is not null; node = node.Parent)
            {
                switch (node)
                {
                    case BlockSyntax block:
                        return (block, block.OpenBraceToken);
                    case SwitchStatementSyntax @switch when node != declaration:
                        // Locals of every section share the switch block (and the compiler hoists pattern variables there).
                        return (@switch, @switch.OpenBraceToken);
                    case SwitchExpressionArmSyntax { Parent: SwitchExpressionSyntax @switch }:
                        // Arm pattern variables are hoisted to the whole switch expression.
                        return (@switch, @switch.OpenBraceToken);
                    case CatchClauseSyntax @catch:
                        return (@catch, @catch.CatchKeyword);
                    case ForStatementSyntax @for:
                        return (@for, @for.ForKeyword);
                    case CommonForEachStatementSyntax forEach when node == declaration || !forEach.Statement.Span.Contains(declaration.Span):
                        return (forEach, forEach.ForEachKeyword);
                    case UsingStatementSyntax @using when @using.Statement is null || !@using.Statement.Span.Contains(declaration.Span):
                        return (@using, @using.UsingKeyword);
                    case FixedStatementSyntax @fixed when !@fixed.Statement.Span.Contains(declaration.Span):
                        return (@fixed, @fixed.FixedKeyword);
                    case WhileStatementSyntax @while when @while.Condition.Span.Contains(declaration.Span):
                        return (@while, @while.WhileKeyword);
                    case DoStatementSyntax @do when @do.Condition.Span.Contains(declaration.Span):
                        return (@do, @do.WhileKeyword);
                    case StatementSyntax statement when IsEmbedded(statement):
                        return (statement, statement.GetFirstToken());
                }
            }

            return null;
        }

        /// <summary>A statement in an embedded position (<c>if (c) F(out var x);</c>) is a scope of its own.</summary>
        private static bool IsEmbedded(StatementSyntax statement) => statement is not BlockSyntax && statement.Parent switch
        {
            IfStatementSyntax or ElseClauseSyntax or WhileStatementSyntax or DoStatementSyntax or ForStatementSyntax
                or CommonForEachStatementSyntax or UsingStatementSyntax or FixedStatementSyntax or LockStatementSyntax => true,
            _ => false,
        };

        /// <summary>'Name' for a local function; "the lambda at line N" (1-based) or "the anonymous method at line N".</summary>
        public static string NameOf(Function function)
        {
            if (!function.IsLambda) return "'" + function.Symbol.Name + "'";
            var syntax = function.Graph.OriginalOperation.Syntax;
            int line = syntax.GetLocation().GetLineSpan().StartLinePosition.Line + 1;
            string kind = syntax is AnonymousMethodExpressionSyntax ? "anonymous method" : "lambda";
            return "the " + kind + " at line " + line.ToString(CultureInfo.InvariantCulture);
        }

        /// <summary>Where a capturing function is: a local function's name, a lambda's <c>=&gt;</c>, an anonymous method's <c>delegate</c>.</summary>
        public static Location LocationOf(Function function) => function.Graph.OriginalOperation.Syntax switch
        {
            LocalFunctionStatementSyntax local => local.Identifier.GetLocation(),
            LambdaExpressionSyntax lambda => lambda.ArrowToken.GetLocation(),
            AnonymousMethodExpressionSyntax method => method.DelegateKeyword.GetLocation(),
            var other => other.GetLocation(),
        };

        /// <summary>"'a'", "'a' and 'b'", "'a', 'b' and 'c'".</summary>
        public static string List(IEnumerable<string> items)
        {
            var list = items.ToList();
            return list.Count switch
            {
                0 => "",
                1 => list[0],
                _ => string.Join(", ", list.Take(list.Count - 1)) + " and " + list[list.Count - 1],
            };
        }
    }
}
