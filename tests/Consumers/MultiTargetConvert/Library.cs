// MultiTarget before conversion: what a multi-targeted library's async code looks like, with preprocessor directives
// in a body and around a using, and one method with a header per target (a span parameter where it exists) sharing one
// body. eng/consumer-check.sh converts it with the code fix and builds every target: 'dotnet format' fixes the file once
// per target and merges the results, so the conversion must write the same text whichever target it runs for.
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

#if NET8_0_OR_GREATER
        public async ValueTask<int> LengthAsync(ReadOnlyMemory<char> company)
#else
        public async ValueTask<int> LengthAsync(string company)
#endif
        {
            await LoadAsync();
            return company.Length + _cache!.Count;
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
