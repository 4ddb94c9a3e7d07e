using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;
using Prewired.CodeFixes;

namespace Prewired.RoslynOracle.Conversion
{
    /// <summary>
    /// Marks every async method of a program the way a user converting it would: Prewired's own code fix
    /// (<see cref="ConvertToPartialShapeCodeFixProvider"/>, PW0202's "Convert to [FastPath]"), applied to each named async
    /// method returning Task, Task&lt;T&gt;, ValueTask or ValueTask&lt;T&gt; whose body awaits, one after another. The
    /// candidate analyzer is not asked: every such method is converted, so methods the generator forwards are counted with
    /// their reasons instead of left out.
    /// </summary>
    internal static class FastPathMarking
    {
#pragma warning disable RS2008 // not an analyzer: the descriptor of the diagnostic the code fix is handed
        private static readonly DiagnosticDescriptor Candidate = new("PW0202", "candidate", "candidate", "Prewired", DiagnosticSeverity.Info, true);
#pragma warning restore RS2008

        /// <summary>More conversions than any test program has methods: the code fix keeps making new candidates.</summary>
        private const int MaxConversions = 100;

        public sealed record Result(string Source, List<string> Marked, List<string> NotOffered, List<string> ExplicitImplementations);

        public static async Task<Result> MarkAsync(string source, IEnumerable<(string Name, string Text)> otherFiles, IReadOnlyList<MetadataReference> references, CancellationToken cancellationToken)
        {
            using var workspace = new AdhocWorkspace();
            var project = workspace.AddProject(ProjectInfo.Create(
                ProjectId.CreateNewId(), VersionStamp.Create(), "Program", "Program", LanguageNames.CSharp,
                compilationOptions: new CSharpCompilationOptions(OutputKind.ConsoleApplication, allowUnsafe: true),
                parseOptions: new CSharpParseOptions(LanguageVersion.Latest),
                metadataReferences: references));
            foreach (var (name, content) in otherFiles) project = project.AddDocument(name, SourceText.From(content)).Project;
            var document = project.AddDocument("Program.cs", SourceText.From(source));

            var provider = new ConvertToPartialShapeCodeFixProvider();
            var attempted = new HashSet<string>();
            var marked = new List<string>();
            var notOffered = new List<string>();
            while (true)
            {
                var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
                var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
                var bodies = BodiesOfMarkedMethods(root!);
                var next = root!.DescendantNodes().OfType<MethodDeclarationSyntax>()
                    .Where(m => IsMarkable(m, model!) && !bodies.Contains(m.Identifier.ValueText))
                    .Select(m => (Method: m, Key: Key(m, model!)))
                    .FirstOrDefault(m => !attempted.Contains(m.Key));
                if (next.Method is null) break;
                attempted.Add(next.Key);
                if (attempted.Count > MaxConversions) throw new InvalidOperationException($"the conversion does not converge: more than {MaxConversions} methods converted one after another, the last '{next.Key}'");

                var actions = new List<CodeAction>();
                var diagnostic = Diagnostic.Create(Candidate, next.Method.Identifier.GetLocation());
                var context = new CodeFixContext(document, diagnostic, (action, _) => actions.Add(action), cancellationToken);
                await provider.RegisterCodeFixesAsync(context).ConfigureAwait(false);
                if (actions.Count == 0)
                {
                    notOffered.Add(next.Key);
                    continue;
                }

                var operations = await actions[0].GetOperationsAsync(cancellationToken).ConfigureAwait(false);
                var changed = operations.OfType<ApplyChangesOperation>().Single().ChangedSolution;
                document = changed.GetDocument(document.Id)!;
                marked.Add(next.Key);
            }

            var text = await document.GetTextAsync(cancellationToken).ConfigureAwait(false);
            var finalModel = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
            var explicitImplementations = (await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!.DescendantNodes().OfType<MethodDeclarationSyntax>()
                .Where(m => m.ExplicitInterfaceSpecifier is not null && IsMarkable(m, finalModel!, includeExplicit: true)).Select(m => Key(m, finalModel!)).ToList();
            return new Result(text.ToString(), marked, notOffered, explicitImplementations);
        }

        /// <summary>The names the program's [FastPath] attributes point at: the moved bodies, async but already converted.</summary>
        private static HashSet<string> BodiesOfMarkedMethods(SyntaxNode root)
            => root.DescendantNodes().OfType<AttributeSyntax>()
                .Where(a => a.Name.ToString() is "FastPath" or "Prewired.FastPath" or "global::Prewired.FastPath")
                .SelectMany(a => a.DescendantNodes().OfType<IdentifierNameSyntax>())
                .Select(i => i.Identifier.ValueText).Where(n => n != "nameof").ToHashSet();

        /// <summary>
        /// A named async method returning Task, Task&lt;T&gt;, ValueTask or ValueTask&lt;T&gt; whose body awaits, not of an
        /// interface and not an explicit interface implementation: a partial method cannot be one, so [FastPath] cannot mark
        /// it (PW0202 does not offer it; handed a PW0202 there anyway, the code fix would keep the interface specifier and
        /// offer its own body method again, without end).
        /// </summary>
        private static bool IsMarkable(MethodDeclarationSyntax method, SemanticModel model, bool includeExplicit = false)
        {
            if (!method.Modifiers.Any(SyntaxKind.AsyncKeyword) || (method.Body is null && method.ExpressionBody is null)) return false;
            if (method.ExplicitInterfaceSpecifier is not null && !includeExplicit) return false;
            if (model.GetDeclaredSymbol(method) is not IMethodSymbol symbol || symbol.ContainingType.TypeKind == TypeKind.Interface) return false;
            if (symbol.ReturnType is not INamedTypeSymbol { ContainingNamespace: var ns } returnType || ns.ToDisplayString() != "System.Threading.Tasks"
                || returnType.Name is not ("Task" or "ValueTask"))
            {
                return false;
            }

            return method.DescendantNodes(n => n is not (LambdaExpressionSyntax or AnonymousMethodExpressionSyntax or LocalFunctionStatementSyntax))
                .Any(n => n is AwaitExpressionSyntax || n is UsingStatementSyntax { AwaitKeyword.RawKind: not 0 } || n is LocalDeclarationStatementSyntax { AwaitKeyword.RawKind: not 0 }
                          || n is CommonForEachStatementSyntax { AwaitKeyword.RawKind: not 0 });
        }

        private static string Key(MethodDeclarationSyntax method, SemanticModel model)
            => model.GetDeclaredSymbol(method)?.ToDisplayString(SymbolDisplayFormat.CSharpShortErrorMessageFormat) ?? method.Identifier.ValueText;
    }
}
