using System;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.CodeFixes.Syntax
{
    /// <summary>Adds <c>using Prewired;</c> where the file keeps its usings, in the order 'dotnet format' keeps them (System first).</summary>
    internal static class Usings
    {
        public const string PrewiredNamespace = "Prewired";

        public static CompilationUnitSyntax AddPrewired(CompilationUnitSyntax root, SyntaxTrivia endOfLine)
        {
            if (root.Usings.Any(IsPrewired)) return root;

            // Usings written inside the namespace (and none at the top): that is where this file keeps them.
            if (!root.Usings.Any(u => u.GlobalKeyword.RawKind == 0)
                && root.Members.OfType<BaseNamespaceDeclarationSyntax>().FirstOrDefault(n => n.Usings.Count > 0) is { } inNamespace)
            {
                if (inNamespace.Usings.Any(IsPrewired)) return root;
                return root.ReplaceNode(inNamespace, inNamespace.WithUsings(Insert(inNamespace.Usings, endOfLine)));
            }

            if (root.Usings.Count > 0) return root.WithUsings(Insert(root.Usings, endOfLine));

            // No usings at all: first thing after any extern aliases, with a blank line before the code that follows.
            var directive = Directive(endOfLine);
            if (root.Externs.Count > 0)
            {
                return root.WithUsings(SyntaxFactory.SingletonList(directive.WithLeadingTrivia(endOfLine)));
            }

            var first = root.GetFirstToken(includeZeroWidth: true);
            var header = first.LeadingTrivia;
            var rest = root.ReplaceToken(first, first.WithLeadingTrivia(SyntaxFactory.TriviaList(endOfLine).AddRange(Layout.TrailingWhitespace(header))));
            return rest.WithUsings(SyntaxFactory.SingletonList(directive.WithLeadingTrivia(header.Take(header.Count - Layout.TrailingWhitespace(header).Count))));
        }

        private static SyntaxList<UsingDirectiveSyntax> Insert(SyntaxList<UsingDirectiveSyntax> usings, SyntaxTrivia endOfLine)
        {
            // After the last plain using that sorts before it (global usings come first, static and alias ones after).
            var index = -1;
            for (var i = 0; i < usings.Count; i++)
            {
                var u = usings[i];
                if (u.GlobalKeyword.RawKind != 0)
                {
                    index = i;
                    continue;
                }

                if (u.Alias is not null || u.StaticKeyword.RawKind != 0 || u.Name is null) continue;
                if (Compare(u.Name.ToString(), PrewiredNamespace) < 0) index = i;
            }

            var indentation = Layout.TrailingWhitespace(usings[Math.Max(index, 0)].GetLeadingTrivia());
            var directive = Directive(endOfLine).WithLeadingTrivia(indentation);
            if (index >= 0) return usings.Insert(index + 1, directive);

            // First of all: it takes over the file header that sat before the old first using.
            var oldFirst = usings[0];
            directive = directive.WithLeadingTrivia(oldFirst.GetLeadingTrivia());
            return usings.Replace(oldFirst, oldFirst.WithLeadingTrivia(indentation)).Insert(0, directive);
        }

        private static int Compare(string a, string b)
        {
            var aSystem = a == "System" || a.StartsWith("System.", StringComparison.Ordinal);
            var bSystem = b == "System" || b.StartsWith("System.", StringComparison.Ordinal);
            if (aSystem != bSystem) return aSystem ? -1 : 1;
            return string.Compare(a, b, StringComparison.OrdinalIgnoreCase);
        }

        private static bool IsPrewired(UsingDirectiveSyntax u)
            => u.Alias is null && u.StaticKeyword.RawKind == 0 && u.Name?.ToString() == PrewiredNamespace;

        private static UsingDirectiveSyntax Directive(SyntaxTrivia endOfLine)
            => ((UsingDirectiveSyntax)SyntaxFactory.ParseCompilationUnit("using Prewired;").Usings[0]).WithoutTrivia().WithTrailingTrivia(endOfLine);
    }
}
