using System;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;

namespace Prewired.AotApp
{
    /// <summary>
    /// The request pipeline: a typed response through a connector, the CancellationToken through every stage, open generic
    /// behaviors closed at compile time (under NativeAOT, where nothing may be closed at run time), DI registration.
    /// </summary>
    internal static class RequestCases
    {
        public static void Run()
        {
            Transcript.Section("request pipelines: typed response, cancellation, open generic behaviors");
            var pipeline = new RequestPipeline(new Intake(), new Trace<PlaceOrder, Receipt>(), new Check<PlaceOrder, Receipt>(), new ToLine(), new Fulfil());
            Case("typed response, synchronous", pipeline, new PlaceOrder(2), CancellationToken.None,
                "ok receipt sku-2!; intake,trace>PlaceOrder,check,fulfil canceled=False,<trace Receipt");
            Case("typed response, completed later", pipeline, new PlaceOrder(3) { Asynchronous = true }, CancellationToken.None,
                "ok receipt sku-3 (later)!; intake,trace>PlaceOrder,check,fulfil canceled=False,<trace Receipt");
            using (var source = new CancellationTokenSource())
            {
                source.Cancel();
                Case("canceled token reaches the handler past the struct stage", pipeline, new PlaceOrder(4), source.Token,
                    "canceled OperationCanceledException; intake,trace>PlaceOrder,check,fulfil canceled=True");
            }

            Case("open generic validation rejects an invalid request", pipeline, new PlaceOrder(0), CancellationToken.None,
                "faulted ArgumentException: invalid PlaceOrder; intake,trace>PlaceOrder,check");

            var services = new ServiceCollection();
            services.AddRequestPipeline();
            using var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateScopes = true, ValidateOnBuild = true });
            Case("DI: resolved as ICancellablePipeline<PlaceOrder, Receipt>", provider.GetRequiredService<ICancellablePipeline<PlaceOrder, Receipt>>(),
                new PlaceOrder(5), CancellationToken.None, "ok receipt sku-5!; intake,trace>PlaceOrder,check,fulfil canceled=False,<trace Receipt");
            var typed = provider.GetRequiredService<IPipeline<PlaceOrder, Receipt>>();
            var order = new PlaceOrder(6);
            Transcript.Check("DI: resolved as IPipeline<PlaceOrder, Receipt>", typed.Invoke(order).AsTask().GetAwaiter().GetResult().Text, "receipt sku-6!");
        }

        private static void Case(string name, ICancellablePipeline<PlaceOrder, Receipt> pipeline, PlaceOrder order, CancellationToken token, string expected)
        {
            string outcome;
            try
            {
                var task = pipeline.Invoke(order, token).AsTask();
                try
                {
                    task.Wait();
                }
                catch (AggregateException)
                {
                    // Read from the task below: its status tells canceled from faulted.
                }

                outcome = task.IsCanceled ? "canceled OperationCanceledException"
                    : task.IsFaulted ? $"faulted {task.Exception!.InnerException!.GetType().Name}: {task.Exception.InnerException.Message}"
                    : "ok " + task.Result.Text;
            }
            catch (Exception exception)
            {
                outcome = $"thrown {exception.GetType().Name}: {exception.Message}";
            }

            Transcript.Check(name, outcome + "; " + string.Join(",", order.Log), expected);
        }
    }
}
