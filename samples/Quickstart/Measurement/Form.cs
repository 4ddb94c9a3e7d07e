using System.Runtime.CompilerServices;

namespace Quickstart.Measurement
{
    /// <summary>
    /// One call of one form, written as a struct. The timing loop is generic over it, so the JIT compiles one loop per form
    /// that calls the method directly, as a caller would: no delegate or interface call in between, which would cost as
    /// much as the nanosecond being measured.
    /// </summary>
    internal interface ICall
    {
        /// <summary>Makes the call and consumes its result as a caller would; returns something the loop adds up.</summary>
        int Invoke();
    }

    /// <summary>What README.md or docs/benchmarks.md reports for a form (BenchmarkDotNet, .NET 10, 2 vCPUs).</summary>
    internal readonly record struct Published(double Nanoseconds, long Bytes);

    /// <summary>A form to measure: its name, its published figures when there are any, and its timing loop.</summary>
    internal abstract class Form
    {
        protected Form(string name, Published? published)
        {
            Name = name;
            Published = published;
        }

        public string Name { get; }

        /// <summary>The name without a parenthesized note: "[FastPath]" for "[FastPath] (generated)".</summary>
        public string ShortName => Name.IndexOf(" (", System.StringComparison.Ordinal) is var i and > 0 ? Name[..i] : Name;

        public Published? Published { get; }

        /// <summary>Makes <paramref name="calls"/> calls; the sum of their results keeps the JIT from dropping them.</summary>
        public abstract int Loop(int calls);

        public static Form Of<TCall>(string name, TCall call, Published? published = null)
            where TCall : struct, ICall
            => new Form<TCall>(name, call, published);
    }

    internal sealed class Form<TCall> : Form
        where TCall : struct, ICall
    {
        private readonly TCall _call;

        public Form(string name, TCall call, Published? published)
            : base(name, published)
            => _call = call;

        // Not inlined into the measuring code: every form's loop is compiled on its own, with the same shape.
        [MethodImpl(MethodImplOptions.NoInlining)]
        public override int Loop(int calls)
        {
            var call = _call;
            var sum = 0;
            for (var i = 0; i < calls; i++)
            {
                sum += call.Invoke();
            }

            return sum;
        }
    }
}
