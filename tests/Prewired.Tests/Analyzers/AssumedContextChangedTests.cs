using System.Threading.Tasks;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using static Prewired.Tests.Analyzers.MarkedMethodVerifier;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// PW0203 (warning): a body whose mark says <c>AssumeContextUnchanged = true</c> changes a context itself, so without
    /// the guard the change would reach the caller. Only with the option: the same body without it is guarded and quiet.
    /// </summary>
    public sealed class AssumedContextChangedTests
    {
        private static string InStore(string members) => "using System.Globalization;\n" + NonTailAwaitTests.InStore("""
                private static readonly AsyncLocal<int> Depth = new();
            """ + members);

        private static DiagnosticResult PW0203(int location, string member, string context, string marked = "RunAsync") =>
            Warning("PW0203").WithLocation(location).WithArguments(member, context, marked);

        [Fact]
        public Task Each_visible_change_is_reported_at_its_statement() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync), AssumeContextUnchanged = true)]
                public partial Task<int> RunAsync();
                private async Task<int> RunCoreAsync()
                {
                    {|#0:Depth.Value = 1|};
                    {|#1:SynchronizationContext.SetSynchronizationContext(null)|};
                    var flow = {|#2:ExecutionContext.SuppressFlow()|};
                    {|#3:CultureInfo.CurrentCulture = CultureInfo.InvariantCulture|};
                    var value = await LoadAsync();
                    {|#4:flow.Undo()|};
                    return value;
                }
            """),
            PW0203(0, "AsyncLocal.Value", "ExecutionContext (an AsyncLocal value)"),
            PW0203(1, "SynchronizationContext.SetSynchronizationContext", "SynchronizationContext"),
            PW0203(2, "ExecutionContext.SuppressFlow", "ExecutionContext"),
            PW0203(3, "CultureInfo.CurrentCulture", "ExecutionContext (the current culture)"),
            PW0203(4, "AsyncFlowControl.Undo", "ExecutionContext"));

        [Fact]
        public Task TailAwait_with_the_option_is_checked_too() => VerifyAsync(InStore("""
                [TailAwait(nameof(GetCoreAsync), AssumeContextUnchanged = true)]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync()
                {
                    {|#0:Depth.Value++|};
                    return await LoadAsync();
                }
            """),
            PW0203(0, "AsyncLocal.Value", "ExecutionContext (an AsyncLocal value)", "GetAsync"));

        [Fact]
        public Task Without_the_option_the_guard_restores_and_nothing_is_reported() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync))]
                public partial Task<int> RunAsync();
                private async Task<int> RunCoreAsync()
                {
                    Depth.Value = 1;
                    SynchronizationContext.SetSynchronizationContext(null);
                    return await LoadAsync();
                }
            """));

        [Fact]
        public Task Changes_inside_lambdas_and_reads_are_not_reported() => VerifyAsync(InStore("""
                [FastPath(nameof(RunCoreAsync), AssumeContextUnchanged = true)]
                public partial Task<int> RunAsync();
                private async Task<int> RunCoreAsync()
                {
                    var depth = Depth.Value;
                    await Task.Run(() => { Depth.Value = 2; });
                    return depth + await LoadAsync();
                }
            """));
    }
}
