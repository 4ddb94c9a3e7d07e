using System.Threading.Tasks;
using Microsoft.CodeAnalysis.Testing;
using Prewired.Tests.Harness;
using Xunit;
using static Prewired.Tests.Analyzers.MarkedMethodVerifier;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// PW0201 for an await in unreachable code, in each way C# makes code unreachable, and none for an await that only
    /// looks like it follows a jump. The generator asks the compiler's control-flow analysis only where syntax and
    /// constants say the code may be unreachable (Analysis/Reachability.cs): these cases pin that pre-check.
    /// </summary>
    public sealed class UnreachableAwaitTests
    {
        private const string Unreachable = "it is in unreachable code";

        private static string InStore(string members) => NonTailAwaitTests.InStore(members);

        private static DiagnosticResult PW0201(int location, string what) =>
            Warning("PW0201").WithLocation(location).WithArguments(what, Unreachable, "RunCoreAsync");

        [Fact]
        public Task After_a_return() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync();
                private async Task<int> RunCoreAsync()
                {
                    var first = await LoadAsync();
                    return first;
                    var second = {|#0:await LoadAsync()|};
                    return second;
                }
            """),
            PW0201(0, "await LoadAsync()"));

        [Fact]
        public Task After_a_branch_whose_every_path_throws_or_returns() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(bool flag);
                private async Task<int> RunCoreAsync(bool flag)
                {
                    if (flag) return 1;
                    else throw new InvalidOperationException();
                    {|#0:await StepAsync()|};
                    return 2;
                }
            """),
            PW0201(0, "await StepAsync()"));

        [Fact]
        public Task Under_a_constant_condition() => VerifyAsync(InStore("""
                private const bool Enabled = false;

                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync();
                private async Task<int> RunCoreAsync()
                {
                    var result = await LoadAsync();
                    if (Enabled)
                    {
                        result = {|#0:await LoadAsync()|};
                    }

                    return result;
                }
            """),
            PW0201(0, "await LoadAsync()"));

        [Fact]
        public Task In_a_switch_section_a_constant_never_reaches() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial ValueTask RunAsync();
                private async ValueTask RunCoreAsync()
                {
                    switch (2)
                    {
                        case 1:
                            {|#0:await StepAsync()|};
                            break;
                        case 2:
                            await StepAsync();
                            break;
                    }
                }
            """),
            PW0201(0, "await StepAsync()"));

        [Fact]
        public Task After_a_loop_that_never_ends() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial ValueTask RunAsync();
                private async ValueTask RunCoreAsync()
                {
                    await StepAsync();
                    while (true)
                    {
                    }

                    {|#0:await StepAsync()|};
                }
            """),
            PW0201(0, "await StepAsync()"));

        [Fact]
        public Task Reachable_awaits_after_conditional_jumps_are_split() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync(int key);
                private async Task<int> RunCoreAsync(int key)
                {
                    if (key < 0) return 0;
                    var first = await LoadAsync();
                    switch (key)
                    {
                        case 1:
                            return first;
                        default:
                            first += key;
                            break;
                    }

                    while (first > 100)
                    {
                        first /= 2;
                    }

                    var second = await LoadAsync();
                    return first + second;
                }
            """));
    }
}
