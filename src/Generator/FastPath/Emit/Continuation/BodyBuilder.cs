using System.Linq;
using Microsoft.CodeAnalysis;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// The builder of the continuation's state machine: the body method's own <c>[AsyncMethodBuilder]</c> when it has one.
    /// The continuation is the part of the body that runs when an await is pending, so it must use the builder the body
    /// chose (a pooling builder, say), or the pending path would allocate what the library had pooled away.
    /// </summary>
    internal static class BodyBuilder
    {
        /// <summary>
        /// The builder type a state-machine continuation (<see cref="ContinuationMachine"/>) holds, fully qualified and closed:
        /// the body's own <c>[AsyncMethodBuilder]</c> type (an open generic one closed over the result type, as the compiler
        /// does), else its return type's builder. Null when it cannot be named that way (the continuation is then an async method).
        /// </summary>
        public static string? StateMachineBuilder(IMethodSymbol body)
        {
            var result = KnownTypes.ResultType(body.ReturnType);
            var attribute = BuilderAttribute(body);
            if (attribute is not null)
            {
                if (attribute.ConstructorArguments.Length != 1 || attribute.ConstructorArguments[0].Value is not INamedTypeSymbol builder) return null;
                if (builder.IsUnboundGenericType)
                {
                    if (result is null || builder.Arity != 1) return null;
                    builder = builder.OriginalDefinition.Construct(result);
                }

                return builder.ToDisplayString(SourceNames.TypeFormat);
            }

            const string Namespace = "global::System.Runtime.CompilerServices.";
            var resultName = result?.ToDisplayString(SourceNames.TypeFormat);
            return KnownTypes.ClassifyTaskType(body.ReturnType) switch
            {
                Model.ReturnKind.Task => Namespace + "AsyncTaskMethodBuilder",
                Model.ReturnKind.TaskOfT => $"{Namespace}AsyncTaskMethodBuilder<{resultName}>",
                Model.ReturnKind.ValueTask => Namespace + "AsyncValueTaskMethodBuilder",
                Model.ReturnKind.ValueTaskOfT => $"{Namespace}AsyncValueTaskMethodBuilder<{resultName}>",
                _ => null,
            };
        }

        private static AttributeData? BuilderAttribute(IMethodSymbol body)
            => body.GetAttributes().FirstOrDefault(a => a.AttributeClass is { Name: "AsyncMethodBuilderAttribute" } type
                && KnownTypes.IsType(type, "System.Runtime.CompilerServices.AsyncMethodBuilderAttribute"));
    }
}
