using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.Diagnostics;
using Prewired.Analyzers;
using Prewired.Tests.Harness;
using Xunit;
using static Prewired.Tests.Analyzers.ClosureVerifier;
using VerifyCS = Prewired.Tests.Harness.AnalyzerVerifier<Prewired.Analyzers.ClosureAnalyzer>;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// PW0401 (a closure allocated on a fast path) and PW0402 (the same outside a fast path), at the allocating scope's
    /// opening brace (or <c>=&gt;</c>), naming the captured variables and the capturing functions; which of the two is in
    /// <see cref="ClosureSeverityTests"/>. The cases live in <see cref="ClosureCases"/>, where the oracle also
    /// compiles and runs each one.
    /// </summary>
    public sealed class ClosureTests
    {
        // ---- reported ----

        [Fact]
        public Task Blog_Optimized2_parameter_captured_by_a_slow_path_async_local_function() => VerifyAsync(ClosureCases.BlogOptimized2);

        [Fact]
        public Task Lambda_passed_to_Task_Run_in_one_branch() => VerifyAsync(ClosureCases.LambdaInOneBranch);

        [Fact]
        public Task Nested_block_whose_other_branch_exits_early_is_reported_at_its_brace() => VerifyAsync(ClosureCases.NestedBlockWithEarlyExit);

        [Fact]
        public Task Expression_bodied_method_is_reported_at_the_arrow() => VerifyAsync(ClosureCases.ExpressionBodiedMethod);

        [Fact]
        public Task Async_method_allocates_on_its_synchronous_path() => VerifyAsync(ClosureCases.AsyncMethod);

        [Fact]
        public Task Block_local_merged_into_the_method_scope_is_reported_at_the_method() => VerifyAsync(ClosureCases.BlockMergedIntoMethodScope);

        [Fact]
        public Task This_merged_with_a_block_local_is_reported() => VerifyAsync(ClosureCases.ThisMergedWithBlockLocal);

        [Fact]
        public Task Loop_that_may_not_run_leaves_a_path_without_the_lambda() => VerifyAsync(ClosureCases.LoopThatMayNotRun);

        [Fact]
        public Task Foreach_iteration_that_continues_is_reported_at_foreach() => VerifyAsync(ClosureCases.ForEachIterationThatContinues);

        [Fact]
        public Task Capture_in_catch_merges_into_the_method_scope() => VerifyAsync(ClosureCases.CapturedInCatch);

        [Fact]
        public Task Switch_pattern_variable_is_reported_at_the_switch_brace() => VerifyAsync(ClosureCases.SwitchSection);

        [Fact]
        public Task Switch_expression_arm_variable_is_reported_at_the_switch_expression_brace() => VerifyAsync(ClosureCases.SwitchExpressionArm);

        [Fact]
        public Task Lambda_calling_a_capturing_local_function() => VerifyAsync(ClosureCases.LambdaCallingCapturingLocalFunction);

        [Fact]
        public Task Two_scopes_with_different_closures_are_reported_separately() => VerifyAsync(ClosureCases.TwoScopesReportedSeparately);

        [Fact]
        public Task For_variable_merged_into_the_method_scope() => VerifyAsync(ClosureCases.ForVariableMergedIntoMethodScope);

        [Fact]
        public Task While_condition_variable_is_reported_at_while() => VerifyAsync(ClosureCases.WhileConditionVariable);

        [Fact]
        public Task Anonymous_method_is_named_by_its_line() => VerifyAsync(ClosureCases.AnonymousMethod);

        [Fact]
        public Task Two_local_functions_are_both_named() => VerifyAsync(ClosureCases.TwoAsyncLocalFunctions);

        [Fact]
        public Task Local_function_converted_to_a_delegate() => VerifyAsync(ClosureCases.LocalFunctionAsDelegate);

        [Fact]
        public Task Iterator_local_function() => VerifyAsync(ClosureCases.IteratorLocalFunction);

        [Fact]
        public Task Async_lambda_is_checked_as_a_function_of_its_own() => VerifyAsync(ClosureCases.AsyncLambdaScope);

        [Fact]
        public Task Custom_task_like_type() => VerifyAsync(ClosureCases.CustomTaskLikeType);

        // ---- not reported ----

        [Fact]
        public Task This_only_local_function() => VerifyAsync(ClosureCases.ThisOnlyLocalFunction);

        [Fact]
        public Task This_only_lambda() => VerifyAsync(ClosureCases.ThisOnlyLambda);

        [Fact]
        public Task Closure_on_every_path() => VerifyAsync(ClosureCases.ClosureOnEveryPath);

        [Fact]
        public Task Static_local_function() => VerifyAsync(ClosureCases.StaticLocalFunction);

        [Fact]
        public Task Static_lambda() => VerifyAsync(ClosureCases.StaticLambda);

        [Fact]
        public Task Non_async_local_function_called_directly_is_a_struct_closure() => VerifyAsync(ClosureCases.StructClosureCalledDirectly);

        [Fact]
        public Task Nested_scope_the_fast_path_never_enters_is_not_reported_for_the_outer_scope() => VerifyAsync(ClosureCases.NestedScopeNotEntered);

        [Fact]
        public Task Lambda_in_every_iteration() => VerifyAsync(ClosureCases.LambdaInEveryIteration);

        [Fact]
        public Task Only_a_throwing_path_avoids_the_closure() => VerifyAsync(ClosureCases.OnlyThrowAvoidsClosure);

        [Fact]
        public Task Closure_in_finally_is_on_every_path() => VerifyAsync(ClosureCases.ClosureInFinally);

        [Fact]
        public Task Lambda_in_a_non_task_method() => VerifyAsync(ClosureCases.LambdaInNonTaskMethod);

        [Fact]
        public Task Non_task_lambda_in_a_task_method() => VerifyAsync(ClosureCases.NonTaskLambdaInTaskMethod);

        // ---- the diagnostic itself ----

        [Fact]
        public Task Additional_locations_are_the_capturing_functions() => VerifyAsync(ClosureCases.LambdaAndLocalFunction);

        [Fact]
        public async Task Properties_carry_the_variables_and_local_functions_for_the_code_fix()
        {
            var @case = ClosureCases.BlogOptimized2;
            var compilation = TestCompilation.Create(@case.Text);
            var diagnostics = await compilation
                .WithAnalyzers(ImmutableArray.Create<DiagnosticAnalyzer>(new ClosureAnalyzer()))
                .GetAnalyzerDiagnosticsAsync();
            var diagnostic = Assert.Single(diagnostics);
            Assert.Equal("companyId,task,this", diagnostic.Properties[ClosureAnalyzer.VariablesProperty]);
            Assert.Equal("DoGetStockPricesForAsync", diagnostic.Properties[ClosureAnalyzer.LocalFunctionsProperty]);
        }

        /// <summary>
        /// A Debug build keeps the block's display class in the block, but the warning follows the Release build (what
        /// ships), so the IDE (usually Debug) shows the same warnings as CI.
        /// </summary>
        [Fact]
        public Task Debug_build_gets_the_release_verdict()
        {
            var @case = ClosureCases.ThisMergedWithBlockLocal;
            var prepared = Prepare(Usings + @case.Source);
            var test = new VerifyCS.Test
            {
                TestCode = prepared.Markup,
                CompilationSettings = TestCompilationSettings.Default with { Optimization = Microsoft.CodeAnalysis.OptimizationLevel.Debug },
            };
            test.ExpectedDiagnostics.AddRange(@case.Reports.Select(r => Expected(r, prepared)));
            return test.RunAsync();
        }

        [Fact]
        public Task Pragma_suppresses_it() => VerifyCS.VerifyAnalyzerAsync("#pragma warning disable PW0401\n" + ClosureCases.BlogOptimized2.Text);

        [Fact]
        public Task Editorconfig_severity_none_turns_it_off() => new VerifyCS.Test
        {
            TestCode = ClosureCases.BlogOptimized2.Text,
            GlobalConfig = "is_global = true\ndotnet_diagnostic.PW0401.severity = none",
        }.RunAsync();
    }
}
