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

        /// <summary>
        /// The consuming project's target: its references decide what generated code may use. For
        /// <see cref="TestTarget.NetStandard20"/>, <see cref="AdditionalAssemblies"/> (built for net10.0) are not referenced.
        /// </summary>
        public TestTarget Target { get; init; } = TestTarget.Net;

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
                settings.Target == TestTarget.NetStandard20 ? TestReferences.NetStandard20 : TestReferences.WithAssemblies(settings.AdditionalAssemblies.ToArray()),
                options);
        }
    }

    /// <summary>The reference sets a test compilation can target.</summary>
    public enum TestTarget
    {
        /// <summary>The running framework's reference pack (net10.0) and Prewired's build for it.</summary>
        Net,

        /// <summary><see cref="TestReferences.NetStandard20"/>: what net462+ and netstandard2.0 projects compile against.</summary>
        NetStandard20,
    }
}
