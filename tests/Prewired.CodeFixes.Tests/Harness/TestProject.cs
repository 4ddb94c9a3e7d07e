using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using Prewired.Analyzers;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.CodeFixes.Tests.Harness
{
    /// <summary>
    /// A user project in an <see cref="AdhocWorkspace"/>, as an IDE holds it: the sources as documents <c>/0/Test{n}.cs</c>,
    /// the framework and the Prewired runtime as references, and the Prewired generator as an analyzer reference, so the
    /// project's compilation holds the generated implementations exactly as a build's does and code fixes see them.
    /// </summary>
    public sealed class TestProject : IDisposable
    {
        private readonly AdhocWorkspace _workspace;

        private TestProject(AdhocWorkspace workspace, Solution solution, ProjectId projectId, ImmutableArray<DocumentId> documents)
        {
            _workspace = workspace;
            Solution = solution;
            ProjectId = projectId;
            Documents = documents;
        }

        public Solution Solution { get; }

        public ProjectId ProjectId { get; }

        public ImmutableArray<DocumentId> Documents { get; }

        public Project Project => Solution.GetProject(ProjectId)!;

        /// <summary>The analyzers every test runs: the marked-method rules (PW0001-PW0201), the pipeline rules, the candidate rules, the closure rule (PW0401) and the struct-next suggestion (PW0330).</summary>
        public static ImmutableArray<DiagnosticAnalyzer> Analyzers { get; } = ImmutableArray.Create<DiagnosticAnalyzer>(new MarkedMethodAnalyzer(), new PipelineAnalyzer(), new CandidateAnalyzer(), new ClosureAnalyzer(), new StructNextAnalyzer());

        public static string SourcePath(int index) => $"/0/Test{index}.cs";

        public static TestProject Create(IEnumerable<string> sources, LanguageVersion languageVersion = LanguageVersion.Latest, IEnumerable<MetadataReference>? references = null)
        {
            var workspace = new AdhocWorkspace();
            var projectId = ProjectId.CreateNewId("TestProject");
            var info = ProjectInfo.Create(
                projectId,
                VersionStamp.Default,
                "TestProject",
                "TestProject",
                LanguageNames.CSharp,
                compilationOptions: new CSharpCompilationOptions(
                    OutputKind.DynamicallyLinkedLibrary,
                    optimizationLevel: OptimizationLevel.Release,
                    nullableContextOptions: NullableContextOptions.Enable,
                    deterministic: true),
                parseOptions: new CSharpParseOptions(languageVersion),
                metadataReferences: references ?? TestReferences.Default,
                analyzerReferences: new[] { GeneratorReference.Instance });
            var solution = workspace.CurrentSolution.AddProject(info);
            var documents = ImmutableArray.CreateBuilder<DocumentId>();
            int index = 0;
            foreach (string source in sources)
            {
                var id = DocumentId.CreateNewId(projectId, SourcePath(index));
                solution = solution.AddDocument(id, $"Test{index}.cs", SourceText.From(source, Encoding.UTF8), filePath: SourcePath(index));
                documents.Add(id);
                index++;
            }

            return new TestProject(workspace, solution, projectId, documents.ToImmutable());
        }

        /// <summary>Compiler diagnostics (warnings and errors, generated files included) and every analyzer diagnostic.</summary>
        public static async Task<ProjectDiagnostics> DiagnosticsAsync(Project project, CancellationToken cancellationToken = default)
        {
            Compilation compilation = await project.GetCompilationAsync(cancellationToken).ConfigureAwait(false)
                ?? throw new InvalidOperationException("No compilation.");
            var exceptions = new ConcurrentQueue<string>();
            var options = new CompilationWithAnalyzersOptions(
                new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty),
                onAnalyzerException: (exception, analyzer, _) => exceptions.Enqueue($"{analyzer.GetType().FullName} threw: {exception}"),
                concurrentAnalysis: true,
                logAnalyzerExecutionTime: false,
                reportSuppressedDiagnostics: false);
            ImmutableArray<Diagnostic> analyzerDiagnostics = await compilation.WithAnalyzers(Analyzers, options)
                .GetAnalyzerDiagnosticsAsync(cancellationToken).ConfigureAwait(false);
            if (!exceptions.IsEmpty)
            {
                Assert.Fail(string.Join(Environment.NewLine, exceptions));
            }

            ImmutableArray<Diagnostic> compilerDiagnostics = compilation.GetDiagnostics(cancellationToken)
                .Where(d => d.Severity >= DiagnosticSeverity.Warning)
                .ToImmutableArray();
            var generated = (await project.GetSourceGeneratedDocumentsAsync(cancellationToken).ConfigureAwait(false)).ToImmutableArray();
            return new ProjectDiagnostics(compilation, compilerDiagnostics, analyzerDiagnostics, generated.Length);
        }

        public void Dispose() => _workspace.Dispose();
    }

    public sealed record ProjectDiagnostics(Compilation Compilation, ImmutableArray<Diagnostic> Compiler, ImmutableArray<Diagnostic> Analyzer, int GeneratedFiles)
    {
        public IEnumerable<Diagnostic> All => Compiler.Concat(Analyzer);
    }

    /// <summary>The Prewired generator as an analyzer reference of a workspace project (what the package's analyzer folder gives an IDE).</summary>
    internal sealed class GeneratorReference : AnalyzerReference
    {
        public static readonly GeneratorReference Instance = new();

        private readonly ImmutableArray<ISourceGenerator> _generators = ImmutableArray.Create(new PrewiredGenerator().AsSourceGenerator());

        public override string? FullPath => null;

        public override string Display => "Prewired.Generator";

        public override object Id => "Prewired.Generator";

        public override ImmutableArray<DiagnosticAnalyzer> GetAnalyzers(string language) => ImmutableArray<DiagnosticAnalyzer>.Empty;

        public override ImmutableArray<DiagnosticAnalyzer> GetAnalyzersForAllLanguages() => ImmutableArray<DiagnosticAnalyzer>.Empty;

        public override ImmutableArray<ISourceGenerator> GetGenerators(string language) => language == LanguageNames.CSharp ? _generators : ImmutableArray<ISourceGenerator>.Empty;

        public override ImmutableArray<ISourceGenerator> GetGeneratorsForAllLanguages() => _generators;
    }
}
