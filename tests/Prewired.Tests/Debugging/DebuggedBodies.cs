using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Emit;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Debugging
{
    /// <summary>
    /// The bodies the debugging tests compile: a [FastPath] body with a loop, a try/catch and a using around its awaits
    /// (a synchronous path and one continuation, X__Resume), a [FastPath] body that throws in its synchronous part and
    /// after a pending await, a [FastPath] body whose foreach loops, using statements and catch blocks hold awaits (the
    /// generator writes each out: enumerator, resource, caught exception), and a [TailAwait] body. A statement's line is found by the marker comment at its end.
    /// </summary>
    internal static class DebuggedBodies
    {
        public const string Source = """
            using System;
            using System.Collections.Generic;
            using System.Threading.Tasks;
            using Prewired;

            namespace Debugged
            {
                public sealed class Resource : IDisposable
                {
                    public void Dispose() { }
                }

                public partial class Worker
                {
                    [FastPath(nameof(RunCoreAsync))]
                    public partial Task<int> RunAsync(int n, Task<int> gate);

                    private async Task<int> RunCoreAsync(int n, Task<int> gate)
                    {
                        var total = 0; // @total
                        for (var i = 0; i < n; i++)
                        {
                            total += await Value(i); // @loopAwait
                            total++; // @loopBody
                        }

                        try
                        {
                            total += await gate; // @gate
                            total *= 2; // @afterGate
                        }
                        catch (InvalidOperationException)
                        {
                            total = -1; // @caught
                        }

                        using (var resource = new Resource())
                        {
                            total += await Value(3); // @usingAwait
                        }

                        return total; // @return
                    }

                    [FastPath(nameof(ThrowCoreAsync))]
                    public partial Task<int> ThrowAsync(int n, Task<int> gate);

                    private async Task<int> ThrowCoreAsync(int n, Task<int> gate)
                    {
                        var total = await Value(n);
                        if (total > 100) throw new InvalidOperationException("sync"); // @syncThrow
                        total += await gate;
                        if (total > 10) throw new InvalidOperationException("continuation"); // @resumeThrow
                        return total;
                    }

                    [FastPath(nameof(IterateCoreAsync))]
                    public partial Task<int> IterateAsync(List<int> items, int[] array, Task<int> gate);

                    private async Task<int> IterateCoreAsync(List<int> items, int[] array, Task<int> gate)
                    {
                        var total = 0;
                        foreach (var item in items) // @foreachList
                        {
                            total += await Value(item);
                        }

                        foreach (var element in array) // @foreachArray
                        {
                            total += await Value(element);
                        }

                        using (var resource = new Resource()) // @usingDeclared
                        {
                            total += await Value(1);
                        }

                        using (new Resource()) // @usingExpression
                        {
                            total += await Value(2);
                        }

                        try
                        {
                            total += await gate;
                        }
                        catch (ArgumentException) // @catchPlain
                        {
                            total += await Value(-1);
                        }
                        catch (InvalidOperationException e) when (e.Message.Length > 0) // @catchFiltered
                        {
                            total += await Value(-2);
                        }

                        using var declared = new Resource(); // @usingDeclaration
                        total += await Value(4);
                        return total;
                    }

                    [TailAwait(nameof(TailCoreAsync))]
                    public partial Task<int> TailAsync(int n);

                    private async Task<int> TailCoreAsync(int n)
                    {
                        var doubled = n * 2; // @tailFirst
                        if (doubled > 100) throw new ArgumentOutOfRangeException(nameof(n)); // @tailThrow
                        return await Value(doubled); // @tailAwait
                    }

                    private static Task<int> Value(int x) => Task.FromResult(x);
                }
            }
            """;

        public const string SourcePath = "/0/Test0.cs";

        /// <summary>The 1-based line of the statement marked <c>// @name</c>.</summary>
        public static int LineOf(string name)
        {
            var lines = Source.Split('\n');
            var index = Array.FindIndex(lines, l => l.TrimEnd().EndsWith("// @" + name, StringComparison.Ordinal));
            Assert.True(index >= 0, $"No line is marked '@{name}'.");
            return index + 1;
        }

        /// <summary>The 1-based lines of the method <paramref name="name"/>'s body (its braces included).</summary>
        public static (int First, int Last) BodyLines(string name)
        {
            var root = CSharpSyntaxTree.ParseText(Source).GetRoot();
            var method = root.DescendantNodes().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.MethodDeclarationSyntax>().Single(m => m.Identifier.ValueText == name);
            var span = method.Body!.GetLocation().GetLineSpan().Span;
            return (span.Start.Line + 1, span.End.Line + 1);
        }

        /// <summary>The compilation with the generator's output, checked to compile without warnings in generated code.</summary>
        public static Compilation Compile(LanguageVersion languageVersion = LanguageVersion.CSharp12)
        {
            var settings = TestCompilationSettings.Default with { LanguageVersion = languageVersion };
            var run = GeneratorDriverHarness.Run(new IIncrementalGenerator[] { new PrewiredGenerator() }, new[] { Source }, settings);
            run.AssertGeneratedCodeCompilesCleanly();
            Assert.Equal(4, run.GeneratedSources.Length);
            Assert.DoesNotContain(run.GeneratedSources, s => s.SourceText.ToString().Contains("Forwarding to", StringComparison.Ordinal));
            return run.OutputCompilation;
        }

        /// <summary>Emits <paramref name="compilation"/>: the assembly and its PDB (portable, or embedded in the assembly).</summary>
        public static (byte[] Assembly, byte[]? Pdb) Emit(Compilation compilation, DebugInformationFormat format)
        {
            using var pe = new MemoryStream();
            using var pdb = new MemoryStream();
            var result = compilation.Emit(pe, format == DebugInformationFormat.Embedded ? null : pdb, options: new EmitOptions(debugInformationFormat: format));
            Assert.True(result.Success, string.Join(Environment.NewLine, result.Diagnostics));
            return (pe.ToArray(), format == DebugInformationFormat.Embedded ? null : pdb.ToArray());
        }
    }
}
