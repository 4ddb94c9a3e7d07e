using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Prewired.Generator;

namespace Prewired.RealCode
{
    /// <summary>
    /// What [FastPath] does with a library's async methods, decided by Prewired's own generator: once the library's
    /// compilation is complete, a copy of it marks every named async method whose body awaits (<see cref="Marking"/>), the
    /// generator runs over the copy, and each method gets one PWR001 report, "verdict|category|Type.Method":
    /// <list type="bullet">
    /// <item><c>split</c>: the generator split the body and its generated code compiles; the category is <c>unguarded</c>,
    /// or <c>guarded: </c> and the member that kept the context guard (<see cref="Verdicts.GuardCategory"/>);</item>
    /// <item><c>forward</c>: the generator wrote the forwarding implementation, with its reason (variable names and await
    /// texts dropped so reasons group), or the method has a shape no marked method can take (a struct's method: PW0007);</item>
    /// <item><c>error</c>: the generator wrote nothing, or code that does not compile (PWR002 gives the errors);</item>
    /// <item><c>other</c>: async void, async iterators, other task-likes, and async local functions (the generator takes
    /// methods; they are counted, not classified).</item>
    /// </list>
    /// The library's own build is not changed: the copy is never emitted. A warning, so the build log lists every report.
    /// </summary>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class CoverageAnalyzer : DiagnosticAnalyzer
    {
        /// <summary>The build property holding the path of the Prewired runtime (Prewired.dll) the generated code needs.</summary>
        public const string RuntimeProperty = "build_property.PrewiredRealCodeRuntime";

        /// <summary>Optional: a folder to write the generated files that do not compile to, with their errors.</summary>
        public const string DumpProperty = "build_property.PrewiredRealCodeDump";

        public static readonly DiagnosticDescriptor Report = new(
            "PWR001", "[FastPath] coverage", "{0}|{1}|{2}", "Prewired.RealCode", DiagnosticSeverity.Warning, isEnabledByDefault: true,
            customTags: WellKnownDiagnosticTags.CompilationEnd);

        public static readonly DiagnosticDescriptor GeneratedError = new(
            "PWR002", "[FastPath] generated code does not compile", "{0}|{1}", "Prewired.RealCode", DiagnosticSeverity.Warning, isEnabledByDefault: true,
            customTags: WellKnownDiagnosticTags.CompilationEnd);

        public static readonly DiagnosticDescriptor ToolProblem = new(
            "PWR003", "Coverage tool problem", "{0}", "Prewired.RealCode", DiagnosticSeverity.Warning, isEnabledByDefault: true,
            customTags: WellKnownDiagnosticTags.CompilationEnd);

        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => ImmutableArray.Create(Report, GeneratedError, ToolProblem);

        public override void Initialize(AnalysisContext context)
        {
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
            context.EnableConcurrentExecution();
            context.RegisterCompilationAction(Analyze);
        }

        private static void Analyze(CompilationAnalysisContext context)
        {
            var cancellationToken = context.CancellationToken;
            var compilation = (CSharpCompilation)context.Compilation;
            if (!context.Options.AnalyzerConfigOptionsProvider.GlobalOptions.TryGetValue(RuntimeProperty, out var runtime) || string.IsNullOrWhiteSpace(runtime))
            {
                context.ReportDiagnostic(Diagnostic.Create(ToolProblem, Location.None, $"set the MSBuild property PrewiredRealCodeRuntime (a CompilerVisibleProperty) to the path of Prewired.dll; nothing was measured"));
                return;
            }

            // Find the async methods, tree by tree, and what to mark.
            var methods = new List<AsyncMethod>();
            var marks = new Dictionary<SyntaxTree, Dictionary<MethodDeclarationSyntax, Mark>>();
            var partialTypes = new Dictionary<SyntaxTree, HashSet<TypeDeclarationSyntax>>();
            var counter = 0;
            foreach (var tree in compilation.SyntaxTrees)
            {
                if (AsyncMethods.IsGenerated(tree, cancellationToken)) continue;
                var model = compilation.GetSemanticModel(tree);
                foreach (var method in AsyncMethods.In(tree, model, cancellationToken))
                {
                    methods.Add(method);
                    if (method.Decided is not null) continue;
                    var declaration = (MethodDeclarationSyntax)method.Declaration;
                    method.MarkedName = $"{declaration.Identifier.ValueText}__Pwr{counter++}";
                    var symbol = model.GetDeclaredSymbol(declaration, cancellationToken)!;
                    Add(marks, tree)[declaration] = new Mark(method.MarkedName, InheritedConstraints.Of(declaration, symbol));
                    for (var type = symbol.ContainingType; type is not null; type = type.ContainingType)
                    {
                        foreach (var reference in type.DeclaringSyntaxReferences)
                        {
                            // An extension block is no partial type (its members' copies go to the static class around it).
                            if (reference.GetSyntax(cancellationToken) is TypeDeclarationSyntax typeDeclaration && !typeDeclaration.Modifiers.Any(SyntaxKind.PartialKeyword)
                                && typeDeclaration.Keyword.ValueText != "extension")
                            {
                                Add(partialTypes, reference.SyntaxTree).Add(typeDeclaration);
                            }
                        }
                    }
                }
            }

            var marked = methods.Where(m => m.MarkedName is not null).ToList();
            if (marked.Count > 0)
            {
                Generate(context, compilation, runtime!, marked, marks, partialTypes);
            }

            foreach (var method in methods)
            {
                var (verdict, category) = method.Decided!.Value;
                context.ReportDiagnostic(Diagnostic.Create(Report, method.Identifier.GetLocation(), verdict, category, method.Name));
            }
        }

        private static void Generate(
            CompilationAnalysisContext context, CSharpCompilation compilation, string runtime, List<AsyncMethod> marked,
            Dictionary<SyntaxTree, Dictionary<MethodDeclarationSyntax, Mark>> marks, Dictionary<SyntaxTree, HashSet<TypeDeclarationSyntax>> partialTypes)
        {
            var cancellationToken = context.CancellationToken;
            var copy = compilation.AddReferences(MetadataReference.CreateFromFile(runtime));

            // Types the generator's context-guard analysis would recurse on without end (see StaticInitializerCycles).
            var staticConstructors = new Dictionary<SyntaxTree, HashSet<TypeDeclarationSyntax>>();
            var cycles = StaticInitializerCycles.Find(compilation, cancellationToken);
            foreach (var type in cycles)
            {
                if (type.DeclaringSyntaxReferences.Select(r => r.GetSyntax(cancellationToken)).OfType<TypeDeclarationSyntax>()
                        .FirstOrDefault(t => t is ClassDeclarationSyntax or RecordDeclarationSyntax or StructDeclarationSyntax) is { } declaration)
                {
                    Add(staticConstructors, declaration.SyntaxTree).Add(declaration);
                }
            }

            if (cycles.Count > 0)
            {
                context.ReportDiagnostic(Diagnostic.Create(ToolProblem, Location.None,
                    $"workaround: {cycles.Count} type(s) whose static initializers read their own static members got an empty static constructor in the copy (the generator's context-guard analysis recurses on them without end): {string.Join(", ", cycles.Select(t => t.Name))}"));
            }

            var rewritten = new List<SyntaxTree>();
            foreach (var tree in marks.Keys.Concat(partialTypes.Keys).Concat(staticConstructors.Keys).Distinct())
            {
                var root = Marking.Apply(
                    tree.GetRoot(cancellationToken),
                    marks.TryGetValue(tree, out var m) ? m : new Dictionary<MethodDeclarationSyntax, Mark>(),
                    partialTypes.TryGetValue(tree, out var p) ? p : new HashSet<TypeDeclarationSyntax>(),
                    staticConstructors.TryGetValue(tree, out var c) ? c : new HashSet<TypeDeclarationSyntax>());
                var newTree = tree.WithRootAndOptions(root, tree.Options);
                copy = copy.ReplaceSyntaxTree(tree, newTree);
                rewritten.Add(newTree);
            }

            var driver = CSharpGeneratorDriver.Create(
                new[] { new PrewiredGenerator().AsSourceGenerator() },
                parseOptions: (CSharpParseOptions)compilation.SyntaxTrees.First().Options);
            driver.RunGeneratorsAndUpdateCompilation(copy, out var output, out var generatorDiagnostics, cancellationToken);
            foreach (var diagnostic in generatorDiagnostics)
            {
                context.ReportDiagnostic(Diagnostic.Create(ToolProblem, Location.None, $"the generator reported {diagnostic.Id}: {diagnostic.GetMessage()}"));
            }

            // The marked declarations, found again in the copy.
            var byName = new Dictionary<string, IMethodSymbol>();
            foreach (var tree in rewritten)
            {
                var model = output.GetSemanticModel(tree);
                foreach (var declaration in tree.GetRoot(cancellationToken).GetAnnotatedNodes(Marking.MarkedKind).OfType<MethodDeclarationSyntax>())
                {
                    if (model.GetDeclaredSymbol(declaration, cancellationToken) is { } symbol) byName[declaration.GetAnnotations(Marking.MarkedKind).First().Data!] = symbol;
                }

                // Marking must not break the library: any declaration error here is the tool's.
                foreach (var error in model.GetDeclarationDiagnostics(cancellationToken: cancellationToken).Where(d => d.Severity == DiagnosticSeverity.Error && d.Id != "CS8795"))
                {
                    context.ReportDiagnostic(Diagnostic.Create(ToolProblem, Location.None, $"marking made an error in {tree.FilePath}: {error.Id} {error.GetMessage()}"));
                }
            }

            // Errors in the generated files, by file.
            var original = new HashSet<SyntaxTree>(copy.SyntaxTrees);
            var errorsByTree = new Dictionary<SyntaxTree, List<Diagnostic>>();
            var warnings = new Dictionary<string, int>();
            var filesWithWarnings = 0;
            foreach (var tree in output.SyntaxTrees.Where(t => !original.Contains(t)))
            {
                var diagnostics = output.GetSemanticModel(tree).GetDiagnostics(cancellationToken: cancellationToken);
                errorsByTree[tree] = diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
                var treeWarnings = diagnostics.Where(d => d.Severity == DiagnosticSeverity.Warning && !d.IsSuppressed).ToList();
                foreach (var warning in treeWarnings)
                {
                    warnings[warning.Id] = (warnings.TryGetValue(warning.Id, out var count) ? count : 0) + 1;
                }

                if (treeWarnings.Count > 0) filesWithWarnings++;
                if (treeWarnings.Count > 0 && errorsByTree[tree].Count == 0) Dump(context, tree, treeWarnings);
            }

            if (warnings.Count > 0)
            {
                // The library's own code builds without these (with its own warning settings, which the copy keeps).
                context.ReportDiagnostic(Diagnostic.Create(ToolProblem, Location.None,
                    $"warnings in the generated code of {filesWithWarnings} marked method(s): " + string.Join(", ", warnings.OrderByDescending(w => w.Value).Select(w => $"{w.Key} x{w.Value}"))));
            }

            foreach (var method in marked)
            {
                if (!byName.TryGetValue(method.MarkedName!, out var symbol))
                {
                    method.Decided = ("error", "the marked declaration was not found in the copy (tool problem)");
                    continue;
                }

                var implementation = symbol.PartialImplementationPart?.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax(cancellationToken) as MethodDeclarationSyntax;
                if (implementation is null)
                {
                    // The generator's transform threw (the generator catches it and writes nothing: CS8795 for a user).
                    method.Decided = ("error", "no generated implementation");
                    continue;
                }

                var verdict = Verdicts.Read(implementation);
                if (verdict.Category.StartsWith("generator exception", System.StringComparison.Ordinal))
                {
                    context.ReportDiagnostic(Diagnostic.Create(GeneratedError, method.Identifier.GetLocation(), method.Name, Verdicts.FirstComment(implementation)));
                }

                var errors = errorsByTree.TryGetValue(implementation.SyntaxTree, out var list) ? list : new List<Diagnostic>();
                if (errors.Count > 0)
                {
                    Dump(context, implementation.SyntaxTree, errors);
                    var first = errors[0];
                    var line = first.Location.GetLineSpan().StartLinePosition.Line;
                    var text = implementation.SyntaxTree.GetText(cancellationToken).Lines[line].ToString().Trim();
                    context.ReportDiagnostic(Diagnostic.Create(GeneratedError, method.Identifier.GetLocation(), method.Name,
                        $"{errors.Count} error(s) after {verdict.Verdict}; first {first.Id}: {first.GetMessage()} at generated line '{text}'"));
                    method.Decided = ("error", $"generated code does not compile ({verdict.Verdict}): {first.Id}");
                    continue;
                }

                method.Decided = verdict;
            }
        }

        /// <summary>With the build property PrewiredRealCodeDump set to a folder, a generated file with errors or warnings is written there.</summary>
        private static void Dump(CompilationAnalysisContext context, SyntaxTree tree, List<Diagnostic> errors)
        {
            if (!context.Options.AnalyzerConfigOptionsProvider.GlobalOptions.TryGetValue(DumpProperty, out var folder) || string.IsNullOrWhiteSpace(folder)) return;
            var text = string.Join("\n", errors.Select(e => "// " + e.ToString())) + "\n" + tree.GetText(context.CancellationToken);
#pragma warning disable RS1035 // A measurement tool, never shipped: writing what it found where asked is its purpose.
            System.IO.Directory.CreateDirectory(folder);
            System.IO.File.WriteAllText(System.IO.Path.Combine(folder, System.IO.Path.GetFileName(tree.FilePath)), text);
#pragma warning restore RS1035
        }

        private static TValue Add<TValue>(Dictionary<SyntaxTree, TValue> map, SyntaxTree tree)
            where TValue : new()
        {
            if (!map.TryGetValue(tree, out var value)) map[tree] = value = new TValue();
            return value;
        }
    }
}
