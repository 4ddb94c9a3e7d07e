// Ordinary async code, written before Prewired was added: each method allocates a closure on entry, also on the path
// that never reaches the lambda. Not a fast path (nothing marked, no IsCompleted test), so Prewired only suggests (PW0402).
using Prewired;

namespace Adoption;

public partial class Reports
{
    private static readonly Task<int> Empty = Task.FromResult(0);

    public static Task<int> RenderAsync(int id)
    {
        if (id == 0) return Empty;
        return Task.Run(() => id * 2);
    }

    public static async Task<string> DescribeAsync(string? name, CancellationToken cancellationToken)
    {
        if (name is null) return "nobody";
        return await Task.Run(() => "report for " + name, cancellationToken);
    }

    public static ValueTask<int> CountAsync(IEnumerable<int> values, int threshold)
        => values.Any() ? new ValueTask<int>(Task.Run(() => values.Count(v => v > threshold))) : default;

    // The one method converted so far: the runtime's helpers are what its generated code calls.
    [FastPath(nameof(TotalCoreAsync))]
    public partial ValueTask<int> TotalAsync(int a, int b);

    private async ValueTask<int> TotalCoreAsync(int a, int b)
    {
        await Task.CompletedTask;
        return a + b;
    }
}
