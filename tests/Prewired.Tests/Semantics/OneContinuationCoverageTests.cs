using System.Linq;
using Microsoft.CodeAnalysis;
using Xunit;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// Issue 19: every [FastPath] body hands over to one continuation for the method. The shapes the one continuation does
    /// not cover yet keep a continuation per await (its summary says which shape); this pins which bodies of the tables
    /// still do, so a body moved to the one continuation stays there and a new one that falls back is seen.
    /// </summary>
    public sealed class OneContinuationCoverageTests
    {
        private const string PerAwaitMarker = "A continuation per await";

        /// <summary>The bodies that still keep a continuation per await, each with the shape its summary names.</summary>
        private static readonly (string Body, string Shape)[] s_perAwait =
        {
            ("B09_SwitchPatterns_WhenClauses", "a switch section with pattern variables that holds an await"),
            ("B72_SwitchSectionsShareALocal", "a switch section&apos;s local used by another section"),
            ("S28_SwitchExpressionPatternVariablesAndGuard", "a switch section with pattern variables that holds an await"),
        };

        [Fact]
        public void Only_the_listed_bodies_keep_a_continuation_per_await()
        {
            var generated = StrictCompiledBodies.For(NullableContextOptions.Enable).Generated;
            var perAwait = generated.Where(g => g.Value.Contains(PerAwaitMarker, System.StringComparison.Ordinal)).Select(g => g.Key).OrderBy(n => n, System.StringComparer.Ordinal).ToList();
            Assert.Equal(s_perAwait.Select(p => p.Body).OrderBy(n => n, System.StringComparer.Ordinal), perAwait);
            foreach (var (body, shape) in s_perAwait)
            {
                Assert.Contains($"does not cover {shape} yet.", generated[body], System.StringComparison.Ordinal);
            }
        }

        /// <summary>Pattern variables and deconstructions live across an await: one continuation (a continuation per await before).</summary>
        [Theory]
        [InlineData("B57_PatternVariableAcrossAwait")]
        [InlineData("B90_PatternVariablesLiveInLoopConditionAndNegated")]
        [InlineData("B91_RecursivePatternVariablesLive")]
        [InlineData("B92_DeconstructionsDeclaringLiveState")]
        [InlineData("S01_DeconstructingForEach")]
        public void Live_pattern_variables_and_deconstructions_take_the_one_continuation(string body)
        {
            var generated = StrictCompiledBodies.For(NullableContextOptions.Enable).Generated[body];
            Assert.DoesNotContain(PerAwaitMarker, generated, System.StringComparison.Ordinal);
            Assert.Contains("__Resume(int __state", generated, System.StringComparison.Ordinal);
        }
    }
}
