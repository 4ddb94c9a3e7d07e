using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using System.Threading.Tasks.Sources;

namespace Prewired.Tests.Semantics
{
    /// <summary>How the awaitable an await site asks for completes.</summary>
    public enum Mode
    {
        /// <summary>Already completed with its value (for a ValueTask, without any task behind it).</summary>
        SyncSuccess,

        /// <summary>Pending; the driver completes it with its value later.</summary>
        AsyncSuccess,

        /// <summary>Already faulted with an InvalidOperationException with a unique message.</summary>
        SyncFault,

        /// <summary>Pending; later faulted with an InvalidOperationException with a unique message.</summary>
        AsyncFault,

        /// <summary>Already canceled (TaskCompletionSource.SetCanceled with a canceled token).</summary>
        SyncCanceled,

        /// <summary>Pending; later canceled with a canceled token.</summary>
        AsyncCanceled,

        /// <summary>Already faulted with an OperationCanceledException whose token was never canceled.</summary>
        SyncOceFault,

        /// <summary>Pending; later faulted with an OperationCanceledException whose token was never canceled.</summary>
        AsyncOceFault,

        /// <summary>Already faulted with two InvalidOperationExceptions.</summary>
        SyncMultiFault,

        /// <summary>Pending; later faulted with two InvalidOperationExceptions.</summary>
        AsyncMultiFault,

        /// <summary>ValueTask sites only: an IValueTaskSource (ManualResetValueTaskSourceCore) completed later with its value.</summary>
        AsyncVtsSuccess,

        /// <summary>ValueTask sites only: an IValueTaskSource completed later with an InvalidOperationException.</summary>
        AsyncVtsFault,
    }

    public static class Modes
    {
        public static bool IsAsync(this Mode mode) => mode is Mode.AsyncSuccess or Mode.AsyncFault or Mode.AsyncCanceled
            or Mode.AsyncOceFault or Mode.AsyncMultiFault or Mode.AsyncVtsSuccess or Mode.AsyncVtsFault;

        public static bool IsValueTaskSource(this Mode mode) => mode is Mode.AsyncVtsSuccess or Mode.AsyncVtsFault;
    }

    /// <summary>
    /// The controllable environment a compiled body runs against ("the script"): every await site asks it for its
    /// awaitable by number, and it hands out one completing in the mode the scenario chose for that site. Pending ones
    /// are queued and completed one at a time, in FIFO order, by the driver after the call returned. It also keeps the
    /// ordered log of side effects (each entry with the SynchronizationContext and AsyncLocal value it ran under) and
    /// the exceptions it injected, so an outcome can say whether an exception is the very object the environment made.
    /// </summary>
    public sealed class Env
    {
        /// <summary>The AsyncLocal bodies set and the log reports: the ExecutionContext made visible.</summary>
        public static readonly AsyncLocal<string?> Flow = new();

        /// <summary>An AsyncLocal whose change notifications (including ExecutionContext switches) go to the log of the
        /// environment its value belongs to: it shows every restore and switch of the ExecutionContext.</summary>
        public static readonly AsyncLocal<Tracked?> Notified = new(OnNotified);

        private static readonly CancellationToken s_canceledToken = new(canceled: true);
        private readonly CancellationTokenSource _neverCanceled = new();
        private readonly Func<int, Mode> _modeOf;
        private readonly List<string> _log = new();
        private readonly List<Exception> _injected = new();
        private readonly HashSet<Task> _tasks = new(ReferenceEqualityComparer.Instance);
        private readonly Queue<PendingSite> _pending = new();
        private readonly ConcurrentQueue<(RecordingSynchronizationContext Context, SendOrPostCallback Callback, object? State)> _posted = new();
        private int _faultCounter;

        public Env(Func<int, Mode> modeOf)
        {
            _modeOf = modeOf;
            CallerContext = new RecordingSynchronizationContext(this, "caller");
            BodyContext = new RecordingSynchronizationContext(this, "body");
        }

        /// <summary>The recording context a caller installs before the call (in the "caller context" setting).</summary>
        public RecordingSynchronizationContext CallerContext { get; }

        /// <summary>A second recording context bodies may install themselves with SetSynchronizationContext.</summary>
        public RecordingSynchronizationContext BodyContext { get; }

        /// <summary>A token that is never canceled.</summary>
        public CancellationToken Token => _neverCanceled.Token;

        /// <summary>Released whenever something happens the driver may have to act on.</summary>
        internal SemaphoreSlim Signal { get; } = new(0);

