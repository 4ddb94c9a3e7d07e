using System;
using System.ComponentModel;
using System.Runtime.CompilerServices;

namespace Prewired.CompilerServices
{
    /// <summary>
    /// Disposes a using resource or a foreach enumerator the way the compiler's lowering does, for code that has to
    /// write that lowering out (a [FastPath] whose await hands a using or a foreach over to its continuation).
    /// </summary>
    /// <remarks>
    /// C# calls Dispose on a struct through a constrained call, on the variable itself and without boxing; written-out
    /// code can only do that through a generic method taking the variable by reference. For a reference type it checks
    /// null first, as the compiler does. Called by Prewired-generated code; not meant to be called by hand.
    /// </remarks>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class Disposal
    {
        /// <summary>Disposes <paramref name="resource"/> unless it is null, without boxing a struct.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Dispose<T>(ref T resource)
            where T : IDisposable?
        {
            // For a value type the JIT folds the null check away (no box).
            if (resource != null) resource.Dispose();
        }

        /// <summary>
        /// Starts disposing <paramref name="resource"/> through <see cref="IAsyncDisposable"/> on the variable itself (a
        /// constrained call: a struct is not boxed or copied). The caller checks null first, as C# does, and awaits the result.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static System.Threading.Tasks.ValueTask DisposeAsync<T>(ref T resource)
            where T : IAsyncDisposable? => resource!.DisposeAsync();
    }
}
