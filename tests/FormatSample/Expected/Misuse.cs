using Prewired;

namespace FormatSample;

public partial class Inventory
{
    private readonly Dictionary<string, int> _stock = new() { ["apple"] = 3 };

    [FastPath(nameof(CountCoreAsync))]
    public partial ValueTask<int> CountAsync(string item);

    private async ValueTask<int> CountCoreAsync(string item)
    {
        await Task.Yield();
        return _stock.GetValueOrDefault(item);
    }

    [TailAwait(nameof(RestockCoreAsync))]
    public partial Task RestockAsync(string item, int count);

    private async Task RestockCoreAsync(string item, int count)
    {
        await Task.FromException(new NotImplementedException());
    }
}
