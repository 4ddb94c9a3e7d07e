using System.Collections.Immutable;
using System.Linq;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Generator
{
    /// <summary>
    /// The context guard's decision for one synchronous part: members proven neutral leave it out, and everything that
    /// could change ExecutionContext or SynchronizationContext (directly, through a same-compilation method, or through
    /// user code a framework member calls back) keeps it. Read from the comment every generated body starts with.
    /// </summary>
    public class ContextGuardTests
    {
        private const string Unguarded = "// No context guard";

        /// <summary>The guard comment for a body whose synchronous part runs <paramref name="statements"/> before its await.</summary>
        private static string GuardComment(string statements, string members = "", params string[] preprocessorSymbols)
        {
            var source = GeneratorTest.Usings + "using System.Collections.Generic;\nusing System.Collections.Concurrent;\nusing System.Diagnostics;\nusing System.Text;\n\n" + $$"""
                public partial class C
                {
                    [FastPath(nameof(RunCore))]
                    public partial Task<int> Run(int x);

                    private async Task<int> RunCore(int x)
                    {
                        {{statements}}
                        await Task.Yield();
                        return x;
                    }

                    {{members}}
                }
                """;
            var settings = TestCompilationSettings.Default with { PreprocessorSymbols = preprocessorSymbols.ToImmutableArray() };
            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[] { source }, settings);
            run.AssertGeneratedCodeCompilesCleanly();
            var text = run.GeneratedSources.Single().SourceText.ToString();
            return WrappedComments.JoinedLines(text).First(l => l.StartsWith("// No context guard", System.StringComparison.Ordinal) || l.StartsWith("// Context guard", System.StringComparison.Ordinal));
        }

        private static void AssertUnguarded(string statements, string members = "", params string[] symbols)
        {
            var comment = GuardComment(statements, members, symbols);
            Assert.True(comment.StartsWith(Unguarded, System.StringComparison.Ordinal), comment);
        }

        private static void AssertGuarded(string statements, string culprit, string members = "", params string[] symbols)
        {
            var comment = GuardComment(statements, members, symbols);
            Assert.True(comment.StartsWith("// Context guard", System.StringComparison.Ordinal) && comment.Contains(culprit), comment);
        }

        // Proven neutral: each of these was guarded before.

        [Fact]
        public void Date_and_time_operators_and_members() => AssertUnguarded("""
            var due = DateTime.UtcNow + TimeSpan.FromSeconds(x);
            var offset = DateTimeOffset.UtcNow.AddDays(1);
            if (due > DateTime.MinValue && offset.Year > 0) x++;
            """);

        [Fact]
        public void Nullable_members_with_any_type_argument() => AssertUnguarded("""
            bool? flag = x > 0;
            KeyValuePair<string, object>? pair = null;
            if (flag.GetValueOrDefault() && flag.HasValue && !pair.HasValue) x++;
            """);

        [Fact]
        public void Array_length_and_copy() => AssertUnguarded("""
            var items = new object[x + 1];
            var copy = new object[items.Length];
            Array.Copy(items, copy, items.Length);
            Array.Resize(ref copy, 2);
            """);

        [Fact]
        public void Debug_calls_the_build_leaves_out() => AssertUnguarded("""
            Debug.Assert(x >= 0, "negative");
            Debug.WriteLine(new object());
            """);

        [Fact]
        public void Storing_collections_with_user_elements() => AssertUnguarded("""
            var queue = new Queue<C>();
            queue.Enqueue(this);
            if (queue.TryDequeue(out var item) && item is not null) x++;
            var stack = new ConcurrentStack<C>();
            stack.Push(this);
            var list = new List<C> { this };
            x += list.Count;
            var set = new HashSet<string> { "a" };
            if (set.Contains("a")) x++;
            """);

        [Fact]
        public void Interlocked_volatile_gc_and_weak_references() => AssertUnguarded("""
            Interlocked.Increment(ref _count);
            var previous = Interlocked.Exchange(ref _owner, this);
            Volatile.Write(ref _count, Volatile.Read(ref _count) + 1);
            GC.SuppressFinalize(this);
            var weak = new WeakReference<C>(this);
            if (weak.TryGetTarget(out var target) && previous == target) x++;
            """, "private int _count; private C? _owner;");

        [Fact]
        public void Framework_encodings() => AssertUnguarded("""
            var bytes = Encoding.UTF8.GetBytes("text");
            x += Encoding.ASCII.GetString(bytes).Length + Encoding.UTF8.GetByteCount("é");
            """);

        [Fact]
        public void Spans_and_awaitables_own_members() => AssertUnguarded("""
            new byte[4].AsSpan().Slice(1).Fill(1);
            var task = Task.FromResult(x);
            if (task.IsCompleted && task.GetAwaiter().IsCompleted && task.ConfigureAwait(false).GetAwaiter().IsCompleted) x += new ReadOnlySpan<byte>(new byte[2])[1];
            """);

        [Fact]
        public void A_sealed_type_s_override_is_the_one_called() => AssertUnguarded("""
            var formatter = new SealedFormatter();
            x += formatter.Format(x).Length;
            Base other = formatter;
            """, """
            public abstract class Base { public abstract string Format(int value); }
            public sealed class SealedFormatter : Base { public override string Format(int value) => value.ToString(); }
            """);

        [Fact]
        public void A_struct_s_own_override() => AssertUnguarded("""
            var point = new Point(x);
            x += point.GetHashCode() + point.ToString().Length;
            """, """
            public readonly struct Point
            {
                private readonly int _x;
                public Point(int x) => _x = x;
                public override int GetHashCode() => _x;
                public override string ToString() => _x.ToString();
            }
            """);

        [Fact]
        public void Same_compilation_callees_transitively() => AssertUnguarded("""
            x = Outer(x);
            """, """
            private static int Outer(int v) => Middle(v) + 1;
            private static int Middle(int v) => Inner(v, DateTime.UtcNow) * 2;
            private static int Inner(int v, DateTime now) => now.Year > 2000 ? Math.Max(v, 0) : v;
            """);

        [Fact]
        public void Using_a_sealed_resource() => AssertUnguarded("""
            using var lease = new Lease();
            using (new Lease()) { x++; }
            """, """
            public sealed class Lease : IDisposable { public void Dispose() { } }
            """);

        [Fact]
        public void Enumerating_a_concurrent_dictionary_enum_flags_and_paths() => AssertUnguarded("""
            var map = new ConcurrentDictionary<string, C>();
            foreach (var pair in map) x += pair.Key.Length;
            if (StringSplitOptions.TrimEntries.HasFlag(StringSplitOptions.None) && System.IO.Path.IsPathRooted("/a")) x++;
            """);

        [Fact]
        public void Exceptions_with_nullable_inner_exceptions_locks_and_registrations() => AssertUnguarded("""
            var gate = new object();
            Monitor.Enter(gate);
            Monitor.Exit(gate);
            var registration = default(CancellationTokenRegistration);
            registration.Dispose();
            if (x < 0) throw new ObjectDisposedException("name", (Exception?)null);
            """);

        // Soundness: each of these keeps the guard.

        [Fact]
        public void Debug_calls_in_a_debug_build_stay() => AssertGuarded("""
            Debug.Assert(x >= 0, "negative");
            """, "Debug.Assert", symbols: "DEBUG");

        [Fact]
        public void An_AsyncLocal_write_through_same_compilation_callees() => AssertGuarded("""
            x = Outer(x);
            """, "AsyncLocal<int>.Value", """
            private static readonly AsyncLocal<int> s_local = new();
            private static int Outer(int v) => Middle(v) + 1;
            private static int Middle(int v) { s_local.Value = v; return v; }
            """);

        [Fact]
        public void A_synchronization_context_change_through_a_sealed_override() => AssertGuarded("""
            x += new SealedSetter().Run();
            """, "SynchronizationContext.SetSynchronizationContext", """
            public abstract class Base { public abstract int Run(); }
            public sealed class SealedSetter : Base
            {
                public override int Run() { SynchronizationContext.SetSynchronizationContext(null); return 1; }
            }
            """);

        [Fact]
        public void A_virtual_call_on_an_unsealed_receiver() => AssertGuarded("""
            x += Make().Run();
            """, "Base.Run()' (virtual", """
            public class Base { public virtual int Run() => 1; }
            private static Base Make() => new Base();
            """);

        [Fact]
        public void User_equality_called_back_by_a_collection() => AssertGuarded("""
            var set = new HashSet<Key>();
            set.Add(new Key());
            """, "HashSet<C.Key>.Add", """
            public sealed class Key
            {
                public override int GetHashCode() { SynchronizationContext.SetSynchronizationContext(null); return 1; }
            }
            """);

        [Fact]
        public void User_ToString_called_back_by_string_format() => AssertGuarded("""
            var text = string.Format("{0}", new Key());
            """, "string.Format", """
            public sealed class Key
            {
                public override string ToString() { SynchronizationContext.SetSynchronizationContext(null); return ""; }
            }
            """);

        [Fact]
        public void User_ToString_called_back_by_a_string_builder() => AssertGuarded("""
            var builder = new StringBuilder().Append(new Key());
            """, "StringBuilder.Append(object", """
            public sealed class Key
            {
                public override string ToString() { SynchronizationContext.SetSynchronizationContext(null); return ""; }
            }
            """);

        [Fact]
        public void A_user_enumerable_copied_by_a_collection() => AssertGuarded("""
            var list = new List<int>(Numbers());
            """, "List<int>.List(IEnumerable<int>)", """
            private static IEnumerable<int> Numbers() { yield return 1; }
            """);

        [Fact]
        public void A_struct_without_its_own_equality() => AssertGuarded("""
            var pair = new Pair();
            x += pair.GetHashCode();
            """, "ValueType.GetHashCode()", """
            public struct Pair { public C? Owner; }
            """);

        [Fact]
        public void An_encoding_that_could_be_a_user_subclass() => AssertGuarded("""
            x += _encoding.GetByteCount("text");
            """, "Encoding.GetByteCount(string)", """
            private readonly Encoding _encoding = Encoding.UTF8;
            """);

        [Fact]
        public void A_memory_s_span_could_come_from_a_user_memory_manager() => AssertGuarded("""
            Memory<byte> memory = new byte[4];
            x += memory.Span.Length;
            """, "Memory<byte>.Span");

        [Fact]
        public void A_partial_method_implemented_in_source() => AssertGuarded("""
            Change(x);
            """, "SynchronizationContext.SetSynchronizationContext", """
            private partial void Change(int v);
            private partial void Change(int v) { SynchronizationContext.SetSynchronizationContext(null); }
            """);

        [Fact]
        public void A_partial_method_another_generator_may_implement() => AssertGuarded("""
            Log(x);
            """, "'C.Log(int)' (a partial method", """
            static partial void Log(int v);
            """);
    

        [Fact]
        public void Using_a_resource_whose_dispose_changes_a_context() => AssertGuarded("""
            using var lease = new Lease();
            """, "SynchronizationContext.SetSynchronizationContext", """
            public sealed class Lease : IDisposable { public void Dispose() => SynchronizationContext.SetSynchronizationContext(null); }
            """);

        [Fact]
        public void Using_an_unsealed_resource() => AssertGuarded("""
            using var lease = new Lease();
            """, "a Dispose method", """
            public class Lease : IDisposable { public void Dispose() { } }
            """);
    

        [Fact]
        public void Enumerating_a_user_collection() => AssertGuarded("""
            foreach (var item in _items) x += item;
            """, "GetEnumerator", """
            private readonly IReadOnlyList<int> _items = new List<int>();
            """);
    

        [Fact]
        public void Using_a_sealed_resource_whose_base_dispose_is_overridden() => AssertGuarded("""
            using var lease = new Lease();
            """, "SynchronizationContext.SetSynchronizationContext", """
            public class Base : IDisposable { public virtual void Dispose() { } }
            public sealed class Lease : Base { public override void Dispose() => SynchronizationContext.SetSynchronizationContext(null); }
            """);

        [Fact]
        public void An_interface_call_on_a_sealed_receiver_reaches_its_override() => AssertGuarded("""
            var runner = new Runner();
            x += runner.Run();
            """, "SynchronizationContext.SetSynchronizationContext", """
            public interface IRunner { int Run(); }
            public class Base : IRunner { public virtual int Run() => 1; }
            public sealed class Runner : Base { public override int Run() { SynchronizationContext.SetSynchronizationContext(null); return 2; } }
            """);
    

        [Fact]
        public void A_virtual_async_method_whose_override_need_not_be_async() => AssertGuarded("""
            _ = Step();
            """, "Step()' (virtual", """
            protected virtual async Task Step() => await Task.Yield();
            """);
    }
}
