using System.ComponentModel;
using System.Runtime.CompilerServices;

namespace Prewired.CompilerServices
{
    /// <summary>
    /// Assigns a pattern variable's value to an existing variable inside the pattern's expression, for code that has to
    /// keep a pattern variable in a variable of its own: a [FastPath] continuation, where a pattern variable live across an
    /// await is a parameter (the value the synchronous path handed over), and the pattern, evaluated again on a later
    /// pass, writes it through <c>e is string s1 &amp;&amp; PatternVariable.Set(out s, s1)</c>.
    /// </summary>
    /// <remarks>Called by Prewired-generated code; not meant to be called by hand.</remarks>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class PatternVariable
    {
        /// <summary>Stores <paramref name="value"/> in <paramref name="variable"/>; always true, so a pattern's test goes on.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool Set<T>(out T variable, T value)
        {
            variable = value;
            return true;
        }
    }
}
