using System.Text;

namespace Prewired.Tests.Size
{
    /// <summary>The body shapes of the size probe (issue 19): each a [FastPath] method whose body has k awaits.</summary>
    public enum SizeShape
    {
        /// <summary>k awaits one after another in straight-line code.</summary>
        Sequence,

        /// <summary>k awaits inside a try/catch inside a for loop.</summary>
        LoopAroundTry,

        /// <summary>k awaits, each in turn inside a using statement, an if/else or a while loop.</summary>
        Mixed,
    }

    /// <summary>
    /// Writes the source of one probe type: <c>Probe.RunAsync</c> marked [FastPath] over <c>RunCoreAsync</c>, whose body
    /// has the given shape and number of awaits. Every await is of a <c>ValueTask&lt;int&gt;</c> and its result is used, so the
    /// generated code must carry the running total across it, as real code carries its state.
    /// </summary>
    public static class SizeShapes
    {
        public static string Source(SizeShape shape, int awaits)
        {
            var body = new StringBuilder();
            switch (shape)
            {
                case SizeShape.Sequence:
                    for (var i = 0; i < awaits; i++) body.Append($"        var a{i} = await Next(x + {i});\n        total += a{i};\n");
                    break;
                case SizeShape.LoopAroundTry:
                    body.Append("        for (var i = 0; i < x; i++)\n        {\n            try\n            {\n");
                    for (var i = 0; i < awaits; i++) body.Append($"                var a{i} = await Next(i + {i});\n                total += a{i};\n");
                    body.Append("            }\n            catch (InvalidOperationException)\n            {\n                total--;\n            }\n        }\n");
                    break;
                default:
                    for (var i = 0; i < awaits; i++)
                    {
                        switch (i % 3)
                        {
                            case 0:
                                body.Append($"        using (new Resource())\n        {{\n            var a{i} = await Next(x + {i});\n            total += a{i};\n        }}\n");
                                break;
                            case 1:
                                body.Append($"        if (total % 2 == 0)\n        {{\n            var a{i} = await Next(total);\n            total += a{i};\n        }}\n        else\n        {{\n            total -= {i};\n        }}\n");
                                break;
                            default:
                                body.Append($"        while (total < {i * 10})\n        {{\n            var a{i} = await Next(total);\n            total += a{i} + 1;\n        }}\n");
                                break;
                        }
                    }

                    break;
            }

            return $$"""
                using System;
                using System.Threading.Tasks;
                using Prewired;

                public sealed class Resource : IDisposable
                {
                    public void Dispose() { }
                }

                public partial class Probe
                {
                    [FastPath(nameof(RunCoreAsync))]
                    public partial ValueTask<int> RunAsync(int x);

                    private async ValueTask<int> RunCoreAsync(int x)
                    {
                        var total = 0;
                {{body}}        return total;
                    }

                    private static ValueTask<int> Next(int value) => new(value);
                }
                """;
        }
    }
}
