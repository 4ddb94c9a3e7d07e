using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Awaits;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// Calls to a partial method that has no implementation in the generator's view of the compilation. The compiler
    /// removes such a call, arguments and all, so data flow analysis sees no read in them; but another generator (the
    /// [LoggerMessage] one, say) may implement the method in the real build, where the arguments are evaluated. The
    /// variables they read must count as read, or a continuation would not receive them.
    /// </summary>
    internal static class UnimplementedPartialCalls
    {
        /// <summary>The method's locals and parameters named in the arguments of such calls from <paramref name="first"/> to
        /// <paramref name="last"/> (one node, or statements of one list).</summary>
        public static IEnumerable<ISymbol> VariablesRead(SyntaxNode first, SyntaxNode last, SemanticModel model)
        {
            var region = first == last ? new[] { first }
                : first.Parent!.ChildNodes().SkipWhile(n => n != first).TakeWhile(n => n != last).Append(last);
            foreach (var call in region.SelectMany(n => n.DescendantNodesAndSelf(d => !AwaitSites.IsNestedFunction(d))).OfType<InvocationExpressionSyntax>())
            {
                if (model.GetSymbolInfo(call).Symbol is not IMethodSymbol { PartialDefinitionPart: null, PartialImplementationPart: null } method
                    || !IsPartialDefinition(method))
                {
                    continue;
                }

                foreach (var identifier in call.ArgumentList.DescendantNodes().OfType<IdentifierNameSyntax>())
                {
                    // 'name: value': the name is the callee's parameter, not a variable of this method (even when spelled alike).
                    if (identifier.Parent is NameColonSyntax) continue;
                    var variable = model.GetSymbolInfo(identifier).Symbol;
                    if (variable is ILocalSymbol or IParameterSymbol { IsThis: false }) yield return variable;
                }
            }
        }

        // IMethodSymbol.IsPartialDefinition is Roslyn 4.11+; the generator is built on 4.8: read it from the syntax.
        private static bool IsPartialDefinition(IMethodSymbol method)
            => method.DeclaringSyntaxReferences.Length == 1
               && method.DeclaringSyntaxReferences[0].GetSyntax() is MethodDeclarationSyntax { Body: null, ExpressionBody: null } declaration
               && declaration.Modifiers.Any(m => m.ValueText == "partial");
    }
}
