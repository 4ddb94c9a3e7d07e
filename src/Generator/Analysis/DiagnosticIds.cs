namespace Prewired.Generator.Analysis
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
        public const string NonTailAwait = "PW0101";
        public const string FastPathNotSplit = "PW0201";
    }
}
