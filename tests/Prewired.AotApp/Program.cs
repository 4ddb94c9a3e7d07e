// The NativeAOT proof app: run by eng/aot-check.sh under the JIT and as NativeAOT binaries, whose transcripts must match.
//
//     dotnet run -c Release --project tests/Prewired.AotApp
//     dotnet run -c Release --project tests/Prewired.AotApp -- --context-guard=public-apis
//
// The second form sets the AppContext switch that puts the context guard on the public APIs instead of the thread's
// fields (before the first guarded call, which is when the runtime library reads it); the transcript must not change.
//
// Exit code: the number of cases that did not match the app's own expectations (0 = all match).
using System;

namespace Prewired.AotApp
{
    internal static class Program
    {
        public static int Main(string[] args)
        {
            if (Array.IndexOf(args, "--context-guard=public-apis") >= 0)
            {
                AppContext.SetSwitch("Prewired.ContextGuard.UsePublicApis", true);
                Console.Error.WriteLine("context guard: public APIs requested (Prewired.ContextGuard.UsePublicApis)");
            }

            Console.WriteLine("Prewired NativeAOT check: every feature, every completion mode");
            AwaitCases.Run();
            GuardCases.Run();
            PipelineCases.Run();
            RequestCases.Run();
#if AOT_GATE_PROBE
            GateProbe.Run();
#endif
            Transcript.Summary();
            return Transcript.Failures;
        }
    }
}
