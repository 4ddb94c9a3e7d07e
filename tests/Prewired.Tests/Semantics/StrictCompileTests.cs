using System.Linq;
using Microsoft.CodeAnalysis;
using Xunit;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// PRODUCT.md §2: generated code compiles without a warning wherever the user's body compiles without one, in files
    /// with nullable enabled and disabled, with every warning wave on and warnings as errors (a library that builds that
    /// way must not fail because of Prewired). A diagnostic in generated code is excused only when the body's own source
    /// has one with the same id (the generated code copies the body's statements, and with them the body's warnings).
    /// </summary>
    public sealed class StrictCompileTests
    {
        public static TheoryData<string, bool> BodiesInBothContexts()
        {
            var data = new TheoryData<string, bool>();
            foreach (var body in StrictCompiledBodies.Bodies)
            {
                data.Add(body.Name, true);
                data.Add(body.Name, false);
            }

            return data;
        }

        [Theory]
        [MemberData(nameof(BodiesInBothContexts))]
        public void Generated_code_has_no_warning_the_body_does_not_have(string body, bool nullableEnabled)
        {
            var compiled = StrictCompiledBodies.For(nullableEnabled ? NullableContextOptions.Enable : NullableContextOptions.Disable);
            var ownIds = compiled.Own[body].Where(d => d.IsWarningAsError).Select(d => d.Id).ToHashSet();
            var realErrorsOfTheBody = compiled.Own[body].Where(d => !d.IsWarningAsError).ToList();
            Assert.True(realErrorsOfTheBody.Count == 0, $"{body}: the body itself does not compile:\n  {string.Join("\n  ", realErrorsOfTheBody)}");
            var extra = compiled.InGenerated[body].Where(d => !d.IsWarningAsError || !ownIds.Contains(d.Id)).ToList();
            var bodyCase = StrictCompiledBodies.Bodies.First(b => b.Name == body);
            Assert.True(
                extra.Count == 0,
                $"{body} (nullable {(nullableEnabled ? "enabled" : "disabled")}): diagnostics in generated code the body does not have:\n  "
                + string.Join("\n  ", extra)
                + (ownIds.Count > 0 ? "\n(the body's own: " + string.Join(", ", ownIds) + ")" : string.Empty)
                + $"\n\nBody:\n{bodyCase.Display()}\nGenerated:\n{compiled.Generated[body]}");
        }
    }
}
