#if AOT_GATE_PROBE
using System;

namespace Prewired.AotApp
{
    /// <summary>
    /// Compiled only when eng/aot-check.sh proves the trim/AOT gate: loading a type by a name known only at run time is
    /// trim warning IL2057, and the publish must fail on it. Never part of the app otherwise.
    /// </summary>
    internal static class GateProbe
    {
        public static void Run() => Console.WriteLine(Type.GetType(Environment.GetEnvironmentVariable("PREWIRED_TYPE") ?? "System.Object")?.Name);
    }
}
#endif
