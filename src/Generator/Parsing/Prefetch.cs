using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.Generator.Parsing
{
    /// <summary>
    /// The driver runs the transforms one after another on one thread, and most of a cold run is two compiler passes each
    /// transform waits for: the compiler's error check of the body's tree (<see cref="CompileErrors"/>, which binds every
    /// body of the tree) and the semantic model's first binding of the body (with its nullable analysis). On the first
    /// transform of a compilation this starts both, for the trees that mark methods, on a thread of the pool: first the
    /// error checks, then the bodies the marks name, each from the last tree back, because the transforms go from the
    /// first tree on, so the two meet in the middle. The results land in the caches the transforms read (the shared model
    /// of <see cref="SemanticModels"/>, the spans of <see cref="CompileErrors"/>), whose answers do not depend on who
    /// computed them. Only a head start: what it has not reached, or was canceled on, a transform computes itself.
    /// </summary>
    internal static class Prefetch
    {
        private static readonly ConditionalWeakTable<Compilation, object> s_started = new();

        public static void Start(Compilation compilation, CancellationToken cancellationToken)
        {
            var first = false;
            s_started.GetValue(compilation, _ =>
            {
                first = true;
                return new object();
            });
            if (!first) return;
            Task.Run(() => Run(compilation, cancellationToken), cancellationToken);
        }

        private static void Run(Compilation compilation, CancellationToken cancellationToken)
        {
            try
            {
                var marked = compilation.SyntaxTrees.Reverse().Select(t => (Tree: t, Bodies: MarkedBodies(t, cancellationToken))).Where(t => t.Bodies.Count > 0).ToList();
                foreach (var (tree, _) in marked) CompileErrors.Spans(compilation, tree, cancellationToken);
                foreach (var (tree, bodies) in marked)
                {
                    var model = SemanticModels.For(compilation, tree);
                    foreach (var body in bodies)
                    {
                        // The operation tree binds the body (and runs its nullable analysis) in the shared model; the
                        // context-guard analysis asks for this same tree later.
                        model.GetOperation(body, cancellationToken);
                    }
                }
            }
            catch (Exception)
            {
                // Canceled, or anything else: every transform asks for what it needs itself.
            }
        }

        /// <summary>
        /// The bodies (block or arrow) of the methods that a method of <paramref name="tree"/> marked like [FastPath(nameof(X))]
        /// or [TailAwait("X")] names, found from syntax alone, among the members of the same type declaration. An alias for
        /// the attribute, or a body in another part of the type, is missed: a transform then binds it itself.
        /// </summary>
        private static List<SyntaxNode> MarkedBodies(SyntaxTree tree, CancellationToken cancellationToken)
        {
            var bodies = new List<SyntaxNode>();
            var marks = tree.GetRoot(cancellationToken)
                .DescendantNodes(n => n is CompilationUnitSyntax or BaseNamespaceDeclarationSyntax or TypeDeclarationSyntax or MethodDeclarationSyntax or AttributeListSyntax)
                .OfType<AttributeSyntax>()
                .Where(a => RightmostName(a.Name) is "FastPath" or "FastPathAttribute" or "TailAwait" or "TailAwaitAttribute");
            foreach (var mark in marks)
            {
                if (mark.Parent?.Parent is not MethodDeclarationSyntax { Parent: TypeDeclarationSyntax type } || BodyName(mark) is not { } name) continue;
                foreach (var method in type.Members.OfType<MethodDeclarationSyntax>())
                {
                    if (method.Identifier.ValueText == name && ((SyntaxNode?)method.Body ?? method.ExpressionBody) is { } body) bodies.Add(body);
                }
            }

            return bodies;
        }

        private static string? BodyName(AttributeSyntax mark) => mark.ArgumentList?.Arguments.FirstOrDefault()?.Expression switch
        {
            LiteralExpressionSyntax literal when literal.IsKind(SyntaxKind.StringLiteralExpression) => literal.Token.ValueText,
            InvocationExpressionSyntax { Expression: IdentifierNameSyntax { Identifier.ValueText: "nameof" }, ArgumentList.Arguments: { Count: 1 } arguments }
                when arguments[0].Expression is IdentifierNameSyntax name => name.Identifier.ValueText,
            _ => null,
        };

        private static string RightmostName(NameSyntax name) => name switch
        {
            QualifiedNameSyntax qualified => qualified.Right.Identifier.ValueText,
            AliasQualifiedNameSyntax aliased => aliased.Name.Identifier.ValueText,
            SimpleNameSyntax simple => simple.Identifier.ValueText,
            _ => string.Empty,
        };
    }
}
