using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace Prewired.AotApp
{
    /// <summary>What the open generic behaviors require of a request: a log to write to and a validity check.</summary>
    public interface ITracedRequest
    {
        List<string> Log { get; }

        bool IsValid { get; }
    }

    public sealed class PlaceOrder : ITracedRequest
    {
        public PlaceOrder(int quantity) => Quantity = quantity;

        public int Quantity { get; }

        public bool IsValid => Quantity > 0;

        /// <summary>When set, the handler completes later (a real await).</summary>
        public bool Asynchronous { get; init; }

        public List<string> Log { get; } = new();
    }

    public sealed class OrderLine
    {
        public OrderLine(PlaceOrder order, string sku)
        {
            Order = order;
            Sku = sku;
        }

        public PlaceOrder Order { get; }

        public string Sku { get; }
    }

    public sealed class Receipt
    {
        public Receipt(string text) => Text = text;

        public string Text { get; }
    }

    /// <summary>The closed first stage (it names the pipeline's request type): async, so failures come back in the task.</summary>
    public sealed class Intake : ICancellableBehavior<PlaceOrder, PlaceOrder, Receipt>
    {
        public async ValueTask<Receipt> Invoke(PlaceOrder context, Func<PlaceOrder, CancellationToken, ValueTask<Receipt>> next, CancellationToken cancellationToken)
        {
            context.Log.Add("intake");
            var receipt = await next(context, cancellationToken);
            return new Receipt(receipt.Text + "!");
        }
    }

    /// <summary>Open generic, delegate shape with the token: closed over each pipeline's request and response.</summary>
    public sealed class Trace<TRequest, TResponse> : ICancellableBehavior<TRequest, TRequest, TResponse> where TRequest : ITracedRequest
    {
        public async ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, CancellationToken, ValueTask<TResponse>> next, CancellationToken cancellationToken)
        {
            context.Log.Add("trace>" + typeof(TRequest).Name);
            var response = await next(context, cancellationToken);
            context.Log.Add("<trace " + typeof(TResponse).Name);
            return response;
        }
    }

    /// <summary>Open generic, struct shape without the token: its generated next carries the token past it.</summary>
    public sealed class Check<TRequest, TResponse> : IInlineBehavior<TRequest, TRequest, TResponse> where TRequest : class, ITracedRequest
    {
        public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, TResponse>
        {
            context.Log.Add("check");
            return context.IsValid ? next.Invoke(context) : throw new ArgumentException("invalid " + typeof(TRequest).Name);
        }
    }

    /// <summary>The connector: changes the context, keeps the response.</summary>
    public sealed class ToLine : ICancellableBehavior<PlaceOrder, OrderLine, Receipt>
    {
        public ValueTask<Receipt> Invoke(PlaceOrder context, Func<OrderLine, CancellationToken, ValueTask<Receipt>> next, CancellationToken cancellationToken)
            => next(new OrderLine(context, "sku-" + context.Quantity), cancellationToken);
    }

    public sealed class Fulfil : ICancellableTerminator<OrderLine, Receipt>
    {
        public ValueTask<Receipt> Terminate(OrderLine context, CancellationToken cancellationToken)
        {
            context.Order.Log.Add("fulfil canceled=" + cancellationToken.IsCancellationRequested);
            cancellationToken.ThrowIfCancellationRequested();
            return context.Order.Asynchronous ? Later(context) : new ValueTask<Receipt>(new Receipt("receipt " + context.Sku));
        }

        private static async ValueTask<Receipt> Later(OrderLine context)
        {
            await Task.Yield();
            return new Receipt("receipt " + context.Sku + " (later)");
        }
    }
}
