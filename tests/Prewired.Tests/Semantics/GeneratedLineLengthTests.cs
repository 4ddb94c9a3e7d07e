using System.Linq;
using Microsoft.CodeAnalysis;
using Xunit;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// Issue 35 point 4: generated code a reviewer reads. Over every body of the tables (the adversarial app of the issue:
    /// 2,267 lines over 200 characters before LineBreaker, the longest 435), no generated line but a <c>#line</c>
    /// directive runs past 200 characters: declarations break their parameters and constraint clauses, hand-offs put the
    /// return under its test, suspensions take one statement per line, comments wrap.
    /// </summary>
    public sealed class GeneratedLineLengthTests
    {
        private const int Longest = 200;

        [Fact]
        public void No_generated_line_but_a_line_directive_is_over_200_characters()
        {
            var generated = StrictCompiledBodies.For(NullableContextOptions.Enable).Generated;
            Assert.True(generated.Count > 300, $"only {generated.Count} bodies: the tables did not load");
            var longLines = generated
                .SelectMany(g => g.Value.Split('\n').Select(l => l.TrimEnd('\r'))
                    .Where(l => l.Length > Longest && !l.TrimStart().StartsWith("#line", System.StringComparison.Ordinal))
                    .Select(l => $"{g.Key} ({l.Length}): {l.Trim()}"))
                .ToList();
            Assert.True(longLines.Count == 0, $"{longLines.Count} lines over {Longest} characters:\n" + string.Join("\n", longLines.Take(20)));
        }
    }
}
