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
    /// The variables a [FastPath] body shares with its lambdas and local functions that change and live across an await:
    /// the compiler keeps such a variable in a display-class object that the lambda and the method share; the generated
    /// methods would each have their own copy. <see cref="HiddenAwaitLowering"/> writes each one the compiler's way, as a
    /// field of one shared object (<c>var x__shared = new StrongBox&lt;T&gt;(init);</c>, every use <c>x__shared.Value</c>),
    /// so the synchronous path hands that object, not a copy of the value, to its continuation.
    /// </summary>
    internal static class SharedVariables
    {
        /// <summary>The name of the shared object that holds <paramref name="variable"/>.</summary>
        public static string BoxName(ISymbol variable) => variable.Name + "__shared";

        public const string BoxType = "global::System.Runtime.CompilerServices.StrongBox";

        /// <summary>
        /// The variables to share: locals (one per declaration statement of a block, not const, ref or using) and
        /// by-value parameters (of a block body) that a lambda or local function references, that are written after their
        /// declaration, and that are used after an await of the method that follows their declaration. Shapes the rewrite
        /// cannot keep exact (a use in <c>nameof</c>, a call of a local function before the declaration, a type that
        /// cannot be a type argument) are left out, and the classifier reports them as before.
        /// </summary>
        public static HashSet<ISymbol> ToShare(SyntaxNode body, SemanticModel model)
        {
            var shared = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
            if (body is not BlockSyntax) return shared;
            var functions = body.DescendantNodes().Where(AwaitSites.IsNestedFunction).ToList();
            if (functions.Count == 0) return shared;
            var sites = AwaitSites.Collect(body);
            if (sites.Count == 0) return shared;
            var method = model.GetEnclosingSymbol(body.SpanStart);
            var identifiers = body.DescendantNodes().OfType<IdentifierNameSyntax>().ToList();
            var candidates = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
            foreach (var function in functions)
            {
                foreach (var identifier in function.DescendantNodes().OfType<IdentifierNameSyntax>())
                {
                    if (model.GetSymbolInfo(identifier).Symbol is (ILocalSymbol or IParameterSymbol { IsThis: false }) and var variable
                        && SymbolEqualityComparer.Default.Equals(variable.ContainingSymbol, method))
                    {
                        candidates.Add(variable);
                    }
                }
            }

            foreach (var variable in candidates)
            {
                var uses = identifiers.Where(i => i.Identifier.ValueText == variable.Name && SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(i).Symbol, variable)).ToList();
                if (!uses.Any(LocalFunctions.IsWritten)) continue;
                if (Declaration(variable, body) is not { } declaredAt) continue;
                // Used after an await: by name, or by calling a local function that uses it (each generated method declares
                // the function again, over its own variables).
                var callers = functions.OfType<LocalFunctionStatementSyntax>().Where(f => uses.Any(u => f.Span.Contains(u.Span))).Select(f => f.Identifier.ValueText).ToList();
                var usesAfter = uses.Select(u => u.SpanStart)
                    .Concat(identifiers.Where(i => callers.Contains(i.Identifier.ValueText) && !functions.Any(f => f is LocalFunctionStatementSyntax && f.Span.Contains(i.Span))).Select(i => i.SpanStart))
                    .ToList();
                if (!sites.Any(s => s.Location.SourceSpan.Start > declaredAt && usesAfter.Any(u => u > s.Location.SourceSpan.Start))) continue;
                if (uses.Any(u => u.Ancestors().OfType<InvocationExpressionSyntax>().Any(i => i.Expression is IdentifierNameSyntax { Identifier.ValueText: "nameof" }))) continue;
                var type = variable is ILocalSymbol local ? local.Type : ((IParameterSymbol)variable).Type;
                if (!LoweringShapes.IsNameable(type) || type.IsRefLikeType || type.SpecialType == SpecialType.System_Void) continue;

                // A local function that uses it must not run before the declaration (the shared object does not exist yet).
                var early = functions.OfType<LocalFunctionStatementSyntax>()
                    .Where(f => uses.Any(u => f.Span.Contains(u.Span)))
                    .Any(f => identifiers.Any(i => i.Identifier.ValueText == f.Identifier.ValueText && i.SpanStart < declaredAt && !f.Span.Contains(i.Span)));
                if (early) continue;
                shared.Add(variable);
            }

            return shared;
        }

        /// <summary>Where the variable comes into existence (the body's start for a parameter), or null for a shape not shared.</summary>
        private static int? Declaration(ISymbol variable, SyntaxNode body)
        {
            switch (variable)
            {
                case IParameterSymbol { RefKind: RefKind.None, IsParams: false }:
                    return body.SpanStart;
                case ILocalSymbol { IsConst: false, IsRef: false } local:
                    var declarator = local.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax() as VariableDeclaratorSyntax;
                    return declarator?.Parent is VariableDeclarationSyntax { Variables.Count: 1, Parent: LocalDeclarationStatementSyntax { Parent: BlockSyntax } statement }
                           && statement.UsingKeyword.RawKind == 0 && statement.AwaitKeyword.RawKind == 0 && body.Span.Contains(statement.Span)
                        ? statement.SpanStart
                        : null;
                default:
                    return null;
            }
        }
    }
}
