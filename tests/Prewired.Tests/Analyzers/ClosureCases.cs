using System;
using System.Collections.Immutable;
using System.Linq;
using System.Reflection;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// Every PW0401 test case, shared by the analyzer tests (<see cref="ClosureTests"/>: exact reports) and the
    /// allocation oracle (<see cref="ClosureOracleTests"/>: the compiled fast path allocates exactly when it is reported).
    /// A fast path must not allocate for any other reason: cached tasks, static instances, no boxing, no growth.
    /// </summary>
    public static class ClosureCases
    {
        /// <summary>Every case, by name (the public static properties of this class).</summary>
        /// <remarks>Built on first use: static initializers run in text order, and the cases come after this.</remarks>
        public static ImmutableDictionary<string, ClosureCase> All => s_all.Value;

        private static readonly Lazy<ImmutableDictionary<string, ClosureCase>> s_all = new(() => typeof(ClosureCases)
            .GetProperties(BindingFlags.Public | BindingFlags.Static)
            .Where(p => p.PropertyType == typeof(ClosureCase))
            .Select(p => (ClosureCase)p.GetValue(null)!)
            .ToImmutableDictionary(c => c.Name));

        private const string StockPrices = """
            public sealed class StockPrices
            {
                private readonly Dictionary<string, decimal> _prices = new() { ["MSFT"] = 42m };

                private Task InitializeMapIfNeededAsync() => Task.CompletedTask;

                private decimal DoGetPriceFromCache(string companyId) => _prices[companyId];

            """;

        // ---- reported ----

        /// <summary>The seed blog's GetStockPriceWithValueTaskAsync_Optimized2, as written there.</summary>
        public static ClosureCase BlogOptimized2 { get; } = new("BlogOptimized2", StockPrices + """
                public ValueTask<decimal> GetStockPriceWithValueTaskAsync_Optimized2(string companyId)
                {|#0:{|}
                    // Oops! This will lead to a closure allocation at the beginning of the method!
                    var task = InitializeMapIfNeededAsync();

                    // Optimizing for a common case: no async machinery involved.
                    if (task.IsCompleted)
                    {
                        return new ValueTask<decimal>(DoGetPriceFromCache(companyId));
                    }

                    return DoGetStockPricesForAsync();

                    async ValueTask<decimal> DoGetStockPricesForAsync()
                    {
                        await task;
                        return DoGetPriceFromCache(companyId);
                    }
                }
            }
            """, "_ = Prices.GetStockPriceWithValueTaskAsync_Optimized2(\"MSFT\");")
        {
            Setup = "private static readonly StockPrices Prices = new();",
            Reports = [new(0, "'companyId', 'task' and 'this'", "'DoGetStockPricesForAsync'") { FastPath = true }],
        };

        public static ClosureCase LambdaInOneBranch { get; } = new("LambdaInOneBranch", """
            public static class Reports
            {
                private static readonly Task<int> Empty = Task.FromResult(0);

                private static int Render(int id) => id * 2;

                public static Task<int> RenderAsync(int id)
                {|#0:{|}
                    if (id == 0)
                    {
                        return Empty;
                    }

                    return Task.Run({|#1:() => Render(id)|});
                }
            }
            """, "_ = Reports.RenderAsync(0);")
        {
            Reports = [new(0, "'id'", "the lambda at line {#1}")],
        };

        /// <summary>The block's local is allocated on entry to the block, before the branch that returns early.</summary>
        public static ClosureCase NestedBlockWithEarlyExit { get; } = new("NestedBlockWithEarlyExit", """
            public static class Exporter
            {
                private static int Write(int count) => count;

                public static Task ExportAsync(int[] items, bool flush)
                {
                    if (items.Length > 0)
                    {|#0:{|}
                        var count = items.Length;
                        if (!flush)
                        {
                            return Task.CompletedTask;
                        }

                        return Task.Run({|#1:() => Write(count)|});
                    }

                    return Task.CompletedTask;
                }
            }
            """, "_ = Exporter.ExportAsync(Items, flush: false);")
        {
            Setup = "private static readonly int[] Items = { 1, 2 };",
            Reports = [new(0, "'count'", "the lambda at line {#1}")],
        };

        public static ClosureCase ExpressionBodiedMethod { get; } = new("ExpressionBodiedMethod", """
            public static class Doubler
            {
                private static readonly Task<int> Invalid = Task.FromResult(-1);

                public static Task<int> DoubleAsync(int value) {|#0:=>|} value < 0 ? Invalid : Task.Run({|#1:() => value * 2|});
            }
            """, "_ = Doubler.DoubleAsync(-1);")
        {
            Reports = [new(0, "'value'", "the lambda at line {#1}")],
        };

        /// <summary>An async method allocates the display class in MoveNext, on the synchronous path too.</summary>
        public static ClosureCase AsyncMethod { get; } = new("AsyncMethod", """
            public static class Reader
            {
                public static async ValueTask<int> ReadAsync(int id)
                {|#0:{|}
                    if (id == 0)
                    {
                        return 0;
                    }

                    return await Task.Run({|#1:() => id + 1|});
                }
            }
            """, "_ = Reader.ReadAsync(0);")
        {
            Reports = [new(0, "'id'", "the lambda at line {#1}")],
        };

        /// <summary>
        /// Release-mode merging: the block's environment has the same closures as the method's, so the compiler moves
        /// 'attempt' into the method's display class, allocated at method entry: the fast path never enters the block and
        /// still pays.
        /// </summary>
        public static ClosureCase BlockMergedIntoMethodScope { get; } = new("BlockMergedIntoMethodScope", """
            public static class Sender
            {
                private static int Post(int id, int attempt) => id + attempt;

                public static Task SendAsync(int id, bool sent)
                {|#0:{|}
                    if (!sent)
                    {
                        var attempt = id + 1;
                        return Task.Run({|#1:() => Post(id, attempt)|});
                    }

                    return Task.CompletedTask;
                }
            }
            """, "_ = Sender.SendAsync(1, sent: true);")
        {
            Reports = [new(0, "'id' and 'attempt'", "the lambda at line {#1}")],
        };

        /// <summary>Alone, 'this' needs no display class; merged with a block's local, it is allocated at method entry.</summary>
        public static ClosureCase ThisMergedWithBlockLocal { get; } = new("ThisMergedWithBlockLocal", """
            public sealed class Uploader
            {
                private readonly int _retries = 3;

                private int Upload(int size) => size + _retries;

                public Task UploadAsync(int[] chunks)
                {|#0:{|}
                    if (chunks.Length > 1)
                    {
                        var size = chunks.Length;
                        return Task.Run({|#1:() => Upload(size)|});
                    }

                    return Task.CompletedTask;
                }
            }
            """, "_ = Target.UploadAsync(NoChunks);")
        {
            Setup = "private static readonly Uploader Target = new();\nprivate static readonly int[] NoChunks = new int[0];",
            Reports = [new(0, "'size' and 'this'", "the lambda at line {#1}")],
        };

        /// <summary>A loop that runs zero times never reaches the lambda; the parameter's display class was allocated anyway.</summary>
        public static ClosureCase LoopThatMayNotRun { get; } = new("LoopThatMayNotRun", """
            public static class Batch
            {
                private static readonly List<Task<int>> Pending = new();

                private static int Process(int item, CancellationToken token) => item;

                public static Task RunAsync(int[] items, CancellationToken token)
                {|#0:{|}
                    foreach (var item in items)
                    {
                        Pending.Add(Task.Run({|#1:() => Process(item, token)|}));
                    }

                    return Task.CompletedTask;
                }
            }
            """, "_ = Batch.RunAsync(NoItems, default);")
        {
            Setup = "private static readonly int[] NoItems = new int[0];",
            Reports = [new(0, "'token'", "the lambda at line {#1}")],
        };

        /// <summary>The iteration variable's display class is allocated per iteration, also for those that continue.</summary>
        public static ClosureCase ForEachIterationThatContinues { get; } = new("ForEachIterationThatContinues", """
            public static class Filter
            {
                private static readonly List<Task<int>> Pending = new();

                public static Task QueueAsync(int[] items)
                {
                    {|#0:foreach|} (var item in items)
                    {
                        if (item < 0)
                        {
                            continue;
                        }

                        Pending.Add(Task.Run({|#1:() => item * 2|}));
                    }

                    return Task.CompletedTask;
                }
            }
            """, "_ = Filter.QueueAsync(Negative);")
        {
            Setup = "private static readonly int[] Negative = { -1, -2 };",
            Reports = [new(0, "'item'", "the lambda at line {#1}")],
        };

        /// <summary>The catch variable's environment merges into the method's: allocated on the path without an exception.</summary>
        public static ClosureCase CapturedInCatch { get; } = new("CapturedInCatch", """
            public static class Guarded
            {
                private static Task Work(int id) => Task.CompletedTask;

                private static Task Log(Exception error, int id) => Task.CompletedTask;

                public static Task RunAsync(int id)
                {|#0:{|}
                    try
                    {
                        return Work(id);
                    }
                    catch (Exception error)
                    {
                        return Task.Run({|#1:() => Log(error, id)|});
                    }
                }
            }
            """, "_ = Guarded.RunAsync(1);")
        {
            Reports = [new(0, "'id' and 'error'", "the lambda at line {#1}")],
        };

        /// <summary>Pattern variables of every section live in the switch block: allocated before the first case is tested.</summary>
        public static ClosureCase SwitchSection { get; } = new("SwitchSection", """
            public static class Dispatcher
            {
                public static Task HandleAsync(object message)
                {
                    switch (message)
                    {|#0:{|}
                        case int:
                            return Task.CompletedTask;
                        case string text:
                            return Task.Run({|#1:() => text.Length|});
                        default:
                            return Task.CompletedTask;
                    }
                }
            }
            """, "_ = Dispatcher.HandleAsync(Number);")
        {
            Setup = "private static readonly object Number = 1;",
            Reports = [new(0, "'text'", "the lambda at line {#1}")],
        };

        /// <summary>Arm pattern variables are hoisted to the whole switch expression: allocated before the first arm is tested.</summary>
        public static ClosureCase SwitchExpressionArm { get; } = new("SwitchExpressionArm", """
            public static class Measures
            {
                private static readonly Task<int> Zero = Task.FromResult(0);

                public static Task<int> LengthAsync(object value) => value switch
                {|#0:{|}
                    int => Zero,
                    string text => Task.Run({|#1:() => text.Length|}),
                    _ => Zero,
                };
            }
            """, "_ = Measures.LengthAsync(Number);")
        {
            Setup = "private static readonly object Number = 1;",
            Reports = [new(0, "'text'", "the lambda at line {#1}")],
        };

        /// <summary>
        /// A lambda calling a capturing local function captures it: the environment is a class (the lambda is a delegate)
        /// and the message names the local function that holds the variable.
        /// </summary>
        public static ClosureCase LambdaCallingCapturingLocalFunction { get; } = new("LambdaCallingCapturingLocalFunction", """
            public static class Indirect
            {
                private static readonly Task<int> Cached = Task.FromResult(1);

                public static Task<int> ComputeAsync(int x)
                {|#0:{|}
                    if (x == 1)
                    {
                        return Cached;
                    }

                    return Task.Run(() => Compute());

                    int Compute() => x * 3;
                }
            }
            """, "_ = Indirect.ComputeAsync(1);")
        {
            Reports = [new(0, "'x'", "'Compute'")],
        };

        /// <summary>Different closures, no merging: two environments, each reported at its own scope.</summary>
        public static ClosureCase TwoScopesReportedSeparately { get; } = new("TwoScopesReportedSeparately", """
            public static class Stages
            {
                private static readonly List<Func<int>> Deferred = new();

                public static Task RunAsync(int x, bool skip)
                {|#0:{|}
                    if (skip)
                    {
                        return Task.CompletedTask;
                    }

                    Deferred.Add({|#1:() => x|});
                    if (x > 0)
                    {|#2:{|}
                        var y = x * 2;
                        if (y > 10)
                        {
                            return Task.CompletedTask;
                        }

                        Deferred.Add({|#3:() => y|});
                    }

                    return Task.CompletedTask;
                }
            }
            """, "_ = Stages.RunAsync(1, skip: true);")
        {
            Reports = [new(0, "'x'", "the lambda at line {#1}"), new(2, "'y'", "the lambda at line {#3}")],
        };

        /// <summary>A for variable's environment merges into the method's (no loop re-enters the for statement itself).</summary>
        public static ClosureCase ForVariableMergedIntoMethodScope { get; } = new("ForVariableMergedIntoMethodScope", """
            public static class Retries
            {
                private static readonly List<Func<int>> Attempts = new();

                public static Task ScheduleAsync(int count, bool disabled)
                {|#0:{|}
                    if (disabled)
                    {
                        return Task.CompletedTask;
                    }

                    for (var i = 0; i < count; i++)
                    {
                        Attempts.Add({|#1:() => i * count|});
                    }

                    return Task.CompletedTask;
                }
            }
            """, "_ = Retries.ScheduleAsync(3, disabled: true);")
        {
            Reports = [new(0, "'count' and 'i'", "the lambda at line {#1}")],
        };

        /// <summary>A while condition's pattern variable gets a display class per evaluation, also the last, false one.</summary>
        public static ClosureCase WhileConditionVariable { get; } = new("WhileConditionVariable", """
            public static class Drain
            {
                private static readonly List<Func<int>> Seen = new();

                public static Task DrainAsync(object[] items)
                {
                    var index = 0;
                    {|#0:while|} (index < items.Length && items[index++] is int value)
                    {
                        Seen.Add({|#1:() => value|});
                    }

                    return Task.CompletedTask;
                }
            }
            """, "_ = Drain.DrainAsync(NoItems);")
        {
            Setup = "private static readonly object[] NoItems = new object[0];",
            Reports = [new(0, "'value'", "the lambda at line {#1}")],
        };

        public static ClosureCase AnonymousMethod { get; } = new("AnonymousMethod", """
            public static class Legacy
            {
                private static readonly Task<int> Ready = Task.FromResult(0);

                public static Task<int> RunAsync(int id)
                {|#0:{|}
                    if (id == 0)
                    {
                        return Ready;
                    }

                    return Task.Run({|#1:delegate { return id; }|});
                }
            }
            """, "_ = Legacy.RunAsync(0);")
        {
            Reports = [new(0, "'id'", "the anonymous method at line {#1}")],
        };

        public static ClosureCase TwoAsyncLocalFunctions { get; } = new("TwoAsyncLocalFunctions", """
            public static class Cache
            {
                private static readonly Task<int> Hit = Task.FromResult(1);

                public static Task<int> GetAsync(int key, bool cached)
                {|#0:{|}
                    if (cached)
                    {
                        return Hit;
                    }

                    return key > 0 ? LoadAsync() : ReloadAsync();

                    async Task<int> LoadAsync()
                    {
                        await Task.Yield();
                        return key;
                    }

                    async Task<int> ReloadAsync()
                    {
                        await Task.Yield();
                        return -key;
                    }
                }
            }
            """, "_ = Cache.GetAsync(1, cached: true);")
        {
            Reports = [new(0, "'key'", "'LoadAsync' and 'ReloadAsync'") { FastPath = true }],
        };

        /// <summary>Both kinds of capturing function, in source order; the additional locations point at them.</summary>
        public static ClosureCase LambdaAndLocalFunction { get; } = new("LambdaAndLocalFunction", """
            public static class Lookup
            {
                private static readonly Task<int> Hit = Task.FromResult(1);

                public static Task<int> GetAsync(int key, bool cached)
                {|#0:{|}
                    if (cached)
                    {
                        return Hit;
                    }

                    return key > 0 ? LoadAsync() : Task.Run(() {|#2:=>|} key);

                    async Task<int> {|#1:LoadAsync|}()
                    {
                        await Task.Yield();
                        return key;
                    }
                }
            }
            """, "_ = Lookup.GetAsync(1, cached: true);")
        {
            Reports = [new(0, "'key'", "the lambda at line {#2} and 'LoadAsync'") { FastPath = true, AdditionalLocations = [2, 1] }],
        };

        /// <summary>A local function used as a delegate cannot take its captures by ref: class display class.</summary>
        public static ClosureCase LocalFunctionAsDelegate { get; } = new("LocalFunctionAsDelegate", """
            public static class Squares
            {
                private static readonly Task<int> Zero = Task.FromResult(0);

                public static Task<int> SquareAsync(int x)
                {|#0:{|}
                    if (x == 0)
                    {
                        return Zero;
                    }

                    return Task.Run(Square);

                    int Square() => x * x;
                }
            }
            """, "_ = Squares.SquareAsync(0);")
        {
            Reports = [new(0, "'x'", "'Square'")],
        };

        /// <summary>An iterator local function is a class of its own: its captures go to a class display class.</summary>
        public static ClosureCase IteratorLocalFunction { get; } = new("IteratorLocalFunction", """
            public static class Sequences
            {
                private static readonly Task<int> None = Task.FromResult(0);

                public static Task<int> SumAsync(int count)
                {|#0:{|}
                    if (count <= 0)
                    {
                        return None;
                    }

                    var sum = 0;
                    foreach (var n in Numbers())
                    {
                        sum += n;
                    }

                    return Task.FromResult(sum);

                    IEnumerable<int> Numbers()
                    {
                        for (var i = 0; i < count; i++)
                        {
                            yield return i;
                        }
                    }
                }
            }
            """, "_ = Sequences.SumAsync(0);")
        {
            Reports = [new(0, "'count'", "'Numbers'")],
        };

        /// <summary>A task-returning lambda is checked as a function of its own, in any method.</summary>
        public static ClosureCase AsyncLambdaScope { get; } = new("AsyncLambdaScope", """
            public static class Handlers
            {
                public static Func<int, Task> Create()
                {
                    return async value =>
                    {|#0:{|}
                        if (value > 0)
                        {
                            return;
                        }

                        await Task.Run({|#1:() => value * 2|});
                    };
                }
            }
            """, "_ = Handler(1);")
        {
            Setup = "private static readonly Func<int, Task> Handler = Handlers.Create();",
            Reports = [new(0, "'value'", "the lambda at line {#1}")],
        };

        /// <summary>Any type with [AsyncMethodBuilder] is task-like.</summary>
        public static ClosureCase CustomTaskLikeType { get; } = new("CustomTaskLikeType", """
            [AsyncMethodBuilder(typeof(object))]
            public readonly struct Work
            {
            }

            public static class Jobs
            {
                private static readonly List<Task<int>> Started = new();

                public static Work Start(int id)
                {|#0:{|}
                    if (id == 0)
                    {
                        return default;
                    }

                    Started.Add(Task.Run({|#1:() => id|}));
                    return default;
                }
            }
            """, "_ = Jobs.Start(0);")
        {
            Reports = [new(0, "'id'", "the lambda at line {#1}")],
        };

        // ---- not reported ----

        /// <summary>Only 'this' captured: the local function becomes an instance method, no display class.</summary>
        public static ClosureCase ThisOnlyLocalFunction { get; } = new("ThisOnlyLocalFunction", """
            public sealed class Connection
            {
                private readonly Task _open = Task.CompletedTask;
                private int _state;

                public Task EnsureOpenAsync()
                {
                    if (_open.IsCompleted)
                    {
                        return Task.CompletedTask;
                    }

                    return WaitAsync();

                    async Task WaitAsync()
                    {
                        await _open;
                        _state++;
                    }
                }
            }
            """, "_ = Target.EnsureOpenAsync();")
        {
            Setup = "private static readonly Connection Target = new();",
        };

        public static ClosureCase ThisOnlyLambda { get; } = new("ThisOnlyLambda", """
            public sealed class Poller
            {
                private bool _ready = true;
                private int _polls;

                public Task PollAsync()
                {
                    if (_ready)
                    {
                        return Task.CompletedTask;
                    }

                    return Task.Run(() => { _polls++; });
                }
            }
            """, "_ = Target.PollAsync();")
        {
            Setup = "private static readonly Poller Target = new();",
        };

        /// <summary>Every path creates a lambda: the allocation is needed wherever it happens.</summary>
        public static ClosureCase ClosureOnEveryPath { get; } = new("ClosureOnEveryPath", """
            public static class Both
            {
                public static Task<int> PickAsync(int x)
                {
                    if (x > 0)
                    {
                        return Task.Run(() => x);
                    }

                    return Task.Run(() => -x);
                }
            }
            """, "_ = Both.PickAsync(1);")
        {
            Oracle = OracleKind.PathUsesClosure,
        };

        /// <summary>The fix of <see cref="BlogOptimized2"/>: a static local function taking what it needs.</summary>
        public static ClosureCase StaticLocalFunction { get; } = new("StaticLocalFunction", StockPrices + """
                public ValueTask<decimal> GetStockPriceWithValueTaskAsync_Optimized3(string companyId)
                {
                    var task = InitializeMapIfNeededAsync();
                    if (task.IsCompleted)
                    {
                        return new ValueTask<decimal>(DoGetPriceFromCache(companyId));
                    }

                    return DoGetStockPricesForAsync(this, companyId, task);

                    static async ValueTask<decimal> DoGetStockPricesForAsync(StockPrices self, string companyId, Task task)
                    {
                        await task;
                        return self.DoGetPriceFromCache(companyId);
                    }
                }
            }
            """, "_ = Prices.GetStockPriceWithValueTaskAsync_Optimized3(\"MSFT\");")
        {
            Setup = "private static readonly StockPrices Prices = new();",
        };

        public static ClosureCase StaticLambda { get; } = new("StaticLambda", """
            public static class Pinger
            {
                private static readonly Task<int> Skipped = Task.FromResult(0);

                private static int Ping(int n) => n;

                public static Task<int> PingAsync(bool skip)
                {
                    if (skip)
                    {
                        return Skipped;
                    }

                    return Task.Run(static () => Ping(1));
                }
            }
            """, "_ = Pinger.PingAsync(skip: true);");

        /// <summary>A non-async local function only called directly gets a struct display class, on the stack.</summary>
        public static ClosureCase StructClosureCalledDirectly { get; } = new("StructClosureCalledDirectly", """
            public static class Geometry
            {
                public static ValueTask<int> AreaAsync(int width, int height)
                {
                    if (width == height)
                    {
                        return new ValueTask<int>(Square());
                    }

                    return new ValueTask<int>(width * height);

                    int Square() => width * width;
                }
            }
            """, "_ = Geometry.AreaAsync(3, 3);");

        /// <summary>The capture is in a block the fast path never enters, and every path through that block uses it.</summary>
        public static ClosureCase NestedScopeNotEntered { get; } = new("NestedScopeNotEntered", """
            public static class Flusher
            {
                public static Task FlushAsync(int[] items, bool now)
                {
                    if (!now)
                    {
                        return Task.CompletedTask;
                    }

                    if (items.Length > 0)
                    {
                        var count = items.Length;
                        return Task.Run(() => count);
                    }

                    return Task.CompletedTask;
                }
            }
            """, "_ = Flusher.FlushAsync(Items, now: false);")
        {
            Setup = "private static readonly int[] Items = { 1, 2 };",
        };

        /// <summary>Each iteration's display class is used by that iteration; nothing is allocated before the loop.</summary>
        public static ClosureCase LambdaInEveryIteration { get; } = new("LambdaInEveryIteration", """
            public static class Fanout
            {
                private static readonly List<Task<int>> Pending = new();

                public static Task StartAllAsync(int[] items)
                {
                    foreach (var item in items)
                    {
                        Pending.Add(Task.Run(() => item));
                    }

                    return Task.CompletedTask;
                }
            }
            """, "_ = Fanout.StartAllAsync(NoItems);")
        {
            Setup = "private static readonly int[] NoItems = new int[0];",
        };

        /// <summary>Only a throwing path avoids the lambda: an exception is no fast path.</summary>
        public static ClosureCase OnlyThrowAvoidsClosure { get; } = new("OnlyThrowAvoidsClosure", """
            public static class Validated
            {
                public static Task<int> LoadAsync(int id)
                {
                    if (id < 0)
                    {
                        throw new ArgumentOutOfRangeException(nameof(id));
                    }

                    return Task.Run(() => id);
                }
            }
            """, "_ = Validated.LoadAsync(1);")
        {
            Oracle = OracleKind.PathUsesClosure,
        };

        /// <summary>A finally runs on every path out, so a lambda there is on every path.</summary>
        public static ClosureCase ClosureInFinally { get; } = new("ClosureInFinally", """
            public static class Tracked
            {
                private static readonly Task<int> Done = Task.FromResult(0);

                public static Func<int>? Last { get; private set; }

                public static Task<int> RunAsync(int id)
                {
                    try
                    {
                        if (id == 0)
                        {
                            return Done;
                        }

                        return Task.FromResult(id);
                    }
                    finally
                    {
                        Last = () => id;
                    }
                }
            }
            """, "_ = Tracked.RunAsync(0);")
        {
            Oracle = OracleKind.PathUsesClosure,
        };

        /// <summary><see cref="LambdaInOneBranch"/>'s shape in a method that returns int: not this rule's business.</summary>
        public static ClosureCase LambdaInNonTaskMethod { get; } = new("LambdaInNonTaskMethod", """
            public static class Counter
            {
                private static readonly List<Task<int>> Started = new();

                public static int Start(int x)
                {
                    if (x > 0)
                    {
                        return 0;
                    }

                    Started.Add(Task.Run(() => x));
                    return 1;
                }
            }
            """, "_ = Counter.Start(1);")
        {
            Oracle = OracleKind.NotTaskLike,
        };

        /// <summary>A non-task lambda's own scope inside a task method: the lambda is not task-like, so not reported.</summary>
        public static ClosureCase NonTaskLambdaInTaskMethod { get; } = new("NonTaskLambdaInTaskMethod", """
            public static class Mapper
            {
                private static readonly List<Func<int>> Deferred = new();

                public static Func<int, int> Converter { get; private set; } = x => x;

                public static Task InstallAsync()
                {
                    Converter = value =>
                    {
                        if (value > 0)
                        {
                            return value;
                        }

                        Deferred.Add(() => value);
                        return 0;
                    };
                    return Task.CompletedTask;
                }
            }
            """, "_ = Mapper.Converter(1);")
        {
            Setup = "static OracleDriver() { Mapper.InstallAsync(); }",
            Oracle = OracleKind.NotTaskLike,
        };
    }
}
