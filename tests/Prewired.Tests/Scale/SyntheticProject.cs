using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

namespace Prewired.Tests.Scale
{
    /// <summary>
    /// A synthetic user project for measuring the generator at scale (issue 6, PRODUCT.md §3 "Generator"): files that each
    /// hold one service class with marked methods in the shapes real code has (several awaits, branches, a switch, locals
    /// across awaits, Task and ValueTask results, tail awaits) and one [Pipeline] with its stages, plus files of plain code
    /// the generator has no business with. Shared by the scale tests and <c>benchmarks/Prewired.Benchmarks.Generator</c>
    /// (linked there), so the benchmark times exactly the project the tests check.
    /// </summary>
    public static class SyntheticProject
    {
        /// <summary>Marked methods per service file: six [FastPath] and four [TailAwait], the five shapes below in turn.</summary>
        public const int MethodsPerFile = 10;

        /// <summary>The file whose one body <see cref="EditOneBody"/> changes, and the method in it.</summary>
        public const int EditedFile = 42;

        public const int EditedMethod = 3;

        /// <summary>The sources: <paramref name="serviceFiles"/> service files (each <see cref="MethodsPerFile"/> marked methods and one
        /// pipeline), then <paramref name="serviceFiles"/> / 10 (at least one) plain files. Keyed by path.</summary>
        public static IReadOnlyList<(string Path, string Text)> Sources(int serviceFiles)
        {
            var sources = new List<(string, string)>();
            for (var i = 0; i < serviceFiles; i++) sources.Add(($"/Synthetic/Service{i}.cs", ServiceFile(i)));
            for (var i = 0; i < Math.Max(1, serviceFiles / 10); i++) sources.Add((PlainFilePath(i), PlainFile(i, edit: 0)));
            return sources;
        }

        /// <summary>Marked methods in a project of <paramref name="serviceFiles"/> service files.</summary>
        public static int MarkedMethods(int serviceFiles) => serviceFiles * MethodsPerFile;

        /// <summary>Pipelines in a project of <paramref name="serviceFiles"/> service files.</summary>
        public static int Pipelines(int serviceFiles) => serviceFiles;

        /// <summary>The path of the first plain file, which <see cref="UnrelatedEditText"/> rewrites.</summary>
        public static string UnrelatedFilePath => PlainFilePath(0);

        /// <summary>The first plain file after an edit a user makes all day (a method body changed; nothing marked touched).
        /// Different <paramref name="edit"/> numbers give different texts, so repeated edits are really edits.</summary>
        public static string UnrelatedEditText(int edit) => PlainFile(0, edit);

        public static string EditedFilePath => $"/Synthetic/Service{EditedFile}.cs";

        /// <summary>The hint name prefix of the edited method's generated file (the generator names files by type and method).</summary>
        public static string EditedMethodName => MethodName(EditedFile, EditedMethod);

        /// <summary>The edited service file with one constant changed inside the body of <see cref="EditedMethodName"/>'s body method.</summary>
        public static string EditOneBody(int edit) => ServiceFile(EditedFile, bodyEdit: edit);

        private static string PlainFilePath(int index) => $"/Synthetic/Plain{index}.cs";

        private static string MethodName(int file, int method) => $"Run{file}x{method}Async";

        private static string ServiceFile(int file, int bodyEdit = 0)
        {
            var text = new StringBuilder();
            text.Append(Header).Append("namespace Synthetic.Area").Append(file).AppendLine(";").AppendLine();
            text.Append("public sealed partial class Service").Append(file).AppendLine();
            text.AppendLine("{");
            text.Append("    private readonly int _offset = ").Append(file).AppendLine(";");
            text.AppendLine("    private readonly Store _store = new();");
            for (var method = 0; method < MethodsPerFile; method++)
            {
                var constant = file == EditedFile && method == EditedMethod ? 1000 + bodyEdit : method;
                text.AppendLine().Append(Method(MethodName(file, method), method, constant));
            }

            text.AppendLine("}");
            text.AppendLine().Append(PipelineFor(file));
            return text.ToString();
        }

        private const string Header = """
            using System;
            using System.Threading;
            using System.Threading.Tasks;
            using Prewired;


            """;

