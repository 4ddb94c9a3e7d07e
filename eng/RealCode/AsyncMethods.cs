using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Awaits;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.RealCode
{
    /// <summary>One named async method or local function whose body awaits, and what the tool does with it.</summary>
    internal sealed class AsyncMethod
    {
        public AsyncMethod(SyntaxNode declaration, SyntaxToken identifier, string name)
        {
            Declaration = declaration;
            Identifier = identifier;
            Name = name;
        }

        /// <summary>The method or local function in the library's own compilation (where every report is located).</summary>
        public SyntaxNode Declaration { get; }

        public SyntaxToken Identifier { get; }

        /// <summary>"Type.Method", for the report.</summary>
        public string Name { get; }

        /// <summary>Set when the method is not marked: "other" or "forward", and why.</summary>
        public (string Verdict, string Category)? Decided { get; set; }

        /// <summary>The name of the [FastPath] partial method declared for it, when it is marked.</summary>
        public string? MarkedName { get; set; }
    }

    /// <summary>
    /// Finds the named async methods (and async local functions) whose bodies await, and sorts out those [FastPath] does
    /// not apply to before anything is marked: return types other than Task/ValueTask (async void, async iterators, other
    /// task-likes) and local functions are "other"; a method whose containing types could not hold the marked partial
    /// method the generator accepts (an interface, a file-local type: the validator's PW0007; a struct can, since
    /// [FastPath] works on a copy of it) is forwarded for that shape.
    /// </summary>
    internal static class AsyncMethods
    {
        public static List<AsyncMethod> In(SyntaxTree tree, SemanticModel model, CancellationToken cancellationToken)
        {
            var found = new List<AsyncMethod>();
            foreach (var node in tree.GetRoot(cancellationToken).DescendantNodes())
            {
                switch (node)
                {
                    case MethodDeclarationSyntax method when Awaits(method.Modifiers, (SyntaxNode?)method.Body ?? method.ExpressionBody):
                        if (model.GetDeclaredSymbol(method, cancellationToken) is not { } symbol) continue;
                        var entry = new AsyncMethod(method, method.Identifier, symbol.ContainingType.Name + "." + symbol.Name);
                        entry.Decided = Unmarkable(method, symbol);
                        found.Add(entry);
                        break;
                    case LocalFunctionStatementSyntax function when Awaits(function.Modifiers, (SyntaxNode?)function.Body ?? function.ExpressionBody):
                        // FastPathClassifier and the generator take methods: a local function is counted, not classified.
                        found.Add(new AsyncMethod(function, function.Identifier, function.Identifier.ValueText) { Decided = ("other", "async local function") });
                        break;
                }
            }

            return found;
        }

        private static bool Awaits(SyntaxTokenList modifiers, SyntaxNode? body)
            => modifiers.Any(SyntaxKind.AsyncKeyword) && body is not null && AwaitSites.Collect(body).Count > 0;

        private static (string, string)? Unmarkable(MethodDeclarationSyntax declaration, IMethodSymbol method)
        {
            if (KnownTypes.ClassifyTaskType(method.ReturnType) is null)
            {
                var what = method.ReturnsVoid ? "async void"
                    : method.ReturnType.Name is "IAsyncEnumerable" or "IAsyncEnumerator" ? "async iterator"
                    : "other task-like return type";
                return ("other", what);
            }

            // The marked method is declared next to its body, so the body's containing types are the marked method's: the
            // shapes MarkedMethodValidator rejects (PW0007) for them. The wording is the validator's, without type names.
            foreach (var type in MarkedMethodValidator.ContainingTypes(method))
            {
                if (type.TypeKind == TypeKind.Interface) return ("forward", "method shape: an interface member (PW0007)");
                if (type.IsFileLocal) return ("forward", "method shape: a method of a file-local type (PW0007)");
            }

            // A C# 14 extension block's members cannot be partial (CS0751): Marking gives the body a private static copy in
            // the enclosing static class (the receiver its first parameter), as docs/fast-path.md tells a user to.
            if (declaration.Parent is TypeDeclarationSyntax { Keyword.ValueText: "extension" } extension
                && (extension.Parent is not ClassDeclarationSyntax || declaration.Modifiers.Any(SyntaxKind.UnsafeKeyword)))
            {
                return ("forward", "method shape: a member of an extension block outside a static class");
            }

            // [FastPath("Body")] names its body; an explicit interface implementation has none, so Marking moves a copy of
            // its body to a private method, as docs/fast-path.md tells a user to.
            if (declaration.Parent is not TypeDeclarationSyntax) return ("other", "not a type member");
            return null;
        }

        /// <summary>True for a file the tool leaves alone: another generator's output or a file marked generated.</summary>
        public static bool IsGenerated(SyntaxTree tree, CancellationToken cancellationToken)
        {
            var path = tree.FilePath ?? string.Empty;
            if (path.EndsWith(".g.cs", System.StringComparison.OrdinalIgnoreCase) || path.EndsWith(".designer.cs", System.StringComparison.OrdinalIgnoreCase)
                || path.EndsWith(".generated.cs", System.StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }

            var first = tree.GetRoot(cancellationToken).GetLeadingTrivia().Where(t => t.IsKind(SyntaxKind.SingleLineCommentTrivia) || t.IsKind(SyntaxKind.MultiLineCommentTrivia));
            return first.Any(t => t.ToString().IndexOf("<auto-generated", System.StringComparison.OrdinalIgnoreCase) >= 0);
        }
    }
}
