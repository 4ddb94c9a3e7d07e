using Prewired;

[assembly: PipelineDefaults(typeof(Logging<,>), typeof(Validation<,>))]

// Logging -> Validation -> handler: CreateOrder meets Validation's constraint.
var created = await new CreateOrderPipeline(new Logging<CreateOrder, string>(), new Validation<CreateOrder, string>(), new CreateOrderHandler())
    .Invoke(new CreateOrder("book"));
// Logging -> handler in all three: GetPrice is not IValidatable, so Validation is left out of each.
var said = await new UnsaidPricePipeline(new Logging<GetPrice, decimal>(), new PriceHandler()).Invoke(new GetPrice("book"));
var excluded = await new ExcludedPricePipeline(new Logging<GetPrice, decimal>(), new PriceHandler()).Invoke(new GetPrice("book"));
var pragma = await new PragmaPricePipeline(new Logging<GetPrice, decimal>(), new PriceHandler()).Invoke(new GetPrice("book"));
if (created != "created book" || said != 12m || excluded != 12m || pragma != 12m) throw new InvalidOperationException("unexpected results");
Console.WriteLine($"OK skipped default: {created}, {said}, {excluded}, {pragma}");

public interface IValidatable { bool IsValid { get; } }

public sealed record CreateOrder(string Item) : IValidatable { public bool IsValid => Item.Length > 0; }

public sealed record GetPrice(string Item);

public sealed class Logging<TRequest, TResponse> : IBehavior<TRequest, TRequest, TResponse>
{
    public ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, ValueTask<TResponse>> next) => next(context);
}

public sealed class Validation<TRequest, TResponse> : IBehavior<TRequest, TRequest, TResponse> where TRequest : IValidatable
{
    public ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, ValueTask<TResponse>> next)
        => context.IsValid ? next(context) : throw new ArgumentException("invalid request");
}

public sealed class CreateOrderHandler : IPipelineTerminator<CreateOrder, string>
{
    public ValueTask<string> Terminate(CreateOrder context) => new("created " + context.Item);
}

public sealed class PriceHandler : IPipelineTerminator<GetPrice, decimal>
{
    public ValueTask<decimal> Terminate(GetPrice context) => new(12m);
}

[Pipeline(typeof(CreateOrderHandler))]
public sealed partial class CreateOrderPipeline;

// warning PW0312 here, in dotnet build: Validation<,> is not applied, and nothing says that is meant.
[Pipeline(typeof(PriceHandler))]
public sealed partial class UnsaidPricePipeline;

[Pipeline(typeof(PriceHandler), ExcludeDefaults = new[] { typeof(Validation<,>) })]
public sealed partial class ExcludedPricePipeline;

#pragma warning disable PW0312 // prices are not validated
[Pipeline(typeof(PriceHandler))]
#pragma warning restore PW0312
public sealed partial class PragmaPricePipeline;
