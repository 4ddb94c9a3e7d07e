

namespace Prewired.Generator.Marks
{
    /// <summary>
    /// Stable diagnostic IDs. The validation that finds each problem is shared by the generator (which decides what to
    /// emit) and the analyzers (which report it, so it can be suppressed like any diagnostic); the descriptors with
    /// their messages live in the analyzer assembly only.
    /// </summary>
    internal static class DiagnosticIds
    {
        public const string MethodMustBePartial = "PW0001";
        public const string ContainingTypeMustBePartial = "PW0002";
        public const string BodyMethodNotFound = "PW0003";
        public const string BodyMethodSignatureMismatch = "PW0004";
        public const string BodyMethodNotAsync = "PW0005";
        public const string UnsupportedReturnType = "PW0006";
        public const string UnsupportedMethodShape = "PW0007";
        public const string InvalidBodyMethodName = "PW0008";
        public const string ConflictingAttributes = "PW0009";
        public const string BodyMethodPlaceholder = "PW0010";
        public const string NonTailAwait = "PW0101";
        public const string FastPathNotSplit = "PW0201";
        public const string AssumedContextChanged = "PW0203";

        // Candidates: existing async methods the generator could speed up (IDE suggestions with a code fix).
        public const string TailAwaitCandidate = "PW0102";
        public const string FastPathCandidate = "PW0202";

        // Closures allocated on a path that does not use them: a warning on a fast path (code marked for the generator, or
        // a hand-written fast path), a suggestion in ordinary code (adding the package must not break a warnings-as-errors build).
        public const string ClosureOnFastPath = "PW0401";
        public const string ClosureInOrdinaryCode = "PW0402";

        // Pipelines: validation of [Pipeline] (errors at the offending typeof argument) and the use of next.
        public const string NotAPipelineStage = "PW0301";
        public const string ContextDoesNotFlow = "PW0302";
        public const string MissingTerminator = "PW0303";
        public const string TerminatorNotLast = "PW0304";
        public const string InvalidStageType = "PW0305";
        public const string NoUsableConstructor = "PW0306";
        public const string InvalidPipelineClass = "PW0307";
        public const string AmbiguousStage = "PW0308";
        public const string ResultDoesNotFlow = "PW0309";
        public const string TokenDoesNotFlow = "PW0310";
        public const string OpenStageCannotBeClosed = "PW0311";

        // Warnings, not errors: an assembly default constrained to some requests may be meant to skip the others, but never
        // silently (a suggestion did not show in dotnet build); ExcludeDefaults says it is meant. An exclusion naming no default
        // excludes nothing.
        public const string DefaultStageNotApplied = "PW0312";
        public const string ExclusionNotADefault = "PW0313";

        // Handlers found in the assembly (a pipeline generated per request): a second handler of one request is an error at
        // it, naming the first (Mediator's MSG0001); a request sent where nothing handles it a warning at the send (MSG0005),
        // since the send compiles and would fail at run time; a default skipped for its constraint in a handler's generated
        // pipeline is PW0312's finding under an ID of its own, with a fix that fits a handler (there is no [Pipeline] to write
        // ExcludeDefaults on), so a project whose constrained defaults select their requests can turn it off in one line.
        public const string DuplicateHandler = "PW0314";
        public const string NoHandler = "PW0315";
        public const string DefaultNotAppliedToHandler = "PW0316";

        // AddPrewired() registers singletons by default: a scoped service a stage takes would be captured by the one chain,
        // which Microsoft.Extensions.DependencyInjection reports only at run time (with scope validation on).
        public const string ScopedServiceCaptured = "PW0317";

        // Notifications and streams (Mediator's INotification and IStreamRequest): a notification published where nothing
        // handles it is legal (Mediator publishes to no handler without a word), so an Info at the publish, not a warning; a
        // second stream handler is PW0314's error for streams (a stream request has one handler; no [Pipeline] to write).
        // A stream created where nothing handles it is PW0315, as a request sent where nothing handles it.
        public const string NotificationWithoutHandler = "PW0324";
        public const string DuplicateStreamHandler = "PW0325";

        // PW0312's finding for notification and stream behaviors: an open behavior of [assembly: NotificationDefaults] or
        // [assembly: StreamDefaults] left out of a message for its constraint. A warning, never silent (Mediator's #281), at the
        // behavior's typeof, since no per-message attribute exists to say it is meant: a #pragma around that typeof says it
        // for the behavior. An ID of its own, because constraints that select messages are common here and turned off apart.
        public const string MessageBehaviorNotApplied = "PW0326";

        // A type listed in [assembly: NotificationDefaults] or [assembly: StreamDefaults] that is no behavior of the attribute's
        // messages at all (not a class implementing the behavior interface, or an open type of another arity): the generator
        // could only leave it out of every message, silently. An error at its typeof, as PW0301 is for a pipeline's stage.
        public const string NotAMessageBehavior = "PW0327";

        public const string ConcurrentNext = "PW0320";
        public const string NextNotAwaited = "PW0321";

        // The same two findings outside a Prewired pipeline (a foreign IBehavior<,> such as NServiceBus's): suggestions, so
        // adding the package adds no warning to code nobody ported. Each is its warning's ID + 2, as PW0402 pairs with PW0401.
        public const string ConcurrentNextOutsidePipeline = "PW0322";
        public const string NextNotAwaitedOutsidePipeline = "PW0323";

        // A delegate-next behavior in a deep chain: the delegate costs two dependent loads per stage, which the struct next
        // avoids, and the code fix rewrites it. A suggestion (Info): the delegate shape stays correct, only slower.
        public const string PreferStructNext = "PW0330";
    }
}