        // ---- await sites -------------------------------------------------------------------------------------------

        /// <summary>Await site <paramref name="site"/> awaiting a <see cref="Task"/>.</summary>
        public Task T(int site)
        {
            Begin(site, "Task", out var mode);
            return mode == Mode.SyncSuccess ? Task.CompletedTask : MakeTask(site, mode, true);
        }

        /// <summary>Await site <paramref name="site"/> awaiting a <see cref="Task{TResult}"/> that yields <paramref name="value"/>.</summary>
        public Task<TResult> TR<TResult>(int site, TResult value)
        {
            Begin(site, "Task<" + typeof(TResult).Name + ">", out var mode);
            return mode == Mode.SyncSuccess ? Task.FromResult(value) : MakeTask(site, mode, value);
        }

        /// <summary>Await site <paramref name="site"/> awaiting a <see cref="ValueTask"/>.</summary>
        public ValueTask V(int site)
        {
            Begin(site, "ValueTask", out var mode);
            if (mode == Mode.SyncSuccess) return default;
            if (mode.IsValueTaskSource())
            {
                var source = new VtsSource<bool>();
                Enqueue(site, mode, () => Complete(source, mode, true, site));
                return new ValueTask(source, source.Version);
            }

            return new ValueTask(MakeTask<bool>(site, mode, true));
        }

        /// <summary>Await site <paramref name="site"/> awaiting a <see cref="ValueTask{TResult}"/> that yields <paramref name="value"/>.</summary>
        public ValueTask<TResult> VR<TResult>(int site, TResult value)
        {
            Begin(site, "ValueTask<" + typeof(TResult).Name + ">", out var mode);
            if (mode == Mode.SyncSuccess) return new ValueTask<TResult>(value);
            if (mode.IsValueTaskSource())
            {
                var source = new VtsSource<TResult>();
                Enqueue(site, mode, () => Complete(source, mode, value, site));
                return new ValueTask<TResult>(source, source.Version);
            }

            return new ValueTask<TResult>(MakeTask(site, mode, value));
        }

        /// <summary>
        /// Await site <paramref name="site"/> awaiting a custom awaitable (not a task type) over a task in the site's mode.
        /// Its GetAwaiter, IsCompleted and OnCompleted calls are logged: an async method makes each exactly once per await.
        /// </summary>
        public ScriptAwaitable<TResult> C<TResult>(int site, TResult value)
        {
            Begin(site, "Custom<" + typeof(TResult).Name + ">", out var mode);
            return new ScriptAwaitable<TResult>(this, site, mode == Mode.SyncSuccess ? Task.FromResult(value) : MakeTask(site, mode, value));
        }

        /// <summary>
        /// As <see cref="C{TResult}"/>, with an awaiter that implements INotifyCompletion only: the builder is told through
        /// AwaitOnCompleted, which flows the ExecutionContext itself, and the awaiter's OnCompleted is called (logged).
        /// </summary>
        public NotifyOnlyAwaitable<TResult> CN<TResult>(int site, TResult value) => new(C(site, value));

        // ---- side effects and injected exceptions ------------------------------------------------------------------

        /// <summary>Records <paramref name="text"/> with the SynchronizationContext and AsyncLocal value it runs under.</summary>
        public void Log(string text) => Record($"{text} | ctx={ContextName(SynchronizationContext.Current)} flow={Flow.Value ?? "null"}");

        /// <summary>A new InvalidOperationException the environment remembers as injected (for a body to throw).</summary>
        public InvalidOperationException Ioe(string text) => Inject(new InvalidOperationException(text));

        /// <summary>A new OperationCanceledException with a never-canceled token, remembered as injected.</summary>
        public OperationCanceledException Oce(string text) => Inject(new OperationCanceledException(text, Token));

        public sealed record Tracked(Env Env, string Text);

        private static void OnNotified(AsyncLocalValueChangedArgs<Tracked?> change)
        {
            var env = change.CurrentValue?.Env ?? change.PreviousValue?.Env;
            env?.Record($"[notify {change.PreviousValue?.Text ?? "null"} -> {change.CurrentValue?.Text ?? "null"}{(change.ThreadContextChanged ? ", context switch" : string.Empty)}]");
        }

        /// <summary>Sets the AsyncLocal from a method outside the compiled code (the generator cannot see inside it).</summary>
        public void SetFlow(string? value) => Flow.Value = value;

        internal IReadOnlyList<string> Entries
        {
            get { lock (_log) return _log.ToArray(); }
        }

        internal bool IsEnvironmentTask(Task task)
        {
            lock (_tasks) return _tasks.Contains(task);
        }

