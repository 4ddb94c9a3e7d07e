using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace Prewired.Pipelines.Tests.Requests
{
    /// <summary>A request as a Mediator user writes one: the context of the first stage. Stages log what they see.</summary>
    public sealed class GetQuote
    {
        public GetQuote(string sku) => Sku = sku;

        public string Sku { get; }

        public List<string> Log { get; } = new();

        /// <summary>When set, the handler completes later (a real await) instead of synchronously.</summary>
        public bool Asynchronous { get; set; }
    }

    /// <summary>The context after the connector: the request resolved to an item.</summary>
    public sealed class QuoteLookup
    {
        public QuoteLookup(GetQuote request, int item)
        {
            Request = request;
            Item = item;
        }

        public GetQuote Request { get; }

        public int Item { get; }
    }

    public sealed class Quote
    {
        public Quote(decimal price) => Price = price;

        public decimal Price { get; }
    }

    /// <summary>Sees the result and replaces a zero price: a behavior that reads and replaces the response.</summary>
    public sealed class ZeroPriceFallback : IBehavior<GetQuote, GetQuote, Quote>
    {
        public async ValueTask<Quote> Invoke(GetQuote context, Func<GetQuote, ValueTask<Quote>> next)
        {
            var quote = await next(context);
            context.Log.Add("fallback saw " + quote.Price);
            return quote.Price == 0 ? new Quote(-1) : quote;
        }
    }

    /// <summary>The struct shape of a behavior that decorates the response.</summary>
    public sealed class Surcharge : IInlineBehavior<GetQuote, GetQuote, Quote>
    {
        public async ValueTask<Quote> Invoke<TNext>(GetQuote context, TNext next) where TNext : struct, INext<GetQuote, Quote>
        {
            var quote = await next.Invoke(context);
            context.Log.Add("surcharge");
            return new Quote(quote.Price + 1);
        }
    }

    /// <summary>The connector: changes the context type, keeps the result type.</summary>
    public sealed class ResolveItem : IBehavior<GetQuote, QuoteLookup, Quote>
    {
        public ValueTask<Quote> Invoke(GetQuote context, Func<QuoteLookup, ValueTask<Quote>> next)
        {
            context.Log.Add("resolve");
            return next(new QuoteLookup(context, int.Parse(context.Sku)));
        }
    }

    public sealed class InlineResolveItem : IInlineBehavior<GetQuote, QuoteLookup, Quote>
    {
        public ValueTask<Quote> Invoke<TNext>(GetQuote context, TNext next) where TNext : struct, INext<QuoteLookup, Quote>
        {
            context.Log.Add("inline-resolve");
            return next.Invoke(new QuoteLookup(context, int.Parse(context.Sku)));
        }
    }

    /// <summary>The handler: the price is the item number times ten; synchronous unless the request asks otherwise.</summary>
    public sealed class QuoteHandler : IPipelineTerminator<QuoteLookup, Quote>
    {
        public ValueTask<Quote> Terminate(QuoteLookup context)
        {
            context.Request.Log.Add("handle:" + context.Item);
            return context.Request.Asynchronous ? Later(context.Item) : new ValueTask<Quote>(new Quote(context.Item * 10));
        }

        private static async ValueTask<Quote> Later(int item)
        {
            await Task.Yield();
            return new Quote(item * 10);
        }
    }

    [Pipeline(typeof(ZeroPriceFallback), typeof(ResolveItem), typeof(QuoteHandler))]
    public sealed partial class QuotePipeline;

    [Pipeline(typeof(Surcharge), typeof(ZeroPriceFallback), typeof(InlineResolveItem), typeof(QuoteHandler))]
    public sealed partial class InlineQuotePipeline;
}
