using System;
using System.IO;
using System.Linq;
using Prewired.Tests.Size;

namespace Prewired.Benchmarks.Generator
{
    /// <summary>
    /// <c>--size</c>: the IL the generator adds for one [FastPath] method against the IL of its async body (stub and state
    /// machine), for each body shape of issue 19 at k = 1, 2, 4, 8, 16 and 32 awaits. Prints a Markdown table of ratios with
    /// the byte counts, for docs/benchmarks.md. Sizes are exact: they do not depend on the machine or its load.
    /// </summary>
    public static class SizeReport
    {
        private static readonly int[] s_awaits = { 1, 2, 4, 8, 16, 32 };

        public static int Run(TextWriter output)
        {
            output.WriteLine("| Body shape | " + string.Join(" | ", s_awaits.Select(k => $"k={k}")) + " |");
            output.WriteLine("|---|" + string.Concat(s_awaits.Select(_ => "---|")));
            foreach (var shape in Enum.GetValues<SizeShape>())
            {
                var cells = s_awaits.Select(k =>
                {
                    var size = GeneratedIl.Measure(SizeShapes.Source(shape, k), ReferencePack.Default);
                    return $"{size.Ratio:0.0}x ({size.Generated:N0} / {size.Body:N0} B)";
                });
                output.WriteLine($"| {Describe(shape)} | {string.Join(" | ", cells)} |");
            }

            return 0;
        }

        private static string Describe(SizeShape shape) => shape switch
        {
            SizeShape.Sequence => "k awaits in sequence",
            SizeShape.LoopAroundTry => "k awaits in a `for` loop around `try`/`catch`",
            _ => "awaits mixed in `using`, `if`/`else`, `while`",
        };
    }
}