        /// <summary>One marked method and its body method, in shape <paramref name="index"/> mod 10 (0-5 [FastPath], 6-9 [TailAwait]).</summary>
        private static string Method(string name, int index, int constant)
        {
            var core = name.Replace("Async", "CoreAsync");
            var c = constant.ToString(CultureInfo.InvariantCulture);
            return (index % MethodsPerFile) switch
            {
                0 or 5 => $$"""
                        /// <summary>Loads two values, the second only when the first is large, and offsets the sum.</summary>
                        [FastPath(nameof({{core}}))]
                        public partial ValueTask<int> {{name}}(int key, CancellationToken cancellationToken);

                        private async ValueTask<int> {{core}}(int key, CancellationToken cancellationToken)
                        {
                            var first = await _store.LoadAsync(key, cancellationToken);
                            if (first > {{c}})
                            {
                                var second = await _store.LoadAsync(first, cancellationToken).ConfigureAwait(false);
                                first += second;
                            }

                            return first + _offset;
                        }

                    """,
                1 => $$"""
                        [FastPath(nameof({{core}}))]
                        public partial ValueTask<string> {{name}}(int key);

                        private async ValueTask<string> {{core}}(int key)
                        {
                            string label;
                            switch (key % 3)
                            {
                                case 0:
                                    label = "zero";
                                    await _store.FlushAsync();
                                    break;
                                case 1:
                                    label = await _store.NameAsync(key);
                                    break;
                                default:
                                    label = "other" + {{c}};
                                    break;
                            }

                            var count = await _store.LoadAsync(key, default);
                            return label + count;
                        }

                    """,
                2 => $$"""
                        [FastPath(nameof({{core}}))]
                        public partial Task {{name}}(int key);

                        private async Task {{core}}(int key)
                        {
                            if (key < 0) throw new ArgumentOutOfRangeException(nameof(key));
                            var value = await _store.LoadAsync(key, default);
                            await _store.SaveAsync(key, value + {{c}});
                            await Task.Yield();
                            await _store.SaveAsync(key, value);
                        }

                    """,
                3 => $$"""
                        [FastPath(nameof({{core}}))]
                        public partial ValueTask<long> {{name}}(int key, int other);

                        private async ValueTask<long> {{core}}(int key, int other)
                        {
                            long total = key;
                            var a = await _store.LoadAsync(key, default);
                            total += a * {{c}};
                            if (other > 0)
                            {
                                var b = await _store.LoadAsync(other, default);
                                total += b;
                            }
                            else
                            {
                                var c = await _store.LoadAsync(-other, default);
                                total -= c;
                            }

                            return total;
                        }

                    """,
                4 => $$"""
                        [FastPath(nameof({{core}}))]
                        public partial Task<int> {{name}}(int key);

                        private async Task<int> {{core}}(int key)
                        {
                            var result = await _store.LoadTaskAsync(key);
                            if (result == {{c}}) return 0;
                            return await _store.LoadAsync(result, default);
                        }

                    """,
                6 => $$"""
                        [TailAwait(nameof({{core}}))]
                        public partial Task<int> {{name}}(int key);

                        private async Task<int> {{core}}(int key)
                        {
                            if (key == {{c}}) return await _store.LoadTaskAsync(key);
                            return await _store.LoadAsync(key + _offset, default);
                        }

                    """,
                7 => $$"""
                        [TailAwait(nameof({{core}}))]
                        public partial ValueTask<int> {{name}}(int key, CancellationToken cancellationToken);

                        private async ValueTask<int> {{core}}(int key, CancellationToken cancellationToken)
                        {
                            cancellationToken.ThrowIfCancellationRequested();
                            switch (key)
                            {
                                case {{c}}:
                                    return await _store.LoadAsync(0, cancellationToken);
                                default:
                                    return await _store.LoadAsync(key, cancellationToken).ConfigureAwait(false);
                            }
                        }

                    """,
                8 => $$"""
                        [TailAwait(nameof({{core}}))]
                        public partial Task {{name}}(int key);

                        private async Task {{core}}(int key) => await _store.SaveAsync(key, {{c}});

                    """,
                _ => $$"""
                        [TailAwait(nameof({{core}}))]
                        public partial ValueTask {{name}}(int key);

                        private async ValueTask {{core}}(int key)
                        {
                            if (key > {{c}})
                            {
                                await _store.FlushAsync();
                                return;
                            }

                            await _store.SaveAsync(key, key);
                        }

                    """,
            };
        }

        /// <summary>A three-stage pipeline per file: a delegate-shape behavior, an inline (struct next) behavior, a terminator.</summary>
        private static string PipelineFor(int file) => $$"""
            public sealed class Message{{file}}
            {
                public int Attempts { get; set; }
            }

            public sealed class Count{{file}} : IBehavior<Message{{file}}, Message{{file}}>
            {
                public Task Invoke(Message{{file}} context, Func<Message{{file}}, Task> next)
                {
                    context.Attempts++;
                    return next(context);
                }
            }

            public sealed class Check{{file}} : IInlineBehavior<Message{{file}}, Message{{file}}>
            {
                public Task Invoke<TNext>(Message{{file}} context, TNext next) where TNext : struct, INext<Message{{file}}>
                    => context.Attempts > 3 ? Task.CompletedTask : next.Invoke(context);
            }

            public sealed class Handle{{file}} : IPipelineTerminator<Message{{file}}>
            {
                public Task Terminate(Message{{file}} context) => Task.CompletedTask;
            }

            [Pipeline(typeof(Count{{file}}), typeof(Check{{file}}), typeof(Handle{{file}}))]
            public sealed partial class Pipeline{{file}};

            """;

        /// <summary>Plain code, with async methods and awaits that no attribute marks (the generator's predicates must skip them), and the store the services call.</summary>
        private static string PlainFile(int index, int edit)
        {
            var store = index == 0 ? """
                public sealed class Store
                {
                    public ValueTask<int> LoadAsync(int key, CancellationToken cancellationToken) => new(key + 1);
                    public Task<int> LoadTaskAsync(int key) => Task.FromResult(key + 2);
                    public ValueTask<string> NameAsync(int key) => new("n" + key);
                    public Task SaveAsync(int key, int value) => Task.CompletedTask;
                    public ValueTask FlushAsync() => default;
                }

                """ : string.Empty;
            return Header + "namespace Synthetic;" + Environment.NewLine + Environment.NewLine + store + $$"""
                public sealed class Plain{{index}}
                {
                    public async Task<int> SumAsync(int[] values)
                    {
                        var sum = {{edit}};
                        foreach (var value in values)
                        {
                            await Task.Yield();
                            sum += value;
                        }

                        return sum;
                    }

                    public int Twice(int value) => value * 2;
                }

                """;
        }

        /// <summary>The marked method names of one service file, in order (the tests look their generated files up by them).</summary>
        public static IEnumerable<string> MethodNames(int file) => Enumerable.Range(0, MethodsPerFile).Select(m => MethodName(file, m));
    }
}
