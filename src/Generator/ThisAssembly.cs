namespace Prewired.Generator
{
    /// <summary>The version stamped into [GeneratedCode] attributes; kept in step with Directory.Build.props.</summary>
    internal static class ThisAssembly
    {
        public const string Version = "0.1.0";
    }
}
