using System.Threading.Tasks;
using Xunit;
using static Prewired.Tests.Analyzers.ConcurrentNextVerifier;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// PW0320 (next runs may overlap on the same context) and PW0321 (a next task nobody observes), at the later or
    /// dropped call, naming that call and the one (or the API) it overlaps.
    /// </summary>
    public sealed class ConcurrentNextTests
    {
        private const string Call = "next(context)";

        private const string Retry = """
                private static Task Retry(Func<Task> action) => action();
            """;

        // ---- Task.WhenAll / Task.WhenAny ----

        [Fact]
        public Task Task_WhenAll_of_two_calls() => VerifyAsync(InBehavior("""
                    await Task.WhenAll(next(context), {|#0:next(context)|});
            """),
            Concurrent(0, Call, Call));

        [Fact]
        public Task Task_WhenAll_names_the_call_still_running() => VerifyAsync(InBehavior("""
                    await Task.WhenAll(next.Invoke(context), {|#0:next(context)|});
            """),
            Concurrent(0, Call, "next.Invoke(context)"));

        [Fact]
        public Task Task_WhenAll_of_three_calls_reports_each_later_call() => VerifyAsync(InBehavior("""
                    await Task.WhenAll(next(context), {|#0:next.Invoke(context)|}, {|#1:next(context)|});
            """),
            Concurrent(0, "next.Invoke(context)", Call),
            Concurrent(1, Call, "next.Invoke(context)"));

        [Fact]
        public Task Task_WhenAny_of_two_calls() => VerifyAsync(InBehavior("""
                    await Task.WhenAny(next(context), {|#0:next(context)|});
            """),
            Concurrent(0, Call, Call));

        [Fact]
        public Task Task_WhenAll_of_an_array() => VerifyAsync(InBehavior("""
                    var tasks = new[] { next(context), {|#0:next(context)|} };
                    await Task.WhenAll(tasks);
            """),
            Concurrent(0, Call, Call));

        [Fact]
        public Task Task_WhenAll_of_a_collection_expression() => VerifyAsync(InBehavior("""
                    Task[] tasks = [next(context), {|#0:next(context)|}];
                    await Task.WhenAll(tasks);
            """),
            Concurrent(0, Call, Call));

        [Fact]
        public Task A_fresh_context_does_not_exempt_a_call_on_the_shared_one() => VerifyAsync(InBehavior("""
                    await Task.WhenAll(next(new Context(1)), {|#0:next(context)|});
            """),
            Concurrent(0, Call, "next(new Context(1))"));

        // ---- a task started and awaited later ----

        [Fact]
        public Task Second_call_while_a_stored_task_is_pending() => VerifyAsync(InBehavior("""
                    var first = next.Invoke(context);
                    var second = {|#0:next(context)|};
                    await first;
                    await second;
            """),
            Concurrent(0, Call, "next.Invoke(context)"));

        [Fact]
        public Task Call_awaited_while_a_stored_task_is_pending() => VerifyAsync(InBehavior("""
                    var pending = next.Invoke(context);
                    await {|#0:next(context)|};
                    await pending;
            """),
            Concurrent(0, Call, "next.Invoke(context)"));

        [Fact]
        public Task Task_awaited_on_one_branch_only_is_still_pending_after_it() => VerifyAsync(InBehavior("""
                    var first = next.Invoke(context);
                    if (_flag)
                    {
                        await first;
                    }

                    await {|#0:next(context)|};
            """),
            Concurrent(0, Call, "next.Invoke(context)"));

        [Fact]
        public Task Task_WhenAny_leaves_the_other_call_running() => VerifyAsync(InBehavior("""
                    await Task.WhenAny(next.Invoke(context), Task.Delay(100));
                    await {|#0:next(context)|};
            """),
            Concurrent(0, Call, "next.Invoke(context)"));

        [Fact]
        public Task Discarded_call_is_still_running_when_the_next_one_starts() => VerifyAsync(InBehavior("""
                    {|#0:next.Invoke(context)|};
                    await {|#1:next(context)|};
            """),
            NotAwaited(0, "next.Invoke(context)"),
            Concurrent(1, Call, "next.Invoke(context)"));

        [Fact]
        public Task Task_WhenAll_of_a_collection_initializer() => VerifyAsync(InBehavior("""
                    await Task.WhenAll(new List<Task> { next.Invoke(context), {|#0:next(context)|} });
            """),
            Concurrent(0, Call, "next.Invoke(context)"));

        // ---- next handed to a thread or a parallel loop ----

        [Fact]
        public Task Task_Run() => VerifyAsync(InBehavior("""
                    await Task.Run(() => {|#0:next(context)|});
            """),
            Concurrent(0, Call, "Task.Run"));

        [Fact]
        public Task Task_Factory_StartNew() => VerifyAsync(InBehavior("""
                    await Task.Factory.StartNew(() => {|#0:next(context)|}).Unwrap();
            """),
            Concurrent(0, Call, "Task.Factory.StartNew"));

        [Fact]
        public Task Parallel_ForEach_reports_the_overlap_not_the_discarded_task() => VerifyAsync(InBehavior("""
                    Parallel.ForEach(Parts, part => {|#0:next(context)|});
            """),
            Concurrent(0, Call, "Parallel.ForEach"));

        [Fact]
        public Task Parallel_ForEachAsync() => VerifyAsync(InBehavior("""
                    await Parallel.ForEachAsync(Parts, async (part, token) => await {|#0:next(context)|});
            """),
            Concurrent(0, Call, "Parallel.ForEachAsync"));

        [Fact]
        public Task Parallel_For() => VerifyAsync(InBehavior("""
                    Parallel.For(0, 3, i => {|#0:next(context)|}.Wait());
            """),
            Concurrent(0, Call, "Parallel.For"));

        [Fact]
        public Task Parallel_Invoke_reports_every_lambda() => VerifyAsync(InBehavior("""
                    Parallel.Invoke(() => {|#0:next(context)|}.Wait(), () => {|#1:next.Invoke(context)|}.Wait());
            """),
            Concurrent(0, Call, "Parallel.Invoke"),
            Concurrent(1, "next.Invoke(context)", "Parallel.Invoke"));

        [Fact]
        public Task New_Thread() => VerifyAsync(InBehavior("""
                    new Thread(() => {|#0:next(context)|}.Wait()).Start();
            """),
            Concurrent(0, Call, "new Thread"));

        [Fact]
        public Task ThreadPool_QueueUserWorkItem() => VerifyAsync(InBehavior("""
                    ThreadPool.QueueUserWorkItem(_ => {|#0:next(context)|}.Wait());
            """),
            Concurrent(0, Call, "ThreadPool.QueueUserWorkItem"));

        // ---- loops and sequences that start several tasks ----

        [Fact]
        public Task Tasks_added_to_a_list_in_a_loop() => VerifyAsync(InBehavior("""
                    var tasks = new List<Task>();
                    foreach (var part in Parts)
                    {
                        tasks.Add({|#0:next(context)|});
                    }

                    await Task.WhenAll(tasks);
            """),
            Concurrent(0, Call, Call));

        [Fact]
        public Task Tasks_stored_in_an_array_in_a_loop() => VerifyAsync(InBehavior("""
                    var tasks = new Task[3];
                    for (var i = 0; i < tasks.Length; i++)
                    {
                        tasks[i] = {|#0:next(context)|};
                    }

                    await Task.WhenAll(tasks);
            """),
            Concurrent(0, Call, Call));

        [Fact]
        public Task Task_stored_in_a_local_then_collected_in_a_loop() => VerifyAsync(InBehavior("""
                    var tasks = new List<Task>();
                    foreach (var part in Parts)
                    {
                        var task = {|#0:next(context)|};
                        tasks.Add(task);
                    }

                    await Task.WhenAll(tasks);
            """),
            Concurrent(0, Call, Call));

        [Fact]
        public Task Loop_that_awaits_only_the_last_task() => VerifyAsync(InBehavior("""
                    var last = Task.CompletedTask;
                    foreach (var part in Parts)
                    {
                        last = {|#0:next(context)|};
                    }

                    await last;
            """),
            Concurrent(0, Call, Call));

        [Fact]
        public Task Select_lambda_given_to_Task_WhenAll() => VerifyAsync(InBehavior("""
                    await Task.WhenAll(Parts.Select(_ => {|#0:next(context)|}));
            """),
            Concurrent(0, Call, Call));

        [Fact]
        public Task Async_Select_lambda_materialized_with_ToList() => VerifyAsync(InBehavior("""
                    var tasks = Parts.Select(async _ => await {|#0:next(context)|}).ToList();
                    await Task.WhenAll(tasks);
            """),
            Concurrent(0, Call, Call));

        [Fact]
        public Task Next_itself_as_the_Select_delegate() => VerifyAsync(InBehavior("""
                    var contexts = new[] { context, context };
                    await Task.WhenAll(contexts.Select({|#0:next|}));
            """),
            Concurrent(0, "next", "next"));

        // ---- behavior shapes ----

        [Fact]
        public Task NServiceBus_shaped_behavior_is_checked_too() => VerifyAsync("""
            namespace NServiceBus.Pipeline
            {
                public interface IBehavior<in TInContext, out TOutContext>
                {
                    Task Invoke(TInContext context, Func<TOutContext, Task> next);
                }

                public interface IIncomingLogicalMessageContext { }
            }

            namespace Sample
            {
                using NServiceBus.Pipeline;

                public sealed class FanOut : IBehavior<IIncomingLogicalMessageContext, IIncomingLogicalMessageContext>
                {
                    public Task Invoke(IIncomingLogicalMessageContext context, Func<IIncomingLogicalMessageContext, Task> next)
                        => Task.WhenAll(next(context), {|#0:next(context)|});
                }
            }
            """,
            ConcurrentOutsidePipeline(0, Call, Call));

        [Fact]
        public Task Inline_behavior_calls_next_Invoke_concurrently() => VerifyAsync("""
            public sealed class Context { }

            public struct Inline : IInlineBehavior<Context, Context>
            {
                public async Task Invoke<TNext>(Context context, TNext next) where TNext : struct, INext<Context>
                {
                    var first = next.Invoke(context);
                    await {|#0:next.Invoke(context)|};
                    await first;
                }
            }
            """,
            Concurrent(0, "next.Invoke(context)", "next.Invoke(context)"));

        [Fact]
        public Task Inline_behavior_discards_next() => VerifyAsync("""
            public sealed class Context { }

            public sealed class Inline : IInlineBehavior<Context, Context>
            {
                public Task Invoke<TNext>(Context context, TNext next) where TNext : struct, INext<Context>
                {
                    {|#0:next.Invoke(context)|};
                    return Task.CompletedTask;
                }
            }
            """,
            NotAwaited(0, "next.Invoke(context)"));

        [Fact]
        public Task Any_parameter_constrained_to_INext() => VerifyAsync("""
            public sealed class Context { }

            public static class FanOut
            {
                public static Task Twice<TNext>(Context context, TNext next) where TNext : INext<Context>
                    => Task.WhenAll(next.Invoke(context), {|#0:next.Invoke(context)|});

                public static Task Once(Context context, INext<Context> next) => Task.WhenAll(next.Invoke(context), {|#1:next.Invoke(context)|});
            }
            """,
            Concurrent(0, "next.Invoke(context)", "next.Invoke(context)"),
            Concurrent(1, "next.Invoke(context)", "next.Invoke(context)"));

        [Fact]
        public Task Explicit_interface_implementation() => VerifyAsync("""
            public sealed class Context { }

            public sealed class Behavior : IBehavior<Context, Context>
            {
                Task IBehavior<Context, Context>.Invoke(Context context, Func<Context, Task> next)
                    => Task.WhenAll(next(context), {|#0:next(context)|});
            }
            """,
            Concurrent(0, Call, Call));

        [Fact]
        public Task Local_function_that_forwards_to_next_counts_as_a_next_call() => VerifyAsync(InBehavior("""
                    Task Forward() => next(context);
                    await Task.WhenAll(Forward(), {|#0:Forward()|});
            """),
            Concurrent(0, "Forward()", "Forward()"));

        [Fact]
        public Task Calls_inside_a_lambda_body_are_checked_on_their_own() => VerifyAsync(InBehavior("""
                    await Retry(async () =>
                    {
                        var first = next.Invoke(context);
                        await {|#0:next(context)|};
                        await first;
                    });
            """, Retry),
            Concurrent(0, Call, "next.Invoke(context)"));

        // ---- PW0321 ----

        [Fact]
        public Task Expression_statement_discards_the_task() => VerifyAsync(InBehavior("""
                    {|#0:next(context)|};
            """),
            NotAwaited(0, Call));

        [Fact]
        public Task Discard_assignment_discards_the_task() => VerifyAsync(InBehavior("""
                    _ = {|#0:next(context)|};
            """),
            NotAwaited(0, Call));

        [Fact]
        public Task Local_never_read_discards_the_task() => VerifyAsync(InBehavior("""
                    var task = {|#0:next(context)|}.ConfigureAwait(false);
                    await Task.Yield();
            """),
            NotAwaited(0, Call));

        [Fact]
        public Task Null_conditional_call_discards_the_task() => VerifyAsync(InBehavior("""
                    {|#0:next?.Invoke(context)|};
            """),
            NotAwaited(0, "next?.Invoke(context)"));

        // ---- no diagnostic ----

        [Fact]
        public Task Sequential_awaits() => VerifyAsync(InBehavior("""
                    await next(context);
                    await next.Invoke(context);
                    if (_flag)
                    {
                        await next(context);
                    }
                    else
                    {
                        await next(context);
                    }
            """));

        [Fact]
        public Task Retry_loop() => VerifyAsync(InBehavior("""
                    for (var attempt = 0; ; attempt++)
                    {
                        try
                        {
                            await next(context);
                            return;
                        }
                        catch (InvalidOperationException) when (attempt < 3)
                        {
                        }
                    }
            """));

        [Fact]
        public Task Replay_with_the_same_context() => VerifyAsync(InBehavior("""
                    await next(context);
                    context.Part++;
                    await next(context);
            """));

        [Fact]
        public Task Returned_task() => VerifyAsync(InBehavior("""
                    if (_flag)
                    {
                        return next(context);
                    }

                    return next.Invoke(context);
            """, isAsync: false));

        [Fact]
        public Task Inline_behavior_returning_next_Invoke() => VerifyAsync("""
            public sealed class Context { }

            public sealed class Inline : IInlineBehavior<Context, Context>
            {
                public Task Invoke<TNext>(Context context, TNext next) where TNext : struct, INext<Context> => next.Invoke(context);
            }
            """);

        [Fact]
        public Task Fan_out_awaiting_each_fresh_context_before_the_next() => VerifyAsync(InBehavior("""
                    foreach (var part in Parts)
                    {
                        await next(new Context(part));
                    }
            """));

        [Fact]
        public Task Stored_task_awaited_before_the_next_call() => VerifyAsync(InBehavior("""
                    var first = next(context);
                    await first;
                    var second = next(context);
                    await second;
            """));

        [Fact]
        public Task Stored_task_awaited_in_a_try_is_complete_in_its_catch() => VerifyAsync(InBehavior("""
                    var first = next(context);
                    try
                    {
                        await first;
                    }
                    catch (InvalidOperationException)
                    {
                        await next(context);
                    }
            """));

        [Fact]
        public Task Stored_task_awaited_in_a_finally() => VerifyAsync(InBehavior("""
                    var first = next(context);
                    try
                    {
                        await Task.Delay(1);
                    }
                    finally
                    {
                        await first;
                    }

                    await next(context);
            """));

        [Fact]
        public Task Collected_tasks_awaited_one_by_one_before_the_next_call() => VerifyAsync(InBehavior("""
                    var tasks = new List<Task> { next(context) };
                    foreach (var task in tasks)
                    {
                        await task;
                    }

                    await next(context);
            """));

        [Fact]
        public Task ConfigureAwait_false() => VerifyAsync(InBehavior("""
                    await next(context).ConfigureAwait(false);
                    await next(context).ConfigureAwait(false);
            """));

        [Fact]
        public Task Task_passed_to_another_method_has_escaped() => VerifyAsync(InBehavior("""
                    await Track(next(context));
                    Track(next(context));
            """));

        [Fact]
        public Task Concurrent_calls_each_with_a_fresh_context() => VerifyAsync(InBehavior("""
                    await Task.WhenAll(next(new Context(1)), next(new Context(2)));
                    await Task.WhenAll(Parts.Select(part => next(new Context(part))));
                    var tasks = new List<Task>();
                    foreach (var part in Parts)
                    {
                        tasks.Add(next(new Context(part) { Part = part }));
                    }

                    await Task.WhenAll(tasks);
            """));

        [Fact]
        public Task One_call_with_other_tasks() => VerifyAsync(InBehavior("""
                    await Task.WhenAll(next(context), Task.Delay(10));
                    await next(context);
            """));

        [Fact]
        public Task Foreach_awaiting_each_task_of_a_Select() => VerifyAsync(InBehavior("""
                    foreach (var task in Parts.Select(_ => next(context)))
                    {
                        await task;
                    }
            """));

        [Fact]
        public Task Func_parameter_of_a_method_that_is_not_a_behavior() => VerifyAsync("""
            public sealed class Context { }

            public sealed class Notifier
            {
                public Task Invoke(Context context, Func<Context, Task> next) => Task.WhenAll(next(context), next(context));

                public void Fire(Context context, Func<Context, Task> callback) => callback(context);
            }
            """);

        [Fact]
        public Task Local_function_awaited_each_time() => VerifyAsync(InBehavior("""
                    async Task Step() => await next(context);
                    await Step();
                    await Step();
            """));

        [Fact]
        public Task Lambda_given_to_a_retry_helper() => VerifyAsync(InBehavior("""
                    await Retry(() => next(context));
            """, Retry));

        [Fact]
        public Task Pragma_warning_disable_hides_PW0320() => VerifyAsync(InBehavior("""
            #pragma warning disable PW0320
                    await Task.WhenAll(next(context), next(context));
            #pragma warning restore PW0320
            """));
    }
}
