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

    // PW0003, a typo of an existing body: dotnet format must point the attribute at it, not create a throwing method.
    [TailAwait(nameof(RestockCoreAsync))]
    public partial Task RestockAsync(string item, int count);

    private async Task RestockCoreAsync(string item, int count)
    {
        _stock[item] = _stock.GetValueOrDefault(item) + count;
        await Task.Delay(count);
    }
}
