using Prewired;

namespace UsageErrorsSample;

public partial class Orders
{
    // PW0001 (with the compiler's CS0501): the marked method is neither partial nor given a body.
    [TailAwait(nameof(GetCoreAsync))]
    public Task<int> GetAsync(int id);

    private async Task<int> GetCoreAsync(int id) => await Task.FromResult(id);
}
