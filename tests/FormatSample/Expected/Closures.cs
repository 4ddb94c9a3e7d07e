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

        return WaitAsync(this, company, load);

        static async ValueTask<decimal> WaitAsync(PriceList self, string company, Task load)
        {
            await load;
            return self._prices[company];
        }
    }
}
