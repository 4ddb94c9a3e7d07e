using Xunit;

namespace Prewired.Tests.Robustness
{
    /// <summary>
    /// Hand-written broken, odd and half-finished sources. Every one: the generator and the analyzer throw nothing (not
    /// even an exception the generator catches itself). Those marked <see cref="AssertCleanInput"/> compile on their own
    /// (but CS8795): there, generated code must not add a single error the analyzer does not explain.
    /// </summary>
    public sealed class HalfTypedSourceTests
    {
        private const string Usings = "using System;\nusing System.Collections.Generic;\nusing System.Threading;\nusing System.Threading.Tasks;\nusing Prewired;\n\n";

        private static RobustnessOutcome Check(params string[] sources)
        {
            sources[0] = Usings + sources[0];
            RobustnessOutcome outcome = RobustnessCheck.Run(sources);
            Assert.True(outcome.Ok, "\n" + outcome.Describe());
            return outcome;
        }

        /// <summary>For the cases meant to have no error of their own, so the strong check really applies.</summary>
        private static void AssertCleanInput(RobustnessOutcome outcome) =>
            Assert.False(outcome.InputHasErrors, "The source was meant to compile on its own (but CS8795):\n" + outcome.Describe());

        private static void AssertInputHasErrors(RobustnessOutcome outcome) =>
            Assert.True(outcome.InputHasErrors, "The source was meant to have errors of its own:\n" + outcome.Describe());

        [Fact]
        public void Missing_nameof_target() => AssertInputHasErrors(Check("""
            public partial class Store
            {
                [FastPath(nameof(Missing))]
                public partial Task<int> GetAsync();
                [TailAwait(nameof(AlsoMissing))]
                public partial Task OtherAsync();
            }
            """));

        [Fact]
        public void Attribute_without_an_argument() => AssertInputHasErrors(Check("""
            public partial class Store
            {
                [FastPath]
                public partial Task<int> GetAsync();
                [TailAwait()]
                public partial Task OtherAsync();
                private async Task<int> GetCoreAsync() => await Task.FromResult(1);
            }
            """));

        [Fact]
        public void Empty_nameof_and_half_typed_arguments() => AssertInputHasErrors(Check("""
            public partial class Store
            {
                [FastPath(nameof())]
                public partial Task<int> GetAsync();
                [TailAwait(nameof(GetCore]
                public partial Task<int> OtherAsync();
                [FastPath(nameof(GetCoreAsync), 1)]
                public partial Task<int> ThirdAsync();
                [TailAwait(BodyName = "x")]
                public partial Task<int> FourthAsync();
                [FastPath(42)]
                public partial Task<int> FifthAsync();
                private async Task<int> GetCoreAsync() => await Task.FromResult(1);
            }
            """));

        [Fact]
        public void Body_with_syntax_errors() => AssertInputHasErrors(Check("""
            public partial class Store
            {
                [FastPath(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync(int id);
                private async Task<int> GetCoreAsync(int id)
                {
                    var x = await LoadAsync(;
                    if (x > ) { await
                    return x +
                }

                [TailAwait(nameof(OtherCoreAsync))]
                public partial Task<int> OtherAsync(int id);
                private async Task<int> OtherCoreAsync(int id) => await ;

                private static Task<int> LoadAsync(int id) => Task.FromResult(id);
            }
            """));

        [Fact]
        public void Body_method_returning_void() => AssertCleanInput(Check("""
            public partial class Store
            {
                [FastPath(nameof(RunCoreAsync))]
                public partial Task RunAsync();
                private async void RunCoreAsync() { await Task.Yield(); }

                [TailAwait(nameof(FireCore))]
                partial void Fire();
                private async void FireCore() => await Task.Yield();

                [FastPath(nameof(FireCore))]
                public partial void FireAgain();
            }
            """));

