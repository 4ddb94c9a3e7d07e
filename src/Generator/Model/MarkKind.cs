namespace Prewired.Generator.Model
{
    /// <summary>Which attribute asked for the generated method.</summary>
    internal enum MarkKind
    {
        TailAwait,
        FastPath,
    }
}
