using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// <c>KnownTypes.IsType</c> (shared by the generator, the analyzers and the code fixes) recognizes the attributes by
    /// comparing names instead of building display strings: it must answer exactly what <c>ToDisplayString() == name</c>
    /// answered, for every type of a compilation that has look-alikes (nested, generic, other namespaces, the global one).
    /// </summary>
    public sealed class KnownTypesTests
    {
        private static readonly Func<ITypeSymbol?, string, bool> s_isType = (Func<ITypeSymbol?, string, bool>)typeof(PrewiredGenerator).Assembly
            .GetType("Prewired.Generator.Marks.KnownTypes", throwOnError: true)!
            .GetMethod("IsType", BindingFlags.Public | BindingFlags.Static)!
            .CreateDelegate(typeof(Func<ITypeSymbol?, string, bool>));

        private const string LookAlikes = """
            using System;
            class FastPathAttribute : Attribute { }
            namespace PrewiredX { class FastPathAttribute : Attribute { } }
            namespace X.Prewired { class FastPathAttribute : Attribute { } }
            namespace Prewired.Inner { class FastPathAttribute : Attribute { } }
            namespace Prewired.Extra
            {
                class Outer { public class FastPathAttribute : Attribute { } public class PipelineAttribute<T> : Attribute { } }
            }
            namespace System.Runtime.CompilerServices.Nested { class AsyncStateMachineAttribute : Attribute { } }
            namespace Prewired { class TailAwaitAttributes : Attribute { } class ailAwaitAttribute : Attribute { } }
            """;

        [Fact]
        public void Answers_what_the_display_string_answers_for_every_type()
        {
            var compilation = TestCompilation.Create(new[] { LookAlikes });
            var names = new[]
            {
                "Prewired.FastPathAttribute", "Prewired.TailAwaitAttribute", "Prewired.PipelineAttribute",
                "System.Runtime.CompilerServices.AsyncStateMachineAttribute", "System.CodeDom.Compiler.GeneratedCodeAttribute",
                "FastPathAttribute", "Prewired.Extra.Outer.FastPathAttribute", "X.Prewired.FastPathAttribute", "System.Attribute",
            };
            var types = AllTypes(compilation.GlobalNamespace).ToList();
            Assert.Contains(types, t => t.ToDisplayString() == "Prewired.FastPathAttribute");
            Assert.Contains(types, t => t.ToDisplayString() == "System.Runtime.CompilerServices.AsyncStateMachineAttribute");

            var compared = 0;
            foreach (var type in types)
            {
                foreach (var name in names)
                {
                    Assert.True(type.ToDisplayString() == name == s_isType(type, name), $"{type.ToDisplayString()} against {name}");
                    compared++;
                }
            }

            Assert.True(compared > 1000, $"only {compared} comparisons");
            Assert.False(s_isType(null, "Prewired.FastPathAttribute"));
        }

        private static IEnumerable<INamedTypeSymbol> AllTypes(INamespaceOrTypeSymbol container)
        {
            foreach (var member in container.GetMembers())
            {
                if (member is INamespaceOrTypeSymbol inner)
                {
                    if (inner is INamedTypeSymbol type) yield return type;
                    foreach (var nested in AllTypes(inner)) yield return nested;
                }
            }
        }
    }
}