        internal string Describe(Exception exception)
        {
            int index;
            lock (_injected) index = _injected.IndexOf(exception);
            var identity = index >= 0 ? $"injected#{index}" : "not injected";
            var token = exception is OperationCanceledException oce ? $", token canceled={oce.CancellationToken.IsCancellationRequested}" : string.Empty;
            return $"{exception.GetType().Name}: '{exception.Message}' [{identity}{token}]";
        }

        /// <summary>
        /// Set once the caller has taken its observation of the call (status at return, contexts). Work the method
        /// queued to the thread pool (Task.Yield without a context, ForceYielding) waits for it before touching the
        /// environment, so the caller's view is not a race between threads, for the original method and the generated
        /// one alike.
        /// </summary>
        internal ManualResetEventSlim CallerObserved { get; } = new(initialState: false);

        internal void Record(string entry)
        {
            if (Thread.CurrentThread.IsThreadPoolThread && !CallerObserved.IsSet) CallerObserved.Wait(TimeSpan.FromSeconds(10));
            lock (_log) _log.Add(entry);
        }

        internal static string ContextName(SynchronizationContext? context) => context switch
        {
            null => "none",
            RecordingSynchronizationContext recording => recording.Name,
            _ => "other:" + context.GetType().Name,
        };

        // ---- what the driver uses ------------------------------------------------------------------------------------

        internal bool TryDequeuePosted(out (RecordingSynchronizationContext Context, SendOrPostCallback Callback, object? State) item) => _posted.TryDequeue(out item);

        internal bool TryDequeuePending(out PendingSite site)
        {
            lock (_pending) return _pending.TryDequeue(out site);
        }

        internal void Post(RecordingSynchronizationContext context, SendOrPostCallback callback, object? state)
        {
            Record($"[post {context.Name}]");
            _posted.Enqueue((context, callback, state));
            Signal.Release();
        }

        private void Begin(int site, string kind, out Mode mode)
        {
            mode = _modeOf(site);
            if (mode.IsValueTaskSource() && !kind.StartsWith("ValueTask", StringComparison.Ordinal))
            {
                mode = mode == Mode.AsyncVtsSuccess ? Mode.AsyncSuccess : Mode.AsyncFault;
            }

            Log($"site#{site} {kind} {mode}");
        }

        private T Inject<T>(T exception) where T : Exception
        {
            lock (_injected) _injected.Add(exception);
            return exception;
        }

        private string NextMessage(int site) => $"fault@{site}#{Interlocked.Increment(ref _faultCounter)}";

        private Task<TResult> MakeTask<TResult>(int site, Mode mode, TResult value)
        {
            var source = new TaskCompletionSource<TResult>();
            lock (_tasks) _tasks.Add(source.Task);
            if (mode.IsAsync())
            {
                Enqueue(site, mode, () => Complete(source, mode, value, site));
            }
            else
            {
                Complete(source, mode, value, site);
            }

            return source.Task;
        }

        private void Enqueue(int site, Mode mode, Action complete)
        {
            lock (_pending) _pending.Enqueue(new PendingSite(site, mode, complete));
            Signal.Release();
        }

        private void Complete<TResult>(TaskCompletionSource<TResult> source, Mode mode, TResult value, int site)
        {
            switch (mode)
            {
                case Mode.SyncSuccess or Mode.AsyncSuccess or Mode.AsyncVtsSuccess:
                    source.SetResult(value);
                    break;
                case Mode.SyncFault or Mode.AsyncFault or Mode.AsyncVtsFault:
                    source.SetException(Ioe(NextMessage(site)));
                    break;
                case Mode.SyncCanceled or Mode.AsyncCanceled:
                    source.SetCanceled(s_canceledToken);
                    break;
                case Mode.SyncOceFault or Mode.AsyncOceFault:
                    source.SetException(Oce(NextMessage(site)));
                    break;
                case Mode.SyncMultiFault or Mode.AsyncMultiFault:
                    source.SetException(new Exception[] { Ioe(NextMessage(site)), Ioe(NextMessage(site)) });
                    break;
                default:
                    throw new ArgumentOutOfRangeException(nameof(mode), mode, null);
            }
        }

        private void Complete<TResult>(VtsSource<TResult> source, Mode mode, TResult value, int site)
        {
            if (mode == Mode.AsyncVtsSuccess)
            {
                source.SetResult(value);
            }
            else
            {
                source.SetException(Ioe(NextMessage(site)));
            }
        }

