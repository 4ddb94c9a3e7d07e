using Microsoft.CodeAnalysis;

namespace Prewired.Generator.SharedRules
{
    /// <summary>
    /// A problem found by the shared validation: which rule, where, and the message arguments. The analyzers turn it
    /// into a <see cref="Diagnostic"/>; the generator only needs to know whether any was found.
    /// </summary>
    internal sealed class Finding
    {
        public Finding(string id, Location location, params string[] arguments)
        {
            Id = id;
            Location = location;
            Arguments = arguments;
        }

        public string Id { get; }

        public Location Location { get; }

        public string[] Arguments { get; }
    }
}
