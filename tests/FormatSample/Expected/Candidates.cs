using Prewired;

namespace FormatSample;

public interface IOrderSource
{
    Task<int> LoadAsync(int id, CancellationToken cancellationToken);
}

public partial class OrderStore(IOrderSource source)
{
    /// <summary>Loads an order's total.</summary>
    [TailAwait(nameof(GetTotalCoreAsync))]
    public partial Task<int> GetTotalAsync(int id, CancellationToken cancellationToken);

    private async Task<int> GetTotalCoreAsync(int id, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(id);
        return await source.LoadAsync(id, cancellationToken);
    }

    [FastPath(nameof(GetTotalPlusTaxCoreAsync))]
    public partial ValueTask<int> GetTotalPlusTaxAsync(int id, CancellationToken cancellationToken);

    private async ValueTask<int> GetTotalPlusTaxCoreAsync(int id, CancellationToken cancellationToken)
    {
        var total = await source.LoadAsync(id, cancellationToken);
        return total + total / 5;
    }
}
