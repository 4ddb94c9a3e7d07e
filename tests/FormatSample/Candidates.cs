namespace FormatSample;

public interface IOrderSource
{
    Task<int> LoadAsync(int id, CancellationToken cancellationToken);
}

public class OrderStore(IOrderSource source)
{
    /// <summary>Loads an order's total.</summary>
    public async Task<int> GetTotalAsync(int id, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(id);
        return await source.LoadAsync(id, cancellationToken);
    }

    public async ValueTask<int> GetTotalPlusTaxAsync(int id, CancellationToken cancellationToken)
    {
        var total = await source.LoadAsync(id, cancellationToken);
        return total + total / 5;
    }
}
