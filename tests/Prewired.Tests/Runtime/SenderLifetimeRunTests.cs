using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Prewired.DependencyInjection;
using Prewired.Generator;
using Prewired.Tests.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Runtime
{
    /// <summary>What a compiled lifetime scenario observed, one fact per entry.</summary>
    public interface ILifetimeScenario
    {
        string[] Run();
    }

    /// <summary>
    /// <c>[assembly: PrewiredServices(Lifetime = ...)]</c> compiled and run: scoped gives one sender, pipeline and handler per
    /// scope; transient a new sender per resolve, each resolving its pipeline once; singleton (no attribute) one of each.
    /// </summary>
    public sealed class SenderLifetimeRunTests
    {
        private const string ScenarioUsings = "using Microsoft.Extensions.DependencyInjection;\nusing Prewired.Tests.Runtime;\n";

        private const string Scenario = """

            namespace Shop;

            public sealed class Ping { }
            public sealed class PingHandler : ICancellableTerminator<Ping, int>
            {
                private static int s_created;
                private readonly int _id = ++s_created;
                public ValueTask<int> Terminate(Ping context, CancellationToken cancellationToken) => new(_id);
            }

            public sealed class Scenario : ILifetimeScenario
            {
                public string[] Run()
                {
                    using var provider = new ServiceCollection().AddPrewired().BuildServiceProvider(new ServiceProviderOptions { ValidateScopes = true });
                    using var first = provider.CreateScope();
                    using var second = provider.CreateScope();
                    var a = first.ServiceProvider.GetRequiredService<SENDER_NAMESPACE.PrewiredSender>();
                    var b = first.ServiceProvider.GetRequiredService<SENDER_NAMESPACE.PrewiredSender>();
                    var c = second.ServiceProvider.GetRequiredService<SENDER_NAMESPACE.PrewiredSender>();
                    return new[]
                    {
                        "same sender in a scope: " + ReferenceEquals(a, b),
                        "same sender across scopes: " + ReferenceEquals(a, c),
                        "handler of a, twice: " + a.Send(new Ping()).Result + "," + a.Send(new Ping()).Result,
                        "handler of b: " + b.Send(new Ping()).Result,
                        "handler of c: " + c.Send(new Ping()).Result,
                    };
                }
            }
            """;

        [Theory]
        [InlineData("", "True", "True", "1,1", "1", "1")]
        [InlineData("[assembly: Prewired.DependencyInjection.PrewiredServices(Lifetime = Microsoft.Extensions.DependencyInjection.ServiceLifetime.Scoped)]\n", "True", "False", "1,1", "1", "2")]
        [InlineData("[assembly: Prewired.DependencyInjection.PrewiredServices(Lifetime = Microsoft.Extensions.DependencyInjection.ServiceLifetime.Transient)]\n", "False", "False", "1,1", "2", "3")]
        public void The_assembly_lifetime_applies_to_the_sender_its_pipelines_and_their_stages(string attribute, string sameInScope, string sameAcross, string a, string b, string c)
        {
            var settings = TestCompilationSettings.Default with
            {
                AdditionalAssemblies = ImmutableArray.Create(
                    typeof(PipelineServices).Assembly,
                    typeof(Microsoft.Extensions.DependencyInjection.IServiceCollection).Assembly,
                    typeof(Microsoft.Extensions.DependencyInjection.ServiceProviderOptions).Assembly),
            };
            // The sender is {AssemblyName}.PrewiredSender: a name of our choosing, unique per load (the runtime loads each once).
            var name = "Lifetimes" + System.Guid.NewGuid().ToString("N");
            var source = GeneratorTest.Usings + ScenarioUsings + attribute + Scenario.Replace("SENDER_NAMESPACE", name);
            var compilation = TestCompilation.Create(new[] { source }, settings with
            {
                AssemblyName = name,
                AdditionalAssemblies = settings.AdditionalAssemblies.Add(typeof(CompileAndRun).Assembly),
            });
            var run = GeneratorDriverHarness.Run(compilation, new IIncrementalGenerator[] { new PrewiredGenerator() });
            using var loaded = CompileAndRun.Load(run.OutputCompilation, run);
            var facts = ((ILifetimeScenario)loaded.CreateInstance("Shop.Scenario")).Run();
            Assert.Equal(new[]
            {
                "same sender in a scope: " + sameInScope,
                "same sender across scopes: " + sameAcross,
                "handler of a, twice: " + a,
                "handler of b: " + b,
                "handler of c: " + c,
            }, facts);
        }
    }
}
