using System;
using Microsoft.CodeAnalysis.Text;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.HarnessTests
{
    public sealed class MarkupParserTests
    {
        [Fact]
        public void Text_without_markup_is_unchanged()
        {
            ParsedMarkup parsed = MarkupParser.Parse("class C { bool M(int a, int b) => a > 0 || b < 0 | a == b; }");

            Assert.Equal("class C { bool M(int a, int b) => a > 0 || b < 0 | a == b; }", parsed.Text);
            Assert.Empty(parsed.DefaultSpans);
            Assert.Empty(parsed.Locations);
            Assert.Empty(parsed.DiagnosticSpans);
        }

        [Fact]
        public void All_three_kinds_are_stripped_and_located()
        {
            ParsedMarkup parsed = MarkupParser.Parse("a[|bc|]d{|#0:ef|}g{|PW0101:hi|}j");

            Assert.Equal("abcdefghij", parsed.Text);
            Assert.Equal(new[] { new TextSpan(1, 2) }, parsed.DefaultSpans);
            Assert.Equal(new TextSpan(4, 2), parsed.Locations[0]);
            Assert.Equal(new[] { ("PW0101", new TextSpan(7, 2)) }, parsed.DiagnosticSpans);
        }

        [Fact]
        public void Nested_and_multiple_spans_keep_their_own_bounds()
        {
            ParsedMarkup parsed = MarkupParser.Parse("{|#0:x [|y {|#1:z|}|] w|} {|#2:|}[|v|]");

            Assert.Equal("x y z w v", parsed.Text);
            Assert.Equal(new TextSpan(0, 7), parsed.Locations[0]);
            Assert.Equal(new TextSpan(4, 1), parsed.Locations[1]);
            Assert.Equal(new TextSpan(8, 0), parsed.Locations[2]);
            Assert.Equal(new[] { new TextSpan(2, 3), new TextSpan(8, 1) }, parsed.DefaultSpans);
        }

        [Theory]
        [InlineData("a |] b", "line 1, column 3: '|]' closes nothing")]
        [InlineData("[|a|}", "'|}' does not match the open '[|'")]
        [InlineData("{|#0:a", "markup span is never closed")]
        [InlineData("{|#0:a|} {|#0:b|}", "location #0 is marked twice")]
        [InlineData("x\n  {|not an id:a|}", "line 2, column 3: '{|' must be followed by")]
        [InlineData("{|#x:a|}", "must be followed by")]
        public void Malformed_markup_says_where(string markup, string message)
        {
            FormatException error = Assert.Throws<FormatException>(() => MarkupParser.Parse(markup));

            Assert.Contains(message, error.Message);
        }
    }
}
