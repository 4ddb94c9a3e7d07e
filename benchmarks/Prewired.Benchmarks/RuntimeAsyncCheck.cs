// The runtime-async types live in an assembly marked [RequiresPreviewFeatures]; this file inspects and probes them on purpose.
#pragma warning disable CA2252

using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using System.Runtime.CompilerServices;
using Classic = Prewired.Benchmarks.Shapes;
using RuntimeAsync = Prewired.Benchmarks.RuntimeAsync;

namespace Prewired.Benchmarks
{
    /// <summary>
    /// Evidence that the runtime-async forms really are runtime async: statically from the compiled metadata (read with
    /// System.Reflection.Metadata, so no type is loaded), and dynamically from where a resumed method runs.
    /// <c>dotnet run -c Release --project benchmarks/Prewired.Benchmarks -- --check-runtime-async</c> prints both;
    /// the runtime-async benchmark classes call <see cref="EnsureActive"/> in their GlobalSetup so they fail loudly
    /// instead of measuring the wrong thing.
    /// </summary>
    public static class RuntimeAsyncCheck
    {
        /// <summary>MethodImplAttributes.Async (ECMA-335 augment for runtime async); not named in the .NET 10 enum.</summary>
        public const int MethodImplAsync = 0x2000;

        private const string RuntimeAsyncAssemblyName = "Prewired.Benchmarks.RuntimeAsync";
        private const string AsyncStateMachineAttributeName = "AsyncStateMachineAttribute";

        /// <summary>Throws unless this process can run the runtime-async assembly and that assembly is built as runtime async.</summary>
        public static void EnsureActive()
        {
            if (Environment.GetEnvironmentVariable(RuntimeAsyncConfig.VariableName) != "1")
            {
                throw new InvalidOperationException(
                    $"{RuntimeAsyncConfig.VariableName}=1 is not set in this process; run this class with {nameof(RuntimeAsyncConfig)} " +
                    "(its [Config] attribute does that), or .NET 10 cannot load the runtime-async methods.");
            }

            var methods = ScanAsyncMethods(RuntimeAsyncAssemblyPath());
            var classic = methods.FindAll(m => !m.HasAsyncImplFlag || m.HasStateMachineAttribute);
            if (methods.Count == 0 || classic.Count > 0)
            {
                throw new InvalidOperationException(
                    $"{RuntimeAsyncAssemblyName} is not compiled with runtime-async=on: " +
                    (methods.Count == 0 ? "no async methods found." : "classic async methods: " + string.Join(", ", classic.ConvertAll(m => m.Name))));
            }
        }

