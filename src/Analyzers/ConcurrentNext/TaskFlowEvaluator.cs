using System;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Prewired.Analyzers.ConcurrentNext
{
    /// <summary>
    /// Evaluates one operation of a control flow graph against a <see cref="FlowState"/>: which next tasks the value stands
    /// for, which tasks it starts, completes or gives away. A next call that starts while another next task is pending is
    /// PW0320 (reported only on the final pass, once the states have reached their fixed point).
    /// </summary>
    /// <remarks>
    /// The rules, in the order a task meets them:
    /// <list type="bullet">
    /// <item>a next call starts its task: it is pending until awaited;</item>
    /// <item><c>await</c> (through <c>ConfigureAwait</c>, <c>Task.WhenAll</c>, a local, an array or a list holding it),
    /// <c>Wait()</c>, <c>.Result</c>, <c>GetResult()</c> complete it; <c>Task.WhenAny</c> completes none (the others keep running);</item>
    /// <item>a local, a compiler temporary, an array element or <c>Add</c> to a local collection holds it, so a later
    /// await of the holder completes it; storing it anywhere else or passing it to an unknown method gives it away
    /// (escaped: no longer tracked, never reported);</item>
    /// <item>a lambda returning next given to a method that returns a sequence (<c>Select</c>) makes a lazy sequence of
    /// starts; <c>Task.WhenAll</c>, <c>ToList</c>, <c>AddRange</c> or a collection constructor start them all at once,
    /// while a <c>foreach</c> that awaits each element does not.</item>
    /// </list>
    /// </remarks>
    internal sealed class TaskFlowEvaluator
    {
        private static readonly ImmutableHashSet<TrackedTask> s_none = ImmutableHashSet<TrackedTask>.Empty;

        private readonly NextUses _uses;
        private readonly Findings _findings;
        private readonly Func<IFlowAnonymousFunctionOperation, ImmutableHashSet<TrackedTask>> _lambdaReturns;
        private readonly ImmutableHashSet<SyntaxNode> _awaitedForEachCollections;

        public TaskFlowEvaluator(
            NextUses uses,
            Findings findings,
            Func<IFlowAnonymousFunctionOperation, ImmutableHashSet<TrackedTask>> lambdaReturns,
            ImmutableHashSet<SyntaxNode> awaitedForEachCollections)
        {
            _uses = uses;
            _findings = findings;
            _lambdaReturns = lambdaReturns;
            _awaitedForEachCollections = awaitedForEachCollections;
        }

        /// <summary>True on the final pass: report, and record what the body returns.</summary>
        public bool Reporting { get; set; }

        /// <summary>The next tasks the body returns (recorded on the final pass), for a lambda given to <c>Select</c>.</summary>
        public ImmutableHashSet<TrackedTask> ReturnedTasks { get; private set; } = s_none;

        public void Returned(ImmutableHashSet<TrackedTask> tasks)
        {
            if (Reporting) ReturnedTasks = ReturnedTasks.Union(tasks);
        }

        public ImmutableHashSet<TrackedTask> Evaluate(IOperation? operation, FlowState state)
        {
            switch (operation)
            {
                case null:
                case IFlowAnonymousFunctionOperation: // analyzed as its own graph; only its returns matter, to a Select
                    return s_none;
                case IInvocationOperation invocation:
                    return Invocation(invocation, state);
                case IAwaitOperation awaited:
                    Complete(Evaluate(awaited.Operation, state), state);
                    return s_none;
                case IFlowCaptureOperation capture:
                    state.Holders[capture.Id] = Evaluate(capture.Value, state);
                    return s_none;
                case IFlowCaptureReferenceOperation capture:
                    return state.Held(capture.Id);
                case ILocalReferenceOperation local:
                    return state.Held(local.Local);
                case ISimpleAssignmentOperation assignment:
                    return Assignment(assignment, state);
                case IConversionOperation conversion:
                    return Evaluate(conversion.Operand, state);
                case IPropertyReferenceOperation property:
                    return Property(property, state);
                case IArrayElementReferenceOperation element:
                {
                    var array = Evaluate(element.ArrayReference, state);
                    foreach (var index in element.Indices) Evaluate(index, state);
                    return array;
                }

                case IObjectCreationOperation creation:
                    return Creation(creation, state);
                default:
                {
                    // Arrays, tuples, interpolations, unknown shapes: the value stands for whatever its parts stand for.
                    var tasks = s_none;
                    foreach (var child in operation.ChildOperations) tasks = tasks.Union(Evaluate(child, state));
                    return tasks;
                }
            }
        }

        private ImmutableHashSet<TrackedTask> Invocation(IInvocationOperation invocation, FlowState state)
        {
            // The same syntax is not enough: the graph lowers 'new List<Task> { next(c) }' to an implicit Add whose syntax is 'next(c)'.
            if (_uses.Find(invocation.Syntax) is { IsCall: true, Operation: IInvocationOperation original } use
                && SymbolEqualityComparer.Default.Equals(original.TargetMethod, invocation.TargetMethod))
            {
                Evaluate(invocation.Instance, state);
                foreach (var argument in invocation.Arguments) Evaluate(argument.Value, state);
                Start(use, state, overlapsItself: false);
                return ImmutableHashSet.Create(new TrackedTask(use, several: false));
            }

            var method = invocation.TargetMethod;
            var receiver = Evaluate(invocation.Instance, state);
            var arguments = s_none;
            for (int i = 0; i < invocation.Arguments.Length; i++)
            {
                var value = Evaluate(invocation.Arguments[i].Value, state);

                // An extension method's 'this' is its receiver: list.First() reads the list, it does not take its tasks.
                if (i == 0 && method.IsExtensionMethod && invocation.Instance is null) receiver = receiver.Union(value);
                else arguments = arguments.Union(value);
            }

            if (method.Name == "GetEnumerator" && AwaitedForEachCollections.CollectionSyntax(invocation.Instance) is { } collection
                && _awaitedForEachCollections.Contains(collection))
            {
                // 'foreach (var t in tasks) await t;' awaits every task the collection holds.
                Complete(receiver, state);
                return receiver;
            }

            switch (TaskApis.Classify(method))
            {
                case TaskApiKind.WhenAll:
                    return Materialize(receiver.Union(arguments), state);
                case TaskApiKind.WhenAny:
                    Materialize(arguments, state);
                    return s_none;
                case TaskApiKind.WaitAll:
                    Complete(Materialize(arguments, state), state);
                    return s_none;
                case TaskApiKind.Wait:
                    Complete(receiver, state);
                    return s_none;
                case TaskApiKind.PassThrough:
                    Escape(arguments, state);
                    return receiver;
                case TaskApiKind.Collect:
                    Hold(TaskApis.HolderOf(invocation.Instance), Materialize(arguments, state), state);
                    return s_none;
                case TaskApiKind.Materialize:
                    return Materialize(receiver.Union(arguments), state);
            }

            if (TaskApis.IsSequence(invocation.Type))
            {
                // Where, Concat, Select...: still a lazy sequence, holding what it was made from plus what its lambdas start.
                return receiver.Union(arguments).Union(StartedPerElement(invocation));
            }

            Escape(arguments, state);
            return TaskApis.CanHoldTasks(invocation.Type) ? receiver : s_none;
        }

        /// <summary>The next uses a delegate argument starts each time the sequence calls it: what a lambda returns, or next itself.</summary>
        private ImmutableHashSet<TrackedTask> StartedPerElement(IInvocationOperation invocation)
        {
            var started = s_none;
            foreach (var argument in invocation.Arguments)
            {
                var value = argument.Value;
                while (true)
                {
                    if (value is IConversionOperation conversion) value = conversion.Operand;
                    else if (value is IDelegateCreationOperation creation) value = creation.Target;
                    else break;
                }

                if (value is IFlowAnonymousFunctionOperation lambda)
                {
                    // An async lambda's task contains every next call it makes, awaited or not; a plain one, what it returns.
                    var uses = lambda.Symbol.IsAsync
                        ? _uses.CallsWithin(lambda.Syntax.Span)
                        : _lambdaReturns(lambda).Select(t => t.Use);
                    foreach (var use in uses) started = started.Add(new TrackedTask(use, several: true));
                }
                else if (_uses.Find(value.Syntax) is { Kind: NextUseKind.DelegateReference } reference && reference.Operation.Kind == value.Kind)
                {
                    started = started.Add(new TrackedTask(reference, several: true));
                }
            }

            return started;
        }

        private ImmutableHashSet<TrackedTask> Assignment(ISimpleAssignmentOperation assignment, FlowState state)
        {
            var target = assignment.Target;
            while (target is IConversionOperation conversion) target = conversion.Operand;
            switch (target)
            {
                case ILocalReferenceOperation local:
                {
                    var value = Evaluate(assignment.Value, state);
                    state.Holders[local.Local] = value;
                    return value;
                }

                case IArrayElementReferenceOperation element:
                {
                    Evaluate(element.ArrayReference, state);
                    foreach (var index in element.Indices) Evaluate(index, state);
                    var value = Materialize(Evaluate(assignment.Value, state), state);
                    Hold(TaskApis.HolderOf(element.ArrayReference), value, state);
                    return value;
                }

                case IDiscardOperation:
                    // '_ = next(c)': nobody holds the task, but it still runs, so it stays pending (and is PW0321).
                    return Evaluate(assignment.Value, state);
                default:
                {
                    // A field, a property, an out or ref parameter: the task leaves the method's sight.
                    Evaluate(target, state);
                    var value = Evaluate(assignment.Value, state);
                    Escape(value, state);
                    return value;
                }
            }
        }

        private ImmutableHashSet<TrackedTask> Property(IPropertyReferenceOperation property, FlowState state)
        {
            var instance = Evaluate(property.Instance, state);
            foreach (var argument in property.Arguments) Evaluate(argument.Value, state);
            if (property.Property.Name == "Result" && TaskApis.IsTaskType(property.Property.ContainingType))
            {
                Complete(instance, state);
                return s_none;
            }

            return TaskApis.CanHoldTasks(property.Type) ? instance : s_none;
        }

        private ImmutableHashSet<TrackedTask> Creation(IObjectCreationOperation creation, FlowState state)
        {
            var arguments = s_none;
            foreach (var argument in creation.Arguments) arguments = arguments.Union(Evaluate(argument.Value, state));
            Evaluate(creation.Initializer, state);

            // new List<Task>(tasks), new ValueTask(task): the new object stands for the tasks; anything else takes them away.
            if (TaskApis.CanHoldTasks(creation.Type)) return Materialize(arguments, state);
            Escape(arguments, state);
            return s_none;
        }

        private void Start(NextUse use, FlowState state, bool overlapsItself)
        {
            if (Reporting && ConcurrencyPolicy.OtherRunning(use, state.Pending, overlapsItself) is { } other)
            {
                _findings.Concurrent(use, other.Text);
            }

            state.Pending.Add(use);
        }

        /// <summary>Starts every task of a lazy sequence at once (WhenAll, ToList...): each overlaps the other elements' runs.</summary>
        private ImmutableHashSet<TrackedTask> Materialize(ImmutableHashSet<TrackedTask> tasks, FlowState state)
        {
            if (!tasks.Any(t => t.Several)) return tasks;
            var started = s_none;
            foreach (var task in tasks.OrderBy(t => t.Use.Position))
            {
                if (task.Several) Start(task.Use, state, overlapsItself: true);
                started = started.Add(new TrackedTask(task.Use, several: false));
            }

            return started;
        }

        private static void Hold(object? holder, ImmutableHashSet<TrackedTask> tasks, FlowState state)
        {
            if (holder is null)
            {
                Escape(tasks, state);
                return;
            }

            // Adding to a collection keeps what it already held: a weak update.
            state.Holders[holder] = state.Held(holder).Union(tasks);
        }

        private static void Complete(ImmutableHashSet<TrackedTask> tasks, FlowState state)
        {
            foreach (var task in tasks) state.Pending.Remove(task.Use);
        }

        /// <summary>Given away: whoever received it may await it; not tracked further, so never reported.</summary>
        private static void Escape(ImmutableHashSet<TrackedTask> tasks, FlowState state) => Complete(tasks, state);
    }
}
