using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Testing;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Testing;

namespace Prewired.Tests.Harness
{
    /// <summary>
    /// Microsoft.CodeAnalysis.Testing's <c>CSharpAnalyzerTest</c> with what every analyzer test here needs:
    /// <list type="bullet">
    /// <item>offline references (<see cref="TestReferences"/>: Basic.Reference.Assemblies' net10.0 set and the Prewired
    /// runtime) instead of the library's <c>ReferenceAssemblies</c>, which would download a ref pack from nuget.org;</item>
    /// <item>the compilation a user project gets (<see cref="CompilationSettings"/>: nullable enabled, Release, the test
    /// compilation's language version), not the library's C# default;</item>
    /// <item><see cref="Generators"/> that run before the analyzers, so generated code is part of what they see, as in a
    /// build (its text is checked by the snapshot tests, not here);</item>
    /// <item><c>[|...|]</c> means the analyzer's first descriptor even when it has several
    /// (<see cref="MarkupOptions.UseFirstDescriptor"/>);</item>
    /// <item><see cref="GlobalConfig"/>: a .globalconfig or a root .editorconfig as one text.</item>
    /// </list>
    /// The library compares every diagnostic exactly (id, span, severity, message arguments, additional locations), and
    /// compiler errors too; it also re-runs each test with the sources marked generated and with a <c>#pragma warning
    /// disable</c> of the expected IDs, and requires the analyzer to honour both.
    /// </summary>
    public class PrewiredAnalyzerTest<TAnalyzer> : CSharpAnalyzerTest<TAnalyzer, DefaultVerifier>
        where TAnalyzer : DiagnosticAnalyzer, new()
    {
        /// <summary>
        /// No package to resolve: the library's resolution then reads nothing from nuget.org or a package cache, and the
        /// framework comes from <see cref="TestReferences"/> as an additional reference.
        /// </summary>
        private static readonly ReferenceAssemblies s_none = new("net10.0");

        public PrewiredAnalyzerTest()
        {
            ReferenceAssemblies = s_none;
            MarkupOptions = MarkupOptions.UseFirstDescriptor | MarkupOptions.TreatPositionIndicatorsAsCode;
        }

        /// <summary>The sources with markup (the library's <c>TestState.Sources</c>); the n-th is <c>/0/Test{n}.cs</c>.</summary>
        public SourceFileList Sources => TestState.Sources;

        /// <summary>Source generators (types with a parameterless constructor) run before the analyzers.</summary>
        public List<Type> Generators { get; } = new();

        /// <summary>
        /// A .globalconfig (<c>is_global = true</c>, or plain <c>key = value</c> lines) or a root .editorconfig (with
        /// <c>[*.cs]</c>-style sections). Its severities apply to analyzer and compiler diagnostics alike, in generated
        /// files too, and its options reach analyzers and generators.
        /// </summary>
        public string? GlobalConfig { get; set; }

        public TestCompilationSettings CompilationSettings { get; set; } = TestCompilationSettings.Default;

        protected override async Task RunImplAsync(CancellationToken cancellationToken)
        {
            TestState.AdditionalReferences.AddRange(TestReferences.WithAssemblies(CompilationSettings.AdditionalAssemblies.ToArray()));

            // The library's default is Diagnose (CS1591 on every public member without a doc comment); a user project
            // without GenerateDocumentationFile parses doc comments only.
            TestState.DocumentationMode = CompilationSettings.DocumentationMode;
            if (!string.IsNullOrWhiteSpace(GlobalConfig))
            {
                TestState.AnalyzerConfigFiles.Add(ConfigFile(GlobalConfig!));
            }

            if (Generators.Count > 0)
            {
                TestBehaviors |= TestBehaviors.SkipGeneratedSourcesCheck;
            }

            await base.RunImplAsync(cancellationToken).ConfigureAwait(false);
        }

        protected override IEnumerable<Type> GetSourceGenerators() => Generators;

        protected override CompilationOptions CreateCompilationOptions() => new CSharpCompilationOptions(
            OutputKind.DynamicallyLinkedLibrary,
            optimizationLevel: CompilationSettings.Optimization,
            allowUnsafe: CompilationSettings.AllowUnsafe,
            nullableContextOptions: CompilationSettings.Nullable,
            deterministic: true);

        protected override ParseOptions CreateParseOptions() => CompilationSettings.ParseOptions;

        // The library pins every supported ID to "Default" in the compilation options (to enable rules that are off by
        // default; Prewired has none). Those entries outrank a .globalconfig, so "severity = error" there would be
        // ignored where a build honours it: drop them, keep the rest (AD0001 as an error).
        protected override Project ApplyCompilationOptions(Project project)
        {
            project = base.ApplyCompilationOptions(project);
            CompilationOptions options = project.CompilationOptions!;
            var specific = options.SpecificDiagnosticOptions.Where(entry => entry.Value != ReportDiagnostic.Default).ToImmutableDictionary();
            return project.WithCompilationOptions(options.WithSpecificDiagnosticOptions(specific));
        }

        // A text with sections is an editorconfig at the root, so "[Test1.cs]" matches /0/Test1.cs; anything else is a
        // global config (an editorconfig would ignore key = value lines outside a section).
        private static (string, string) ConfigFile(string text)
        {
            bool hasSections = text.Split('\n').Any(line => line.TrimStart().StartsWith("[", StringComparison.Ordinal));
            bool isGlobal = text.Contains("is_global", StringComparison.Ordinal);
            return isGlobal || !hasSections
                ? ("/.globalconfig", isGlobal ? text : "is_global = true\n" + text)
                : ("/.editorconfig", text);
        }
    }
}