        [Fact]
        public void Marked_method_in_an_interface() => Check("""
            public partial interface IStore
            {
                [TailAwait(nameof(GetCoreAsync))]
                Task<int> GetAsync();
                [FastPath(nameof(GetCoreAsync))]
                partial Task<int> OtherAsync();
                private async Task<int> GetCoreAsync() => await Task.FromResult(1);
            }
            """);

        [Fact]
        public void Marked_method_in_a_struct_and_a_record_struct() => AssertCleanInput(Check("""
            public partial struct Counter
            {
                [FastPath(nameof(GetCoreAsync))]
                public partial ValueTask<int> GetAsync();
                private async ValueTask<int> GetCoreAsync() => await Task.FromResult(1);
            }

            public partial record struct Point(int X)
            {
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync() => await Task.FromResult(X);
            }
            """));

        [Fact]
        public void Marked_method_in_records_and_a_static_class() => AssertCleanInput(Check("""
            namespace Shop;

            public partial record Order(int Id)
            {
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync() => await Task.FromResult(Id);
            }

            public sealed partial record class Line(string Sku, int Count)
            {
                [FastPath(nameof(TotalCoreAsync))]
                public partial ValueTask<int> TotalAsync(int price);
                private async ValueTask<int> TotalCoreAsync(int price)
                {
                    var p = await Task.FromResult(price);
                    return p * Count;
                }
            }

            public static partial class Helpers
            {
                [FastPath(nameof(TwiceCoreAsync))]
                internal static partial ValueTask<int> TwiceAsync(int value);
                private static async ValueTask<int> TwiceCoreAsync(int value)
                {
                    var x = await Task.FromResult(value);
                    return x * 2;
                }
            }
            """));

        [Fact]
        public void Marked_method_in_a_nested_generic_class() => AssertCleanInput(Check("""
            namespace Caches
            {
                public partial class Outer<TKey> where TKey : notnull
                {
                    internal sealed partial class Inner<TValue> where TValue : struct
                    {
                        private readonly Dictionary<TKey, TValue> _map = new();

                        [FastPath(nameof(GetCoreAsync))]
                        public partial ValueTask<TValue> GetAsync(TKey key, Func<TKey, Task<TValue>> load);
                        private async ValueTask<TValue> GetCoreAsync(TKey key, Func<TKey, Task<TValue>> load)
                        {
                            if (_map.TryGetValue(key, out var cached)) return cached;
                            var value = await load(key);
                            _map[key] = value;
                            return value;
                        }

                        [TailAwait(nameof(LoadCoreAsync))]
                        protected internal static partial Task<TValue?> LoadAsync(TKey key, Func<TKey, Task<TValue?>> load);
                        private static async Task<TValue?> LoadCoreAsync(TKey k, Func<TKey, Task<TValue?>> l) => await l(k);
                    }
                }
            }
            """));

        [Fact]
        public void Body_referencing_undefined_symbols() => AssertInputHasErrors(Check("""
            public partial class Store
            {
                [FastPath(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync(int id);
                private async Task<int> GetCoreAsync(int id)
                {
                    var x = await Missing.LoadAsync(id);
                    await Undefined();
                    return x + notThere;
                }

                [TailAwait(nameof(OtherCoreAsync))]
                public partial Task<Order> OtherAsync(int id);
                private async Task<Order> OtherCoreAsync(int id) => await Repository.Find<Order>(id);
            }
            """));

        [Fact]
        public void Duplicate_marked_overloads() => AssertCleanInput(Check("""
            public partial class Store
            {
                [FastPath(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync(int id);
                [FastPath(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync(string name);
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync(int id, int version);

                private async Task<int> GetCoreAsync(int id) => await Task.FromResult(id);
                private async Task<int> GetCoreAsync(string name)
                {
                    var n = await Task.FromResult(name.Length);
                    return n;
                }

                private async Task<int> GetCoreAsync(int id, int version) => await Task.FromResult(id + version);
            }
            """));

