using System;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Runtime.Versioning;

namespace Prewired.Benchmarks.Targets
{
    /// <summary>What the table's figures were measured on, printed above it.</summary>
    internal static class RunningOn
    {
        public static string Runtime => $"{RuntimeInformation.FrameworkDescription.Trim()}, {RuntimeInformation.ProcessArchitecture}";

        /// <summary>The target this program was built for.</summary>
        public static string Program => BuildOf(typeof(RunningOn));

        /// <summary>The target the assembly holding <paramref name="type"/> was built for.</summary>
        public static string BuildOf(Type type)
            => type.Assembly.GetCustomAttribute<TargetFrameworkAttribute>()?.FrameworkName ?? "(no TargetFrameworkAttribute)";

        /// <summary>The 1, 5 and 15 minute load averages (Linux), or "unknown".</summary>
        public static string LoadAverage()
        {
            try
            {
                return string.Join(" ", File.ReadAllText("/proc/loadavg").Split(' ').Take(3));
            }
            catch (IOException)
            {
                return "unknown";
            }
            catch (UnauthorizedAccessException)
            {
                return "unknown";
            }
        }
    }
}
