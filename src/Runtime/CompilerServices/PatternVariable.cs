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

        /// <summary>Stores two pattern variables' values at once (one call per pattern keeps a generated condition short).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool Set<T1, T2>(out T1 variable1, T1 value1, out T2 variable2, T2 value2)
        {
            variable1 = value1;
            variable2 = value2;
            return true;
        }

        /// <summary>Stores three pattern variables' values at once.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool Set<T1, T2, T3>(out T1 variable1, T1 value1, out T2 variable2, T2 value2, out T3 variable3, T3 value3)
        {
            variable1 = value1;
            variable2 = value2;
            variable3 = value3;
            return true;
        }
    }
}
