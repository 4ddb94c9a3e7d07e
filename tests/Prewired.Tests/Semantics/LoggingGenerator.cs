using System;
using System.IO;
using System.Linq;
using System.Reflection;
using Microsoft.CodeAnalysis;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// The real [LoggerMessage] source generator of Microsoft.Extensions.Logging.Abstractions, loaded from the package
    /// folder (the project's LoggingGenerator.Path metadata). Prewired's generator does not see what another generator
    /// writes, so a body calling a [LoggerMessage] partial method is only checked for real when both run in one driver,
    /// as they do in a build.
    /// </summary>
    internal static class LoggingGenerator
    {
        private static readonly Lazy<Type> s_type = new(() =>
        {
            var path = typeof(LoggingGenerator).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
                .SingleOrDefault(a => a.Key == "LoggingGenerator.Path")?.Value;
            if (path is null || !File.Exists(path))
            {
                throw new InvalidOperationException($"The logging generator is not on disk ('{path}'): restore the test project.");
            }

            return Assembly.LoadFrom(path).GetTypes()
                .Single(t => !t.IsAbstract && typeof(IIncrementalGenerator).IsAssignableFrom(t));
        });

        /// <summary>Microsoft.Extensions.Logging.Abstractions, which the generated logging code calls.</summary>
        public static Assembly AbstractionsAssembly => typeof(Microsoft.Extensions.Logging.ILogger).Assembly;

        public static IIncrementalGenerator Create() => (IIncrementalGenerator)Activator.CreateInstance(s_type.Value)!;
    }
}
