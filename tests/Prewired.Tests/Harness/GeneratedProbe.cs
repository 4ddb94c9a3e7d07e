using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Prewired.Generator;

namespace Prewired.Tests.Harness
{
    /// <summary>
    /// Compiles a probe source in Release with the generator, checks the generated code compiles cleanly, loads it and
    /// returns an instance of <paramref name="typeName"/> as the test's contract <typeparamref name="TProbe"/>, with each
    /// generated file keyed by its method name (the hint name's third part). Shared by the allocation tests.
    /// </summary>
    public static class GeneratedProbe
    {
        public static (TProbe Probe, Dictionary<string, string> Generated) Compile<TProbe>(string source, string assemblyName, string typeName)
        {
            var settings = TestCompilationSettings.Default with
            {
                AssemblyName = assemblyName,
                Optimization = OptimizationLevel.Release,
                AdditionalAssemblies = ImmutableArray.Create(typeof(TProbe).Assembly),
            };
            var run = GeneratorDriverHarness.Run(new IIncrementalGenerator[] { new PrewiredGenerator() }, new[] { source }, settings);
            run.AssertGeneratedCodeCompilesCleanly();
            var generated = run.GeneratedSources.ToDictionary(s => s.HintName.Split('.')[2], s => s.SourceText.ToString());
            var loaded = CompileAndRun.Load(run.OutputCompilation, run);
            return ((TProbe)loaded.CreateInstance(typeName), generated);
        }
    }
}
