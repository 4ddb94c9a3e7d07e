// The NativeAOT proof app: run by eng/aot-check.sh under the JIT and as NativeAOT binaries, whose transcripts must match.
//
//     dotnet run -c Release --project tests/Prewired.AotApp
//
// Exit code: the number of cases that did not match the app's own expectations (0 = all match).
using System;

namespace Prewired.AotApp
{
    internal static class Program
    {
        public static int Main()
        {
            Console.WriteLine("Prewired NativeAOT check: every feature, every completion mode");
            AwaitCases.Run();
            PipelineCases.Run();
#if AOT_GATE_PROBE
            GateProbe.Run();
#endif
            Transcript.Summary();
            return Transcript.Failures;
        }
    }
}
