using System;

namespace Prewired.Generator.Marks
{
    /// <summary>
    /// When a body-method name that names nothing (PW0003) is a typo of an existing method's: the code fix points the
    /// attribute at such a method, and the conversion suggestion (PW0202) leaves it alone, so the two never compete for it.
    /// </summary>
    internal static class NearMissNames
    {
        /// <summary>One edit for short names, two from six characters on (<c>GetCoreAsnc</c> -> <c>GetCoreAsync</c>), or the
        /// same name but for case.</summary>
        public static bool IsClose(string candidate, string name)
        {
            if (string.Equals(candidate, name, StringComparison.OrdinalIgnoreCase)) return true;
            var allowed = Math.Min(candidate.Length, name.Length) >= 6 ? 2 : 1;
            return EditDistance(candidate, name) <= allowed;
        }

            /// <summary>Levenshtein distance (insertions, deletions and substitutions), ordinal.</summary>
            public static int EditDistance(string a, string b)
            {
                var previous = new int[b.Length + 1];
                var current = new int[b.Length + 1];
                for (var j = 0; j <= b.Length; j++) previous[j] = j;
                for (var i = 1; i <= a.Length; i++)
                {
                    current[0] = i;
                    for (var j = 1; j <= b.Length; j++)
                    {
                        var substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
                        current[j] = Math.Min(substitution, Math.Min(previous[j] + 1, current[j - 1] + 1));
                    }

                    (previous, current) = (current, previous);
                }

                return previous[b.Length];
            }
    }
}
