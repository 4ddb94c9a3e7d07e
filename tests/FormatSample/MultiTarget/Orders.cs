// Issue 33's repro: the usings end in a block that only the net8.0 target (FEATURE) compiles.
using System.Threading.Tasks;
#if FEATURE
using System.Buffers;
#endif

namespace FormatSample.MultiTarget;

public interface IOrderSource
{
    Task<int> LoadAsync(int id);
}

public class Orders(IOrderSource source)
{
    public async ValueTask<int> GetTotalPlusTaxAsync(int id)
    {
        var total = await source.LoadAsync(id);
        return total + total / 5;
    }

#if FEATURE
    public static byte[] Rent(int size) => ArrayPool<byte>.Shared.Rent(size);
#endif
}
