using Prewired;

namespace ReviewWorkflow;

public partial class Inventory
{
    private readonly Dictionary<string, int> _stock = new() { ["apple"] = 3 };

    [FastPath(nameof(CountCoreAsync))]
    public partial ValueTask<int> CountAsync(string item);

    private async ValueTask<int> CountCoreAsync(string item)
    {
        await Task.CompletedTask;
        return _stock.GetValueOrDefault(item);
    }
}
