using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.Pipelines.Rules
{
    /// <summary>
    /// Notification and stream handlers and the notification types of the assembly, as the generator (which writes their
    /// publishers and stream pipelines) and the analyzer (PW0324, PW0325, PW0315 at a CreateStream) both read them. As for
    /// request handlers (<see cref="RequestHandler"/>), only a concrete, non-generic class is a handler: a generic or abstract
    /// one is a building block.
    /// </summary>
    internal static class MessageHandlers
    {
        public const string NotificationDefaults = "Prewired.NotificationDefaultsAttribute";
        public const string StreamDefaults = "Prewired.StreamDefaultsAttribute";

        /// <summary>The notification types <paramref name="type"/> handles (the T of each INotificationHandler&lt;T&gt;).</summary>
        public static List<ITypeSymbol> NotificationsHandledBy(INamedTypeSymbol type)
            => IsHandlerClass(type)
                ? type.AllInterfaces.Where(i => IsPrewired(i, "INotificationHandler", 1) && Bound(i.TypeArguments[0])).Select(i => i.TypeArguments[0]).ToList()
                : new List<ITypeSymbol>();

        /// <summary>The stream requests <paramref name="type"/> handles, with their responses.</summary>
        public static List<(ITypeSymbol Request, ITypeSymbol Response)> StreamsHandledBy(INamedTypeSymbol type)
            => IsHandlerClass(type)
                ? type.AllInterfaces.Where(i => IsPrewired(i, "IStreamRequestHandler", 2) && Bound(i.TypeArguments[0]) && Bound(i.TypeArguments[1]))
                    .Select(i => (i.TypeArguments[0], i.TypeArguments[1])).ToList()
                : new List<(ITypeSymbol, ITypeSymbol)>();

        /// <summary>
        /// A notification type the sender gets a <c>Publish</c> overload for: a concrete (class or struct), non-generic type
        /// implementing INotification. An abstract base or an interface is what handlers may take, not what is published.
        /// </summary>
        public static bool IsPublishable(INamedTypeSymbol type)
            => type.TypeKind is TypeKind.Class or TypeKind.Struct && !type.IsAbstract && !type.IsStatic && !IsGeneric(type)
               && type.AllInterfaces.Any(i => IsPrewired(i, "INotification", 0));

        /// <summary>
        /// What a handler of <paramref name="notification"/> may take: the type itself, its base classes and its interfaces,
        /// displayed as models compare them (a handler of a base type handles it too; INotificationHandler is contravariant).
        /// </summary>
        public static IEnumerable<ITypeSymbol> Receivers(ITypeSymbol notification)
        {
            for (var type = notification; type is not null && type.SpecialType != SpecialType.System_Object; type = type.BaseType) yield return type;
            foreach (var @interface in notification.AllInterfaces) yield return @interface;
        }

        /// <summary>
        /// The behaviors of [assembly: NotificationDefaults] or [assembly: StreamDefaults] that apply to a message, closed and in
        /// order: an open one constructed over <paramref name="arguments"/> where its constraints are met, a closed one where it
        /// implements the behavior interface for exactly these types.
        /// </summary>
        public static List<INamedTypeSymbol> Behaviors(Compilation compilation, string attributeName, string behaviorInterface, ITypeSymbol[] arguments)
        {
            var applied = new List<INamedTypeSymbol>();
            foreach (var listed in ListedBehaviors(compilation, attributeName))
            {
                if (Fit(listed, compilation, behaviorInterface, arguments).Applied is { } closed) applied.Add(closed);
            }

            return applied;
        }

        /// <summary>
        /// One listed behavior against one message's types: the closed type when it applies; otherwise, when only a constraint
        /// keeps it out (closed without it, it would be a behavior of these types), that constraint as a sentence (PW0326); both
        /// null when it is no behavior of these types at all (a closed one for another message, another arity). The generator's
        /// choice and the analyzer's warning both come from here, so a behavior left out is always one the warning names.
        /// </summary>
        public static (INamedTypeSymbol? Applied, string? UnmetConstraint) Fit(INamedTypeSymbol listed, Compilation compilation, string behaviorInterface, ITypeSymbol[] arguments)
        {
            var closed = listed;
            string? unmet = null;
            if (listed.IsUnboundGenericType)
            {
                var definition = listed.OriginalDefinition;
                if (definition.Arity != arguments.Length || definition.ContainingType is { IsGenericType: true }) return (null, null);
                unmet = OpenStageCloser.UnmetConstraint(definition, arguments, compilation);
                // Constructed without checking its constraints, only to ask whether it would be a behavior of these types.
                closed = definition.Construct(arguments);
            }

            if (closed.TypeKind != TypeKind.Class || closed.IsAbstract || !Implements(closed, behaviorInterface, arguments)) return (null, null);
            return unmet is null ? (closed, null) : (null, unmet);
        }

        /// <summary>
        /// Why a listed type can be a behavior of no message of the attribute at all (PW0327), or null when it is one for some
        /// messages: <see cref="Fit"/> only tells it apart from "not for these types", so without this a type of the wrong
        /// shape would be left out of every message without a word. <paramref name="arity"/> is the behavior interface's (1
        /// for notifications, 2 for streams), which an open behavior's type parameters must be, in order.
        /// </summary>
        public static string? NotABehaviorReason(INamedTypeSymbol listed, string behaviorInterface, int arity)
        {
            var definition = listed.OriginalDefinition;
            if (definition.TypeKind != TypeKind.Class) return $"it is {Article(definition.TypeKind)}, and a behavior is a class the generated code creates";
            if (definition.IsStatic || definition.IsAbstract) return $"it is {(definition.IsStatic ? "static" : "abstract")}, and the generated code creates the behavior";
            var implemented = definition.AllInterfaces.Where(i => IsPrewired(i, behaviorInterface, arity)).ToList();
            var shape = arity == 1 ? $"{behaviorInterface}<TNotification>" : $"{behaviorInterface}<TRequest, TResponse>";
            if (implemented.Count == 0) return $"it does not implement {shape}";
            if (!listed.IsUnboundGenericType) return null;
            if (definition.ContainingType is { IsGenericType: true }) return "it is nested in a generic type; list a closed type or a non-nested open one";
            if (definition.Arity != arity)
            {
                return $"it is open over {definition.Arity} type parameter{(definition.Arity == 1 ? string.Empty : "s")}, and an open behavior takes "
                       + $"{(arity == 1 ? "one, the notification" : "two, the request and the response")} ({shape}); list it closed, once per message, or give it {(arity == 1 ? "one" : "two")}";
            }

            var inOrder = implemented.Any(i => i.TypeArguments.Zip(definition.TypeParameters, (a, p) => SymbolEqualityComparer.Default.Equals(a, p)).All(x => x));
            return inOrder ? null : $"its {shape} is not over its own type parameters in their order, so closing it over a message's types never makes it that message's behavior";
        }

        private static string Article(TypeKind kind) => kind switch
        {
            TypeKind.Interface => "an interface",
            TypeKind.Struct => "a struct",
            TypeKind.Enum => "an enum",
            TypeKind.Delegate => "a delegate",
            _ => "not a class",
        };

        /// <summary>The publisher [assembly: NotificationDefaults(Publisher = ...)] asks for: true for Concurrent.</summary>
        public static bool IsConcurrent(Compilation compilation)
            => DefaultsAttribute(compilation, NotificationDefaults)?.NamedArguments.FirstOrDefault(a => a.Key == "Publisher").Value.Value is 1;

        public static bool IsPrewired(INamedTypeSymbol type, string name, int arity)
            => type is { TypeKind: TypeKind.Interface, ContainingNamespace: { Name: "Prewired", ContainingNamespace.IsGlobalNamespace: true } } && type.Name == name && type.Arity == arity;

        private static bool Implements(INamedTypeSymbol type, string behaviorInterface, ITypeSymbol[] arguments)
            => type.AllInterfaces.Any(i => IsPrewired(i, behaviorInterface, arguments.Length)
                                           && i.TypeArguments.Zip(arguments, (a, b) => SymbolEqualityComparer.Default.Equals(a, b)).All(x => x));

        private static IEnumerable<INamedTypeSymbol> ListedBehaviors(Compilation compilation, string attributeName)
        {
            var attribute = DefaultsAttribute(compilation, attributeName);
            // A null list ([NotificationDefaults(null)]) is an array constant without values: reading them would throw.
            if (attribute is null || attribute.ConstructorArguments.Length != 1 || attribute.ConstructorArguments[0] is not { Kind: TypedConstantKind.Array, IsNull: false })
            {
                return Enumerable.Empty<INamedTypeSymbol>();
            }

            return attribute.ConstructorArguments[0].Values.Select(v => v.Value).OfType<INamedTypeSymbol>().Where(t => t.TypeKind != TypeKind.Error);
        }

        private static AttributeData? DefaultsAttribute(Compilation compilation, string attributeName)
            => compilation.Assembly.GetAttributes().FirstOrDefault(a => KnownTypes.IsType(a.AttributeClass, attributeName));

        private static bool IsHandlerClass(INamedTypeSymbol type) => type.TypeKind == TypeKind.Class && !type.IsAbstract && !type.IsStatic && !IsGeneric(type);

        private static bool Bound(ITypeSymbol type) => type is INamedTypeSymbol { TypeKind: not TypeKind.Error };

        private static bool IsGeneric(INamedTypeSymbol type)
        {
            for (var current = type; current is not null; current = current.ContainingType)
            {
                if (current.Arity > 0) return true;
            }

            return false;
        }
    }
}
