using System;
using System.Reflection;
using Prewired.CompilerServices;

namespace Prewired.Tests.Runtime
{
    /// <summary>
    /// The runtime library's internal view of the context guard's two paths, reached through reflection (the library is
    /// strong-named and exposes no internals): whether this runtime has the thread's fields, and the public APIs' capture.
    /// </summary>
    internal static class GuardPaths
    {
        private static readonly Assembly s_runtime = typeof(AsyncContextGuard).Assembly;

        /// <summary>ThreadContextFields.Available: the guard reads the thread's fields on this runtime.</summary>
        public static bool ThreadFieldsAvailable { get; } =
            (bool)s_runtime.GetType("Prewired.CompilerServices.ThreadContextFields", throwOnError: true)!
                .GetField("Available", BindingFlags.NonPublic | BindingFlags.Static)!.GetValue(null)!;

        /// <summary>AsyncContextGuard.CaptureThroughPublicApis: the fallback path, whatever this runtime has.</summary>
        public static Func<AsyncContextGuard> CaptureThroughPublicApis { get; } =
            typeof(AsyncContextGuard).GetMethod("CaptureThroughPublicApis", BindingFlags.NonPublic | BindingFlags.Static)!
                .CreateDelegate<Func<AsyncContextGuard>>();
    }
}
