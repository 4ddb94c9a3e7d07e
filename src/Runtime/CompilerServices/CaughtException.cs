using System;
using System.ComponentModel;
using System.Diagnostics;
using System.Runtime.ExceptionServices;

namespace Prewired.CompilerServices
{
    /// <summary>
    /// Rethrows an exception caught earlier, for code that runs a catch block outside its catch clause: the compiler
    /// does the same for a catch block that awaits (the block runs after the try statement, and <c>throw;</c> becomes a
    /// rethrow through <see cref="ExceptionDispatchInfo"/>), and so does a [FastPath] whose await in a catch block hands
    /// over to its continuation. The exception keeps its identity and its stack trace, continued from here.
    /// </summary>
    /// <remarks>Called by Prewired-generated code as <c>throw CaughtException.Rethrow(e);</c>, which tells the compiler
    /// that control does not go on; it never returns. Not meant to be called by hand.</remarks>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class CaughtException
    {
        /// <summary>Throws <paramref name="exception"/> again with its original stack trace; never returns.</summary>
#if NET
        [StackTraceHidden] // .NET 6+; elsewhere this frame shows in the rethrown exception's trace
#endif
        public static Exception Rethrow(Exception exception)
        {
            ExceptionDispatchInfo.Capture(exception).Throw();
            return exception; // not reached
        }
    }
}