        internal readonly record struct PendingSite(int Site, Mode Mode, Action Complete);
    }

    /// <summary>An awaitable that is not a task type, logging what the await pattern calls on it.</summary>
    public readonly struct ScriptAwaitable<TResult>
    {
        private readonly Env _env;
        private readonly int _site;
        private readonly Task<TResult> _task;

        internal ScriptAwaitable(Env env, int site, Task<TResult> task)
        {
            _env = env;
            _site = site;
            _task = task;
        }

        public ScriptAwaiter<TResult> GetAwaiter()
        {
            _env.Log($"GetAwaiter site#{_site}");
            return new ScriptAwaiter<TResult>(_env, _site, _task.GetAwaiter());
        }
    }

    public readonly struct ScriptAwaiter<TResult> : System.Runtime.CompilerServices.ICriticalNotifyCompletion
    {
        private readonly Env _env;
        private readonly int _site;
        private readonly System.Runtime.CompilerServices.TaskAwaiter<TResult> _awaiter;

        internal ScriptAwaiter(Env env, int site, System.Runtime.CompilerServices.TaskAwaiter<TResult> awaiter)
        {
            _env = env;
            _site = site;
            _awaiter = awaiter;
        }

        public bool IsCompleted
        {
            get
            {
                var completed = _awaiter.IsCompleted;
                _env.Log($"IsCompleted site#{_site} = {completed}");
                return completed;
            }
        }

        public TResult GetResult()
        {
            _env.Log($"GetResult site#{_site}");
            return _awaiter.GetResult();
        }

        public void OnCompleted(Action continuation)
        {
            _env.Log($"OnCompleted site#{_site}");
            _awaiter.OnCompleted(continuation);
        }

        public void UnsafeOnCompleted(Action continuation)
        {
            _env.Log($"UnsafeOnCompleted site#{_site}");
            _awaiter.UnsafeOnCompleted(continuation);
        }
    }

    /// <summary>A custom awaitable whose awaiter is not an ICriticalNotifyCompletion (<see cref="Env.CN{TResult}"/>).</summary>
    public readonly struct NotifyOnlyAwaitable<TResult>
    {
        private readonly ScriptAwaitable<TResult> _inner;

        internal NotifyOnlyAwaitable(ScriptAwaitable<TResult> inner) => _inner = inner;

        public NotifyOnlyAwaiter<TResult> GetAwaiter() => new(_inner.GetAwaiter());
    }

    public readonly struct NotifyOnlyAwaiter<TResult> : System.Runtime.CompilerServices.INotifyCompletion
    {
        private readonly ScriptAwaiter<TResult> _awaiter;

        internal NotifyOnlyAwaiter(ScriptAwaiter<TResult> awaiter) => _awaiter = awaiter;

        public bool IsCompleted => _awaiter.IsCompleted;

        public TResult GetResult() => _awaiter.GetResult();

        public void OnCompleted(Action continuation) => _awaiter.OnCompleted(continuation);
    }

    /// <summary>
    /// A single-threaded SynchronizationContext: Post queues to the environment, which the driver pumps in order with
    /// this context installed. Every Post is recorded in the environment's log.
    /// </summary>
    public sealed class RecordingSynchronizationContext : SynchronizationContext
    {
        private readonly Env _env;

        internal RecordingSynchronizationContext(Env env, string name)
        {
            _env = env;
            Name = name;
        }

        public string Name { get; }

        public override void Post(SendOrPostCallback d, object? state) => _env.Post(this, d, state);

        public override void Send(SendOrPostCallback d, object? state)
        {
            _env.Record($"[send {Name}]");
            d(state);
        }

        public override SynchronizationContext CreateCopy() => this;
    }

    /// <summary>An IValueTaskSource completed by the driver; continuations run inline unless a context was captured.</summary>
    internal sealed class VtsSource<TResult> : IValueTaskSource<TResult>, IValueTaskSource
    {
        private ManualResetValueTaskSourceCore<TResult> _core;

        public short Version => _core.Version;

        public void SetResult(TResult value) => _core.SetResult(value);

        public void SetException(Exception exception) => _core.SetException(exception);

        public TResult GetResult(short token) => _core.GetResult(token);

        void IValueTaskSource.GetResult(short token) => _core.GetResult(token);

        public ValueTaskSourceStatus GetStatus(short token) => _core.GetStatus(token);

        public void OnCompleted(Action<object?> continuation, object? state, short token, ValueTaskSourceOnCompletedFlags flags)
            => _core.OnCompleted(continuation, state, token, flags);
    }
}
