using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Emit;
using Xunit;

namespace Prewired.Tests.Harness
{
    /// <summary>
    /// Compiles test sources (after running generators over them), emits them to memory and loads the result into a
    /// collectible <see cref="AssemblyLoadContext"/>, so a test can execute generated code and compare it with the async
    /// original. The test assembly is referenced, and anything already loaded (the Prewired runtime, the test assembly,
    /// the framework) resolves from the default context: a compiled type can implement an interface the test declares and
    /// the test calls it without reflection.
    /// </summary>
    /// <example>
    /// <code>
    /// using LoadedAssembly loaded = CompileAndRun.Load(new[] { source }, new IIncrementalGenerator[] { new TailAwaitGenerator() });
    /// var store = (IOrderStore)loaded.CreateInstance("Shop.OrderStore");
    /// Order order = await store.GetAsync(1, default);
    /// </code>
    /// </example>
    public static class CompileAndRun
    {
        public static LoadedAssembly Load(params string[] sources) => Load(sources, generators: null);

        public static LoadedAssembly Load(IEnumerable<string> sources, IEnumerable<IIncrementalGenerator>? generators, TestCompilationSettings? settings = null)
        {
            settings ??= TestCompilationSettings.Default;
            Compilation compilation = TestCompilation.Create(sources, settings with
            {
                // Unique per load: two loads in one test must not be the same assembly to the runtime.
                AssemblyName = $"{settings.AssemblyName}.{Guid.NewGuid():N}",
                AdditionalAssemblies = settings.AdditionalAssemblies.Add(typeof(CompileAndRun).Assembly).Distinct().ToImmutableArray(),
            });

            GeneratorRun? run = null;
            if (generators is not null && generators.Any())
            {
                run = GeneratorDriverHarness.Run(compilation, generators);
                compilation = run.OutputCompilation;
            }

            return Load(compilation, run);
        }

        /// <summary>Emits and loads <paramref name="compilation"/> as it is; <paramref name="run"/> only adds detail to failures.</summary>
        /// <param name="privateAssemblies">
        /// Assemblies the load context takes from these files (simple name to path) instead of sharing the default
        /// context's: e.g. Prewired's netstandard2.0 build for code compiled against <see cref="TestReferences.NetStandard20"/>.
        /// </param>
        public static LoadedAssembly Load(Compilation compilation, GeneratorRun? run = null, IReadOnlyDictionary<string, string>? privateAssemblies = null)
        {
            using var pe = new MemoryStream();
            using var pdb = new MemoryStream();
            EmitResult result = compilation.Emit(pe, pdb, options: new EmitOptions(debugInformationFormat: DebugInformationFormat.PortablePdb));
            if (!result.Success)
            {
                IEnumerable<string> diagnostics = result.Diagnostics
                    .Where(d => d.Severity >= DiagnosticSeverity.Warning)
                    .OrderByDescending(d => d.Severity)
                    .Select(d => d.ToString());
                string headline = $"Emitting {compilation.AssemblyName} failed:";
                Assert.Fail(run is not null ? run.Describe(headline, diagnostics) : headline + Environment.NewLine + "  " + string.Join(Environment.NewLine + "  ", diagnostics));
            }

            pe.Position = 0;
            pdb.Position = 0;
            return new LoadedAssembly(compilation.AssemblyName!, pe, pdb, privateAssemblies);
        }
    }

    /// <summary>A compiled test assembly in its own collectible load context; disposing unloads it.</summary>
    public sealed class LoadedAssembly : IDisposable
    {
        private readonly AssemblyLoadContext _context;

        internal LoadedAssembly(string name, Stream pe, Stream pdb, IReadOnlyDictionary<string, string>? privateAssemblies = null)
        {
            _context = privateAssemblies is null ? new AssemblyLoadContext(name, isCollectible: true) : new PrivateAssembliesContext(name, privateAssemblies);
            Assembly = _context.LoadFromStream(pe, pdb);
            Context = new WeakReference(_context);
        }

        public Assembly Assembly { get; }

        /// <summary>Stays alive after <see cref="Dispose"/> only while something still holds the context's types.</summary>
        public WeakReference Context { get; }

        public Type GetType(string fullName) =>
            Assembly.GetType(fullName)
            ?? throw new ArgumentException($"{Assembly.GetName().Name} has no type '{fullName}'. Types: "
                + string.Join(", ", Assembly.GetTypes().Select(t => t.FullName)), nameof(fullName));

        public object CreateInstance(string typeFullName, params object?[] arguments) =>
            Activator.CreateInstance(GetType(typeFullName), arguments)
            ?? throw new InvalidOperationException($"Could not create {typeFullName}.");

        /// <summary>Calls a static method; an exception it throws is rethrown as it is (not wrapped in TargetInvocationException).</summary>
        public object? InvokeStatic(string typeFullName, string methodName, params object?[] arguments) =>
            InvokeMethod(GetType(typeFullName), null, methodName, arguments);

        /// <summary>Calls an instance method on an object from this assembly; exceptions propagate unwrapped.</summary>
        public static object? Invoke(object instance, string methodName, params object?[] arguments) =>
            InvokeMethod(instance.GetType(), instance, methodName, arguments);

        private static object? InvokeMethod(Type type, object? instance, string methodName, object?[] arguments)
        {
            BindingFlags flags = BindingFlags.Public | BindingFlags.NonPublic | (instance is null ? BindingFlags.Static : BindingFlags.Instance);
            MethodInfo method = type.GetMethods(flags).SingleOrDefault(m => m.Name == methodName && m.GetParameters().Length == arguments.Length)
                ?? throw new ArgumentException($"{type.FullName} has no single method '{methodName}' taking {arguments.Length} argument(s).", nameof(methodName));

            // Completion-mode tests compare exceptions with the async original: they must see the real one.
            return method.Invoke(instance, BindingFlags.DoNotWrapExceptions, binder: null, arguments, culture: null);
        }

        public void Dispose() => _context.Unload();

        /// <summary>Loads the named assemblies from their files into this context; everything else from the default context.</summary>
        private sealed class PrivateAssembliesContext : AssemblyLoadContext
        {
            private readonly IReadOnlyDictionary<string, string> _paths;

            public PrivateAssembliesContext(string name, IReadOnlyDictionary<string, string> paths)
                : base(name, isCollectible: true) => _paths = paths;

            protected override Assembly? Load(AssemblyName assemblyName)
                => assemblyName.Name is { } simple && _paths.TryGetValue(simple, out var path) ? LoadFromAssemblyPath(path) : null;
        }
    }
}
