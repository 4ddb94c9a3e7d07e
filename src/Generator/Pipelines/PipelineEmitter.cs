using System.Linq;
using Prewired.Generator.Emit;
using Prewired.Generator.Pipelines.Rules;

namespace Prewired.Generator.Pipelines
{
    /// <summary>
    /// Writes the pipeline class: one field per stage, the constructor that binds every <c>next</c> once, <c>Invoke</c>, and
    /// per position after the first either a step method (the target of the delegate an <c>IBehavior</c> receives) or a
    /// struct (the <c>TNext</c> an <c>IInlineBehavior</c> receives). Position k is always consumed by stage k-1 alone, so
    /// exactly one of the two exists for it. Every generated frame is hidden from stack traces and the debugger.
    /// </summary>
    internal static class PipelineEmitter
    {
        private const string Task = "global::System.Threading.Tasks.Task";
        private const string Token = "global::System.Threading.CancellationToken";
        private const string HiddenFrame = "[global::System.Diagnostics.DebuggerStepThrough]";
        private const string HiddenFromStackTrace = "[global::System.Diagnostics.StackTraceHidden]";

        public static string Emit(PipelineModel model)
        {
            var body = new CodeLines();
            WriteFields(model, body);
            body.Line();
            WriteConstructor(model, body);
            body.Line();
            WriteInvoke(model, body);
            for (var position = 1; position < model.Stages.Count; position++)
            {
                body.Line();
                if (model.Stages[position - 1].Kind == StageKind.InlineBehavior) WriteNextStruct(model, position, body);
                else WriteStepMethod(model, position, body);
            }

            var declaration = $"{model.Declaration} : {PipelineInterface(model)}" + (model.Cancellable ? ", " + CancellableInterface(model) : string.Empty);
            var types = model.ContainingTypes.Concat(new[] { declaration }).ToList();
            var indent = (model.Namespace is null ? 0 : 1) + types.Count;
            var members = string.Concat(body.Render(indent).Select(line => line + "\n"));
            return GeneratedFileEmitter.Wrap(model.Namespace, new string[0], new string[0], types, nullableEnabled: true, members);
        }

        private static void WriteFields(PipelineModel model, CodeLines body)
        {
            body.Line("// The stages, in order.");
            for (var i = 0; i < model.Stages.Count; i++)
            {
                body.Line($"private readonly {model.Stages[i].TypeName} {StageField(i)};");
            }

            var delegates = Enumerable.Range(1, model.Stages.Count - 1).Where(p => model.Stages[p - 1].Kind == StageKind.DelegateBehavior).ToList();
            if (delegates.Count > 0) body.Line("// The next delegate each IBehavior stage receives, bound once by the constructor.");
            foreach (var position in delegates)
            {
                var token = model.Stages[position - 1].TakesToken ? Token + ", " : string.Empty;
                body.Line($"private readonly global::System.Func<{model.Stages[position].Receives}, {token}{Returns(model)}> {NextField(position)};");
            }
        }

        private static void WriteConstructor(PipelineModel model, CodeLines body)
        {
            var chain = string.Join(" → ", model.Stages.Select(s => Reference(s.TypeName)));
            body.Line($"/// <summary>Wires the pipeline {chain}: every <c>next</c> is bound here, once, so an invocation allocates nothing.</summary>");
            body.Line(GeneratedFileEmitter.GeneratedCodeAttribute);
            var parameters = string.Join(", ", model.Stages.Select(s => s.TypeName + " " + s.ParameterName));
            body.Line($"{model.ConstructorModifier} {ConstructorName(model.Name)}({parameters})");
            body.OpenBrace();
            for (var i = 0; i < model.Stages.Count; i++)
            {
                var parameter = model.Stages[i].ParameterName;
                body.Line($"{StageField(i)} = {parameter} ?? throw new global::System.ArgumentNullException(nameof({parameter}));");
            }

            for (var position = 1; position < model.Stages.Count; position++)
            {
                if (model.Stages[position - 1].Kind == StageKind.DelegateBehavior) body.Line($"{NextField(position)} = {StepMethod(position)};");
            }

            body.CloseBrace();
        }

