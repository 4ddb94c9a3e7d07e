// MultiTarget before conversion: what a multi-targeted library's async code looks like, with preprocessor directives
// in a body and around a using. (Two headers of one method under #if/#else, one per target, are not converted cleanly
// yet: each target's fix rewrites a different header and dotnet format reports an unmerged change; see issue 18's note.) eng/consumer-check.sh converts it with the code fix and builds every target.
using System;
using System.Collections.Generic;
#if NET8_0_OR_GREATER
using System.Buffers;
#endif
using System.Threading.Tasks;

namespace MultiTargetConvert
{
    public class Prices
    {
        private Dictionary<string, decimal>? _cache;

        public async ValueTask<decimal> GetAsync(string company)
        {
            await LoadAsync();
            return _cache![company];
        }

        public async ValueTask<int> CountAsync(string prefix)
        {
            await LoadAsync();
            var count = 0;
            foreach (var key in _cache!.Keys)
            {
#if NET8_0_OR_GREATER
                if (key.AsSpan().StartsWith(prefix.AsSpan())) count++;
#else
                if (key.StartsWith(prefix, StringComparison.Ordinal)) count++;
#endif
            }

            return count;
        }

        public async ValueTask<decimal> TotalAsync(string first, string second)
        {
            var a = await GetAsync(first);
            var b = await GetAsync(second);
            return a + b;
        }

#if NET8_0_OR_GREATER
        public int Rent()
        {
            var buffer = ArrayPool<byte>.Shared.Rent(16);
            ArrayPool<byte>.Shared.Return(buffer);
            return buffer.Length;
        }
#endif

        private Task LoadAsync()
        {
            if (_cache is not null) return Task.CompletedTask;
            return Load();

            async Task Load()
            {
                await Task.Yield();
                _cache = new Dictionary<string, decimal> { ["MSFT"] = 42m, ["MSTR"] = 7m };
            }
        }
    }
}
