using System.Collections.Generic;
using System.Linq;
using Prewired.Generator.MarkedMethods;

namespace Prewired.Generator.Pipelines.Messages
{
    /// <summary>The generated constructors' parameter names: camelCase type names, a name two callees share numbered by position.</summary>
    internal static class CalleeNames
    {
        public static List<string> Of(IReadOnlyList<CalleeModel> callees)
        {
            var bases = callees.Select(c => c.ParameterName).ToList();
            return bases.Select((name, i) => MethodShellParser.EscapedName(bases.Count(b => b == name) > 1 ? name + i : name)).ToList();
        }

        /// <summary>The call of <paramref name="callee"/>'s method on <paramref name="field"/>: direct, or through the interface it implements explicitly.</summary>
        public static string Call(CalleeModel callee, string field, string method, string arguments)
            => callee.CallThrough is null ? $"{field}.{method}({arguments})" : $"(({callee.CallThrough}){field}).{method}({arguments})";
    }
}