        private static void WriteInvoke(PipelineModel model, CodeLines body)
        {
            var returns = Returns(model);
            var outcome = model.Result is null ? string.Empty : " and returns its result";
            if (!model.Cancellable)
            {
                body.Line($"/// <summary>Runs the pipeline for <paramref name=\"context\"/>{outcome}.</summary>");
                WriteHiddenAttributes(model, body);
                body.Line($"{model.InvokeModifier} {returns} Invoke({model.EntryContext} context) => {Call(model, 0, owner: null, token: null)};");
                if (model.InvokeModifier != "public")
                {
                    // The context type is less visible than the class, so Invoke cannot be public: implement the interface explicitly.
                    body.Line();
                    body.Line(GeneratedFileEmitter.GeneratedCodeAttribute);
                    body.Line($"{returns} {PipelineInterface(model)}.Invoke({model.EntryContext} context) => Invoke(context);");
                }

                return;
            }

            body.Line($"/// <summary>Runs the pipeline for <paramref name=\"context\"/>{outcome}, passing <paramref name=\"cancellationToken\"/> to every stage that takes it.</summary>");
            WriteHiddenAttributes(model, body);
            body.Line($"{model.InvokeModifier} {returns} Invoke({model.EntryContext} context, {Token} cancellationToken = default) => {Call(model, 0, owner: null, token: "cancellationToken")};");
            body.Line();
            body.Line(GeneratedFileEmitter.GeneratedCodeAttribute);
            body.Line($"{returns} {PipelineInterface(model)}.Invoke({model.EntryContext} context) => Invoke(context, default);");
            if (model.InvokeModifier != "public")
            {
                body.Line();
                body.Line(GeneratedFileEmitter.GeneratedCodeAttribute);
                body.Line($"{returns} {CancellableInterface(model)}.Invoke({model.EntryContext} context, {Token} cancellationToken) => Invoke(context, cancellationToken);");
            }
        }

        private static void WriteStepMethod(PipelineModel model, int position, CodeLines body)
        {
            var stage = model.Stages[position];
            var withToken = model.Stages[position - 1].TakesToken;
            body.Line($"/// <summary>The <c>next</c> of stage {position - 1}: runs stage {position}, {Reference(stage.TypeName)}.</summary>");
            WriteHiddenAttributes(model, body);
            var token = withToken ? $", {Token} cancellationToken" : string.Empty;
            body.Line($"private {Returns(model)} {StepMethod(position)}({stage.Receives} context{token}) => {Call(model, position, owner: null, token: withToken ? "cancellationToken" : null)};");
        }

        private static void WriteNextStruct(PipelineModel model, int position, CodeLines body)
        {
            var stage = model.Stages[position];
            var withToken = model.Stages[position - 1].TakesToken;
            var carriesToken = CarriesToken(model, position);
            var contract = withToken ? "ICancellableNext" : "INext";
            body.Line($"/// <summary>The <c>next</c> of stage {position - 1}: runs stage {position}, {Reference(stage.TypeName)}. A struct, so the call inlines.</summary>");
            body.Line(GeneratedFileEmitter.GeneratedCodeAttribute);
            body.Line("[global::System.Diagnostics.DebuggerNonUserCode]");
            // A mutable struct whose fields the caller sets with an initializer, not a constructor: the JIT inlines a chain
            // of behaviors and nexts up to its inline depth limit (about ten stages), and where it stops, a constructor
            // stays a call of its own beside the behavior's, while an initializer is plain stores and the behavior's call
            // becomes a tail jump (the struct shape at depth 20: 11.3 -> 7.5 ns, docs/benchmarks.md "Against Mediator").
            body.Line($"private struct {NextStruct(position)} : global::Prewired.{contract}<{TypeArguments(model, stage.Receives)}>");
            body.OpenBrace();
            body.Line($"internal {model.Name} __pipeline;");
            if (carriesToken)
            {
                body.Line("// The stage before takes no token, so this next carries the pipeline's past it.");
                body.Line($"internal {Token} __cancellationToken;");
            }

            body.Line();
            WriteHiddenAttributes(model, body, generatedCode: false);
            var token = withToken ? $", {Token} cancellationToken" : string.Empty;
            var tokenInScope = withToken ? "cancellationToken" : carriesToken ? "__cancellationToken" : null;
            body.Line($"public {Returns(model)} Invoke({stage.Receives} context{token}) => {Call(model, position, owner: "__pipeline", token: tokenInScope)};");
            body.CloseBrace();
        }

