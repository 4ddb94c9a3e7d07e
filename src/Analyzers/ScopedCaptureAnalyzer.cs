using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Prewired.Analyzers.Handlers;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.Pipelines.Rules;
using Prewired.Generator.TailAwait;

namespace Prewired.Analyzers
{
    /// <summary>
    /// PW0317: with <c>AddPrewired()</c>'s singleton lifetime (the default), a stage that is itself registered scoped, or whose
    /// constructor takes a service registered scoped in this compilation (<c>AddScoped</c>, <c>TryAddScoped</c>,
    /// <c>AddDbContext</c>), would be captured by the one chain built for the application. Stages are those of the request
    /// pipelines and, registered by the same call with the same lifetime, the notification publishers' behaviors and
    /// handlers and the stream pipelines' behaviors and handlers. The container says so only at
    /// run time, and only with scope validation on; the registrations are in the code, so the build can say it.
    /// </summary>
    /// <remarks>
    /// Only what the compilation shows is seen: registrations made in the same method as an <c>AddPrewired()</c> call (the
    /// usual Program.cs), with the service type written as a type argument or a <c>typeof</c>, and the stages' own
    /// constructor parameters (a scoped service reached through another service is not).
    /// </remarks>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class ScopedCaptureAnalyzer : DiagnosticAnalyzer
    {
        private static readonly string[] ScopedRegistrations = { "AddScoped", "TryAddScoped", "AddDbContext", "AddDbContextPool" };

        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(DiagnosticDescriptors.ScopedServiceCaptured);

        public override void Initialize(AnalysisContext context)
        {
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
            context.EnableConcurrentExecution();
            context.RegisterCompilationStartAction(start =>
            {
                if (start.Compilation.GetTypeByMetadataName(PipelineRegistrationTarget.HelperType) is null) return;
                if (ServicesLifetime.Of(start.Compilation) != ServicesLifetime.Singleton) return;
                var scoped = new ConcurrentBag<(ITypeSymbol Service, string How, Location At, ISymbol In)>();
                var addPrewiredIn = new ConcurrentDictionary<ISymbol, bool>(SymbolEqualityComparer.Default);
                start.RegisterOperationAction(operation => Collect(operation, scoped, addPrewiredIn), OperationKind.Invocation);
                start.RegisterCompilationEndAction(end => Report(end, scoped.Where(r => addPrewiredIn.ContainsKey(r.In)).Select(r => (r.Service, r.How, r.At)).ToList()));
            });
        }

        /// <summary>
        /// Scoped registrations, each with the method (or top-level program) it is made in, and where AddPrewired() is called:
        /// only a registration made beside an AddPrewired() call is known to go into the container the pipelines use (a test
        /// project builds many containers; a scoped registration for another one is no capture).
        /// </summary>
        private static void Collect(OperationAnalysisContext context, ConcurrentBag<(ITypeSymbol, string, Location, ISymbol)> scoped, ConcurrentDictionary<ISymbol, bool> addPrewiredIn)
        {
            var invocation = (IInvocationOperation)context.Operation;
            var method = invocation.TargetMethod;
            if (method.Parameters.FirstOrDefault()?.Type.Name != "IServiceCollection") return;
            if (method.Name == "AddPrewired" && method.ContainingType.Name == "PrewiredServiceCollectionExtensions")
            {
                addPrewiredIn.TryAdd(context.ContainingSymbol, true);
                return;
            }

            if (!ScopedRegistrations.Contains(method.Name)) return;
            // AddScoped<TService, TImplementation>(): the service is what constructors take; AddScoped(typeof(TService), ...) alike.
            var service = method.TypeArguments.FirstOrDefault()
                          ?? invocation.Arguments.Select(a => a.Value).OfType<ITypeOfOperation>().FirstOrDefault()?.TypeOperand;
            if (service is null || service.TypeKind == TypeKind.Error) return;
            scoped.Add((service, "registered with " + method.Name, invocation.Syntax.GetLocation(), context.ContainingSymbol));
        }

        private static void Report(CompilationAnalysisContext context, List<(ITypeSymbol Service, string How, Location At)> scoped)
        {
            if (scoped.Count == 0) return;
            var index = HandlerIndex.Build(context.Compilation, context.CancellationToken);
            var messages = MessageIndex.Build(context.Compilation, context.CancellationToken);
            if (!index.HasHandlers && messages.IsEmpty) return;
            var reported = new HashSet<(Location, ITypeSymbol)>();
            // The request pipelines' stages, then the publishers' and stream pipelines' (registered by the same call with the
            // same lifetime); a type in both is named by its first role.
            var stages = index.RegisteredStages(context.Compilation, context.CancellationToken).Select(stage => (Stage: stage, Role: "a stage of a singleton pipeline (AddPrewired())"))
                .Concat(messages.RegisteredStages(context.Compilation))
                .GroupBy(s => s.Stage, SymbolEqualityComparer.Default).Select(g => g.First());
            foreach (var (stage, role) in stages)
            {
                foreach (var registration in scoped.Where(r => SymbolEqualityComparer.Default.Equals(r.Service, stage)))
                {
                    Add(registration.At, System.Array.Empty<Location>(), registration.Service, registration.How, "it is itself " + role);
                }

                foreach (var parameter in stage.InstanceConstructors.Where(c => c.DeclaredAccessibility == Accessibility.Public).SelectMany(c => c.Parameters))
                {
                    var registration = scoped.FirstOrDefault(r => SymbolEqualityComparer.Default.Equals(r.Service, parameter.Type));
                    if (registration.Service is null) continue;
                    var at = parameter.Locations.FirstOrDefault(l => l.IsInSource) ?? registration.At;
                    Add(at, new[] { registration.At }, registration.Service, registration.How,
                        $"'{PipelineValidator.Display(stage)}', {role}, takes it as '{parameter.Name}'");
                }
            }

            void Add(Location at, Location[] additional, ITypeSymbol service, string how, string why)
            {
                if (!reported.Add((at, service))) return;
                context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.ScopedServiceCaptured, at, additional, PipelineValidator.Display(service), how, why));
            }
        }
    }
}
