using Microsoft.CodeAnalysis;
using Prewired.Generator.FastPath;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.Marks
{
    /// <summary>
    /// Every Prewired diagnostic: stable ID, message that says how to fix it, and a help page in docs/diagnostics. Shared by
    /// the analyzers and the generator, which reports the usage errors the compiler's own errors would hide.
    /// </summary>
    internal static class DiagnosticDescriptors
    {
        private const string Category = "Prewired";
        private const string HelpBase = "https://github.com/prewired/prewired/blob/main/docs/diagnostics/";

        public static readonly DiagnosticDescriptor MethodMustBePartial = Error(DiagnosticIds.MethodMustBePartial,
            "Marked method must be a partial declaration without a body",
            "'{0}' is marked [{1}] but is not a partial method declaration without a body: declare it 'partial' and remove its body, the generator supplies the implementation");

        public static readonly DiagnosticDescriptor ContainingTypeMustBePartial = Error(DiagnosticIds.ContainingTypeMustBePartial,
            "Containing type must be partial",
            "Type '{0}' must be declared 'partial' so the generator can add '{1}' to it (every containing type too)");

        public static readonly DiagnosticDescriptor BodyMethodNotFound = Error(DiagnosticIds.BodyMethodNotFound,
            "Body method not found",
            "'{0}' names the body method '{1}', but '{2}' has no method of that name: {3}");

        public static readonly DiagnosticDescriptor BodyMethodSignatureMismatch = Error(DiagnosticIds.BodyMethodSignatureMismatch,
            "Body method signature does not match",
            "Body method '{0}' does not match '{1}': {2}");

        public static readonly DiagnosticDescriptor BodyMethodNotAsync = Error(DiagnosticIds.BodyMethodNotAsync,
            "Body method must be async",
            "Body method '{0}' of '{1}' must be declared 'async' with a body: the generator rewrites its awaits");

        public static readonly DiagnosticDescriptor UnsupportedReturnType = Error(DiagnosticIds.UnsupportedReturnType,
            "Unsupported return type",
            "'{0}' returns '{1}': [{2}] supports Task, Task<T>, ValueTask and ValueTask<T>");

        public static readonly DiagnosticDescriptor UnsupportedMethodShape = Error(DiagnosticIds.UnsupportedMethodShape,
            "Unsupported method shape",
            "'{0}' cannot be generated: {1}");

        public static readonly DiagnosticDescriptor InvalidBodyMethodName = Error(DiagnosticIds.InvalidBodyMethodName,
            "Body method name must be a non-empty constant",
            "The body method name of [{0}] must be a non-empty constant string: write nameof(YourBodyMethod)");

        public static readonly DiagnosticDescriptor ConflictingAttributes = Error(DiagnosticIds.ConflictingAttributes,
            "Only one of [TailAwait] and [FastPath]",
            "'{0}' is marked with both [TailAwait] and [FastPath]: keep one ([FastPath] when the body has other awaits or needs full exactness)");

        public static readonly DiagnosticDescriptor BodyMethodPlaceholder = Error(DiagnosticIds.BodyMethodPlaceholder,
            "Body method is a placeholder",
            "Body method '{0}' of '{1}' only throws NotImplementedException: write its body (every call of '{1}' would fail)");

        public static readonly DiagnosticDescriptor NonTailAwait = Error(DiagnosticIds.NonTailAwait,
            "Await in a [TailAwait] body is not a tail await",
            "'{0}' is not a tail await, so [TailAwait] cannot elide it: {1}; use [FastPath] for bodies with other awaits");

        public static readonly DiagnosticDescriptor FastPathNotSplit = Warning(DiagnosticIds.FastPathNotSplit,
            "[FastPath] cannot split the body yet",
            "[FastPath] cannot split '{0}' yet: {1}; '{2}' is called as it is (a plain async call, no fast path)");

        public static readonly DiagnosticDescriptor AssumedContextChanged = Warning(DiagnosticIds.AssumedContextChanged,
            "The body changes a context its mark assumes unchanged",
            "'{0}' changes the {1}, but '{2}' is marked AssumeContextUnchanged = true: without the context guard the change reaches the caller whenever no await suspends (the async method would undo it)");

        public static readonly DiagnosticDescriptor NotAPipelineStage = Error(DiagnosticIds.NotAPipelineStage,
            "Type is not a pipeline stage",
            "'{0}' is not a pipeline stage: implement IBehavior<TIn, TOut> or IInlineBehavior<TIn, TOut> (or, for the last type, IPipelineTerminator<TContext>)");

        public static readonly DiagnosticDescriptor ContextDoesNotFlow = Error(DiagnosticIds.ContextDoesNotFlow,
            "Stage context does not flow from the previous stage",
            "'{0}' takes '{1}', but '{3}' before it passes '{2}': {4}");

        public static readonly DiagnosticDescriptor MissingTerminator = Error(DiagnosticIds.MissingTerminator,
            "Pipeline must end with a terminator",
            "Pipeline '{0}' must end with a terminator: add a type implementing {1} as the last argument");

        public static readonly DiagnosticDescriptor TerminatorNotLast = Error(DiagnosticIds.TerminatorNotLast,
            "Terminator must be the last stage",
            "'{0}' is a terminator, so nothing after it would run: {1}");

        public static readonly DiagnosticDescriptor InvalidStageType = Error(DiagnosticIds.InvalidStageType,
            "Stage type cannot be constructed or called",
            "'{0}' cannot be a pipeline stage: {1}");

        public static readonly DiagnosticDescriptor NoUsableConstructor = Error(DiagnosticIds.NoUsableConstructor,
            "Stage has no constructor the container can call",
            "'{0}' has no public constructor, so the generated '{1}' registration cannot create it: add a public constructor");

        public static readonly DiagnosticDescriptor InvalidPipelineClass = Error(DiagnosticIds.InvalidPipelineClass,
            "Pipeline class cannot be generated",
            "[Pipeline] class '{0}' cannot be generated: {1}");

        public static readonly DiagnosticDescriptor AmbiguousStage = Error(DiagnosticIds.AmbiguousStage,
            "Stage implements more than one fitting stage interface",
            "'{0}' implements more than one stage interface that takes '{1}' ({2}): split it into one type per stage");

        public static readonly DiagnosticDescriptor ResultDoesNotFlow = Error(DiagnosticIds.ResultDoesNotFlow,
            "Stage result type does not match the pipeline's",
            "'{0}' returns '{1}', but the pipeline's response is '{2}', set by its first stage '{3}': every stage of a pipeline returns the same response type");

        public static readonly DiagnosticDescriptor TokenDoesNotFlow = Error(DiagnosticIds.TokenDoesNotFlow,
            "CancellationToken cannot reach the stage",
            "'{0}' takes the pipeline's CancellationToken, but '{1}' before it passes next no token (its next is a Func without one): {2}");

        public static readonly DiagnosticDescriptor OpenStageCannotBeClosed = Error(DiagnosticIds.OpenStageCannotBeClosed,
            "Open generic stage cannot be closed at its position",
            "'{0}' cannot be closed over the types at its position: {1}");

        public static readonly DiagnosticDescriptor DefaultStageNotApplied = Warning(DiagnosticIds.DefaultStageNotApplied,
            "Assembly default behavior not applied to a pipeline",
            "'{0}' from [assembly: PipelineDefaults] is not applied to '{1}': {2}; to leave it out on purpose, add ExcludeDefaults = new[] {{ typeof({0}) }} to its [Pipeline]");

        public static readonly DiagnosticDescriptor ExclusionNotADefault = Warning(DiagnosticIds.ExclusionNotADefault,
            "Excluded type is not an assembly default",
            "'{0}' is not a default of this assembly, so excluding it from '{1}' leaves nothing out: [assembly: PipelineDefaults] declares {2}; exclude one of those as it is written there, or remove this one");

        public static readonly DiagnosticDescriptor DuplicateHandler = Error(DiagnosticIds.DuplicateHandler,
            "Request has more than one handler",
            "'{0}' is a second handler of '{1}': '{2}' handles it already, and a request has one handler, so '{0}' would never run; remove one of them, or declare the pipeline '{1}' should take with [Pipeline(...)]");

        public static readonly DiagnosticDescriptor NoHandler = Warning(DiagnosticIds.NoHandler,
            "Request is sent but nothing handles it",
            "'{0}' is sent here, but no pipeline of this assembly takes it, so this fails at run time: {1}");

        public static readonly DiagnosticDescriptor DefaultNotAppliedToHandler = Warning(DiagnosticIds.DefaultNotAppliedToHandler,
            "Assembly default behavior not applied to a handler's pipeline",
            "'{0}' from [assembly: PipelineDefaults] is not applied to the pipeline of '{1}': {2}; if that is meant, add [SuppressMessage(\"Prewired\", \"PW0316\")] to '{1}' (or set dotnet_diagnostic.PW0316.severity = none where constrained defaults select their requests)");

        public static readonly DiagnosticDescriptor NotificationWithoutHandler = Info(DiagnosticIds.NotificationWithoutHandler,
            "Notification is published but nothing handles it",
            "'{0}' is published here, but no class of this assembly handles it (nor a base type or interface of it), so this publish runs no handler: add a class implementing INotificationHandler<{0}>, or remove the publish");

        public static readonly DiagnosticDescriptor DuplicateStreamHandler = Error(DiagnosticIds.DuplicateStreamHandler,
            "Stream request has more than one handler",
            "'{0}' is a second handler of the stream request '{1}': '{2}' handles it already, and a stream request has one handler, so '{0}' would never run; remove one of them, or make it handle another request");

        public static readonly DiagnosticDescriptor MessageBehaviorNotApplied = Warning(DiagnosticIds.MessageBehaviorNotApplied,
            "Notification or stream behavior not applied to a message",
            "'{0}' from [assembly: {1}] is not applied to {2}: {3}; if that is meant, surround this typeof's line with #pragma warning disable PW0326 and #pragma warning restore PW0326 (or set dotnet_diagnostic.PW0326.severity = none where constrained behaviors select their messages)");

        public static readonly DiagnosticDescriptor NotAMessageBehavior = Error(DiagnosticIds.NotAMessageBehavior,
            "Type listed as a notification or stream behavior is not one",
            "'{0}' in [assembly: {1}] is not {2}: {3}; it would run around no message");

        // Reported when the whole compilation has been seen (its registrations and its pipelines): a compilation-end diagnostic.
        public static readonly DiagnosticDescriptor ScopedServiceCaptured = new(DiagnosticIds.ScopedServiceCaptured,
            "A singleton pipeline would capture a scoped service",
            "'{0}' is scoped ({1}), but {2}: the singleton would keep the first scope's '{0}' for every request; set [assembly: PrewiredServices(Lifetime = ServiceLifetime.Scoped)] so each scope gets its own chain, or create a scope per call with IServiceScopeFactory",
            Category, DiagnosticSeverity.Warning, isEnabledByDefault: true, helpLinkUri: HelpBase + DiagnosticIds.ScopedServiceCaptured + ".md",
            customTags: WellKnownDiagnosticTags.CompilationEnd);

        public static readonly DiagnosticDescriptor ConcurrentNext = Warning(DiagnosticIds.ConcurrentNext,
            "next is called concurrently",
            "'{0}' runs the rest of the pipeline while '{1}' may still be running on the same context: await each call before starting the next, or give each call its own context");

        public static readonly DiagnosticDescriptor NextNotAwaited = Warning(DiagnosticIds.NextNotAwaited,
            "next task is neither awaited nor returned",
            "The task of '{0}' is neither awaited nor returned, so the rest of the pipeline may still run after this step completes and its exceptions are lost: await it or return it");

        public static readonly DiagnosticDescriptor ConcurrentNextOutsidePipeline = Info(DiagnosticIds.ConcurrentNextOutsidePipeline,
            "next is called concurrently (behavior outside a Prewired pipeline)",
            ConcurrentNext.MessageFormat.ToString());

        public static readonly DiagnosticDescriptor NextNotAwaitedOutsidePipeline = Info(DiagnosticIds.NextNotAwaitedOutsidePipeline,
            "next task is neither awaited nor returned (behavior outside a Prewired pipeline)",
            NextNotAwaited.MessageFormat.ToString());

        public static readonly DiagnosticDescriptor PreferStructNext = Info(DiagnosticIds.PreferStructNext,
            "Behavior in a deep pipeline can take the struct next",
            "'{0}' is a stage of '{1}', a pipeline of depth {2}: its delegate next costs two dependent loads per call, which a struct next the JIT can inline avoids; the code fix rewrites it to {3}");

        public static readonly DiagnosticDescriptor TailAwaitCandidate = new(DiagnosticIds.TailAwaitCandidate,
            "Async method can drop its state machine with [TailAwait]",
            "Every await in '{0}' is a tail await: convert it to [TailAwait] so it runs without a state machine",
            Category, DiagnosticSeverity.Info, isEnabledByDefault: true, helpLinkUri: HelpBase + DiagnosticIds.TailAwaitCandidate + ".md");

        public static readonly DiagnosticDescriptor FastPathCandidate = new(DiagnosticIds.FastPathCandidate,
            "Async method can get a synchronous fast path with [FastPath]",
            "Every await in '{0}' is at a position [FastPath] splits: convert it to [FastPath] so synchronous completion runs without async machinery",
            Category, DiagnosticSeverity.Hidden, isEnabledByDefault: true, helpLinkUri: HelpBase + DiagnosticIds.FastPathCandidate + ".md");

        public static readonly DiagnosticDescriptor ClosureOnFastPath = Warning(DiagnosticIds.ClosureOnFastPath,
            "Closure allocated on a path that does not use it",
            "This scope allocates a closure for {0} captured by {1} on entry, also on paths that never reach {1}: pass them as parameters (make {1} static) or move the capture into the branch that needs it");

        // The same finding outside a fast path: a suggestion, so adding the package changes no build. A separate ID rather than
        // PW0401 at another severity, so .editorconfig can raise one without the other (dotnet_diagnostic.PW0402.severity).
        public static readonly DiagnosticDescriptor ClosureInOrdinaryCode = new(DiagnosticIds.ClosureInOrdinaryCode,
            "Closure allocated on a path that does not use it (not a fast path)",
            "This scope allocates a closure for {0} captured by {1} on entry, also on paths that never reach {1}: pass them as parameters (make {1} static) or move the capture into the branch that needs it",
            Category, DiagnosticSeverity.Info, isEnabledByDefault: true, helpLinkUri: HelpBase + DiagnosticIds.ClosureInOrdinaryCode + ".md");

        public static DiagnosticDescriptor For(string id) => id switch
        {
            DiagnosticIds.MethodMustBePartial => MethodMustBePartial,
            DiagnosticIds.ContainingTypeMustBePartial => ContainingTypeMustBePartial,
            DiagnosticIds.BodyMethodNotFound => BodyMethodNotFound,
            DiagnosticIds.BodyMethodSignatureMismatch => BodyMethodSignatureMismatch,
            DiagnosticIds.BodyMethodNotAsync => BodyMethodNotAsync,
            DiagnosticIds.UnsupportedReturnType => UnsupportedReturnType,
            DiagnosticIds.UnsupportedMethodShape => UnsupportedMethodShape,
            DiagnosticIds.InvalidBodyMethodName => InvalidBodyMethodName,
            DiagnosticIds.ConflictingAttributes => ConflictingAttributes,
            DiagnosticIds.BodyMethodPlaceholder => BodyMethodPlaceholder,
            DiagnosticIds.NonTailAwait => NonTailAwait,
            DiagnosticIds.TailAwaitCandidate => TailAwaitCandidate,
            DiagnosticIds.FastPathCandidate => FastPathCandidate,
            DiagnosticIds.ClosureOnFastPath => ClosureOnFastPath,
            DiagnosticIds.ClosureInOrdinaryCode => ClosureInOrdinaryCode,
            DiagnosticIds.NotAPipelineStage => NotAPipelineStage,
            DiagnosticIds.ContextDoesNotFlow => ContextDoesNotFlow,
            DiagnosticIds.MissingTerminator => MissingTerminator,
            DiagnosticIds.TerminatorNotLast => TerminatorNotLast,
            DiagnosticIds.InvalidStageType => InvalidStageType,
            DiagnosticIds.NoUsableConstructor => NoUsableConstructor,
            DiagnosticIds.InvalidPipelineClass => InvalidPipelineClass,
            DiagnosticIds.AmbiguousStage => AmbiguousStage,
            DiagnosticIds.ResultDoesNotFlow => ResultDoesNotFlow,
            DiagnosticIds.TokenDoesNotFlow => TokenDoesNotFlow,
            DiagnosticIds.OpenStageCannotBeClosed => OpenStageCannotBeClosed,
            DiagnosticIds.DefaultStageNotApplied => DefaultStageNotApplied,
            DiagnosticIds.ExclusionNotADefault => ExclusionNotADefault,
            DiagnosticIds.DuplicateHandler => DuplicateHandler,
            DiagnosticIds.NoHandler => NoHandler,
            DiagnosticIds.DefaultNotAppliedToHandler => DefaultNotAppliedToHandler,
            DiagnosticIds.ScopedServiceCaptured => ScopedServiceCaptured,
            DiagnosticIds.NotificationWithoutHandler => NotificationWithoutHandler,
            DiagnosticIds.DuplicateStreamHandler => DuplicateStreamHandler,
            DiagnosticIds.MessageBehaviorNotApplied => MessageBehaviorNotApplied,
            DiagnosticIds.NotAMessageBehavior => NotAMessageBehavior,
            DiagnosticIds.ConcurrentNext => ConcurrentNext,
            DiagnosticIds.NextNotAwaited => NextNotAwaited,
            DiagnosticIds.ConcurrentNextOutsidePipeline => ConcurrentNextOutsidePipeline,
            DiagnosticIds.NextNotAwaitedOutsidePipeline => NextNotAwaitedOutsidePipeline,
            DiagnosticIds.PreferStructNext => PreferStructNext,
            _ => FastPathNotSplit,
        };

        private static DiagnosticDescriptor Error(string id, string title, string message)
            => new(id, title, message, Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: HelpBase + id + ".md");

        private static DiagnosticDescriptor Info(string id, string title, string message)
            => new(id, title, message, Category, DiagnosticSeverity.Info, isEnabledByDefault: true, helpLinkUri: HelpBase + id + ".md");

        private static DiagnosticDescriptor Warning(string id, string title, string message)
            => new(id, title, message, Category, DiagnosticSeverity.Warning, isEnabledByDefault: true, helpLinkUri: HelpBase + id + ".md");
    }
}
