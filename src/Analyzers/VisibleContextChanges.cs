using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.Analyzers
{
    /// <summary>
    /// The calls and assignments in a body that change ExecutionContext or SynchronizationContext by themselves: what
    /// PW0203 reports when the mark says <c>AssumeContextUnchanged = true</c>. "Visibly" means the body makes the change
    /// itself; a callee that does it (a virtual or interface call, a method of another assembly) is what the option
    /// asserts about and cannot be checked. Code in lambdas and local functions is left out: it may run elsewhere.
    /// </summary>
    internal static class VisibleContextChanges
    {
        public static IEnumerable<(Location Location, string Member, string Context)> Find(SyntaxNode body, SemanticModel model, CancellationToken cancellationToken)
        {
            foreach (var node in body.DescendantNodes(n => n is not (AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax)))
            {
                cancellationToken.ThrowIfCancellationRequested();
                switch (node)
                {
                    case InvocationExpressionSyntax invocation when model.GetSymbolInfo(invocation, cancellationToken).Symbol is IMethodSymbol method
                                                                     && ChangedBy(method) is { } changed:
                        yield return (invocation.GetLocation(), Display(method), changed);
                        break;
                    case AssignmentExpressionSyntax assignment when model.GetSymbolInfo(assignment.Left, cancellationToken).Symbol is IPropertySymbol property
                                                                    && ChangedBySetting(property) is { } changed:
                        yield return (assignment.GetLocation(), Display(property), changed);
                        break;
                    case PrefixUnaryExpressionSyntax or PostfixUnaryExpressionSyntax when node.IsKind(SyntaxKind.PreIncrementExpression) || node.IsKind(SyntaxKind.PreDecrementExpression)
                                                                                         || node.IsKind(SyntaxKind.PostIncrementExpression) || node.IsKind(SyntaxKind.PostDecrementExpression):
                        var operand = node is PrefixUnaryExpressionSyntax prefix ? prefix.Operand : ((PostfixUnaryExpressionSyntax)node).Operand;
                        if (model.GetSymbolInfo(operand, cancellationToken).Symbol is IPropertySymbol incremented && ChangedBySetting(incremented) is { } changedByStep)
                        {
                            yield return (node.GetLocation(), Display(incremented), changedByStep);
                        }

                        break;
                }
            }
        }

        private static string? ChangedBy(IMethodSymbol method)
        {
            var type = FullName(method.ContainingType);
            return (type, method.Name) switch
            {
                ("System.Threading.SynchronizationContext", "SetSynchronizationContext") => "SynchronizationContext",
                ("System.Threading.ExecutionContext", "SuppressFlow" or "RestoreFlow" or "Restore") => "ExecutionContext",
                ("System.Threading.AsyncFlowControl", "Undo" or "Dispose") => "ExecutionContext",
                _ => null,
            };
        }

        private static string? ChangedBySetting(IPropertySymbol property)
        {
            var type = FullName(property.ContainingType);
            return (type, property.Name) switch
            {
                ("System.Threading.AsyncLocal<T>", "Value") => "ExecutionContext (an AsyncLocal value)",
                ("System.Globalization.CultureInfo", "CurrentCulture" or "CurrentUICulture") => "ExecutionContext (the current culture)",
                ("System.Threading.Thread", "CurrentCulture" or "CurrentUICulture") => "ExecutionContext (the current culture)",
                ("System.Threading.Thread", "CurrentPrincipal") => "ExecutionContext (the current principal)",
                _ => null,
            };
        }

        private static string FullName(INamedTypeSymbol? type)
            => type is null ? string.Empty : type.OriginalDefinition.ToDisplayString(SymbolDisplayFormat.CSharpErrorMessageFormat);

        private static string Display(ISymbol member) => $"{member.ContainingType.Name}.{member.Name}";
    }
}
