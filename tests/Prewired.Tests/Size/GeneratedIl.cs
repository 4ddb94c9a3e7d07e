using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Prewired.Generator;

namespace Prewired.Tests.Size
{
    /// <summary>IL bytes of one marked method's generated members against its async body's, state machines counted.</summary>
    public readonly record struct IlSize(int Generated, int Body)
    {
        /// <summary>Generated IL per byte of the body's own IL: what issue 19 bounds at 3.</summary>
        public double Ratio => (double)Generated / Body;
    }

    /// <summary>
    /// The size probe (issue 19): compiles a source with the generator, in Release, and adds up the IL bytes of the method
    /// bodies that belong to the marked method <c>Probe.RunAsync</c> (the wrapper, the synchronous path, every continuation,
    /// and every nested type named after them: the continuations' state machines, pending-awaiter wrappers) and of those
    /// that belong to the body <c>Probe.RunCoreAsync</c> (its stub and its state machine).
    /// </summary>
    public static class GeneratedIl
    {
        public const string MarkedName = "RunAsync";
        public const string BodyName = "RunCoreAsync";

        /// <summary>Compiles <paramref name="source"/> against <paramref name="references"/> (the tests' and the generator
        /// benchmark's readers differ) and measures it.</summary>
        public static IlSize Measure(string source, IEnumerable<MetadataReference> references)
        {
            var parseOptions = new CSharpParseOptions(LanguageVersion.Latest);
            var compilation = CSharpCompilation.Create(
                "SizeProbe",
                new[] { CSharpSyntaxTree.ParseText(source, parseOptions) },
                references,
                new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable, optimizationLevel: OptimizationLevel.Release));
            CSharpGeneratorDriver.Create(new[] { new PrewiredGenerator().AsSourceGenerator() }, parseOptions: parseOptions)
                .RunGeneratorsAndUpdateCompilation(compilation, out var output, out _);

            using var pe = new MemoryStream();
            var result = output.Emit(pe);
            if (!result.Success)
            {
                throw new InvalidOperationException("The probe does not compile: " + string.Join("; ", result.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error)));
            }

            pe.Position = 0;
            using var reader = new PEReader(pe);
            var metadata = reader.GetMetadataReader();
            var probe = metadata.TypeDefinitions.Select(metadata.GetTypeDefinition).Single(t => metadata.GetString(t.Name) == "Probe");
            int generated = 0, body = 0;
            foreach (var handle in probe.GetMethods())
            {
                var method = metadata.GetMethodDefinition(handle);
                var name = metadata.GetString(method.Name);
                if (name == MarkedName || name.StartsWith(MarkedName + "__", StringComparison.Ordinal)) generated += IlBytes(reader, method);
                else if (name == BodyName) body += IlBytes(reader, method);
            }

            foreach (var nestedHandle in probe.GetNestedTypes())
            {
                var nested = metadata.GetTypeDefinition(nestedHandle);
                var name = metadata.GetString(nested.Name);
                var all = nested.GetMethods().Sum(m => IlBytes(reader, metadata.GetMethodDefinition(m)));
                if (name.StartsWith("<" + BodyName + ">", StringComparison.Ordinal)) body += all;
                else if (name.Contains(MarkedName, StringComparison.Ordinal)) generated += all;
            }

            return new IlSize(generated, body);
        }

        private static int IlBytes(PEReader reader, MethodDefinition method)
            => method.RelativeVirtualAddress == 0 ? 0 : reader.GetMethodBody(method.RelativeVirtualAddress).GetILBytes()!.Length;
    }
}
