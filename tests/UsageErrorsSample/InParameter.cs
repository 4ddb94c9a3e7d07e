using Prewired;

namespace UsageErrorsSample;

public partial class Meter
{
    // PW0007 (with the compiler's CS1988 on the body): an async body cannot take an 'in' parameter.
    [FastPath(nameof(ReadCoreAsync))]
    public partial ValueTask<int> ReadAsync(in int scale);

    private async ValueTask<int> ReadCoreAsync(in int scale) => await Task.FromResult(scale);
}
