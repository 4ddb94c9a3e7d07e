using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace Prewired.CodeFixes.Closures
{
    /// <summary>
    /// Every name in one member (method, accessor, top-level statements) that refers to a local, a parameter or a local
    /// function, by symbol: what the fix needs to know where variables are read and written and where local functions
    /// are called. A local function is only visible inside the member that declares it, so nothing outside can refer to it.
    /// </summary>
    internal sealed class MemberReferences
    {
        private static readonly IReadOnlyList<SimpleNameSyntax> None = new List<SimpleNameSyntax>();

        private readonly Dictionary<ISymbol, List<SimpleNameSyntax>> _bySymbol;

        private MemberReferences(SemanticModel model, SyntaxNode root, Dictionary<ISymbol, List<SimpleNameSyntax>> bySymbol)
        {
            Model = model;
            Root = root;
            _bySymbol = bySymbol;
        }

        public SemanticModel Model { get; }

        /// <summary>The member's syntax (the compilation unit for top-level statements).</summary>
        public SyntaxNode Root { get; }

        public IEnumerable<ISymbol> Symbols => _bySymbol.Keys;

        public static MemberReferences Build(SemanticModel model, SyntaxNode root, CancellationToken cancellationToken)
        {
            var bySymbol = new Dictionary<ISymbol, List<SimpleNameSyntax>>(SymbolEqualityComparer.Default);
            foreach (var name in root.DescendantNodes().OfType<SimpleNameSyntax>())
            {
                // The right of 'a.b' is a member, never a local; this skips most names without binding them.
                if (name.Parent is MemberAccessExpressionSyntax access && access.Name == name) continue;
                var symbol = model.GetSymbolInfo(name, cancellationToken).Symbol;
                if (symbol is IMethodSymbol { MethodKind: MethodKind.LocalFunction } function) symbol = function.OriginalDefinition;
                else if (symbol is not (ILocalSymbol or IParameterSymbol)) continue;
                if (!bySymbol.TryGetValue(symbol, out var names)) bySymbol.Add(symbol, names = new List<SimpleNameSyntax>());
                names.Add(name);
            }

            return new MemberReferences(model, root, bySymbol);
        }

        /// <summary>The member a node is in: the syntax whose names <see cref="Build"/> indexes.</summary>
        public static SyntaxNode MemberOf(SyntaxNode node)
        {
            foreach (var ancestor in node.Ancestors())
            {
                if (ancestor is GlobalStatementSyntax) return ancestor.Parent!;
                if (ancestor is MemberDeclarationSyntax) return ancestor;
            }

            return node.SyntaxTree.GetRoot();
        }

        public IReadOnlyList<SimpleNameSyntax> Of(ISymbol symbol) => _bySymbol.TryGetValue(symbol, out var names) ? names : None;

        /// <summary>Whether the name is only an argument of <c>nameof</c>: no capture, no call.</summary>
        public bool IsInNameOf(SyntaxNode name)
        {
            foreach (var invocation in name.Ancestors().OfType<InvocationExpressionSyntax>())
            {
                if (invocation.Expression is IdentifierNameSyntax { Identifier.ValueText: "nameof" } && Model.GetOperation(invocation) is INameOfOperation) return true;
            }

            return false;
        }

        /// <summary>The innermost lambda, anonymous method or local function around <paramref name="node"/>; null when it is in the member's own body.</summary>
        public static SyntaxNode? InnermostFunction(SyntaxNode node)
        {
            foreach (var ancestor in node.Ancestors())
            {
                if (ancestor is LocalFunctionStatementSyntax or AnonymousFunctionExpressionSyntax) return ancestor;
                if (ancestor is MemberDeclarationSyntax or CompilationUnitSyntax) return null;
            }

            return null;
        }

        /// <summary>The function whose body declares <paramref name="variable"/> (null: the member itself).</summary>
        public static SyntaxNode? DeclaringFunction(ISymbol variable)
        {
            var declaration = variable.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax();
            if (declaration is null) return null;
            // A parameter of a local function or lambda belongs to that function, not to the one around it.
            if (declaration is ParameterSyntax { Parent.Parent: LocalFunctionStatementSyntax or AnonymousFunctionExpressionSyntax } parameter) return parameter.Parent!.Parent;
            if (declaration is ParameterSyntax { Parent: SimpleLambdaExpressionSyntax } simple) return simple.Parent;
            return InnermostFunction(declaration);
        }

        /// <summary>Whether <paramref name="symbol"/> is declared inside <paramref name="function"/> (its parameters included).</summary>
        public static bool IsDeclaredIn(ISymbol symbol, SyntaxNode function)
            => symbol.DeclaringSyntaxReferences.Any(r => r.SyntaxTree == function.SyntaxTree && function.Span.Contains(r.Span));

        /// <summary>Whether the name is the invoked expression of a call (<c>F(...)</c>, <c>F&lt;T&gt;(...)</c>).</summary>
        public static InvocationExpressionSyntax? CallOf(SimpleNameSyntax name)
            => name.Parent is InvocationExpressionSyntax invocation && invocation.Expression == name ? invocation : null;

        public static bool IsIterator(LocalFunctionStatementSyntax function)
            => function.DescendantNodes().OfType<YieldStatementSyntax>().Any(y => InnermostFunction(y) == function);

        public static bool HasGoto(SyntaxNode root) => root.DescendantNodes().Any(n => n.IsKind(SyntaxKind.GotoStatement) || n.IsKind(SyntaxKind.GotoCaseStatement) || n.IsKind(SyntaxKind.GotoDefaultStatement));
    }
}
