using System;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;

namespace Prewired.AotApp
{
    /// <summary>Generated pipelines in both shapes: order, connectors, replay, a fork, exceptions, DI registration.</summary>
    internal static class PipelineCases
    {
        public static void Run()
        {
            Transcript.Section("pipelines");
            var delegates = new DelegatePipeline(new Log(), new Parse(), new Handle());
            var inline = new InlinePipeline(new Measure(), new InlineParse(), new Handle());
            var replay = new MixedReplayPipeline(new Log(), new Measure(), new Replay(), new Parse(), new Handle());
            var audit = new Audit();
            var forking = new ForkingPipeline(new ForkToAudit(new AuditPipeline(new WriteAudit(audit))), new Log(), new InlineParse(), new Handle());

            Case("delegate shape", delegates, new Envelope("1"), "ok log>,parse,handle:1,<log");
            Case("struct shape", inline, new Envelope("2"), "ok measure>,inline-parse,handle:2,<measure");
            Case("mixed shapes, replay x3", replay, new Envelope("3"),
                "ok log>,measure>,parse,handle:3,parse,handle:3,parse,handle:3,<measure,<log");
            Case("fork", forking, new Envelope("4"), "ok fork,log>,inline-parse,handle:4,<log");
            Transcript.Check("fork: audit pipeline received", string.Join(",", audit.Entries), "4");
            Case("sync exception", delegates, new Envelope("5") { Fail = "sync" },
                "faulted InvalidOperationException: sync handler failure; log>,parse,handle:5");
            Case("async exception", inline, new Envelope("6") { Fail = "async" },
                "faulted InvalidOperationException: async handler failure; measure>,inline-parse,handle:6");
            Case("bad body (connector throws)", delegates, new Envelope("x"), "faulted FormatException; log>,parse");

            Transcript.Section("pipelines, dependency injection");
            var services = new ServiceCollection();
            services.AddSingleton<Audit>();
            services.AddSingleton<Log>();
            services.AddScoped<Parse>();
            services.AddAuditPipeline();
            services.AddForkingPipeline();
            services.AddDelegatePipeline();
            using var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateScopes = true, ValidateOnBuild = true });
            using (var scope = provider.CreateScope())
            {
                var first = scope.ServiceProvider.GetRequiredService<DelegatePipeline>();
                var second = scope.ServiceProvider.GetRequiredService<IPipeline<Envelope>>();
                Transcript.Check("DI: transient pipeline, new instance per resolve", (!ReferenceEquals(first, second)).ToString(), "True");
                Case("DI: resolved delegate pipeline", first, new Envelope("7"), "ok log>,parse,handle:7,<log");
                Case("DI: resolved forking pipeline", scope.ServiceProvider.GetRequiredService<ForkingPipeline>(), new Envelope("8"),
                    "ok fork,log>,inline-parse,handle:8,<log");
                Transcript.Check("DI: singleton audit received", string.Join(",", provider.GetRequiredService<Audit>().Entries), "8");
            }
        }

        private static void Case(string name, IPipeline<Envelope> pipeline, Envelope envelope, string expected)
        {
            string outcome;
            try
            {
                pipeline.Invoke(envelope).GetAwaiter().GetResult();
                outcome = "ok " + string.Join(",", envelope.Log);
            }
            catch (FormatException exception)
            {
                outcome = $"faulted {exception.GetType().Name}; {string.Join(",", envelope.Log)}";
            }
            catch (Exception exception)
            {
                outcome = $"faulted {exception.GetType().Name}: {exception.Message}; {string.Join(",", envelope.Log)}";
            }

            Transcript.Check(name, outcome, expected);
        }
    }
}
