using System.Collections.Generic;
using System.Linq;
using Prewired.Generator.Emit;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// The continuation as a hand-made state machine (issue 19 point 3): a struct implementing IAsyncStateMachine whose
    /// MoveNext is the continuation's statements (<see cref="ContinuationWriter"/> in its machine form), and a starter
    /// method the synchronous path hands over to. The starter fills the struct with the live state and the pending
    /// awaiter and gives it to the builder's AwaitUnsafeOnCompleted, which boxes it once; the async method's own stub
    /// would first run it through the builder's Start (a second context save and restore, and one more pass of the
    /// dispatch just to reach the same await). What the async method does around its first suspension, the synchronous
    /// path has done: its contexts are restored by the context guard, and its exceptions are the task's.
    /// </summary>
    internal sealed class ContinuationMachine
    {
        private const string Namespace = "global::System.Runtime.CompilerServices.";
        private const string Machine = "__machine";

        public ContinuationMachine(string builderType, string? resultType, string? thisType, string typeName, bool thisIsMarshalByRef = false)
        {
            BuilderType = builderType;
            ResultType = resultType;
            ThisType = thisType;
            TypeName = typeName;
            ThisIsMarshalByRef = thisType is not null && thisIsMarshalByRef;
        }

        /// <summary>The same, without the instance field when the continuation never names it (the compiler's state machine
        /// keeps <c>this</c> only when the body uses it: a field less in the box).</summary>
        public ContinuationMachine WithThisUsed(bool used) => used ? this : new ContinuationMachine(BuilderType, ResultType, null, TypeName);

        /// <summary>
        /// The instance type derives from MarshalByRefObject (Stream, DbParameter, Component...): the compiler warns on a
        /// member of its struct field (CS1690) or a ref to its field (CS0197) through any receiver but <c>this</c>, since
        /// another reference may be a remoting proxy. The <see cref="ContinuationWriter.ThisField"/> is the instance the
        /// method runs on, never a proxy, so Run disables both warnings where the body, on <c>this</c>, had none.
        /// </summary>
        public bool ThisIsMarshalByRef { get; }

        /// <summary>The ids <see cref="ThisIsMarshalByRef"/> disables around Run.</summary>
        private const string MarshalByRefWarnings = "CS0197, CS1690";

        /// <summary>The closed builder type (the body's own, or its return type's).</summary>
        public string BuilderType { get; }

        /// <summary>The T of the task; null for Task and ValueTask.</summary>
        public string? ResultType { get; }

        /// <summary>The type the body is an instance method of; null for a static body.</summary>
        public string? ThisType { get; }

        /// <summary>The struct's name, e.g. "GetAsync__Continuation".</summary>
        public string TypeName { get; }

        /// <summary>The starter's attribute that names the struct as its state machine (stack traces, see <see cref="Declaration"/>).</summary>
        /// <param name="arity">The struct's type parameters (the body's own): typeof names it unbound, <c>X__Continuation&lt;,&gt;</c>.</param>
        public string StarterAttribute(int arity)
            => $"[global::System.Runtime.CompilerServices.AsyncStateMachine(typeof({TypeName}{(arity == 0 ? string.Empty : "<" + new string(',', arity - 1) + ">")}))]";

        /// <summary>
        /// The struct: its fields (resume point, builder, instance, live and generated state, one awaiter per awaitable type),
        /// MoveNext, Run around <paramref name="body"/>, and SetStateMachine. Run holds the body's statements with their own
        /// returns (so each keeps its sequence point, and a return in a try runs its finally before the task completes);
        /// MoveNext calls it and completes the builder unless Run suspended.
        /// </summary>
        public CodeLines Declaration(ContinuationLayout layout, IReadOnlyList<SplitPoint> splits, CodeLines body, string typeParameters, string constraints, bool stackTraceHidden)
        {
            var lines = new CodeLines();
            // CompilerGenerated, with the starter's [AsyncStateMachine] naming this type: stack traces then show a frame of
            // MoveNext or Run as the starter, as they show the compiler's state machines as their async method.
            lines.Line("[global::System.Runtime.CompilerServices.CompilerGenerated]");
            lines.Line("[global::System.Runtime.InteropServices.StructLayout(global::System.Runtime.InteropServices.LayoutKind.Auto)]");
            lines.Line($"private struct {TypeName}{typeParameters} : {Namespace}IAsyncStateMachine{constraints}");
            lines.OpenBrace();
            lines.Line($"public int {ContinuationLayout.StateParameter};");
            lines.Line($"public {BuilderType} {ContinuationWriter.BuilderField};");
            if (ThisType is not null) lines.Line($"public {ThisType} {ContinuationWriter.ThisField};");
            foreach (var (type, name) in layout.StateFields()) lines.Line($"public {type} {name};");
            foreach (var (type, field) in AwaiterFields(layout, splits)) lines.Line($"public {type} {field};");
            lines.Line();
            // The frame that catches the body's exceptions is MoveNext; the one that threw is Run's (shown as the method).
            if (stackTraceHidden) lines.Line("[global::System.Diagnostics.StackTraceHidden]");
            lines.Line("public void MoveNext()");
            lines.OpenBrace();
            lines.Line($"var {ContinuationWriter.SuspendedParameter} = false;");
            if (ResultType is not null) lines.Line($"{ResultType} __result;");
            lines.Line("try");
            lines.OpenBrace();
            lines.Line(ResultType is null ? $"{Run}(ref {ContinuationWriter.SuspendedParameter});" : $"__result = {Run}(ref {ContinuationWriter.SuspendedParameter});");
            lines.Line($"if ({ContinuationWriter.SuspendedParameter}) return;");
            lines.CloseBrace();
            lines.Line("catch (global::System.Exception __exception)");
            lines.OpenBrace();
            lines.Line($"{ContinuationLayout.StateParameter} = -2;");
            lines.Line($"{ContinuationWriter.BuilderField}.SetException(__exception);");
            lines.Line("return;");
            lines.CloseBrace();
            lines.Line();
            lines.Line($"{ContinuationLayout.StateParameter} = -2;");
            lines.Line($"{ContinuationWriter.BuilderField}.SetResult({(ResultType is null ? string.Empty : "__result")});");
            lines.CloseBrace();
            lines.Line();
            if (ThisIsMarshalByRef) lines.Line($"#pragma warning disable {MarshalByRefWarnings} // __this is the instance the method runs on, as this is: never a remoting proxy");
            lines.Line($"private {ResultType ?? "void"} {Run}(ref bool {ContinuationWriter.SuspendedParameter})");
            // Indented as the body's statements are in their method, one level deeper than the struct's members are: a line
            // that continues a statement and now sits at another column than in the body's file gets a directive of its own
            // (LineMark.ImpliedColumn), since lines after a directive's first keep their columns.
            lines.OpenBrace();
            lines.Append(body);
            lines.CloseBrace();
            if (ThisIsMarshalByRef) lines.Line($"#pragma warning restore {MarshalByRefWarnings}");
            lines.Line();
            lines.Line($"public void SetStateMachine({Namespace}IAsyncStateMachine stateMachine) => {ContinuationWriter.BuilderField}.SetStateMachine(stateMachine);");
            lines.CloseBrace();
            return lines;
        }

        /// <summary>The method of the struct that runs the body's statements (named so no live variable can take its name).</summary>
        private const string Run = "__Run";

        /// <summary>
        /// The starter's statements: the state machine filled in, then, for the slot the resume point's awaitable came in,
        /// its awaiter given to the builder. An awaitable that has completed by now (a fault or a cancellation the
        /// synchronous path handed over, or one that completed since) runs on at once through the builder's Start, as the
        /// async method goes on past a completed await.
        /// </summary>
        public CodeLines Starter(ContinuationLayout layout, IReadOnlyList<SplitPoint> splits, string typeArguments)
        {
            var lines = new CodeLines();
            lines.Line($"var {Machine} = default({TypeName}{typeArguments});");
            lines.Line($"{Machine}.{ContinuationLayout.StateParameter} = {ContinuationLayout.StateParameter};");
            lines.Line($"{Machine}.{ContinuationWriter.BuilderField} = {BuilderType}.Create();");
            if (ThisType is not null) lines.Line($"{Machine}.{ContinuationWriter.ThisField} = this;");
            foreach (var (_, name) in layout.StateFields()) lines.Line($"{Machine}.{name} = {name};");
            var bySlot = splits.GroupBy(layout.AwaiterField).ToList();
            if (bySlot.Count == 1)
            {
                // One awaitable type: its slot is the only one the synchronous path can have filled.
                WriteHandOff(lines, layout, bySlot[0]);
            }
            else
            {
                lines.Line($"switch ({ContinuationLayout.StateParameter})");
                lines.OpenBrace();
                for (var i = 0; i < bySlot.Count; i++)
                {
                    var group = bySlot[i];
                    lines.Line(i == bySlot.Count - 1 ? "default:" : string.Join(" ", group.Select(s => $"case {s.Index}:")));
                    lines.Indent++;
                    WriteHandOff(lines, layout, group);
                    lines.Line("break;");
                    lines.Indent--;
                }

                lines.CloseBrace();
            }

            lines.Line($"return {Machine}.{ContinuationWriter.BuilderField}.Task;");
            return lines;
        }

        /// <summary>The awaiter of one slot's awaitable into its field, and the state machine given to the builder.</summary>
        private static void WriteHandOff(CodeLines lines, ContinuationLayout layout, IGrouping<string, SplitPoint> slot)
        {
            var field = $"{Machine}.{slot.Key}";
            if (slot.First().Custom is { } custom)
            {
                // A custom awaiter, which the synchronous path asked once and saw pending: asked again, its author could tell.
                lines.Line($"{field} = {layout.SlotName(slot.First())};");
                lines.Line($"{Machine}.{ContinuationWriter.BuilderField}.{OnCompleted(custom)}(ref {field}, ref {Machine});");
                return;
            }

            lines.Line($"{field} = {layout.SlotName(slot.First())}.GetAwaiter();");
            lines.Line($"if ({field}.IsCompleted) {Machine}.{ContinuationWriter.BuilderField}.Start(ref {Machine});");
            lines.Line($"else {Machine}.{ContinuationWriter.BuilderField}.AwaitUnsafeOnCompleted(ref {field}, ref {Machine});");
        }

        /// <summary>
        /// A member of the type through which the state machine reaches what only the type can name
        /// (<see cref="ContinuationLayout.Accessors"/>), hidden from the editor. A base call's is also stepped through by the
        /// debugger and, where the target has the attribute, left out of stack traces: the base method's frame follows the
        /// body's, as in the async method.
        /// </summary>
        public static CodeLines Accessor(string declaration, bool callsBase, bool stackTraceHidden)
        {
            var lines = new CodeLines();
            lines.Line("[global::System.ComponentModel.EditorBrowsable(global::System.ComponentModel.EditorBrowsableState.Never)]");
            if (callsBase)
            {
                lines.Line("[global::System.Diagnostics.DebuggerStepThrough]");
                if (stackTraceHidden) lines.Line("[global::System.Diagnostics.StackTraceHidden]");
            }

            lines.Line(declaration);
            return lines;
        }

        /// <summary>
        /// The builder's method that registers the state machine with an awaiter: the unsafe one (no ExecutionContext
        /// capture by the awaiter) only for an awaiter that implements ICriticalNotifyCompletion, as the compiler chooses.
        /// </summary>
        public static string OnCompleted(CustomAwaiter? custom) => custom is { IsCritical: false } ? "AwaitOnCompleted" : "AwaitUnsafeOnCompleted";

        private static IEnumerable<(string Type, string Field)> AwaiterFields(ContinuationLayout layout, IReadOnlyList<SplitPoint> splits)
            => splits.GroupBy(layout.AwaiterField).Select(g => (g.First().AwaiterTypeName!, g.Key));
    }
}
