using System;
using System.Collections.Generic;
using System.Linq;
using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Threading.Tasks;

namespace Prewired.Benchmarks.Pipelines
{
    /// <summary>
    /// Form 1, every category's baseline: how NServiceBus executed a pipeline before #7631 (NServiceBus.Core
    /// <c>Pipeline&lt;TContext&gt;</c> and <c>PipelineExecutionExtensions.CreatePipelineExecutionExpression</c> at the commit
    /// before 45fc065, and the "Current" pipeline of Daniel Marbach's MicroBenchmarks, re-implemented here).
    /// <para>
    /// Built once, from the last behavior to the first: for behavior <c>i</c> a lambda
    /// <c>context{i} =&gt; GetBehavior&lt;TIn, TBehavior&gt;(context{i}, i).Invoke(context{i}, next)</c> is compiled on its
    /// own, where <c>next</c> is the delegate compiled for behavior <c>i + 1</c> embedded as a constant (for the last
    /// behavior, a compiled <c>context =&gt; Task.CompletedTask</c>). The behavior instances are not captured: each call
    /// stores the behavior array on the context and every level fetches its behavior by index with
    /// <c>Unsafe.As</c>/<c>MemoryMarshal.GetArrayDataReference</c>, which is what NServiceBus did to avoid a closure per level.
    /// </para>
    /// <para>
    /// One deliberate difference: NServiceBus compiled with FastExpressionCompiler's <c>CompileFast()</c>, which this package
    /// source does not serve; this uses the BCL's <c>LambdaExpression.Compile()</c>. Both emit a DynamicMethod per level; the
    /// BCL one binds it to a closure object holding the constants, so a level loads <c>next</c> from that closure's
    /// <c>object[]</c> with a cast instead of from a field, and its compilation (the Warmup category) is slower than
    /// FastExpressionCompiler's. Both make the baseline somewhat slower than NServiceBus's was.
    /// </para>
    /// </summary>
    public sealed class ExpressionTreePipeline : IPipeline<BenchmarkContext>
    {
        private static readonly MethodInfo GetBehaviorMethod =
            typeof(ExpressionTreePipeline).GetMethod(nameof(GetBehavior), BindingFlags.Public | BindingFlags.Static)!;

        private readonly object[] _behaviors;
        private readonly Func<BenchmarkContext, Task> _pipeline;

        /// <summary>Compiles the chain of <paramref name="behaviors"/>, run in order (the terminator stage last).</summary>
        public ExpressionTreePipeline(IReadOnlyList<IBehavior<BenchmarkContext, BenchmarkContext>> behaviors)
        {
            _behaviors = behaviors.ToArray<object>();
            _pipeline = (Func<BenchmarkContext, Task>)Compose(_behaviors);
        }

        /// <summary>Like NServiceBus's <c>Pipeline.Invoke</c>: publish the behaviors on the context, then run the root lambda.</summary>
        public Task Invoke(BenchmarkContext context)
        {
            context.Extensions.Behaviors = _behaviors;
            return _pipeline(context);
        }

        /// <summary>Fetches behavior <paramref name="index"/> of the running pipeline without a bounds check or a cast check.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static TBehavior GetBehavior<TContext, TBehavior>(TContext context, int index)
            where TContext : class, IBenchmarkContext
            where TBehavior : class
            => Unsafe.As<TBehavior>(Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(context.Extensions.Behaviors), index));

        private static Delegate Compose(object[] behaviors)
        {
            Delegate? next = null;
            for (var i = behaviors.Length - 1; i >= 0; i--)
            {
                var behaviorType = behaviors[i].GetType();
                var behaviorInterface = behaviorType.GetInterfaces().FirstOrDefault(IsBehaviorInterface)
                    ?? throw new InvalidOperationException($"{behaviorType} does not implement IBehavior<TInContext, TOutContext>.");

                // The class's own Invoke, the interface map's target, so the compiled call is not an interface call.
                var invoke = behaviorType.GetInterfaceMap(behaviorInterface).TargetMethods[0];
                var contextTypes = behaviorInterface.GetGenericArguments();
                var context = Expression.Parameter(contextTypes[0], "context" + i);

                next ??= CompileDone(contextTypes[1], i + 1);

                var behavior = Expression.Call(null, GetBehaviorMethod.MakeGenericMethod(contextTypes[0], behaviorType), context, Expression.Constant(i));
                var body = Expression.Call(behavior, invoke, context, Expression.Constant(next));
                next = Expression.Lambda(body, context).Compile();
            }

            return next ?? throw new ArgumentException("A pipeline needs at least one behavior.", nameof(behaviors));
        }

        // context{i} => Task.CompletedTask, typed Func<TOut, Task> for the last behavior's next.
        private static Delegate CompileDone(Type contextType, int i)
        {
            var context = Expression.Parameter(contextType, "context" + i);
            var delegateType = typeof(Func<,>).MakeGenericType(contextType, typeof(Task));
            return Expression.Lambda(delegateType, Expression.Constant(Task.CompletedTask), context).Compile();
        }

        private static bool IsBehaviorInterface(Type type) =>
            type.IsGenericType && type.GetGenericTypeDefinition() == typeof(IBehavior<,>);
    }
}
