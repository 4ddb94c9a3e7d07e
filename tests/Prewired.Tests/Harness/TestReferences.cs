using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
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

        /// <summary>
        /// What a netstandard2.0 (or, for Prewired's purposes, net462+) project referencing the Prewired package compiles
        /// against: the netstandard2.0 reference assemblies, System.Threading.Tasks.Extensions, Microsoft.Bcl.AsyncInterfaces
        /// and Prewired's netstandard2.0 build. No Task.IsCompletedSuccessfully, no [StackTraceHidden].
        /// </summary>
        public static ImmutableArray<MetadataReference> NetStandard20 => s_netStandard20.Value;

        private static readonly Lazy<ImmutableArray<MetadataReference>> s_netStandard20 = new(() =>
            Directory.EnumerateFiles(NetStandard20Path("ReferenceDirectory"), "*.dll")
                .OrderBy(f => f, StringComparer.Ordinal)
                .Concat(new[] { NetStandard20Path("ThreadingTasksExtensions"), NetStandard20Path("BclAsyncInterfaces"), NetStandard20Path("PrewiredRuntime") })
                .Select(f => (MetadataReference)MetadataReference.CreateFromFile(f))
                .ToImmutableArray());

        /// <summary>A file of the netstandard2.0 set, by its name in the test project's assembly metadata (Prewired.Tests.csproj).</summary>
        public static string NetStandard20Path(string name)
        {
            string key = "NetStandard20." + name;
            string? path = typeof(TestReferences).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().SingleOrDefault(a => a.Key == key)?.Value;
            if (path is null || !(File.Exists(path) || Directory.Exists(path)))
            {
                throw new InvalidOperationException($"The netstandard2.0 reference '{key}' is not on disk ('{path}'): restore and build the test project (it builds Prewired for netstandard2.0).");
            }

            return path;
        }

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
