using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using Quickstart.Measurement;

namespace Quickstart.Pipeline
{
    internal readonly struct ComposedCall(Func<TransportContext, Task> composed, TransportContext message) : ICall
    {
        public int Invoke()
        {
            composed(message).GetAwaiter().GetResult();
            return 0;
        }
    }

    internal readonly struct GeneratedCall(IncomingPipeline pipeline, TransportContext message) : ICall
    {
        public int Invoke()
        {
            pipeline.Invoke(message).GetAwaiter().GetResult();
            return 0;
        }
    }

    /// <summary>
    /// Part 3 of the Quickstart: runs the generated <see cref="IncomingPipeline"/> once with a transient failure (printing
    /// what each stage did), then measures a call against the same stages composed at run time with closures, the way a
    /// hand-rolled middleware runner typically nests them.
    /// </summary>
    internal static class PipelineDemo
    {
        public static async Task RunAsync()
        {
            Console.WriteLine("3. [Pipeline] IncomingPipeline: LogBehavior -> RetryBehavior -> DeserializeConnector -> HandleOrderPlaced");
            Console.WriteLine("   (Pipeline/Stages.cs); one message whose handler fails once with a transient error:");
            Console.WriteLine();

            var log = new LogBehavior();
            var retry = new RetryBehavior();
            var deserialize = new DeserializeConnector();
            var handle = new HandleOrderPlaced();
            var pipeline = new IncomingPipeline(log, retry, deserialize, handle);

            var trace = new List<string>();
            await pipeline.Invoke(new TransportContext("7:19.99") { TransientFailures = 1, Trace = trace });
            foreach (var line in trace) Console.WriteLine("   " + line);

            // Run-time composition: every invocation allocates a closure per stage to bind next.
            Func<TransportContext, Task> composed = context =>
                log.Invoke(context, c1 => retry.Invoke(c1, c2 => deserialize.Invoke(c2, handle.Terminate)));

            var message = new TransportContext("7:19.99");
            Console.WriteLine();
            Console.WriteLine("   Its cost, per message without failures:");
            var forms = new[]
            {
                Form.Of("closures composed at run time", new ComposedCall(composed, message)),
                Form.Of("[Pipeline] (generated)", new GeneratedCall(pipeline, message)),
            };
            Report.Print(forms, Comparison.Run(forms));
            Console.WriteLine("   The generated chain itself allocates nothing: its bytes are the OrderPlaced and MessageContext the connector");
            Console.WriteLine("   creates. The closures bind each next with a new delegate per call; .NET 10's JIT can keep those on the stack");
            Console.WriteLine("   when it inlines the whole composition, as here (DOTNET_JitObjectStackAllocation=0 shows them: 64 B more),");
            Console.WriteLine("   so in this small chain the two cost about the same. The generated chain does not depend on that.");
        }
    }
}
