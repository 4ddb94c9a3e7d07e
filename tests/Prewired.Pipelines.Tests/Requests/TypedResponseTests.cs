using System;
using System.Threading.Tasks;
using Xunit;

namespace Prewired.Pipelines.Tests.Requests
{
    /// <summary>Pipelines with a typed response: the terminator's result comes back through every behavior, which may replace it.</summary>
    public sealed class TypedResponseTests
    {
        [Fact]
        public async Task The_terminator_result_comes_back_through_the_connector()
        {
            var request = new GetQuote("4");
            var quote = await new QuotePipeline(new ZeroPriceFallback(), new ResolveItem(), new QuoteHandler()).Invoke(request);
            Assert.Equal(40, quote.Price);
            Assert.Equal(new[] { "resolve", "handle:4", "fallback saw 40" }, request.Log);
        }

        [Fact]
        public async Task A_behavior_replaces_the_result()
        {
            var request = new GetQuote("0");
            var quote = await new QuotePipeline(new ZeroPriceFallback(), new ResolveItem(), new QuoteHandler()).Invoke(request);
            Assert.Equal(-1, quote.Price);
        }

        [Fact]
        public async Task Struct_and_delegate_shapes_mix_and_each_sees_the_result_of_the_rest()
        {
            var request = new GetQuote("3");
            var quote = await new InlineQuotePipeline(new Surcharge(), new ZeroPriceFallback(), new InlineResolveItem(), new QuoteHandler()).Invoke(request);
            Assert.Equal(31, quote.Price);
            Assert.Equal(new[] { "inline-resolve", "handle:3", "fallback saw 30", "surcharge" }, request.Log);
        }

        [Fact]
        public async Task A_result_completed_later_comes_back_the_same()
        {
            var request = new GetQuote("5") { Asynchronous = true };
            IPipeline<GetQuote, Quote> pipeline = new InlineQuotePipeline(new Surcharge(), new ZeroPriceFallback(), new InlineResolveItem(), new QuoteHandler());
            var pending = pipeline.Invoke(request);
            Assert.Equal(51, (await pending).Price);
        }

        [Fact]
        public async Task Synchronous_completion_is_a_completed_value_task()
        {
            var pending = new QuotePipeline(new ZeroPriceFallback(), new ResolveItem(), new QuoteHandler()).Invoke(new GetQuote("2"));
            Assert.True(pending.IsCompletedSuccessfully);
            Assert.Equal(20, (await pending).Price);
        }

        [Fact]
        public async Task An_exception_of_a_stage_comes_back_in_the_value_task()
        {
            var pending = new QuotePipeline(new ZeroPriceFallback(), new ResolveItem(), new QuoteHandler()).Invoke(new GetQuote("not a number"));
            Assert.True(pending.IsFaulted);
            await Assert.ThrowsAsync<FormatException>(async () => await pending);
        }
    }
}
