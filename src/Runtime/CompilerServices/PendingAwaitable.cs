using System;
using System.ComponentModel;
using System.Runtime.CompilerServices;

namespace Prewired.CompilerServices
{
    /// <summary>
    /// Carries a pending awaitable from a [FastPath]'s synchronous path to its continuation outside the continuation's
    /// parameters. A parameter of an async method is a field of its boxed state machine for the whole pending call, and
    /// the continuation's await keeps the awaiter it gets from the awaitable in a field of its own: handed over as a
    /// parameter, each pending awaitable was held twice in the box (16 to 24 bytes per awaitable type), which the async
    /// body does not hold. Through this thread's slot the awaitable is a value of the await expression only, and the
    /// box holds its awaiter once, as the body's does.
    /// </summary>
    /// <remarks>
    /// The synchronous path calls <see cref="Put"/> just before it calls the continuation, and the continuation's first
    /// await calls <see cref="Take"/>: the builder's Start runs the continuation's first steps on the calling thread, and
    /// between the two only the continuation's dispatch runs (jumps and tests of its resume point, never user code), so
    /// nothing else can use this thread's slot in between. Take clears the slot, so it never keeps a task alive.
    /// Used only for the builders known to start synchronously (the default ones and
    /// <c>PoolingAsyncValueTaskMethodBuilder</c>). Called by Prewired-generated code; not meant to be called by hand.
    /// </remarks>
    /// <typeparam name="T">The awaitable's type, as the await expression has it.</typeparam>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class PendingAwaitable<T>
    {
        [ThreadStatic]
        private static T? t_value;

        /// <summary>Stores the pending awaitable for the continuation about to start on this thread.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Put(T awaitable) => t_value = awaitable;

        /// <summary>Returns the awaitable <see cref="Put"/> stored on this thread, and clears the slot.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static T Take()
        {
            var value = t_value;
            t_value = default;
            return value!;
        }
    }
}
