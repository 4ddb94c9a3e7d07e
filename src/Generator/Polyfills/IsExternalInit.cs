namespace System.Runtime.CompilerServices
{
    /// <summary>Lets netstandard2.0 code declare records and init accessors (the type ships only with .NET 5 and later).</summary>
    internal static class IsExternalInit
    {
    }
}
