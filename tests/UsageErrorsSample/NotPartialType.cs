using Prewired;

namespace UsageErrorsSample;

// PW0002 (with the compiler's CS0751): the type is not partial.
public class Inventory
{
    [FastPath(nameof(CountCoreAsync))]
    public partial ValueTask<int> CountAsync(string item);

    private async ValueTask<int> CountCoreAsync(string item)
    {
        await Task.Yield();
        return item.Length;
    }
}