        /// <summary>The same marked declaration twice (CS0756): two models with one hint name must not make AddSource throw.</summary>
        [Fact]
        public void Duplicate_identical_marked_declarations() => AssertInputHasErrors(Check("""
            public partial class Store
            {
                [FastPath(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync(int id);
                [FastPath(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync(int id);
                private async Task<int> GetCoreAsync(int id) => await Task.FromResult(id);
            }
            """));

        [Fact]
        public void Marked_method_that_is_not_partial_but_has_a_body() => AssertCleanInput(Check("""
            public partial class Store
            {
                [FastPath(nameof(GetCoreAsync))]
                public Task<int> GetAsync() => GetCoreAsync();
                [TailAwait(nameof(GetCoreAsync))]
                public Task<int> OtherAsync() { return GetCoreAsync(); }
                private async Task<int> GetCoreAsync() => await Task.FromResult(1);
            }
            """));

        /// <summary>The user implemented the marked partial method in another part: generating a second implementation is CS0757.</summary>
        [Fact]
        public void Partial_with_body_in_another_part() => AssertCleanInput(Check(
            """
            public partial class Store
            {
                [FastPath(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync() => await Task.FromResult(1);
            }
            """,
            """
            public partial class Store
            {
                public partial System.Threading.Tasks.Task<int> GetAsync() => GetCoreAsync();
            }
            """));

        /// <summary>Both attributes on one method: one implementation at most, or CS0757 in generated code.</summary>
        [Fact]
        public void Both_attributes_on_one_method() => AssertCleanInput(Check("""
            public partial class Store
            {
                [FastPath(nameof(GetCoreAsync))]
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync() => await Task.FromResult(1);
            }
            """));

        [Fact]
        public void Attribute_on_a_property_a_class_and_a_local_function() => AssertInputHasErrors(Check("""
            [FastPath("X")]
            public partial class Store
            {
                [TailAwait(nameof(GetCoreAsync))]
                public Task<int> Value => GetCoreAsync();
                private async Task<int> GetCoreAsync()
                {
                    [FastPath(nameof(GetCoreAsync))]
                    static async Task<int> Local() => await Task.FromResult(1);
                    return await Local();
                }
            }
            """));

        [Fact]
        public void Body_naming_the_marked_method_itself() => AssertCleanInput(Check("""
            public partial class Store
            {
                [FastPath(nameof(GetAsync))]
                public partial Task<int> GetAsync();
                [TailAwait(nameof(OtherAsync))]
                public partial Task<int> OtherAsync(int x);
                private Task<int> OtherAsync() => Task.FromResult(1);
            }
            """));

        [Fact]
        public void Async_modifier_and_a_body_on_the_marked_declaration() => AssertInputHasErrors(Check("""
            public partial class Store
            {
                [FastPath(nameof(GetCoreAsync))]
                public async partial Task<int> GetAsync();
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> OtherAsync() => ;
                private async Task<int> GetCoreAsync() => await Task.FromResult(1);
            }
            """));

        [Fact]
        public void Body_in_another_file_with_its_own_usings_and_preprocessor_directives() => AssertCleanInput(Check(
            """
            namespace Shop
            {
                public partial class Store
                {
                    [FastPath(nameof(GetCoreAsync))]
                    public partial Task<int> GetAsync(int id);
                    [TailAwait(nameof(SaveCoreAsync))]
                    public partial Task SaveAsync(string name);
                }
            }
            """,
            """
            using System;
            using System.Threading.Tasks;
            using static System.Math;
            using Clock = System.Diagnostics.Stopwatch;

            namespace Shop
            {
                using System.Text;

                public partial class Store
                {
                    private async Task<int> GetCoreAsync(int id)
                    {
                        #region load
                        var sb = new StringBuilder();
                        var started = Clock.GetTimestamp();
            #if DEBUG
                        sb.Append("debug");
            #else
                        sb.Append("release");
            #endif
                        var value = await Task.FromResult(Max(id, 0));
                        #endregion
                        return value + sb.Length + (int)(started % 2);
                    }

                    private async Task SaveCoreAsync(string name)
                    {
            #pragma warning disable CA1822
                        Console.WriteLine(Abs(name.Length));
            #pragma warning restore CA1822
                        await Task.Delay(1);
                    }
                }
            }
            """));

