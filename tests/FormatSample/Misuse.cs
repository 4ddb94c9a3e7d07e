using Prewired;

namespace FormatSample;

public class Inventory
{
    private readonly Dictionary<string, int> _stock = new() { ["apple"] = 3 };

    [FastPath(nameof(CountCoreAsync))]
    public ValueTask<int> CountAsync(string item);

    private async ValueTask<int> CountCoreAsync(string item)
    {
        await Task.Yield();
        return _stock.GetValueOrDefault(item);
    }

    [TailAwait("RestockCoreAsync")]
    public partial Task RestockAsync(string item, int count);
}
