using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;
using Prewired.Analyzers.Candidates;
using Prewired.Analyzers.Closures;
using Prewired.Generator.Awaits;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.Model;
using Prewired.Generator.TailAwait;

namespace Prewired.Analyzers
{
    /// <summary>
    /// Finds existing async methods the generator could speed up, with a code fix that converts each to the partial shape:
    /// PW0102 when every await is a tail await (the [TailAwait] rules of <see cref="TailAwaitClassifier"/>), otherwise
    /// PW0202 for a ValueTask method (and, with <c>prewired_fastpath_candidates = all</c>, a Task method: see
    /// <see cref="CandidateOptions"/>) whose every await is at a position [FastPath] splits
    /// (<see cref="FastPathClassifier.FindBlockers"/> finds nothing). Only methods the conversion can produce without a new
    /// error are reported: see <see cref="CandidateShape"/>; nor one whose body allocates a closure on a path that does not
    /// use it (PW0402 would become PW0401 once the body is marked).
    /// </summary>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class CandidateAnalyzer : DiagnosticAnalyzer
    {
        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(
            DiagnosticDescriptors.TailAwaitCandidate, DiagnosticDescriptors.FastPathCandidate);

        public override void Initialize(AnalysisContext context)
        {
            // Generated code is not the user's to convert.
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
            context.EnableConcurrentExecution();
            context.RegisterCompilationStartAction(start =>
            {
                // The fix writes [TailAwait]/[FastPath]: without the Prewired runtime there is nothing to convert to.
                var tailAwait = start.Compilation.GetTypeByMetadataName(KnownTypes.TailAwaitAttribute) is not null;
                var fastPath = start.Compilation.GetTypeByMetadataName(KnownTypes.FastPathAttribute) is not null;
                if (!tailAwait && !fastPath) return;
                start.RegisterSyntaxNodeAction(c => Analyze(c, tailAwait, fastPath), SyntaxKind.MethodDeclaration);
            });
        }

        private static void Analyze(SyntaxNodeAnalysisContext context, bool tailAwait, bool fastPath)
        {
            var declaration = (MethodDeclarationSyntax)context.Node;
            if (!CandidateShape.IsConvertibleDeclaration(declaration)) return;
            if (context.SemanticModel.GetDeclaredSymbol(declaration, context.CancellationToken) is not { } method) return;
            if (!CandidateShape.IsConvertibleMethod(method, context.CancellationToken) || CandidateShape.ReturnKindOf(method) is not { } returnKind) return;

            var body = (SyntaxNode?)declaration.Body ?? declaration.ExpressionBody!;
            if (AwaitSites.Collect(body).Count == 0) return;

            if (tailAwait && IsTailAwaitCandidate(declaration, context.SemanticModel, returnKind))
            {
                if (AllocatesClosureOnSomePath(declaration, context.SemanticModel, method, context.CancellationToken)) return;
                context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.TailAwaitCandidate, declaration.Identifier.GetLocation(), method.Name));
                return;
            }

            // Task methods only on request (CandidateOptions): their synchronous result is still a Task object.
            if (fastPath && (returnKind.IsValueTask() || CandidateOptions.IncludesTaskMethods(context.Options, declaration.SyntaxTree))
                && FastPathClassifier.FindBlockers(declaration, returnKind.HasResult(), context.SemanticModel).Count == 0
                && !AllocatesClosureOnSomePath(declaration, context.SemanticModel, method, context.CancellationToken))
            {
                context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.FastPathCandidate, declaration.Identifier.GetLocation(), method.Name));
            }
        }

        /// <summary>
        /// Whether the body allocates a closure on entry to a scope with a path that never uses it: PW0402 now, and PW0401
        /// (a warning, an error under warnings as errors) once the body is a marked method's, so the conversion would trade a
        /// suggestion for a warning the code fix cannot always remove (a lambda). Such a method is left as it is; the closure
        /// suggestion still shows. The closure analyzer's own finding is asked, so both always agree.
        /// </summary>
        private static bool AllocatesClosureOnSomePath(MethodDeclarationSyntax declaration, SemanticModel model, IMethodSymbol method, CancellationToken cancellationToken)
        {
            var body = (SyntaxNode?)declaration.Body ?? declaration.ExpressionBody!;
            if (!body.DescendantNodes().Any(n => n is AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax)) return false;
            if (model.GetOperation(declaration, cancellationToken) is not IMethodBodyOperation operation) return false;
            return !ClosureFindings.Find(ControlFlowGraph.Create(operation, cancellationToken), method, cancellationToken).IsEmpty;
        }

        private static bool IsTailAwaitCandidate(MethodDeclarationSyntax declaration, SemanticModel model, ReturnKind returnKind)
        {
            foreach (var site in TailAwaitClassifier.Classify(declaration, model, returnKind))
            {
                if (site.NonTailReason is not null) return false;
            }

            return true;
        }
    }
}
