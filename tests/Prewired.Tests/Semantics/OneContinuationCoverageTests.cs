using System.Linq;
using Microsoft.CodeAnalysis;
using Xunit;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// Issue 19: every [FastPath] body hands over to one continuation for the method, none to a continuation per await
    /// (<c>X__Resume0(...)</c>, which repeated the rest of the body for each await).
    /// </summary>
    public sealed class OneContinuationCoverageTests
    {
        private const string PerAwaitMarker = "A continuation per await";

        private static readonly System.Text.RegularExpressions.Regex s_perAwaitContinuation = new(@"__Resume\d+\(", System.Text.RegularExpressions.RegexOptions.CultureInvariant);

        [Fact]
        public void No_body_keeps_a_continuation_per_await()
        {
            var generated = StrictCompiledBodies.For(NullableContextOptions.Enable).Generated;
            var perAwait = generated.Where(g => g.Value.Contains(PerAwaitMarker, System.StringComparison.Ordinal) || s_perAwaitContinuation.IsMatch(g.Value))
                .Select(g => g.Key).OrderBy(n => n, System.StringComparer.Ordinal).ToList();
            Assert.Empty(perAwait);
        }

        /// <summary>
        /// Issue 35: every body that splits hands over to the state machine; none takes an async method as its continuation.
        /// </summary>
        [Fact]
        public void Every_split_body_takes_the_state_machine()
        {
            var generated = StrictCompiledBodies.For(NullableContextOptions.Enable).Generated;
            var asyncForm = generated.Where(g => s_asyncContinuation.IsMatch(g.Value)).Select(g => g.Key).OrderBy(n => n, System.StringComparer.Ordinal).ToList();
            Assert.True(asyncForm.Count == 0, "async form: " + string.Join(", ", asyncForm));
        }

        private static readonly System.Text.RegularExpressions.Regex s_asyncContinuation = new(@"\basync [^\n(]*__Resume(<[^\n(]*>)?\(int __state", System.Text.RegularExpressions.RegexOptions.CultureInvariant);

        /// <summary>
        /// A custom awaiter lives in the state machine's field as the compiler's does: handed over as the synchronous path
        /// asked it (no wrapper struct, no second IsCompleted), and registered with AwaitOnCompleted when it is not an
        /// ICriticalNotifyCompletion.
        /// </summary>
        [Theory]
        [InlineData("B85_CustomAwaitable_PatternCallsOncePerAwait", "AwaitUnsafeOnCompleted")]
        [InlineData("B89_CustomAwaitable_InLoopAfterAnotherAwait", "AwaitUnsafeOnCompleted")]
        [InlineData("B103_NotifyOnlyCustomAwaiterInLoopAndTry", "AwaitOnCompleted")]
        public void Custom_awaiters_live_in_the_state_machine(string body, string registration)
        {
            var generated = StrictCompiledBodies.For(NullableContextOptions.Enable).Generated[body];
            Assert.Contains("__Continuation : global::System.Runtime.CompilerServices.IAsyncStateMachine", generated, System.StringComparison.Ordinal);
            Assert.DoesNotContain("_PendingAwaiter", generated, System.StringComparison.Ordinal);
            Assert.Contains("__builder." + registration + "(ref __pendingAwaiter", generated, System.StringComparison.Ordinal);
            if (registration == "AwaitOnCompleted") Assert.DoesNotContain("AwaitUnsafeOnCompleted", generated, System.StringComparison.Ordinal);
        }

        /// <summary>
        /// A struct's method: the state machine's <c>__this</c> holds the copy the synchronous path worked on (the async
        /// method's state machine holds its own copy too), so the writes after the hand-off go to it and the caller's
        /// struct sees none of them, as with the async method.
        /// </summary>
        [Theory]
        [InlineData("S06_StructMethodWritesThis")]
        [InlineData("S07_StructMethodReadsThis")]
        public void Struct_methods_take_the_state_machine(string body)
        {
            var generated = StrictCompiledBodies.For(NullableContextOptions.Enable).Generated[body];
            Assert.Contains("__Continuation : global::System.Runtime.CompilerServices.IAsyncStateMachine", generated, System.StringComparison.Ordinal);
            Assert.Contains("__machine.__this = this;", generated, System.StringComparison.Ordinal);
        }

        /// <summary>
        /// The continuation receives only what it reads (docs/nativeaot.md): every parameter carrying a body parameter or a live
        /// variable is named by its statements, so none rides in its state machine's box for nothing (the resume point, the
        /// slots and the generated variables, all named __x, stay).
        /// </summary>
        [Fact]
        public void The_continuation_receives_only_what_it_reads()
        {
            var unread = new System.Collections.Generic.List<string>();
            foreach (var (body, text) in StrictCompiledBodies.For(NullableContextOptions.Enable).Generated)
            {
                var root = Microsoft.CodeAnalysis.CSharp.CSharpSyntaxTree.ParseText(text).GetRoot();
                foreach (var method in root.DescendantNodes().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.MethodDeclarationSyntax>().Where(m => m.Identifier.ValueText.EndsWith("__Resume", System.StringComparison.Ordinal)))
                {
                    var named = method.Body!.DescendantTokens().Where(t => t.IsKind(Microsoft.CodeAnalysis.CSharp.SyntaxKind.IdentifierToken)).Select(t => t.ValueText).ToHashSet(System.StringComparer.Ordinal);
                    unread.AddRange(method.ParameterList.Parameters.Select(p => p.Identifier.ValueText).Where(p => !p.StartsWith("__", System.StringComparison.Ordinal) && !named.Contains(p)).Select(p => $"{body}: {p}"));
                }
            }

            Assert.Empty(unread);
        }

        /// <summary>
        /// Shapes added on 2026-12-03 (issue 35 point 1): a using of several resources (written as the nested usings it
        /// stands for), resources nothing reads after the await, and the common guard shapes of pattern variables. Each
        /// splits into the state machine; a forward would pass the differential tests unnoticed, so it is asserted here.
        /// </summary>
        [Theory]
        [InlineData("U10_UsingStatementOfTwoResources")]
        [InlineData("U11_UsingDeclarationOfThreeResources_InLoop")]
        [InlineData("U12_UsingResourcesNotReadAfterTheAwait")]
        [InlineData("B105_PatternVariableGuardsAcrossSeveralAwaits")]
        public void Several_resource_usings_and_pattern_guards_take_the_state_machine(string body)
        {
            var generated = StrictCompiledBodies.For(NullableContextOptions.Enable).Generated[body];
            Assert.DoesNotContain("// Forwarding to", generated, System.StringComparison.Ordinal);
            Assert.Contains("__Continuation : global::System.Runtime.CompilerServices.IAsyncStateMachine", generated, System.StringComparison.Ordinal);
        }

        /// <summary>Switch sections that hold awaits, with label pattern variables (live or not) and locals other sections use.</summary>
        [Theory]
        [InlineData("B09_SwitchPatterns_WhenClauses")]
        [InlineData("B72_SwitchSectionsShareALocal")]
        [InlineData("B93_SwitchAfterAwait_LabelVariablesAndSharedLocal")]
        [InlineData("S28_SwitchExpressionPatternVariablesAndGuard")]
        public void Switch_sections_that_await_take_the_one_continuation(string body)
        {
            var generated = StrictCompiledBodies.For(NullableContextOptions.Enable).Generated[body];
            Assert.DoesNotContain(PerAwaitMarker, generated, System.StringComparison.Ordinal);
            Assert.Matches(@"__Resume\(\s*int __state", generated);
            Assert.Contains("__switch0_", generated, System.StringComparison.Ordinal);
        }

        /// <summary>Pattern variables and deconstructions live across an await: one continuation (a continuation per await before).</summary>
        [Theory]
        [InlineData("B57_PatternVariableAcrossAwait")]
        [InlineData("B90_PatternVariablesLiveInLoopConditionAndNegated")]
        [InlineData("B91_RecursivePatternVariablesLive")]
        [InlineData("B92_DeconstructionsDeclaringLiveState")]
        [InlineData("S01_DeconstructingForEach")]
        public void Live_pattern_variables_and_deconstructions_take_the_one_continuation(string body)
        {
            var generated = StrictCompiledBodies.For(NullableContextOptions.Enable).Generated[body];
            Assert.DoesNotContain(PerAwaitMarker, generated, System.StringComparison.Ordinal);
            Assert.Matches(@"__Resume\(\s*int __state", generated);
        }

        /// <summary>
        /// A lambda, local function or query that captures none of the state machine's fields (static, or over the
        /// continuation's own locals, or declared before the first resume point and only called after it) leaves the
        /// continuation a state machine (issue 19 point 3; the async continuation before, for Polly's ExecuteAsync overloads),
        /// and so do primary constructor parameters the body only reads and base calls with every argument written in
        /// order (through accessors of the type; Npgsql's HstoreConverter, RecordConverter and NpgsqlDataSourceCommand).
        /// </summary>
        [Theory]
        [InlineData("B83_AsyncLambdaDeclaredBeforeSplitAwait")]
        [InlineData("B94_StaticLambdaAfterAwait")]
        [InlineData("B95_LambdaCapturesOnlyALocalNoAwaitOutlives")]
        [InlineData("B98_StaticLocalFunctionAndQueryAfterAwait")]
        [InlineData("B99_PrimaryConstructorParametersReadAfterAwait")]
        [InlineData("B101_BaseCallsAfterAwait")]
        public void Lambdas_capturing_none_of_its_fields_primary_constructor_reads_and_base_calls_keep_the_state_machine(string body)
        {
            var generated = StrictCompiledBodies.For(NullableContextOptions.Enable).Generated[body];
            Assert.Contains("__Continuation : global::System.Runtime.CompilerServices.IAsyncStateMachine", generated, System.StringComparison.Ordinal);
            Assert.DoesNotContain("async global::System.Threading.Tasks", generated, System.StringComparison.Ordinal);
        }

        /// <summary>
        /// A closure that reads the state machine's fields takes them by value (a struct's method cannot capture them, CS1673):
        /// a lambda through a local function that makes it, a local function through its first parameters; a written primary
        /// constructor parameter through an accessor with a setter; a base call with named arguments through an accessor
        /// with the base method's parameter names.
        /// </summary>
        [Theory]
        [InlineData("B96_LambdaCapturesLocalLiveAcrossALaterAwait", "read = __Capture0(a__shared);")]
        [InlineData("B97_LocalFunctionReadsAnInstanceFieldAfterAwait", "Scaled(__this, a)")]
        [InlineData("M10_LambdaInLoop_CapturesIterationAndUnchangedVariables", "__Capture0(scale)")]
        [InlineData("S11_LocalFunctionOfALoopCapturingItsLocal", "int Twice(int step, int v)")]
        [InlineData("B100_PrimaryConstructorParameterWrittenAfterAwait", "{ get => count; set => count = value; }")]
        [InlineData("B102_BaseCallWithNamedArgumentsAfterAwait", "(env: env, x: a)")]
        [InlineData("B104_BasePropertyReadAndWrittenAfterAwait", "{ get => base.Level; set => base.Level = value; }")]
        public void Closures_primary_constructor_writes_and_named_base_calls_take_the_state_machine(string body, string expected)
        {
            var generated = StrictCompiledBodies.For(NullableContextOptions.Enable).Generated[body];
            Assert.Contains("__Continuation : global::System.Runtime.CompilerServices.IAsyncStateMachine", generated, System.StringComparison.Ordinal);
            Assert.Contains(expected, generated, System.StringComparison.Ordinal);
        }
    }
}
