using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Reflection;
using Microsoft.CodeAnalysis;

namespace Prewired.Tests.Harness
{
    /// <summary>
    /// Metadata references for test compilations, offline: the .NET 10 reference assemblies from Basic.Reference.Assemblies
    /// (restored with the tests, so no SDK ref pack and no download at test time), plus the Prewired runtime, so test code
    /// binds to the public surface a user compiles against.
    /// </summary>
    /// <example>
    /// <code>
    /// var compilation = CSharpCompilation.Create("T", trees, TestReferences.WithAssemblies(typeof(MyHelper).Assembly));
    /// </code>
    /// </example>
    public static class TestReferences
    {
        private static readonly Lazy<MetadataReference> s_prewiredRuntime =
            new(() => FromAssembly(typeof(Prewired.FastPathAttribute).Assembly));
        private static readonly ConcurrentDictionary<string, MetadataReference> s_byPath = new(StringComparer.Ordinal);

        /// <summary>The framework's reference assemblies (net10.0, what the tests run on).</summary>
        public static ImmutableArray<MetadataReference> Framework { get; } = Basic.Reference.Assemblies.Net100.References.All.ToImmutableArray<MetadataReference>();

        /// <summary>The Prewired runtime library: attributes and helpers that user code and generated code use.</summary>
        public static MetadataReference PrewiredRuntime => s_prewiredRuntime.Value;

        /// <summary>What a user project referencing the Prewired package compiles against: the framework and the runtime.</summary>
        public static ImmutableArray<MetadataReference> Default => s_default.Value;

        private static readonly Lazy<ImmutableArray<MetadataReference>> s_default = new(() => Framework.Add(PrewiredRuntime));

        /// <summary>
        /// <see cref="Default"/> plus the given assemblies, e.g. the test assembly so compiled test sources can implement
        /// interfaces the test declares (CompileAndRun shares those types with the default load context).
        /// </summary>
        public static ImmutableArray<MetadataReference> WithAssemblies(params Assembly[] assemblies) =>
            assemblies.Length == 0 ? Default : Default.AddRange(assemblies.Select(FromAssembly).Distinct().Where(r => !Default.Contains(r)));

        /// <summary>A cached reference to an assembly loaded from disk.</summary>
        public static MetadataReference FromAssembly(Assembly assembly)
        {
            if (string.IsNullOrEmpty(assembly.Location))
            {
                throw new ArgumentException($"Assembly '{assembly.FullName}' was not loaded from a file and cannot be referenced.", nameof(assembly));
            }

            return s_byPath.GetOrAdd(assembly.Location, path => MetadataReference.CreateFromFile(path));
        }
    }
}
