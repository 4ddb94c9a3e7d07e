using System;
using System.Collections.Generic;

namespace Prewired.AotApp
{
    /// <summary>
    /// The app's output: one line per case, the same on every runtime and target. A case that does not match the app's own
    /// expectation is marked and counted, and the process exits with the count.
    /// </summary>
    internal static class Transcript
    {
        private static readonly List<string> s_failures = new();

        public static int Failures => s_failures.Count;

        public static void Section(string title)
        {
            Console.WriteLine();
            Console.WriteLine("## " + title);
        }

        /// <summary>Prints <paramref name="actual"/>; when it differs from <paramref name="expected"/> the line says so.</summary>
        public static void Check(string name, string actual, string expected)
        {
            if (actual == expected)
            {
                Console.WriteLine($"{name}: {actual}");
                return;
            }

            Console.WriteLine($"{name}: {actual}  <-- MISMATCH, expected: {expected}");
            s_failures.Add(name);
        }

        public static void Summary()
        {
            Console.WriteLine();
            Console.WriteLine(s_failures.Count == 0 ? "ALL CASES MATCH" : $"{s_failures.Count} CASE(S) MISMATCH: {string.Join(", ", s_failures)}");
        }
    }
}
