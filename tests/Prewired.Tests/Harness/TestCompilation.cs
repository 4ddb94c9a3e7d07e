using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Reflection;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;

namespace Prewired.Tests.Harness
{
    /// <summary>How a test compilation is built. The defaults are what a user project referencing Prewired gets.</summary>
    public sealed record TestCompilationSettings
    {
        public static TestCompilationSettings Default { get; } = new();

        /// <summary>
        /// C# 12, the latest of the Roslyn 4.8 the generator is built on: the oldest compiler we support. Named, because
        /// the tests compile with a newer Roslyn (4.14, for the testing libraries) whose Latest is C# 13.
        /// </summary>
        public LanguageVersion LanguageVersion { get; init; } = LanguageVersion.CSharp12;

        public NullableContextOptions Nullable { get; init; } = NullableContextOptions.Enable;

        public OptimizationLevel Optimization { get; init; } = OptimizationLevel.Release;

        public bool AllowUnsafe { get; init; }

        public string AssemblyName { get; init; } = "TestProject";

        /// <summary>Parse keeps doc comments as trivia only; Diagnose also reports malformed XML in them (CS1570...).</summary>
        public DocumentationMode DocumentationMode { get; init; } = DocumentationMode.Parse;

        public ImmutableArray<string> PreprocessorSymbols { get; init; } = ImmutableArray<string>.Empty;

        /// <summary>Assemblies referenced in addition to <see cref="TestReferences.Default"/> (e.g. the test assembly).</summary>
        public ImmutableArray<Assembly> AdditionalAssemblies { get; init; } = ImmutableArray<Assembly>.Empty;

        /// <summary>Applies .editorconfig / .globalconfig severities (dotnet_diagnostic.ID.severity) to the compilation.</summary>
        public SyntaxTreeOptionsProvider? SyntaxTreeOptions { get; init; }

        public CSharpParseOptions ParseOptions =>
            new(LanguageVersion, DocumentationMode, SourceCodeKind.Regular, PreprocessorSymbols);
    }

    /// <summary>Builds the <see cref="CSharpCompilation"/> every harness starts from.</summary>
    public static class TestCompilation
    {
        /// <summary>
        /// The path of the n-th source, <c>/0/Test{n}.cs</c>: Microsoft.CodeAnalysis.Testing's names, so diagnostic
        /// expectations written with file names carry over unchanged.
        /// </summary>
        public static string SourcePath(int index) => $"/0/Test{index}.cs";

        public static CSharpCompilation Create(params string[] sources) => Create(sources, TestCompilationSettings.Default);

        public static CSharpCompilation Create(IEnumerable<string> sources, TestCompilationSettings? settings = null)
        {
            settings ??= TestCompilationSettings.Default;
            CSharpParseOptions parseOptions = settings.ParseOptions;
            IEnumerable<SyntaxTree> trees = sources.Select((source, i) =>
                CSharpSyntaxTree.ParseText(SourceText.From(source, Encoding.UTF8), parseOptions, SourcePath(i)));

            var options = new CSharpCompilationOptions(
                OutputKind.DynamicallyLinkedLibrary,
                optimizationLevel: settings.Optimization,
                allowUnsafe: settings.AllowUnsafe,
                nullableContextOptions: settings.Nullable,
                deterministic: true);
            if (settings.SyntaxTreeOptions is not null)
            {
                options = options.WithSyntaxTreeOptionsProvider(settings.SyntaxTreeOptions);
            }

            return CSharpCompilation.Create(
                settings.AssemblyName,
                trees,
                TestReferences.WithAssemblies(settings.AdditionalAssemblies.ToArray()),
                options);
        }
    }
}