        [Fact]
        public void Keyword_parameter_names_params_and_defaults() => AssertCleanInput(Check("""
            public partial class Store
            {
                [FastPath(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync(int @class, string @event = "x", params int[] @params);
                private async Task<int> GetCoreAsync(int @class, string @event, int[] @params)
                {
                    var @int = await Task.FromResult(@class);
                    return @int + @event.Length + @params.Length;
                }

                [TailAwait(nameof(OtherCoreAsync))]
                public partial Task<int> OtherAsync(int @return);
                private async Task<int> OtherCoreAsync(int @this) => await Task.FromResult(@this);
            }
            """));

        /// <summary>A file-local type cannot have a part in another file, which is where generated code goes.</summary>
        [Fact]
        public void Marked_method_in_a_file_local_class() => AssertCleanInput(Check("""
            file partial class Store
            {
                [FastPath(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                private async Task<int> GetCoreAsync() => await Task.FromResult(1);
            }
            """));

        [Fact]
        public void Methods_outside_any_type_and_top_level_statements() => AssertInputHasErrors(Check(
            """
            await Task.Yield();
            [FastPath(nameof(CoreAsync))]
            static async Task<int> LocalAsync() => await CoreAsync();
            static async Task<int> CoreAsync() => await Task.FromResult(1);
            Console.WriteLine(await LocalAsync());
            """,
            """
            using System.Threading.Tasks;
            using Prewired;
            namespace N
            {
                [TailAwait(nameof(GetCoreAsync))]
                public partial Task<int> GetAsync();
                async Task<int> GetCoreAsync() => await Task.FromResult(1);
            }
            """));

        [Fact]
        public void Empty_and_attribute_only_sources() => Check(
            "[",
            "[FastPath(nameof(",
            "public partial class C { [TailAwait(nameof(X))] public partial",
            "partial class D { [FastPath(\"M\")] public partial Task<int> M(",
            "");

        private const string PipelineStages = """
            public sealed class Ctx { }
            public sealed class Pass : IBehavior<Ctx, Ctx> { public Task Invoke(Ctx context, Func<Ctx, Task> next) => next(context); }
            public sealed class End : IPipelineTerminator<Ctx> { public Task Terminate(Ctx context) => Task.CompletedTask; }
            """;

        [Fact]
        public void Half_typed_pipeline_attributes() => AssertInputHasErrors(Check(PipelineStages + """
            [Pipeline(typeof(Pass), typeof(]
            public sealed partial class A;
            [Pipeline(typeof(Pass), typeof(End)
            public sealed partial class B;
            [Pipeline(typeof(), typeof(End))]
            public sealed partial class C;
            [Pipeline(typeof(Pass), null, typeof(End))]
            public sealed partial class D;
            [Pipeline("Pass", typeof(End))]
            public sealed partial class E;
            [Pipeline(Stages = new[] { typeof(End) })]
            public sealed partial class F;
            [Pipeline(typeof(Pass), typeof(End))]
            public sealed partial class
            """));

        [Fact]
        public void Pipelines_with_stage_types_that_do_not_bind() => AssertInputHasErrors(Check(PipelineStages + """
            public sealed class Broken : IBehavior<Missing, Ctx> { public Task Invoke(Missing context, Func<Ctx, Task> next) => next(new Ctx()); }
            public sealed class Half : IBehavior<Ctx> { }
            public sealed class Loop : IBehavior<Ctx, Ctx> { }
            [Pipeline(typeof(Broken), typeof(End))]
            public sealed partial class A;
            [Pipeline(typeof(Half), typeof(End))]
            public sealed partial class B;
            [Pipeline(typeof(Loop), typeof(End))]
            public sealed partial class C;
            [Pipeline(typeof(Pass), typeof(End<int>))]
            public sealed partial class D;
            """));

