using System;
using System.IO;
using System.Runtime.CompilerServices;

namespace Prewired.Tests.Harness
{
    /// <summary>The checkout the tests were built from, for tests that read its documents and samples.</summary>
    public static class RepositoryFiles
    {
        /// <summary>The directory holding global.json above this source file (the compiler fills in its path).</summary>
        public static string Root([CallerFilePath] string thisFile = "")
        {
            var directory = Path.GetDirectoryName(thisFile);
            while (directory is not null && !File.Exists(Path.Combine(directory, "global.json"))) directory = Path.GetDirectoryName(directory);
            return directory ?? throw new InvalidOperationException("No global.json above " + thisFile);
        }
    }
}
