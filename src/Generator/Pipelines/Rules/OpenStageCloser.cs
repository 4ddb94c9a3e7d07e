using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.Pipelines.Rules
{
    /// <summary>
    /// Closes an open generic stage (<c>typeof(Logging&lt;,&gt;)</c>) over the types at its position: its stage interface's
    /// context is matched with the context the stage before passes, and its result with the pipeline's response. The closed
    /// type must satisfy every constraint of the definition; the first one that does not is named, so nothing is dropped
    /// silently (a runtime container skips such a behavior without a word).
    /// </summary>
    internal static class OpenStageCloser
    {
        /// <summary>The outcome: the closed type, or why the definition cannot be closed there.</summary>
        public readonly struct Closing
        {
            public Closing(INamedTypeSymbol? closed, string? reason, bool constraintUnmet = false)
            {
                Closed = closed;
                Reason = reason;
                ConstraintUnmet = constraintUnmet;
            }

            public INamedTypeSymbol? Closed { get; }

            public string? Reason { get; }

            /// <summary>The types fit, but a constraint of the definition is not met: the reason names it.</summary>
            public bool ConstraintUnmet { get; }
        }

        /// <param name="open">The unbound type as listed, e.g. <c>Logging&lt;,&gt;</c>.</param>
        /// <param name="isLast">Whether it is the last position, which takes a terminator.</param>
        /// <param name="context">The context the stage before passes (at the start: the one the first closed stage takes); null when unknown.</param>
        /// <param name="result">What the pipeline's stages return, when known: the response type, or null for a plain Task.</param>
        public static Closing Close(INamedTypeSymbol open, bool isLast, ITypeSymbol? context, Optional<ITypeSymbol?> result, Compilation compilation)
        {
            var definition = open.OriginalDefinition;
            for (var outer = definition.ContainingType; outer is not null; outer = outer.ContainingType)
            {
                if (outer.IsGenericType) return new Closing(null, $"it is nested in the generic type '{Display(outer)}'; list a closed type instead");
            }

            if (context is null)
            {
                return new Closing(null, "no closed stage names the pipeline's context (the first stage takes it, and a closed stage after open ones "
                                         + "sets it for them): list a closed stage, usually the terminator, or close this one with the pipeline's types");
            }

            var shapes = StageInterface.Of(definition).Where(s => (s.Kind == StageKind.Terminator) == isLast).ToList();
            if (shapes.Count == 0)
            {
                return new Closing(null, isLast ? "the last stage must be a terminator, and it implements no IPipelineTerminator" : "it is a terminator, which only the last stage can be");
            }

            string? constraintReason = null;
            string? reason = null;
            foreach (var shape in shapes)
            {
                var map = new Dictionary<ITypeParameterSymbol, ITypeSymbol>(SymbolEqualityComparer.Default);
                if (!Unify(shape.InContext, context, map, definition))
                {
                    reason ??= $"it takes '{Display(shape.InContext)}', which cannot be '{Display(context)}', the context at its position";
                    continue;
                }

                if (result.HasValue)
                {
                    if ((shape.Result is null) != (result.Value is null)
                        || (shape.Result is not null && !Unify(shape.Result, result.Value!, map, definition)))
                    {
                        reason ??= $"it returns '{ResultDisplay(shape.Result)}', but the pipeline's stages return '{ResultDisplay(result.Value)}'"
                                   + (shape.Result is not null && result.Value is null ? FixWording.UnitResponse(context) : string.Empty);
                        continue;
                    }
                }

                var unfixed = definition.TypeParameters.FirstOrDefault(p => !map.ContainsKey(p));
                if (unfixed is not null)
                {
                    reason ??= $"its type parameter '{unfixed.Name}' is fixed neither by the context '{Display(context)}' nor by the pipeline's result"
                               + (result.HasValue ? string.Empty : " (list a closed terminator, whose result the pipeline returns)");
                    continue;
                }

                var arguments = definition.TypeParameters.Select(p => map[p]).ToArray();
                if (UnmetConstraint(definition, arguments, map, compilation) is { } unmet)
                {
                    constraintReason ??= unmet;
                    continue;
                }

                return new Closing(definition.Construct(arguments), null);
            }

            return new Closing(null, constraintReason ?? reason, constraintUnmet: constraintReason is not null);
        }

        /// <summary>Binds the definition's type parameters in <paramref name="pattern"/> so that it becomes <paramref name="actual"/>.</summary>
        private static bool Unify(ITypeSymbol pattern, ITypeSymbol actual, Dictionary<ITypeParameterSymbol, ITypeSymbol> map, INamedTypeSymbol definition)
        {
            switch (pattern)
            {
                case ITypeParameterSymbol parameter when SymbolEqualityComparer.Default.Equals(parameter.ContainingSymbol, definition):
                    if (map.TryGetValue(parameter, out var bound)) return SymbolEqualityComparer.Default.Equals(bound, actual);
                    map[parameter] = actual;
                    return true;
                case INamedTypeSymbol { IsGenericType: true } named:
                    if (actual is not INamedTypeSymbol other || !SymbolEqualityComparer.Default.Equals(named.OriginalDefinition, other.OriginalDefinition)) return !Mentions(named, definition);
                    for (var i = 0; i < named.TypeArguments.Length; i++)
                    {
                        if (!Unify(named.TypeArguments[i], other.TypeArguments[i], map, definition)) return false;
                    }

                    return true;
                case IArrayTypeSymbol array:
                    return actual is IArrayTypeSymbol otherArray && array.Rank == otherArray.Rank ? Unify(array.ElementType, otherArray.ElementType, map, definition) : !Mentions(array, definition);
                default:
                    // A type without the definition's parameters: whether it takes the context is the ordinary flow check's call.
                    return true;
            }
        }

        private static bool Mentions(ITypeSymbol type, INamedTypeSymbol definition) => type switch
        {
            ITypeParameterSymbol parameter => SymbolEqualityComparer.Default.Equals(parameter.ContainingSymbol, definition),
            INamedTypeSymbol named => named.TypeArguments.Any(a => Mentions(a, definition)),
            IArrayTypeSymbol array => Mentions(array.ElementType, definition),
            _ => false,
        };

        /// <summary>As below, for a definition closed over <paramref name="arguments"/> directly (a notification or stream behavior).</summary>
        public static string? UnmetConstraint(INamedTypeSymbol definition, ITypeSymbol[] arguments, Compilation compilation)
        {
            var map = new Dictionary<ITypeParameterSymbol, ITypeSymbol>(SymbolEqualityComparer.Default);
            for (var i = 0; i < arguments.Length; i++) map[definition.TypeParameters[i]] = arguments[i];
            return UnmetConstraint(definition, arguments, map, compilation);
        }

        /// <summary>The first constraint of the definition that <paramref name="arguments"/> do not meet, as a sentence naming it.</summary>
        private static string? UnmetConstraint(INamedTypeSymbol definition, ITypeSymbol[] arguments, Dictionary<ITypeParameterSymbol, ITypeSymbol> map, Compilation compilation)
        {
            for (var i = 0; i < arguments.Length; i++)
            {
                var parameter = definition.TypeParameters[i];
                var argument = arguments[i];
                string? unmet = null;
                if (parameter.HasUnmanagedTypeConstraint && !argument.IsUnmanagedType) unmet = "unmanaged";
                else if (parameter.HasValueTypeConstraint && !parameter.HasUnmanagedTypeConstraint
                         && (!argument.IsValueType || argument.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T)) unmet = "struct";
                else if (parameter.HasReferenceTypeConstraint && !argument.IsReferenceType) unmet = "class";
                else if (parameter.HasConstructorConstraint && !HasPublicParameterlessConstructor(argument)) unmet = "new()";
                if (unmet is not null) return Sentence(parameter, unmet, argument);

                foreach (var constraint in parameter.ConstraintTypes)
                {
                    // A constraint that does not bind is the compiler's error to report, and nothing to check against.
                    if (constraint.TypeKind == TypeKind.Error) continue;
                    var required = Substitute(constraint, map, compilation);
                    var conversion = compilation.ClassifyConversion(argument, required);
                    if (!(conversion.IsIdentity || (conversion.IsImplicit && (conversion.IsReference || conversion.IsBoxing))))
                    {
                        return Sentence(parameter, Display(constraint), argument);
                    }
                }
            }

            return null;
        }

        private static string Sentence(ITypeParameterSymbol parameter, string constraint, ITypeSymbol argument)
            => $"its constraint 'where {parameter.Name} : {constraint}' is not met by '{Display(argument)}'";

        private static bool HasPublicParameterlessConstructor(ITypeSymbol type)
            => type.IsValueType
               || (type is INamedTypeSymbol { IsAbstract: false, TypeKind: TypeKind.Class } named
                   && named.InstanceConstructors.Any(c => c.Parameters.Length == 0 && c.DeclaredAccessibility == Accessibility.Public));

        private static ITypeSymbol Substitute(ITypeSymbol type, Dictionary<ITypeParameterSymbol, ITypeSymbol> map, Compilation compilation) => type switch
        {
            ITypeParameterSymbol parameter when map.TryGetValue(parameter, out var bound) => bound,
            INamedTypeSymbol { IsGenericType: true } named => named.OriginalDefinition.Construct(named.TypeArguments.Select(a => Substitute(a, map, compilation)).ToArray()),
            IArrayTypeSymbol array => compilation.CreateArrayTypeSymbol(Substitute(array.ElementType, map, compilation), array.Rank),
            _ => type,
        };

        /// <summary>How a result reads in a message: the ValueTask a stage returns, or Task for the NServiceBus shape.</summary>
        public static string ResultDisplay(ITypeSymbol? result) => result is null ? "Task" : $"ValueTask<{Display(result)}>";

        private static string Display(ITypeSymbol type) => type.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat);
    }
}
