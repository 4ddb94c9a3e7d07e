using System;
using System.Globalization;

namespace Quickstart.Measurement
{
    /// <summary>
    /// Prints a comparison: per form, the published figures (README.md, docs/benchmarks.md) next to the ones measured now,
    /// then how the last form (the generated one) compares with each other form, published and measured (the median of the
    /// ratios within a round, see <see cref="Comparison"/>).
    /// </summary>
    internal static class Report
    {
        private const int NameWidth = 54;
        private const int PublishedWidth = 22;

        public static void Print(Form[] forms, Comparisons comparisons)
        {
            var measured = comparisons.Forms;
            Console.WriteLine();
            Console.WriteLine("   " + "per call".PadRight(NameWidth) + "published".PadRight(PublishedWidth) + $"measured now: best (median) of {Comparison.Rounds} rounds");
            for (var f = 0; f < forms.Length; f++)
            {
                var published = forms[f].Published is { } p ? $"{Nanoseconds(p.Nanoseconds)}  {Bytes(p.Bytes)}" : "-";
                var now = $"{Nanoseconds(measured[f].BestNanoseconds)} ({Nanoseconds(measured[f].MedianNanoseconds)})  {Bytes(measured[f].BytesPerCall)}";
                Console.WriteLine("   " + forms[f].Name.PadRight(NameWidth) + published.PadRight(PublishedWidth) + now);
            }

            var last = forms.Length - 1;
            for (var f = 0; f < last; f++)
            {
                var label = $"  {forms[last].ShortName} vs {forms[f].ShortName}";
                var published = forms[last].Published is { } mine && forms[f].Published is { } theirs ? Ratio(theirs.Nanoseconds, mine.Nanoseconds) : "-";
                var now = Ratio(comparisons.MedianRatioToLast[f]);
                Console.WriteLine("   " + label.PadRight(NameWidth) + published.PadRight(PublishedWidth) + now);
            }
        }

        /// <summary>"4.4x faster", or "1.3x slower" when it is.</summary>
        public static string Ratio(double baselineNanoseconds, double nanoseconds) => Ratio(baselineNanoseconds / nanoseconds);

        /// <summary>
        /// "4.4x faster" for a baseline that takes 4.4 times as long, "1.3x slower" when it takes less, and "the same" within
        /// <see cref="Noise"/>: a median ratio of 0.97 on a shared machine says nothing about which is faster, and
        /// "1.0x slower" would claim it does.
        /// </summary>
        public static string Ratio(double ratio)
        {
            if (Math.Abs(ratio - 1) < Noise) return "the same (within 5%)";
            return ratio >= 1 ? $"{ratio:0.0}x faster" : $"{1 / ratio:0.0}x slower";
        }

        /// <summary>How far from 1 a median ratio must be to be reported as faster or slower (5%).</summary>
        public const double Noise = 0.05;

        public static string Nanoseconds(double nanoseconds) => nanoseconds.ToString(nanoseconds < 10 ? "0.0" : "0", CultureInfo.InvariantCulture) + " ns";

        public static string Bytes(long bytes) => bytes.ToString(CultureInfo.InvariantCulture) + " B";
    }
}
