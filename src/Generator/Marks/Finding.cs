using Microsoft.CodeAnalysis;
using Prewired.Generator.FastPath;

namespace Prewired.Generator.Marks
{
    /// <summary>
    /// A problem found by the shared validation: which rule, where, and the message arguments. The analyzers turn it
    /// into a <see cref="Diagnostic"/>; the generator only needs to know whether any was found.
    /// </summary>
    internal sealed class Finding
    {
        private static readonly Location[] NoLocations = new Location[0];

        public Finding(string id, Location location, params string[] arguments)
            : this(id, location, NoLocations, arguments)
        {
        }

        public Finding(string id, Location location, Location[] additionalLocations, params string[] arguments)
        {
            Id = id;
            Location = location;
            AdditionalLocations = additionalLocations;
            Arguments = arguments;
        }

        public string Id { get; }

        public Location Location { get; }

        /// <summary>Other places the finding is about (a default stage's <c>typeof</c> in [assembly: PipelineDefaults]).</summary>
        public Location[] AdditionalLocations { get; }

        public string[] Arguments { get; }
    }
}
