using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace Prewired.Benchmarks.Targets
{
    /// <summary>One form of a shape, as the table shows it: its name, and how to time a number of its calls.</summary>
    internal abstract class Form
    {
        protected Form(string name, bool isAsyncBody)
        {
            Name = name;
            IsAsyncBody = isAsyncBody;
        }

        public string Name { get; }

        /// <summary>The async method the shape's ratios are taken against (the body [FastPath] is generated from).</summary>
        public bool IsAsyncBody { get; }

        /// <summary>One call's result, as text: every form of a shape must return what its async body returns.</summary>
        public abstract string Result();

        /// <summary>Calls the form <paramref name="iterations"/> times; the elapsed Stopwatch ticks.</summary>
        public abstract long Time(long iterations);
    }

    internal sealed class Form<TOperation, TResult> : Form
        where TOperation : struct, IOperation<TResult>
    {
        private readonly TOperation _operation;

        // The last result, kept so no call can be dropped as unused.
        private TResult _last = default!;

        public Form(string name, TOperation operation, bool isAsyncBody = false)
            : base(name, isAsyncBody) => _operation = operation;

        public override string Result() => _operation.Invoke()!.ToString()!;

        [MethodImpl(MethodImplOptions.NoInlining)]
        public override long Time(long iterations)
        {
            var operation = _operation;
            var last = default(TResult);
            var stopwatch = Stopwatch.StartNew();
            for (long i = 0; i < iterations; i++)
            {
                last = operation.Invoke();
            }

            stopwatch.Stop();
            _last = last!;
            return stopwatch.ElapsedTicks;
        }
    }
}
