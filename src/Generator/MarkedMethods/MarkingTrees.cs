using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace Prewired.Generator.MarkedMethods
{
    /// <summary>
    /// A syntactic guess at the bodies a tree's [FastPath] and [TailAwait] marks name, by the attribute's written name and
    /// its <c>nameof</c> or string argument: only for choosing what to do ahead of the transforms (<see cref="WorkAhead"/>),
    /// so a miss (an alias, a body in another part of the type) costs time, never output. Looks at member declarations
    /// only, never into bodies.
    /// </summary>
    internal static class MarkingTrees
    {
        // Per tree, where its marked bodies are: a tree that did not change is the same instance in the next compilation (every
        // edit, in the IDE), so only edited trees are walked again. Spans, not nodes, so a tree's root can still be let go.
        private static readonly ConditionalWeakTable<SyntaxTree, List<TextSpan>> s_bodySpans = new();

        /// <summary>The method declarations of <paramref name="tree"/> that its marks name as bodies.</summary>
        public static IEnumerable<MethodDeclarationSyntax> MarkedBodies(SyntaxTree tree, CancellationToken cancellationToken)
        {
            var spans = s_bodySpans.GetValue(tree, t => Find(t, cancellationToken).Select(m => m.Span).ToList());
            if (spans.Count == 0) return Enumerable.Empty<MethodDeclarationSyntax>();
            var root = tree.GetRoot(cancellationToken);
            return spans.Select(span => root.FindNode(span)).OfType<MethodDeclarationSyntax>();
        }

        private static List<MethodDeclarationSyntax> Find(SyntaxTree tree, CancellationToken cancellationToken)
        {
            var bodies = new List<MethodDeclarationSyntax>();
            var types = tree.GetRoot(cancellationToken)
                .DescendantNodes(n => n is CompilationUnitSyntax or BaseNamespaceDeclarationSyntax or TypeDeclarationSyntax)
                .OfType<TypeDeclarationSyntax>();
            foreach (var type in types)
            {
                var methods = type.Members.OfType<MethodDeclarationSyntax>().ToList();
                foreach (var name in methods.SelectMany(m => m.AttributeLists).SelectMany(l => l.Attributes).Select(NamedBody))
                {
                    if (name is null) continue;
                    bodies.AddRange(methods.Where(m => m.Identifier.ValueText == name && (m.Body ?? (SyntaxNode?)m.ExpressionBody) is not null));
                }
            }

            return bodies;
        }

        /// <summary>The body a mark names (<c>[FastPath(nameof(GetCoreAsync))]</c>), or null when this is no mark.</summary>
        private static string? NamedBody(AttributeSyntax attribute)
        {
            var written = attribute.Name switch
            {
                QualifiedNameSyntax qualified => qualified.Right.Identifier.ValueText,
                AliasQualifiedNameSyntax aliased => aliased.Name.Identifier.ValueText,
                SimpleNameSyntax simple => simple.Identifier.ValueText,
                _ => string.Empty,
            };
            if (written is not ("FastPath" or "FastPathAttribute" or "TailAwait" or "TailAwaitAttribute")) return null;
            return attribute.ArgumentList?.Arguments.FirstOrDefault()?.Expression switch
            {
                InvocationExpressionSyntax { Expression: IdentifierNameSyntax { Identifier.ValueText: "nameof" } } nameOf
                    when nameOf.ArgumentList.Arguments.Count == 1 && nameOf.ArgumentList.Arguments[0].Expression is IdentifierNameSyntax named => named.Identifier.ValueText,
                LiteralExpressionSyntax literal => literal.Token.ValueText,
                _ => null,
            };
        }
    }
}
