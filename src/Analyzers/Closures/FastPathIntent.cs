using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Analyzers.Closures
{
    /// <summary>
    /// Whether a function is a fast path someone asked for, where a closure the path does not use is a warning (PW0401),
    /// rather than ordinary code, where it is only a suggestion (PW0402): adding the package must not turn code nobody
    /// marked into a failing warnings-as-errors build.
    /// </summary>
    /// <remarks>
    /// A fast path is
    /// <list type="bullet">
    /// <item>code marked for the generator: the body method a <c>[FastPath]</c> or <c>[TailAwait]</c> of its type names
    /// (its statements are what the generated fast path runs), and everything declared in it;</item>
    /// <item>a hand-written fast path: a function whose own code (not that of the lambdas and local functions in it) tests
    /// <c>IsCompleted</c> or <c>IsCompletedSuccessfully</c>, or that is not <c>async</c> and returns, on one branch, the
    /// call of one of its <c>async</c> local functions (the awaiting path) and, on another, something else (the blog's
    /// "Optimization #3" shape).</item>
    /// </list>
    /// Only syntax is read, and only for a function the analysis already found a closure in.
    /// </remarks>
    internal static class FastPathIntent
    {
        private static readonly string[] CompletionProperties = { "IsCompleted", "IsCompletedSuccessfully" };

        /// <summary>Whether <paramref name="method"/> is the body method a [FastPath] or [TailAwait] of its type names.</summary>
        public static bool IsMarkedBody(IMethodSymbol method)
        {
            if (method.ContainingType is not { } type) return false;
            foreach (var member in type.GetMembers())
            {
                if (member is not IMethodSymbol candidate || candidate.MethodKind != MethodKind.Ordinary) continue;
                foreach (var attribute in candidate.GetAttributes())
                {
                    if (KnownTypes.MarkOf(attribute) is null || attribute.ConstructorArguments.Length == 0) continue;
                    if (attribute.ConstructorArguments[0].Value is string name && name == method.Name) return true;
                }
            }

            return false;
        }

        /// <summary>Whether <paramref name="function"/> (a method, local function or lambda) is a hand-written fast path.</summary>
        public static bool IsHandWritten(IMethodSymbol function, CancellationToken cancellationToken)
        {
            foreach (var reference in function.DeclaringSyntaxReferences)
            {
                var syntax = reference.GetSyntax(cancellationToken);
                if (TestsCompletion(syntax) || (!function.IsAsync && ReturnsAwaitingPathOnOneBranch(syntax))) return true;
            }

            return false;
        }

        private static bool TestsCompletion(SyntaxNode function) =>
            OwnNodes(function).OfType<IdentifierNameSyntax>().Any(n => CompletionProperties.Contains(n.Identifier.ValueText));

        /// <summary>
        /// Some return hands over to an async local function (a call of one by name) and another returns something else:
        /// a completed result, a cached task.
        /// </summary>
        private static bool ReturnsAwaitingPathOnOneBranch(SyntaxNode function)
        {
            var asyncLocalFunctions = new HashSet<string>(OwnNodes(function)
                .OfType<LocalFunctionStatementSyntax>()
                .Where(f => f.Modifiers.Any(SyntaxKind.AsyncKeyword))
                .Select(f => f.Identifier.ValueText));
            if (asyncLocalFunctions.Count == 0) return false;

            bool awaiting = false, other = false;
            foreach (var returned in Returned(function).SelectMany(Branches))
            {
                if (IsCallOf(returned, asyncLocalFunctions)) awaiting = true;
                else other = true;
            }

            return awaiting && other;
        }

        private static IEnumerable<ExpressionSyntax> Returned(SyntaxNode function)
        {
            var expressionBody = function switch
            {
                BaseMethodDeclarationSyntax method => method.ExpressionBody?.Expression,
                LocalFunctionStatementSyntax local => local.ExpressionBody?.Expression,
                AnonymousFunctionExpressionSyntax lambda => lambda.ExpressionBody,
                _ => null,
            };
            if (expressionBody is not null) yield return expressionBody;
            foreach (var statement in OwnNodes(function).OfType<ReturnStatementSyntax>())
            {
                if (statement.Expression is not null) yield return statement.Expression;
            }
        }

        /// <summary>The values a returned expression may take: each branch of a conditional, recursively.</summary>
        private static IEnumerable<ExpressionSyntax> Branches(ExpressionSyntax expression)
        {
            switch (expression)
            {
                case ParenthesizedExpressionSyntax parenthesized:
                    return Branches(parenthesized.Expression);
                case ConditionalExpressionSyntax conditional:
                    return Branches(conditional.WhenTrue).Concat(Branches(conditional.WhenFalse));
                default:
                    return new[] { expression };
            }
        }

        private static bool IsCallOf(ExpressionSyntax expression, HashSet<string> names) =>
            expression is InvocationExpressionSyntax { Expression: SimpleNameSyntax name } && names.Contains(name.Identifier.ValueText);

        /// <summary>The function's nodes, without those of the lambdas and local functions declared in it (their headers included).</summary>
        private static IEnumerable<SyntaxNode> OwnNodes(SyntaxNode function) =>
            function.DescendantNodes(node => node == function || node is not (AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax));
    }
}
