using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Size
{
    /// <summary>
    /// The size bound of PRODUCT.md §1.2 and issue 19: the IL the generator adds for a [FastPath] method is at most 3x the
    /// async body's own IL (stub and state machine), and does not grow faster than the number of awaits. With a
    /// continuation per await repeating the rest of the body, a 16-await loop body measured 24.5x and 32 awaits 48.6x.
    /// </summary>
    public sealed class GeneratedIlSizeTests
    {
        public static TheoryData<SizeShape> Shapes() => new() { SizeShape.Sequence, SizeShape.LoopAroundTry, SizeShape.Mixed };

        [Theory]
        [MemberData(nameof(Shapes))]
        public void Sixteen_awaits_generate_at_most_three_times_the_body_IL(SizeShape shape)
        {
            var size = GeneratedIl.Measure(SizeShapes.Source(shape, 16), TestReferences.Default);
            Assert.True(size.Ratio <= 3.0, $"{shape}, 16 awaits: {size.Generated} B generated for {size.Body} B of async body ({size.Ratio:0.00}x)");
        }

        /// <summary>
        /// Linear, not quadratic: the ratio settles as awaits are added (each costs the generated code a fixed amount, two
        /// await sites in the continuation, as it costs the body one), so doubling them from 16 to 32 moves it by less than
        /// 5%, and it stays under 3x at 32. A continuation per await repeating the rest of the body doubled it.
        /// </summary>
        [Theory]
        [MemberData(nameof(Shapes))]
        public void The_ratio_does_not_grow_with_the_number_of_awaits(SizeShape shape)
        {
            var some = GeneratedIl.Measure(SizeShapes.Source(shape, 16), TestReferences.Default);
            var many = GeneratedIl.Measure(SizeShapes.Source(shape, 32), TestReferences.Default);
            Assert.True(many.Ratio <= some.Ratio * 1.05 && many.Ratio <= 3.0, $"{shape}: {some.Ratio:0.00}x at 16 awaits, {many.Ratio:0.00}x at 32");
        }
    }
}
