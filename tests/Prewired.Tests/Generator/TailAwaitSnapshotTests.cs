using Xunit;

namespace Prewired.Tests.Generator
{
    /// <summary>Every [TailAwait] shape, as generated code a reviewer reads in the .verified.cs files beside this one.</summary>
    public class TailAwaitSnapshotTests
    {
        [Fact]
        public void Return_await_of_same_task_type() => GeneratorTest.Verify("""
            namespace Shop;
            public sealed record Order(int Id);
            public partial class OrderStore
            {
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<Order> GetAsync(int id, CancellationToken ct);

                private async Task<Order> GetCoreAsync(int id, CancellationToken ct)
                {
                    if (id < 0) throw new ArgumentOutOfRangeException(nameof(id));
                    return await LoadAsync(id, ct);
                }

                private async Task<Order> LoadAsync(int id, CancellationToken ct) { await Task.Yield(); return new Order(id); }
            }
            """, expectedFiles: 1);

        [Fact]
        public void Expression_bodied_tail_await_with_ConfigureAwait() => GeneratorTest.Verify("""
            public partial class Layer
            {
                private readonly Layer? _next;
                [TailAwait(nameof(GetCoreAsync))]
                public partial ValueTask<int> GetAsync();
                private async ValueTask<int> GetCoreAsync() => await _next!.GetAsync().ConfigureAwait(false);
            }
            """, expectedFiles: 1);

        [Fact]
        public void Final_await_statement_in_Task_method() => GeneratorTest.Verify("""
            public partial class Saver
            {
                [TailAwait(nameof(SaveCoreAsync))]
                public partial Task SaveAsync(string name);
                private async Task SaveCoreAsync(string name)
                {
                    ArgumentNullException.ThrowIfNull(name);
                    await Task.Delay(1);
                }
            }
            """, expectedFiles: 1);

        [Fact]
        public void Branches_switch_and_early_returns() => GeneratorTest.Verify("""
            public partial class Router
            {
                [TailAwait(nameof(RouteCoreAsync))]
                public partial ValueTask RouteAsync(int kind);
                private async ValueTask RouteCoreAsync(int kind)
                {
                    if (kind < 0) return;
                    switch (kind)
                    {
                        case 0:
                            await Task.Delay(1);
                            break;
                        case 1:
                            await Compute(kind);
                            return;
                        default:
                            if (kind > 10) { await Task.Delay(2); return; }
                            break;
                    }
                }

                private static Task<int> Compute(int x) => Task.FromResult(x);
            }
            """, expectedFiles: 1);

        [Fact]
        public void Mixed_task_and_value_task_conversions() => GeneratorTest.Verify("""
            public partial class Mixer
            {
                [TailAwait(nameof(ACore))] public partial Task<int> A(bool b);
                private async Task<int> ACore(bool b) { if (b) return await VT(); return await T(); }

                [TailAwait(nameof(BCore))] public partial ValueTask<int> B(bool b);
                private async ValueTask<int> BCore(bool b) { if (b) return await VT(); return await T(); }

                [TailAwait(nameof(CCore))] public partial Task C(bool b);
                private async Task CCore(bool b) { if (b) { await VT(); return; } await VPlain(); }

                [TailAwait(nameof(DCore))] public partial ValueTask D(bool b);
                private async ValueTask DCore(bool b) { if (b) { await T(); return; } await TPlain(); }

                private static ValueTask<int> VT() => new(1);
                private static Task<int> T() => Task.FromResult(2);
                private static ValueTask VPlain() => default;
                private static Task TPlain() => Task.CompletedTask;
            }
            """, expectedFiles: 4);

        [Fact]
        public void Context_guard_when_the_synchronous_part_calls_unknown_code() => GeneratorTest.Verify("""
            public interface IStore { Task<int> LoadAsync(int id); }
            public partial class Guarded
            {
                private readonly IStore _store;
                public Guarded(IStore store) => _store = store;
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync(int id);
                private async Task<int> GetCoreAsync(int id)
                {
                    Console.WriteLine(id);
                    return await _store.LoadAsync(id);
                }
            }
            """, expectedFiles: 1);

        /// <summary>The explicit opt-out: the same body as above, no guard, and the comment names what was not proven.</summary>
        [Fact]
        public void No_context_guard_when_the_mark_assumes_the_context_unchanged() => GeneratorTest.Verify("""
            public interface IStore { Task<int> LoadAsync(int id); }
            public partial class Assumed
            {
                private readonly IStore _store;
                public Assumed(IStore store) => _store = store;
                [TailAwait(nameof(GetCoreAsync), AssumeContextUnchanged = true)]
                public partial Task<int> GetAsync(int id);
                private async Task<int> GetCoreAsync(int id)
                {
                    Console.WriteLine(id);
                    return await _store.LoadAsync(id);
                }
            }
            """, expectedFiles: 1);

        [Fact]
        public void Context_guard_when_a_constructor_runs_an_initializer_that_sets_an_AsyncLocal() => GeneratorTest.Verify("""
            public sealed class Tracker
            {
                private static readonly AsyncLocal<int> Current = new();
                private readonly int _previous = Set(5);
                private static int Set(int value) { var previous = Current.Value; Current.Value = value; return previous; }
            }
            public partial class Uses
            {
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync()
                {
                    _ = new Tracker();
                    return await Task.FromResult(1);
                }
            }
            """, expectedFiles: 1);

        [Fact]
        public void Non_tail_await_forwards_to_the_body() => GeneratorTest.Verify("""
            public partial class NotTail
            {
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync()
                {
                    var x = await Task.FromResult(1);
                    return x + 1;
                }
            }
            """, expectedFiles: 1);

        [Fact]
        public void Nested_generic_type_static_method_and_renamed_parameters() => GeneratorTest.Verify("""
            namespace Outer.Inner
            {
                public static partial class Holder
                {
                    public partial class Cache<T> where T : class
                    {
                        [TailAwait(nameof(GetCoreAsync))]
                        public static partial Task<T?> GetAsync(string key);
                        private static async Task<T?> GetCoreAsync(string name) => await Task.FromResult<T?>(null);
                    }
                }
            }
            """, expectedFiles: 1);
    }
}