        /// <summary>
        /// The call that runs stage <paramref name="position"/> with <c>context</c> and the rest of the chain;
        /// <paramref name="token"/> is the CancellationToken in scope there (null when none reaches it).
        /// </summary>
        private static string Call(PipelineModel model, int position, string? owner, string? token)
        {
            var stage = model.Stages[position];
            var prefix = owner is null ? string.Empty : owner + ".";
            var target = stage.CallThrough is null ? prefix + StageField(position) : $"(({stage.CallThrough}){prefix}{StageField(position)})";
            var tokenArgument = stage.TakesToken ? ", " + token : string.Empty;
            return stage.Kind switch
            {
                StageKind.Terminator => $"{target}.Terminate(context{tokenArgument})",
                StageKind.InlineBehavior => $"{target}.Invoke(context, new {NextStruct(position + 1)} {{ __pipeline = {owner ?? "this"}{(CarriesToken(model, position + 1) ? ", __cancellationToken = " + token : string.Empty)} }}{tokenArgument})",
                _ => $"{target}.Invoke(context, {prefix}{NextField(position + 1)}{tokenArgument})",
            };
        }

        /// <summary>
        /// Whether the token reaches <paramref name="position"/>: it enters at Invoke, passes every stage that takes it, and
        /// every inline behavior (its next struct carries it); a plain IBehavior's Func next drops it (PW0310 makes sure no
        /// stage after that needs it).
        /// </summary>
        private static bool TokenReaches(PipelineModel model, int position)
        {
            if (position == 0) return model.Cancellable;
            var before = model.Stages[position - 1];
            return TokenReaches(model, position - 1) && (before.TakesToken || before.Kind == StageKind.InlineBehavior);
        }

        /// <summary>The next struct of <paramref name="position"/> holds the token when its consumer takes none but the token goes on.</summary>
        private static bool CarriesToken(PipelineModel model, int position)
            => model.Stages[position - 1].Kind == StageKind.InlineBehavior && !model.Stages[position - 1].TakesToken && TokenReaches(model, position)
               && model.Stages.Skip(position).Any(s => s.TakesToken);

        /// <summary>
        /// A stage type in a doc comment: a cref for a plain type; a constructed generic type (a closed open-generic stage) as
        /// code, since a cref cannot name type arguments and the XML would not be well-formed with them.
        /// </summary>
        private static string Reference(string typeName)
            => typeName.IndexOf('<') < 0 ? "<see cref=\"" + typeName + "\"/>" : "<c>" + typeName.Replace("<", "&lt;").Replace(">", "&gt;") + "</c>";

        private static string Returns(PipelineModel model) => model.Result is null ? Task : $"global::System.Threading.Tasks.ValueTask<{model.Result}>";

        private static string TypeArguments(PipelineModel model, string context) => model.Result is null ? context : context + ", " + model.Result;

        private static string PipelineInterface(PipelineModel model) => $"global::Prewired.IPipeline<{TypeArguments(model, model.EntryContext)}>";

        private static string CancellableInterface(PipelineModel model) => $"global::Prewired.ICancellablePipeline<{TypeArguments(model, model.EntryContext)}>";

        private static void WriteHiddenAttributes(PipelineModel model, CodeLines body, bool generatedCode = true)
        {
            if (generatedCode) body.Line(GeneratedFileEmitter.GeneratedCodeAttribute);
            if (model.HideFrames) body.Line(HiddenFromStackTrace);
            body.Line(HiddenFrame);
        }

        private static string ConstructorName(string name) => name.IndexOf('<') is var i and >= 0 ? name.Substring(0, i) : name;

        private static string StageField(int index) => "__stage" + index;

        private static string NextField(int position) => "__next" + position;

        private static string StepMethod(int position) => "__Stage" + position;

        private static string NextStruct(int position) => "__Next" + position;
    }
}