        /// <summary>Prints the static and dynamic evidence; returns 0 when everything says runtime async is in effect.</summary>
        public static int Run()
        {
            var ok = true;
            Console.WriteLine($"Runtime: {System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription}");
            Console.WriteLine($"{RuntimeAsyncConfig.VariableName}={Environment.GetEnvironmentVariable(RuntimeAsyncConfig.VariableName) ?? "(unset)"}");
            Console.WriteLine();

            var classicPath = typeof(Classic.TinyBody).Assembly.Location;
            var runtimeAsyncPath = RuntimeAsyncAssemblyPath();
            foreach (var (label, path, expectRuntimeAsync) in new[] { ("classic", classicPath, false), ("runtime async", runtimeAsyncPath, true) })
            {
                Console.WriteLine($"{label}: {path}");
                Console.WriteLine($"  {"method",-80} {"ImplFlags",-10} {"Async 0x2000",-13} AsyncStateMachineAttribute");
                var methods = ScanAsyncMethods(path);
                foreach (var m in methods)
                {
                    Console.WriteLine($"  {m.Name,-80} 0x{m.ImplFlags:x4}     {(m.HasAsyncImplFlag ? "yes" : "no"),-13} {(m.HasStateMachineAttribute ? "yes" : "no")}");
                    ok &= expectRuntimeAsync
                        ? m.HasAsyncImplFlag && !m.HasStateMachineAttribute
                        : !m.HasAsyncImplFlag && m.HasStateMachineAttribute;
                }

                Console.WriteLine($"  compiler-generated state machine types (<...>d__N): {CountStateMachineTypes(path)}");
                Console.WriteLine();
            }

            Console.WriteLine("Innermost frame after a real suspension (Task.Yield):");
            var classicFrame = Classic.AsyncProbe.InnermostFrameAfterYieldAsync().GetAwaiter().GetResult();
            Console.WriteLine($"  classic:       {classicFrame}");
            ok &= classicFrame.EndsWith(".MoveNext", StringComparison.Ordinal);
            try
            {
                var frame = ProbeRuntimeAsync();
                Console.WriteLine($"  runtime async: {frame}");
                ok &= frame == "AsyncProbe.InnermostFrameAfterYieldAsync";
            }
            catch (TypeLoadException e)
            {
                Console.WriteLine($"  runtime async: {e.GetType().Name}: {e.Message}");
                ok = false;
            }

            Console.WriteLine();
            Console.WriteLine(ok ? "OK: the runtime-async assembly is runtime async and runs as such." : "NOT OK (see above).");
            return ok ? 0 : 1;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static string ProbeRuntimeAsync() => RuntimeAsync.AsyncProbe.InnermostFrameAfterYieldAsync().GetAwaiter().GetResult();

        // Loading the assembly loads no type, so this works without DOTNET_RuntimeAsync=1.
        private static string RuntimeAsyncAssemblyPath() => Assembly.Load(new AssemblyName(RuntimeAsyncAssemblyName)).Location;

        private readonly record struct AsyncMethodInfo(string Name, int ImplFlags, bool HasStateMachineAttribute)
        {
            public bool HasAsyncImplFlag => (ImplFlags & MethodImplAsync) != 0;
        }

        /// <summary>Methods of the shared shapes that are async in source: flagged Async or carrying AsyncStateMachineAttribute.</summary>
        private static List<AsyncMethodInfo> ScanAsyncMethods(string path)
        {
            using var stream = File.OpenRead(path);
            using var pe = new PEReader(stream);
            var reader = pe.GetMetadataReader();
            var result = new List<AsyncMethodInfo>();
            foreach (var typeHandle in reader.TypeDefinitions)
            {
                var type = reader.GetTypeDefinition(typeHandle);
                var typeName = reader.GetString(type.Name);
                if (!type.GetDeclaringType().IsNil || typeName.StartsWith('<'))
                {
                    continue; // state machines, display classes, local-function holders
                }

                foreach (var methodHandle in type.GetMethods())
                {
                    var method = reader.GetMethodDefinition(methodHandle);
                    var implFlags = (int)method.ImplAttributes;
                    var hasStateMachine = false;
                    foreach (var attributeHandle in method.GetCustomAttributes())
                    {
                        hasStateMachine |= AttributeTypeName(reader, reader.GetCustomAttribute(attributeHandle)) == AsyncStateMachineAttributeName;
                    }

                    if ((implFlags & MethodImplAsync) != 0 || hasStateMachine)
                    {
                        result.Add(new AsyncMethodInfo(typeName + "." + reader.GetString(method.Name), implFlags, hasStateMachine));
                    }
                }
            }

            return result;
        }

        private static int CountStateMachineTypes(string path)
        {
            using var stream = File.OpenRead(path);
            using var pe = new PEReader(stream);
            var reader = pe.GetMetadataReader();
            var count = 0;
            foreach (var typeHandle in reader.TypeDefinitions)
            {
                var name = reader.GetString(reader.GetTypeDefinition(typeHandle).Name);
                if (name.StartsWith('<') && name.Contains(">d__", StringComparison.Ordinal))
                {
                    count++;
                }
            }

            return count;
        }

        private static string? AttributeTypeName(MetadataReader reader, CustomAttribute attribute)
        {
            EntityHandle parent;
            switch (attribute.Constructor.Kind)
            {
                case HandleKind.MemberReference:
                    parent = reader.GetMemberReference((MemberReferenceHandle)attribute.Constructor).Parent;
                    break;
                case HandleKind.MethodDefinition:
                    parent = reader.GetMethodDefinition((MethodDefinitionHandle)attribute.Constructor).GetDeclaringType();
                    break;
                default:
                    return null;
            }

            return parent.Kind switch
            {
                HandleKind.TypeReference => reader.GetString(reader.GetTypeReference((TypeReferenceHandle)parent).Name),
                HandleKind.TypeDefinition => reader.GetString(reader.GetTypeDefinition((TypeDefinitionHandle)parent).Name),
                _ => null,
            };
        }
    }
}
