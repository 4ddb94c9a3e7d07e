using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.Pipelines.Rules
{
    /// <summary>
    /// Checks a [Pipeline] class and its stage list, and resolves each stage to the interface the chain calls it through.
    /// Shared by the generator (which emits only for a valid pipeline) and the analyzer (which reports the findings), so
    /// the rules exist once. Each finding sits at the offending <c>typeof</c> argument.
    /// </summary>
    internal static class PipelineValidator
    {
        public static PipelineValidation Validate(INamedTypeSymbol pipeline, AttributeData attribute, Compilation compilation, CancellationToken cancellationToken)
        {
            var findings = new List<Finding>();
            var attributeSyntax = attribute.ApplicationSyntaxReference?.GetSyntax(cancellationToken) as AttributeSyntax;
            ValidateClass(pipeline, attributeSyntax, findings, cancellationToken);

            // Anything the compiler already rejects (a missing type, a non-typeof argument) gets no second diagnostic here,
            // and no generated code that would add errors of its own.
            if (attribute.ConstructorArguments.Length != 1 || attribute.ConstructorArguments[0].Kind != TypedConstantKind.Array)
            {
                return PipelineValidation.Unusable(findings);
            }

            // [Pipeline(null)] passes a null array: no stages, like [Pipeline()].
            var values = attribute.ConstructorArguments[0].IsNull ? ImmutableArray<TypedConstant>.Empty : attribute.ConstructorArguments[0].Values;
            var types = values.Select(v => v.Value as INamedTypeSymbol).ToList();
            if (types.Any(t => t is null || t.TypeKind == TypeKind.Error)) return PipelineValidation.Unusable(findings);

            var whole = attributeSyntax?.GetLocation() ?? attribute.ApplicationSyntaxReference?.GetSyntax(cancellationToken).GetLocation() ?? Location.None;
            var locations = ArgumentLocations.Of(attributeSyntax, whole, types.Count);
            var exclusions = DefaultExclusions.Of(attribute, attributeSyntax, whole);
            var defaults = PipelineDefaults.For(attribute, exclusions, compilation, cancellationToken);
            CheckExclusions(pipeline, exclusions, defaults, findings);
            if (types.Count == 0)
            {
                findings.Add(new Finding(DiagnosticIds.MissingTerminator, locations.Whole, pipeline.Name, FixWording.AnyTerminator));
                return new PipelineValidation(findings, new List<ResolvedStage>(), registration: null);
            }

            // The assembly's default behaviors go first; a finding about one sits at this pipeline's attribute.
            types.InsertRange(0, defaults.Applied);
            locations = locations.WithDefaults(defaults.AppliedLocations);

            var stages = ValidateChain(ChainOwner.Pipeline(pipeline), types!, locations, compilation, findings, out var complete);
            if (complete && ConflictingMember(pipeline, stages) is { } conflict)
            {
                findings.Add(new Finding(DiagnosticIds.InvalidPipelineClass, ClassLocation(pipeline, attributeSyntax), pipeline.Name,
                    $"it already declares {conflict}, which the generator writes; rename or remove it"));
            }

            var registration = PipelineRegistrationTarget.Find(pipeline, compilation);
            if (registration is not null && complete)
            {
                foreach (var stage in stages.Where(s => !HasPublicConstructor(s.Type)))
                {
                    findings.Add(new Finding(DiagnosticIds.NoUsableConstructor, locations.At(stage.Position), locations.AdditionalAt(stage.Position),
                        Display(stage.Type), registration.MethodName));
                }
            }

            return new PipelineValidation(findings, stages, registration);
        }

        /// <summary>
        /// Checks each stage type, then walks the chain (<see cref="ResolveFlow"/>): what a [Pipeline] class and a discovered
        /// handler's generated pipeline have in common, the defaults already in front of <paramref name="types"/>.
        /// </summary>
        internal static List<ResolvedStage> ValidateChain(ChainOwner owner, List<INamedTypeSymbol> types, ArgumentLocations locations,
            Compilation compilation, List<Finding> findings, out bool complete)
        {
            complete = false;
            var usable = true;
            for (var i = 0; i < types.Count; i++)
            {
                if (InvalidTypeReason(types[i]) is { } reason)
                {
                    findings.Add(new Finding(DiagnosticIds.InvalidStageType, locations.At(i), locations.AdditionalAt(i), locations.Name(i, types[i]), reason));
                    usable = false;
                }
            }

            return usable ? ResolveFlow(owner, types, locations, compilation, findings, out complete) : new List<ResolvedStage>();
        }

        /// <summary>
        /// Walks the stages in order, carrying the context each one passes on and the response they all return (set by the
        /// first stage). An open generic stage is closed over the context and response at its position first; an assembly
        /// default whose constraint the types there do not meet is left out (PW0312). The walk stops at the first stage that
        /// does not fit: what comes after it has no known context to be checked against.
        /// </summary>
        private static List<ResolvedStage> ResolveFlow(ChainOwner owner, List<INamedTypeSymbol> types, ArgumentLocations locations,
            Compilation compilation, List<Finding> findings, out bool complete)
        {
            complete = false;
            var stages = new List<ResolvedStage>();
            ITypeSymbol? context = null;
            // A handler's chain knows its request and response from the start: they close the open defaults before it.
            var result = owner.Request is null ? ResultOfClosedTerminator(types[types.Count - 1]) : new Optional<ITypeSymbol?>(owner.Response);
            var resultFixed = false;
            var resultSetBy = 0;
            for (var i = 0; i < types.Count; i++)
            {
                var type = types[i];
                var isLast = i == types.Count - 1;
                if (type.IsUnboundGenericType)
                {
                    var entry = context ?? owner.Request ?? EntryContextAfter(types, i);
                    if (entry is null && FirstClosedAfter(types, i) is { } unusable && StageInterface.Of(types[unusable]).Count == 0)
                    {
                        // The open stage has no context because the closed stage that would give it (usually the handler) is
                        // no stage at all: that is the mistake to report, not the open stage (or default) it leaves unclosed.
                        findings.Add(new Finding(DiagnosticIds.NotAPipelineStage, locations.At(unusable), locations.AdditionalAt(unusable), locations.Name(unusable, types[unusable])));
                        return stages;
                    }

                    var closing = OpenStageCloser.Close(type, isLast, entry, result, compilation);
                    if (closing.Closed is null && closing.ConstraintUnmet && locations.IsDefault(i))
                    {
                        // A default behavior constrained to some requests: not applied where the constraint is not met, and said so.
                        findings.Add(new Finding(owner.SkippedDefaultId, locations.At(i), locations.AdditionalAt(i), Display(type), owner.Name, closing.Reason!));
                        continue;
                    }

                    if (closing.Closed is null)
                    {
                        findings.Add(new Finding(DiagnosticIds.OpenStageCannotBeClosed, locations.At(i), locations.AdditionalAt(i), locations.Name(i, type), closing.Reason ?? "it implements no stage interface"));
                        return stages;
                    }

                    type = closing.Closed;
                }

                var shapes = StageInterface.Of(type);
                if (shapes.Count == 0)
                {
                    findings.Add(new Finding(DiagnosticIds.NotAPipelineStage, locations.At(i), locations.AdditionalAt(i), locations.Name(i, type)));
                    return stages;
                }

                // A type may be both a behavior and a terminator: the last position wants the terminator, the others a behavior.
                var wanted = shapes.Where(s => (s.Kind == StageKind.Terminator) == isLast).ToList();
                if (wanted.Count == 0)
                {
                    if (isLast)
                    {
                        // Name the terminator this pipeline calls for: the context the last type passes on, the response the
                        // stages return, and the token when a stage takes it.
                        var behavior = shapes[0];
                        var returns = resultFixed ? result.Value : behavior.Result;
                        var cancellable = behavior.TakesToken || stages.Any(s => s.Shape.TakesToken);
                        findings.Add(new Finding(DiagnosticIds.MissingTerminator, locations.At(i), locations.AdditionalAt(i), owner.Name,
                            FixWording.TerminatorFor(behavior.OutContext!, returns, cancellable)));
                    }
                    else
                    {
                        findings.Add(new Finding(DiagnosticIds.TerminatorNotLast, locations.At(i), locations.AdditionalAt(i), locations.Name(i, type),
                            FixWording.TerminatorFix(locations.IsDefault(i))));
                    }

                    return stages;
                }

                // A handler of several requests, alone in its chain, is called through the interface of the request it answers here
                // (only there: a closed default before it takes what it takes, and a mismatch is reported at the handler, as for a [Pipeline]).
                var fitting = (context ?? (isLast ? owner.Request : null)) is { } taken ? Fitting(wanted, taken, compilation) : wanted;
                if (fitting.Count == 0)
                {
                    // Name the stage before it (a default the attribute does not show, too) and only the fixes that apply.
                    var before = stages[stages.Count - 1].Position;
                    var name = locations.Name(i, type);
                    var canMove = !isLast && !locations.IsDefault(i);
                    var fix = owner.Request is null
                        ? FixWording.ContextFix(name, wanted[0].InContext, context!, isLast, canMove, locations.IsDefault(i) ? Display(types[i]) : null)
                        : FixWording.HandlerChainFix(owner.Name, Display(types[locations.IsDefault(i) ? i : before]));
                    findings.Add(new Finding(DiagnosticIds.ContextDoesNotFlow, locations.At(i), locations.AdditionalAt(i), name, Display(wanted[0].InContext), Display(context!),
                        locations.Name(before, types[before]), fix));
                    return stages;
                }

                if (resultFixed)
                {
                    var returning = fitting.Where(s => SymbolEqualityComparer.Default.Equals(s.Result, result.Value)).ToList();
                    if (returning.Count == 0)
                    {
                        // Name the stage that set the response: it may be a default this attribute does not show.
                        findings.Add(new Finding(DiagnosticIds.ResultDoesNotFlow, locations.At(i), locations.AdditionalAt(i), locations.Name(i, type),
                            OpenStageCloser.ResultDisplay(fitting[0].Result), OpenStageCloser.ResultDisplay(result.Value), locations.Name(resultSetBy, types[resultSetBy])));
                        return stages;
                    }

                    fitting = returning;
                }

                if (fitting.Count > 1)
                {
                    var takes = context ?? fitting[0].InContext;
                    findings.Add(new Finding(DiagnosticIds.AmbiguousStage, locations.At(i), locations.AdditionalAt(i), locations.Name(i, type), Display(takes),
                        string.Join(", ", fitting.Select(s => s.Display()))));
                    return stages;
                }

                var shape = fitting[0];
                stages.Add(new ResolvedStage(type, shape, context ?? shape.InContext, i));
                context = shape.OutContext;
                if (!resultFixed)
                {
                    result = new Optional<ITypeSymbol?>(shape.Result);
                    resultFixed = true;
                    resultSetBy = i;
                }
            }

            complete = true;
            CheckTokenFlow(owner, stages, types, locations, findings);
            return stages;
        }

        /// <summary>
        /// The context an open generic stage at the start of the pipeline is closed over: the one the first closed stage
        /// after it takes, when that is a single type (open stages before it are taken to pass their context on, which the
        /// flow check confirms). Null when there is none to go by.
        /// </summary>
        private static ITypeSymbol? EntryContextAfter(List<INamedTypeSymbol> types, int index)
        {
            for (var j = index + 1; j < types.Count; j++)
            {
                if (types[j].IsUnboundGenericType) continue;
                var isLast = j == types.Count - 1;
                var contexts = StageInterface.Of(types[j]).Where(s => (s.Kind == StageKind.Terminator) == isLast).Select(s => s.InContext)
                    .Distinct<ITypeSymbol>(SymbolEqualityComparer.Default).ToList();
                return contexts.Count == 1 ? contexts[0] : null;
            }

            return null;
        }

        /// <summary>The index of the first closed stage after <paramref name="index"/>; null when only open ones follow.</summary>
        private static int? FirstClosedAfter(List<INamedTypeSymbol> types, int index)
        {
            for (var j = index + 1; j < types.Count; j++)
            {
                if (!types[j].IsUnboundGenericType) return j;
            }

            return null;
        }

        /// <summary>
        /// What the last type returns when it is a closed terminator with one result: an open generic stage before the first
        /// closed one can then be closed over the pipeline's response too.
        /// </summary>
        private static Optional<ITypeSymbol?> ResultOfClosedTerminator(INamedTypeSymbol last)
        {
            if (last.IsUnboundGenericType) return default;
            var results = StageInterface.Of(last).Where(s => s.Kind == StageKind.Terminator).Select(s => s.Result).ToList();
            return results.Count > 0 && results.All(r => SymbolEqualityComparer.Default.Equals(r, results[0])) ? new Optional<ITypeSymbol?>(results[0]) : default;
        }

        /// <summary>
        /// An exclusion that names no declared default leaves nothing out: a typo, a closed type where the default is open,
        /// or a default since removed. Said at its typeof rather than ignored, since the user meant to leave something out.
        /// </summary>
        private static void CheckExclusions(INamedTypeSymbol pipeline, DefaultExclusions exclusions, DeclaredDefaults defaults, List<Finding> findings)
        {
            var declared = defaults.Declared.Count == 0 ? "no defaults" : string.Join(", ", defaults.Declared.Select(d => "'" + Display(d) + "'"));
            for (var i = 0; i < exclusions.Types.Count; i++)
            {
                if (defaults.Declared.Any(d => DefaultExclusions.SameListedType(exclusions.Types[i], d))) continue;
                findings.Add(new Finding(DiagnosticIds.ExclusionNotADefault, exclusions.Locations[i], Display(exclusions.Types[i]), pipeline.Name, declared));
            }
        }

        /// <summary>
        /// The pipeline's CancellationToken reaches a stage through every stage before it: an inline behavior's generated
        /// next struct carries it past a stage that does not take it, but a plain IBehavior's next is a Func without one.
        /// </summary>
        private static void CheckTokenFlow(ChainOwner owner, List<ResolvedStage> stages, List<INamedTypeSymbol> types, ArgumentLocations locations, List<Finding> findings)
        {
            ResolvedStage? dropped = null;
            foreach (var stage in stages)
            {
                if (stage.Shape.TakesToken && dropped is not null)
                {
                    // Each named as listed (an open default by its definition), with only the fixes that apply.
                    var name = locations.Name(stage.Position, types[stage.Position]);
                    var dropper = locations.Name(dropped.Position, types[dropped.Position]);
                    var canMove = stage.Shape.Kind != StageKind.Terminator && !locations.IsDefault(stage.Position) && !locations.IsDefault(dropped.Position);
                    var fix = owner.Request is null
                        ? FixWording.TokenFix(name, dropper, canMove, locations.IsDefault(dropped.Position) ? Display(types[dropped.Position]) : null)
                        : FixWording.HandlerChainFix(owner.Name, Display(types[dropped.Position]));
                    findings.Add(new Finding(DiagnosticIds.TokenDoesNotFlow, locations.At(stage.Position), locations.AdditionalAt(stage.Position), name, dropper, fix));
                    return;
                }

                if (dropped is null && stage.Shape.Kind == StageKind.DelegateBehavior && !stage.Shape.TakesToken) dropped = stage;
            }
        }

        /// <summary>Interfaces taking exactly the context passed on win; otherwise any that take it by implicit conversion.</summary>
        private static List<StageInterface> Fitting(List<StageInterface> candidates, ITypeSymbol context, Compilation compilation)
        {
            var exact = candidates.Where(s => SymbolEqualityComparer.Default.Equals(s.InContext, context)).ToList();
            if (exact.Count > 0) return exact;
            return candidates.Where(s => compilation.ClassifyConversion(context, s.InContext) is { IsImplicit: true, IsReference: true } or { IsIdentity: true }).ToList();
        }

        private static string? InvalidTypeReason(INamedTypeSymbol type)
        {
            if (type.TypeKind == TypeKind.Interface) return "it is an interface; list the class that implements it";
            if (type.TypeKind != TypeKind.Class) return $"it is a {KindName(type)}; a stage must be a class, called through its reference by every invocation";
            if (type.IsStatic) return "it is a static class, which has no instances";
            if (type.IsAbstract) return "it is abstract; list a concrete class that derives from it";
            // An open generic type is judged by its definition: the arguments it is closed over are checked as contexts.
            if (EffectiveAccessibility.Of(type.IsUnboundGenericType ? type.OriginalDefinition : type) < EffectiveAccessibility.Internal) return "it is private or protected; the generated constructor takes it as a parameter, so make it at least internal";
            return null;
        }

        private static string KindName(INamedTypeSymbol type) => type.TypeKind switch
        {
            TypeKind.Struct => "struct",
            TypeKind.Enum => "enum",
            TypeKind.Delegate => "delegate",
            _ => type.TypeKind.ToString().ToLowerInvariant(),
        };

        /// <summary>
        /// A user-written member the generated part would duplicate: Invoke of the pipeline's context, or a constructor taking
        /// the stage types. The generator's own members (seen by the analyzer, which runs on the generated files too) do not count.
        /// </summary>
        private static string? ConflictingMember(INamedTypeSymbol pipeline, List<ResolvedStage> stages)
        {
            foreach (var invoke in pipeline.GetMembers("Invoke").OfType<IMethodSymbol>())
            {
                if (!IsGenerated(invoke) && invoke.Parameters.Length == 1 && SymbolEqualityComparer.Default.Equals(invoke.Parameters[0].Type, stages[0].Receives))
                {
                    return $"'Invoke({Display(stages[0].Receives)})'";
                }
            }

            foreach (var constructor in pipeline.InstanceConstructors)
            {
                if (!constructor.IsImplicitlyDeclared && !IsGenerated(constructor)
                    && constructor.Parameters.Select(p => p.Type).SequenceEqual(stages.Select(s => (ITypeSymbol)s.Type), SymbolEqualityComparer.Default))
                {
                    return "a constructor taking the stage types";
                }
            }

            return null;
        }

        private static bool IsGenerated(ISymbol member)
            => member.GetAttributes().Any(a => a.AttributeClass?.Name == "GeneratedCodeAttribute" && a.ConstructorArguments.FirstOrDefault().Value as string == "Prewired.Generator")
               || (member is IMethodSymbol { ExplicitInterfaceImplementations.Length: > 0 });

        private static Location ClassLocation(INamedTypeSymbol pipeline, AttributeSyntax? attribute)
            => attribute?.FirstAncestorOrSelf<TypeDeclarationSyntax>()?.Identifier.GetLocation() ?? pipeline.Locations.FirstOrDefault() ?? Location.None;

        private static void ValidateClass(INamedTypeSymbol pipeline, AttributeSyntax? attribute, List<Finding> findings, CancellationToken cancellationToken)
        {
            var location = ClassLocation(pipeline, attribute);
            if (!IsPartial(pipeline, cancellationToken))
            {
                findings.Add(new Finding(DiagnosticIds.InvalidPipelineClass, location, pipeline.Name, "declare it 'partial' so the generator can add the constructor and Invoke"));
            }
            else if (pipeline.IsStatic)
            {
                findings.Add(new Finding(DiagnosticIds.InvalidPipelineClass, location, pipeline.Name, "a static class has no instances; remove 'static'"));
            }
            else if (pipeline.IsFileLocal)
            {
                findings.Add(new Finding(DiagnosticIds.InvalidPipelineClass, location, pipeline.Name, "a file-local type cannot be extended by a generated file; remove the 'file' modifier"));
            }

            for (var type = pipeline.ContainingType; type is not null; type = type.ContainingType)
            {
                if (!IsPartial(type, cancellationToken))
                {
                    findings.Add(new Finding(DiagnosticIds.ContainingTypeMustBePartial, location, type.Name, "pipeline " + pipeline.Name));
                    break;
                }
            }
        }

        private static bool IsPartial(INamedTypeSymbol type, CancellationToken cancellationToken)
            => type.DeclaringSyntaxReferences.All(r => r.GetSyntax(cancellationToken) is TypeDeclarationSyntax t && t.Modifiers.Any(SyntaxKind.PartialKeyword));

        private static bool HasPublicConstructor(INamedTypeSymbol type)
            => type.InstanceConstructors.Any(c => c.DeclaredAccessibility == Accessibility.Public);

        public static string Display(ITypeSymbol type) => type.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat);
    }
}
