using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Prewired.Generator;

namespace Prewired.RoslynOracle.Running
{
    /// <summary>
    /// Compiles a program as a .NET 10 console application (references offline, unsafe allowed as several tests need), with
    /// Prewired's generator when it is marked, every warning wave on.
    /// </summary>
    internal static class ProgramCompiler
    {
        public static IReadOnlyList<MetadataReference> References { get; } = Basic.Reference.Assemblies.Net100.References.All
            .Cast<MetadataReference>().Append(MetadataReference.CreateFromFile(typeof(FastPathAttribute).Assembly.Location)).ToList();

        public static readonly CSharpParseOptions ParseOptions = new(LanguageVersion.Latest);

        public sealed record Compiled(CSharpCompilation Compilation, ImmutableArray<Diagnostic> Diagnostics, IReadOnlyList<SyntaxTree> Generated, byte[]? Image);

        public static CSharpCompilation Create(IEnumerable<(string Name, string Text)> files)
            => CSharpCompilation.Create(
                "Program",
                files.Select(f => CSharpSyntaxTree.ParseText(f.Text, ParseOptions, path: f.Name)),
                References,
                new CSharpCompilationOptions(OutputKind.ConsoleApplication, allowUnsafe: true, optimizationLevel: OptimizationLevel.Release, warningLevel: 9999));

        public static Compiled Compile(IEnumerable<(string Name, string Text)> files, bool generate)
        {
            var compilation = Create(files);
            var generated = new List<SyntaxTree>();
            if (generate)
            {
                var driver = CSharpGeneratorDriver.Create(new[] { new PrewiredGenerator().AsSourceGenerator() }, parseOptions: ParseOptions);
                driver.RunGeneratorsAndUpdateCompilation(compilation, out var output, out var generatorDiagnostics);
                generated.AddRange(output.SyntaxTrees.Except(compilation.SyntaxTrees));
                compilation = (CSharpCompilation)output;
                if (generatorDiagnostics.Length > 0) return new Compiled(compilation, generatorDiagnostics.AddRange(compilation.GetDiagnostics()), generated, Emit(compilation));
            }

            return new Compiled(compilation, compilation.GetDiagnostics(), generated, Emit(compilation));
        }

        private static byte[]? Emit(CSharpCompilation compilation)
        {
            using var stream = new MemoryStream();
            return compilation.Emit(stream).Success ? stream.ToArray() : null;
        }
    }
}
