using Microsoft.CodeAnalysis;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.Pipelines.Rules
{
    /// <summary>
    /// The fix part of a pipeline finding's message, worded for the pipeline at hand: the terminator interface its stages
    /// call for (PW0303), and only the moves that can be made (PW0310). A generic hint the user cannot apply is worse than none.
    /// </summary>
    internal static class FixWording
    {
        /// <summary>
        /// The terminator interface a pipeline ends with after a stage that passes <paramref name="context"/>, returns
        /// <paramref name="result"/> (null: a plain Task) and, when <paramref name="cancellable"/>, carries the token: the
        /// typed and cancellable form a request handler implements, not the bare <c>IPipelineTerminator&lt;TContext&gt;</c>.
        /// </summary>
        public static string TerminatorFor(ITypeSymbol context, ITypeSymbol? result, bool cancellable)
        {
            var arguments = "<" + PipelineValidator.Display(context) + (result is null ? string.Empty : ", " + PipelineValidator.Display(result)) + ">";
            return cancellable
                ? $"'ICancellableTerminator{arguments}' (or 'IPipelineTerminator{arguments}', which does not take the CancellationToken)"
                : $"'IPipelineTerminator{arguments}' (or 'ICancellableTerminator{arguments}' to take the CancellationToken)";
        }

        /// <summary>
        /// For an open typed behavior in a pipeline whose stages return a plain Task: a request without a response takes
        /// typed behaviors once it returns <c>Prewired.Unit</c>, the empty response.
        /// </summary>
        public static string UnitResponse(ITypeSymbol request)
        {
            var name = PipelineValidator.Display(request);
            return $"; a request without a response takes typed behaviors when it returns 'Unit': make its handler an 'ICancellableTerminator<{name}, Unit>' "
                   + $"or 'IPipelineTerminator<{name}, Unit>' that returns Unit.Value, and each Task-only stage a typed one returning 'ValueTask<Unit>'";
        }

        /// <summary>For an empty stage list nothing says the context: every terminator form, with its type parameters.</summary>
        public const string AnyTerminator = "'IPipelineTerminator<TContext>' or 'ICancellableTerminator<TContext>' (<TContext, TResponse> for a typed response)";

        /// <summary>
        /// How to make a stage taking <paramref name="expected"/> follow one passing <paramref name="passed"/>: a connector
        /// between them always works; moving the stage only for a behavior of the pipeline's own list; a terminator can be
        /// replaced by one of the passed context; a default (<paramref name="excludableDefault"/>) can be left out.
        /// </summary>
        public static string ContextFix(string stage, ITypeSymbol expected, ITypeSymbol passed, bool isTerminator, bool canMove, string? excludableDefault)
        {
            var fix = $"put a stage connector IBehavior<{PipelineValidator.Display(passed)}, {PipelineValidator.Display(expected)}> before it";
            if (isTerminator) fix += $", or end with a terminator of '{PipelineValidator.Display(passed)}'";
            else if (canMove) fix += $", or move '{stage}' to the part of the pipeline that has '{PipelineValidator.Display(expected)}'";
            if (excludableDefault is not null) fix += $", or leave it out of this pipeline with ExcludeDefaults = new[] {{ typeof({excludableDefault}) }}";
            return fix;
        }

        /// <summary>
        /// The same finding in a discovered handler's pipeline, which is the assembly's defaults then the handler: there is no
        /// list to put a connector in or move a stage within, so the fixes are the default's (<paramref name="blamedDefault"/>,
        /// its typeof as declared): fit it to every request, or declare this request's chain without it.
        /// </summary>
        public static string HandlerChainFix(string handler, string blamedDefault)
            => $"a default runs before every handler, so make '{blamedDefault}' fit every request (an open generic type), "
               + $"or declare this request's pipeline without it: [Pipeline(typeof({handler}), ExcludeDefaults = new[] {{ typeof({blamedDefault}) }})] on a partial class";

        /// <summary>A terminator before the end: moved last in the pipeline's own list; a default cannot be last, since the defaults run first.</summary>
        public static string TerminatorFix(bool isDefault)
            => isDefault
                ? "remove it from [assembly: PipelineDefaults], whose behaviors run before every pipeline's own stages"
                : "make it the last type of the pipeline";

        /// <summary>
        /// How to get the token to a stage past <paramref name="dropper"/>, a plain IBehavior: make the dropper pass it (an
        /// ICancellableBehavior, or an IInlineBehavior whose next struct carries it); move the stage before the dropper,
        /// which only a behavior of this pipeline's own list can be (a terminator is last, and the assembly's defaults come
        /// first); or, when the dropper is a default (<paramref name="excludableDefault"/>: its typeof as declared), leave it
        /// out of this pipeline.
        /// </summary>
        public static string TokenFix(string stage, string dropper, bool stageCanMove, string? excludableDefault)
        {
            var fix = $"make '{dropper}' an ICancellableBehavior (or an IInlineBehavior, whose next carries the token)";
            if (stageCanMove) fix += $", or move '{stage}' before it";
            if (excludableDefault is not null) fix += $", or leave it out of this pipeline with ExcludeDefaults = new[] {{ typeof({excludableDefault}) }}";
            return fix;
        }
    }
}
