namespace FormatSample;

public sealed class PriceList
{
    private readonly Dictionary<string, decimal> _prices = new() { ["MSFT"] = 42m };

    private Task LoadAsync() => Task.CompletedTask;

    public ValueTask<decimal> GetPriceAsync(string company)
    {
        var load = LoadAsync();
        if (load.IsCompleted)
        {
            return new ValueTask<decimal>(_prices[company]);
        }

        return WaitAsync();

        async ValueTask<decimal> WaitAsync()
        {
            await load;
            return _prices[company];
        }
    }
}
