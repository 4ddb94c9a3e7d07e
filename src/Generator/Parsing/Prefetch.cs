using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Analysis;
using Prewired.Generator.FastPath;
using Prewired.Generator.Model;

namespace Prewired.Generator.Parsing
{
    /// <summary>
    /// The driver runs the transforms one after another on one thread, and most of a cold run is compiler work each
    /// transform waits for: the compiler's error check of the body's tree (<see cref="CompileErrors"/>, which binds every
    /// body of the tree again), the semantic model's first binding of the body (with its nullable analysis), and for
    /// [FastPath] the region analyses of each await (<see cref="RegionFlow"/>). On the first transform of a compilation
    /// this starts that work, for the trees that mark methods, on a thread of the pool: first the error checks, then each
    /// tree's bodies, each from the last tree back, because the transforms go from the first tree on, so the two meet in
    /// the middle. The results land in the caches the transforms read, whose answers do not depend on who computed them.
    /// Only a head start: what it has not reached, or was canceled on, a transform computes itself.
    /// </summary>
    internal static class Prefetch
    {
        // Per compilation: the bodies a transform has taken up. The prefetch skips those: the transforms go on from where
        // it meets them, so once it has met them there is nothing left to do ahead of them, and the driver may return.
        private static readonly ConditionalWeakTable<Compilation, ConcurrentDictionary<SyntaxNode, bool>> s_taken = new();

        public static void Start(Compilation compilation, CancellationToken cancellationToken)
        {
            var first = false;
            s_taken.GetValue(compilation, _ =>
            {
                first = true;
                return new ConcurrentDictionary<SyntaxNode, bool>();
            });
            if (!first) return;

            // A thread of its own, not one of the pool's: the compiler's error check runs its binding as tasks on the pool
            // and waits for them, as does the transform's; holding a pool thread for the whole prefetch would leave those
            // tasks queued behind it until the pool grows (hundreds of milliseconds per thread).
            Task.Factory.StartNew(() => Run(compilation, cancellationToken), cancellationToken, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        }

        /// <summary>A transform has taken up <paramref name="body"/>: prefetching it would only repeat its work.</summary>
        public static void Taken(Compilation compilation, MethodDeclarationSyntax body)
        {
            if (s_taken.TryGetValue(compilation, out var taken)) taken.TryAdd(body, true);
        }

        private static void Run(Compilation compilation, CancellationToken cancellationToken)
        {
            var taken = s_taken.GetValue(compilation, _ => new ConcurrentDictionary<SyntaxNode, bool>());
            try
            {
                var marked = compilation.SyntaxTrees.Reverse().Select(t => (Tree: t, Bodies: MarkedBodies(t, cancellationToken))).Where(t => t.Bodies.Count > 0).ToList();
                foreach (var (tree, _) in marked) CompileErrors.Spans(compilation, tree, cancellationToken);
                foreach (var (tree, bodies) in marked)
                {
                    var model = SemanticModels.For(compilation, tree);
                    foreach (var (mark, body) in bodies)
                    {
                        cancellationToken.ThrowIfCancellationRequested();
                        if (!taken.ContainsKey(body)) Warm(mark, body, model, cancellationToken);
                    }
                }
            }
            catch (Exception)
            {
                // Canceled, or anything else: every transform asks for what it needs itself.
            }
        }

        private static void Warm(MethodDeclarationSyntax mark, MethodDeclarationSyntax body, SemanticModel model, CancellationToken cancellationToken)
        {
            try
            {
                // The operation tree binds the body (and runs its nullable analysis) in the shared model; the
                // context-guard analysis asks for this same tree later.
                var bodyNode = (SyntaxNode?)body.Body ?? body.ExpressionBody!;
                model.GetOperation(bodyNode, cancellationToken);
                if (!IsFastPath(mark) || CompileErrors.In(bodyNode, model, cancellationToken)) return;
                var returnKind = KnownTypes.ClassifyTaskType(model.GetDeclaredSymbol(mark, cancellationToken)?.ReturnType);
                if (returnKind is not null) FastPathParser.Warm(body, model, returnKind.Value.HasResult());
            }
            catch (Exception exception) when (exception is not OperationCanceledException)
            {
                // A body the transform will not get this far with, or cannot split: it finds out itself.
            }
        }

        /// <summary>
        /// The methods of <paramref name="tree"/> marked like [FastPath(nameof(X))] or [TailAwait("X")], each with the
        /// method X it names among the members of the same type declaration, found from syntax alone. An alias for the
        /// attribute, or a body in another part of the type, is missed: its transform then does all the work itself.
        /// </summary>
        private static List<(MethodDeclarationSyntax Mark, MethodDeclarationSyntax Body)> MarkedBodies(SyntaxTree tree, CancellationToken cancellationToken)
        {
            var bodies = new List<(MethodDeclarationSyntax, MethodDeclarationSyntax)>();
            var marks = tree.GetRoot(cancellationToken)
                .DescendantNodes(n => n is CompilationUnitSyntax or BaseNamespaceDeclarationSyntax or TypeDeclarationSyntax or MethodDeclarationSyntax or AttributeListSyntax)
                .OfType<AttributeSyntax>()
                .Where(a => IsFastPath(a) || RightmostName(a.Name) is "TailAwait" or "TailAwaitAttribute");
            foreach (var mark in marks)
            {
                if (mark.Parent?.Parent is not MethodDeclarationSyntax { Parent: TypeDeclarationSyntax type } marked || BodyName(mark) is not { } name) continue;
                foreach (var method in type.Members.OfType<MethodDeclarationSyntax>())
                {
                    if (method != marked && method.Identifier.ValueText == name && (method.Body is not null || method.ExpressionBody is not null)) bodies.Add((marked, method));
                }
            }

            return bodies;
        }

        private static bool IsFastPath(MethodDeclarationSyntax marked)
            => marked.AttributeLists.SelectMany(l => l.Attributes).Any(IsFastPath);

        private static bool IsFastPath(AttributeSyntax attribute) => RightmostName(attribute.Name) is "FastPath" or "FastPathAttribute";

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