        [Fact]
        public void Pipeline_on_things_that_are_not_classes() => AssertInputHasErrors(Check(PipelineStages + """
            [Pipeline(typeof(End))]
            public partial struct S;
            [Pipeline(typeof(End))]
            public partial interface I;
            [Pipeline(typeof(End))]
            public partial record R;
            public partial class Outer<T>
            {
                [Pipeline(typeof(End))]
                public partial class Inner { public void Invoke(Ctx context) { } }
                [Pipeline(typeof(Pass), typeof(End))]
                private partial class Hidden;
            }
            [Pipeline(typeof(End))]
            [Pipeline(typeof(End))]
            public sealed partial class Twice;
            """));

        [Fact]
        public void Valid_pipelines_in_odd_places_generate_cleanly() => AssertCleanInput(Check(PipelineStages + """
            public partial record class Recorded;
            [Pipeline(typeof(Pass), typeof(End))]
            public sealed partial record class RecordPipeline;
            public static partial class Outer<T>
            {
                [Pipeline(typeof(Pass), typeof(End))]
                private sealed partial class Hidden;
            }
            file sealed class FileLocal : IPipelineTerminator<Ctx> { public Task Terminate(Ctx context) => Task.CompletedTask; }
            """));

        private const string MessageTypes = """

            public interface IAudited { }
            public sealed class Audit<TNotification> : INotificationBehavior<TNotification> where TNotification : INotification, IAudited
            {
                public ValueTask Handle<TNext>(TNotification notification, TNext next, CancellationToken cancellationToken)
                    where TNext : struct, INotificationNext<TNotification> => next.Invoke(notification, cancellationToken);
            }
            public sealed class Only<TRequest, TResponse> : IStreamBehavior<TRequest, TResponse> where TRequest : IStreamRequest<TResponse>, IAudited
            {
                public IAsyncEnumerable<TResponse> Handle<TNext>(TRequest request, TNext next, CancellationToken cancellationToken)
                    where TNext : struct, IStreamNext<TRequest, TResponse> => next.Invoke(request, cancellationToken);
            }
            public sealed class Pinged : INotification { }
            public sealed class Ticks : IStreamRequest<int> { }
            public sealed class TicksHandler : IStreamRequestHandler<Ticks, int>
            {
                public IAsyncEnumerable<int> Handle(Ticks request, CancellationToken cancellationToken) => throw new NotSupportedException();
            }
            """;

        /// <summary>The assembly's notification and stream defaults as they are typed: the generator and PW0326's analyzer throw nothing.</summary>
        [Theory]
        [InlineData("[assembly: NotificationDefaults(typeof(Audit<>), typeof(")]
        [InlineData("[assembly: NotificationDefaults(typeof(Audit<>)")]
        [InlineData("[assembly: NotificationDefaults(typeof(), typeof(Audit<>))]")]
        [InlineData("[assembly: NotificationDefaults(typeof(Audit<,>), typeof(Missing<>))]")]
        [InlineData("[assembly: NotificationDefaults(typeof(Audit<>), Publisher = )]")]
        [InlineData("[assembly: StreamDefaults(typeof(Only<>), typeof(Only<,>), typeof(int))]")]
        [InlineData("[assembly: StreamDefaults(typeof(Only<,>),, typeof(")]
        [InlineData("[assembly: StreamDefaults(new[] { typeof(Only<,>), null, typeof(Missing) })]")]
        public void Half_typed_message_defaults(string attribute) => AssertInputHasErrors(Check(attribute + "\n" + MessageTypes));

        /// <summary>A null list compiles (params Type[] = null): its values are not there to read, which the generator once did.</summary>
        [Fact]
        public void Null_message_defaults() => AssertCleanInput(Check("[assembly: NotificationDefaults(null)]\n[assembly: StreamDefaults(null)]\n" + MessageTypes));
    }
}
