using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.Analyzers
{
    /// <summary>
    /// PW0010: a body method whose only statement throws <see cref="System.NotImplementedException"/>, directly or as the
    /// faulted task of <c>Task.FromException</c> (the placeholder PW0003's "Create the body method" fix writes). It is
    /// valid async code, so without this error the build would pass and every call of the marked method would fail.
    /// </summary>
    internal static class PlaceholderBody
    {
        public static bool Is(MethodDeclarationSyntax body, SemanticModel model, CancellationToken cancellationToken)
        {
            var statement = body.Body is { Statements.Count: 1 } block ? block.Statements[0] : null;
            var only = body.ExpressionBody?.Expression ?? statement switch
            {
                ReturnStatementSyntax { Expression: { } expression } => expression,
                ExpressionStatementSyntax { Expression: var expression } => expression,
                _ => null,
            };
            var thrown = statement is ThrowStatementSyntax { Expression: { } exception } ? exception : (only as ThrowExpressionSyntax)?.Expression;
            if (thrown is not null) return IsNotImplemented(thrown, model, cancellationToken);

            return only is AwaitExpressionSyntax { Expression: InvocationExpressionSyntax { ArgumentList.Arguments.Count: 1 } invocation }
                   && model.GetSymbolInfo(invocation, cancellationToken).Symbol is IMethodSymbol { Name: "FromException" } method
                   && method.ContainingType.ToDisplayString() == "System.Threading.Tasks.Task"
                   && IsNotImplemented(invocation.ArgumentList.Arguments[0].Expression, model, cancellationToken);
        }

        private static bool IsNotImplemented(ExpressionSyntax expression, SemanticModel model, CancellationToken cancellationToken)
            => expression is BaseObjectCreationExpressionSyntax
               && model.GetTypeInfo(expression, cancellationToken).Type?.ToDisplayString() == "System.NotImplementedException";
    }
}
