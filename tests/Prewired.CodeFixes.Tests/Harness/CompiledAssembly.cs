using System;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using System.Text;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Emit;
using Microsoft.CodeAnalysis.Text;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.CodeFixes.Tests.Harness
{
    /// <summary>
    /// A source compiled with the Prewired generator (warnings are failures), emitted to memory and loaded into its own
    /// collectible <see cref="AssemblyLoadContext"/>; the Prewired runtime and the framework resolve from the default
    /// context. Disposing unloads it.
    /// </summary>
    public sealed class CompiledAssembly : IDisposable
    {
        private readonly AssemblyLoadContext _context;

        private CompiledAssembly(AssemblyLoadContext context, Assembly assembly)
        {
            _context = context;
            Assembly = assembly;
        }

        public Assembly Assembly { get; }

        public static CompiledAssembly Load(string source)
        {
            string name = "Run." + Guid.NewGuid().ToString("N");
            var parseOptions = new CSharpParseOptions(LanguageVersion.Latest);
            Compilation compilation = CSharpCompilation.Create(
                name,
                new[] { CSharpSyntaxTree.ParseText(SourceText.From(source, Encoding.UTF8), parseOptions, "/0/Test0.cs") },
                TestReferences.Default,
                new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, optimizationLevel: OptimizationLevel.Release, nullableContextOptions: NullableContextOptions.Enable));
            GeneratorDriver driver = CSharpGeneratorDriver.Create(new[] { new PrewiredGenerator().AsSourceGenerator() }, parseOptions: parseOptions);
            driver.RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out ImmutableArray<Diagnostic> generatorDiagnostics);
            Assert.Empty(generatorDiagnostics);

            using var pe = new MemoryStream();
            EmitResult result = output.Emit(pe);
            var problems = result.Diagnostics.Where(d => d.Severity >= DiagnosticSeverity.Warning).ToList();
            Assert.True(result.Success && problems.Count == 0, "Compiling failed:" + Environment.NewLine + string.Join(Environment.NewLine, problems) + Environment.NewLine + source);
            pe.Position = 0;
            var context = new AssemblyLoadContext(name, isCollectible: true);
            return new CompiledAssembly(context, context.LoadFromStream(pe));
        }

        /// <summary>Calls <paramref name="method"/> on a new instance of <paramref name="type"/> and describes what came back.</summary>
        public async Task<string> OutcomeAsync(string type, string method, params object?[] arguments)
        {
            Type t = Assembly.GetType(type) ?? throw new ArgumentException($"No type {type}.");
            object instance = Activator.CreateInstance(t)!;
            MethodInfo m = t.GetMethod(method) ?? throw new ArgumentException($"No method {method}.");
            object? returned;
            try
            {
                returned = m.Invoke(instance, BindingFlags.DoNotWrapExceptions, binder: null, arguments, culture: null);
            }
            catch (Exception e)
            {
                return $"threw {e.GetType().Name}: {e.Message}";
            }

            Task task = returned switch
            {
                Task plain => plain,
                ValueTask<int> value => value.AsTask(),
                ValueTask value => value.AsTask(),
                _ => throw new InvalidOperationException($"{method} returned {returned?.GetType().Name ?? "null"}."),
            };
            bool synchronous = task.IsCompleted;
            try
            {
                await task;
            }
            catch (Exception)
            {
                // The task's state says it all.
            }

            string outcome = task.Status switch
            {
                TaskStatus.RanToCompletion => task is Task<int> withResult ? $"result {withResult.Result}" : "done",
                TaskStatus.Faulted => $"faulted {string.Join(", ", task.Exception!.InnerExceptions.Select(e => e.GetType().Name + ": " + e.Message))}",
                _ => task.Status.ToString(),
            };
            return (synchronous ? "completed synchronously, " : "completed later, ") + outcome;
        }

        /// <summary>Whether the method is compiled as an async state machine (the original) or not (the generated one).</summary>
        public bool IsStateMachine(string type, string method)
            => Assembly.GetType(type)!.GetMethod(method)!.GetCustomAttribute<System.Runtime.CompilerServices.AsyncStateMachineAttribute>() is not null;

        public void Dispose() => _context.Unload();
    }
}
