using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// What the compiled code of one body exposes to the test: the original async body, the [FastPath] method, and the
    /// [TailAwait] method when the body has one, each called and observed the same way.
    /// </summary>
    public interface ISemanticsCase
    {
        Observation Original(Env env, int v);

        Observation Fast(Env env, int v);

        /// <summary>Null when the body has no [TailAwait] variant.</summary>
        Observation? Tail(Env env, int v);
    }

    /// <summary>
    /// Called by the compiled adapters right after the call returns: the first thing each overload does is read what the
    /// caller now sees of the AsyncLocal and SynchronizationContext.Current, before touching the task.
    /// </summary>
    public static class Observer
    {
        public static Observation Of(Env env, Task task)
        {
            var after = CallerView.Capture();
            return new Observation(env, after, Status(task), task, task, () => null);
        }

        public static Observation Of<TResult>(Env env, Task<TResult> task)
        {
            var after = CallerView.Capture();
            return new Observation(env, after, Status(task), task, task, () => Format(task.Result));
        }

        public static Observation Of(Env env, ValueTask task)
        {
            var after = CallerView.Capture();
            var atReturn = Status(task.IsCompleted, task.IsCompletedSuccessfully, task.IsFaulted, task.IsCanceled);
            return new Observation(env, after, atReturn, task.AsTask(), null, () => null);
        }

        public static Observation Of<TResult>(Env env, ValueTask<TResult> task)
        {
            var after = CallerView.Capture();
            var atReturn = Status(task.IsCompleted, task.IsCompletedSuccessfully, task.IsFaulted, task.IsCanceled);
            var asTask = task.AsTask();
            return new Observation(env, after, atReturn, asTask, null, () => Format(asTask.Result));
        }

        internal static string Format(object? value) => value switch
        {
            null => "null",
            string s => "\"" + s + "\"",
            IFormattable f => f.ToString(null, CultureInfo.InvariantCulture) + " (" + value.GetType().Name + ")",
            System.Collections.IEnumerable items => "[" + string.Join(", ", items.Cast<object?>().Select(Format)) + "] (" + value.GetType().Name + ")",
            _ => value.ToString() + " (" + value.GetType().Name + ")",
        };

        private static string Status(Task task) => Status(task.IsCompleted, task.IsCompletedSuccessfully, task.IsFaulted, task.IsCanceled);

        private static string Status(bool completed, bool succeeded, bool faulted, bool canceled)
            => !completed ? "Pending" : succeeded ? "RanToCompletion" : faulted ? "Faulted" : canceled ? "Canceled" : "?";
    }

    /// <summary>The caller's view of the contexts at one moment.</summary>
    public readonly record struct CallerView(string Flow, string Context, bool FlowSuppressed)
    {
        public static CallerView Capture() => new(
            Env.Flow.Value ?? "null",
            Env.ContextName(SynchronizationContext.Current),
            ExecutionContext.IsFlowSuppressed());

        public override string ToString() => $"flow={Flow} ctx={Context} flowSuppressed={FlowSuppressed}";
    }

    /// <summary>One call of one method under observation until its task completes.</summary>
    public sealed class Observation
    {
        private readonly Env _env;
        private readonly Func<string?> _result;
        private int _done;

        internal Observation(Env env, CallerView after, string atReturn, Task task, Task? rawTask, Func<string?> result)
        {
            _env = env;
            AfterCall = after;
            AtReturn = atReturn;
            Task = task;
            RawTask = rawTask;
            _result = result;
            ReturnedEnvironmentTask = env.IsEnvironmentTask(task);
            // Decided by the status seen at return, not now: a thread-pool continuation may complete the task in
            // between, and the caller's completion must still be logged (ContinueWith runs inline if it already did).
            if (atReturn != "Pending")
            {
                _done = 1;
            }
            else
            {
                task.ContinueWith(
                    static (_, state) => ((Observation)state!).OnCompleted(),
                    this,
                    CancellationToken.None,
                    TaskContinuationOptions.ExecuteSynchronously,
                    TaskScheduler.Default);
            }
        }

        public CallerView AfterCall { get; }

        public string AtReturn { get; }

        /// <summary>The returned task (for a ValueTask, what AsTask gave right after the call).</summary>
        public Task Task { get; }

        /// <summary>The returned Task object itself (null for ValueTask returns).</summary>
        public Task? RawTask { get; }

        /// <summary>Whether the caller got a task the environment created (the awaited task itself).</summary>
        public bool ReturnedEnvironmentTask { get; }

        internal bool Done => Volatile.Read(ref _done) == 1;

        internal Outcome ToOutcome(string? threw, IReadOnlyList<string> log, string? sameTaskTwice)
        {
            string? result = null;
            string? exception = null;
            if (Task.IsCompletedSuccessfully)
            {
                result = _result();
            }
            else if (Task.IsCompleted)
            {
                try
                {
                    Task.GetAwaiter().GetResult();
                }
                catch (Exception e)
                {
                    exception = _env.Describe(e);
                }
            }

            var inner = Task.Exception?.InnerExceptions.Select(_env.Describe).ToArray() ?? Array.Empty<string>();
            return new Outcome(new List<(string, string)>
            {
                ("SynchronousThrow", threw ?? "none"),
                ("CallerAfterCall", AfterCall.ToString()),
                ("StatusAtReturn", AtReturn),
                ("FinalStatus", Task.IsCompleted ? Task.Status.ToString() : "NeverCompleted"),
                ("Result", result ?? "-"),
                ("AwaitThrows", exception ?? "-"),
                ("TaskExceptions", inner.Length == 0 ? "-" : string.Join(" ; ", inner)),
                ("ReturnedAwaitedTask", ReturnedEnvironmentTask ? "yes" : "no"),
                ("SameTaskObjectTwice", sameTaskTwice ?? "-"),
            }, log);
        }

        private void OnCompleted()
        {
            _env.Log("(caller sees completion)");
            Volatile.Write(ref _done, 1);
            _env.Signal.Release();
        }
    }

    /// <summary>Everything compared between the original body and a generated method, in a fixed order.</summary>
    public sealed class Outcome
    {
        public Outcome(List<(string Field, string Value)> fields, IReadOnlyList<string> log)
        {
            Fields = fields;
            Log = log;
        }

        public List<(string Field, string Value)> Fields { get; }

        public IReadOnlyList<string> Log { get; }

        public string this[string field] => Fields.First(f => f.Field == field).Value;

        public Outcome With(string field, string value)
        {
            var fields = Fields.Select(f => f.Field == field ? (f.Field, value) : f).ToList();
            return new Outcome(fields, Log);
        }

        public Outcome WithLog(IReadOnlyList<string> log) => new(Fields, log);

        public IEnumerable<string> Differences(Outcome other)
        {
            foreach (var ((field, mine), (_, theirs)) in Fields.Zip(other.Fields))
            {
                if (mine != theirs) yield return field;
            }

            if (!Log.SequenceEqual(other.Log)) yield return "Log";
        }
    }
}
