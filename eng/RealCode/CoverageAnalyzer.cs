using System.Collections.Immutable;
using System.Linq;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Prewired.Generator.Analysis;
using Prewired.Generator.Model;

namespace Prewired.RealCode
{
    /// <summary>
    /// Reports PWR001 once per async method or local function whose body awaits: "split", "forward" or "other", a
    /// category, and the method. "forward" carries the first reason <see cref="FastPathClassifier"/> gives (what PW0201
    /// would say if the method were marked [FastPath]) or the marked-method shape the generator does not support (PW0007);
    /// "other" is an async method [FastPath] does not apply to (async void, async iterators, other task-likes) or a
    /// local function (the classifier takes methods only). A warning, so the build log lists every report.
    /// </summary>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class CoverageAnalyzer : DiagnosticAnalyzer
    {
        public static readonly DiagnosticDescriptor Report = new(
            "PWR001", "[FastPath] coverage", "{0}|{1}|{2}", "Prewired.RealCode", DiagnosticSeverity.Warning, isEnabledByDefault: true);

        private static readonly Regex Quoted = new("'[^']*'", RegexOptions.Compiled);

        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => ImmutableArray.Create(Report);

        public override void Initialize(AnalysisContext context)
        {
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
            context.EnableConcurrentExecution();
            context.RegisterSyntaxNodeAction(AnalyzeMethod, SyntaxKind.MethodDeclaration);
            context.RegisterSyntaxNodeAction(AnalyzeLocalFunction, SyntaxKind.LocalFunctionStatement);
        }

        private static void AnalyzeLocalFunction(SyntaxNodeAnalysisContext context)
        {
            var function = (LocalFunctionStatementSyntax)context.Node;
            var body = (SyntaxNode?)function.Body ?? function.ExpressionBody;
            if (!function.Modifiers.Any(SyntaxKind.AsyncKeyword) || body is null || AwaitSites.Collect(body).Count == 0) return;
            context.ReportDiagnostic(Diagnostic.Create(Report, function.Identifier.GetLocation(), "other", "async local function", function.Identifier.ValueText));
        }

        private static void AnalyzeMethod(SyntaxNodeAnalysisContext context)
        {
            var declaration = (MethodDeclarationSyntax)context.Node;
            var body = (SyntaxNode?)declaration.Body ?? declaration.ExpressionBody;
            if (!declaration.Modifiers.Any(SyntaxKind.AsyncKeyword) || body is null || AwaitSites.Collect(body).Count == 0) return;
            if (context.SemanticModel.GetDeclaredSymbol(declaration, context.CancellationToken) is not { } method) return;

            var (verdict, category) = Classify(declaration, method, context.SemanticModel);
            context.ReportDiagnostic(Diagnostic.Create(Report, declaration.Identifier.GetLocation(), verdict, category, method.ContainingType.Name + "." + method.Name));
        }

        private static (string Verdict, string Category) Classify(MethodDeclarationSyntax declaration, IMethodSymbol method, SemanticModel model)
        {
            if (KnownTypes.ClassifyTaskType(method.ReturnType) is not { } returnKind)
            {
                var what = method.ReturnsVoid ? "async void" : method.ReturnType.Name is "IAsyncEnumerable" or "IAsyncEnumerator" ? "async iterator" : "other task-like return type";
                return ("other", what);
            }

            // The marked method has the body's shape; these the generator rejects (MarkedMethodValidator, PW0007).
            if (method.ContainingType.TypeKind == TypeKind.Struct) return ("forward", "method shape: method of a struct");
            if (method.ContainingType.TypeKind == TypeKind.Interface) return ("forward", "method shape: interface member");

            var blocker = FastPathClassifier.FindBlockers(declaration, returnKind.HasResult(), model).FirstOrDefault();
            if (blocker is null) return ("split", "split");

            // Arguments: the await, the reason, the method. Variable names are dropped so reasons group.
            return ("forward", Quoted.Replace(blocker.Arguments[1], "'…'").Replace("|", "/"));
        }
    }
}
