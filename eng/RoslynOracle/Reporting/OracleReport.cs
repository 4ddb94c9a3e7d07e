using System.Collections.Generic;
using System.Linq;
using System.Text;

namespace Prewired.RoslynOracle.Reporting
{
    /// <summary>The totals table of docs/reliability.md, per file and in all, then the skip and forward reasons.</summary>
    internal static class OracleReport
    {
        public static string Markdown(IReadOnlyList<FileTally> tallies)
        {
            var text = new StringBuilder();
            text.AppendLine("| File | CompileAndVerify calls | programs | run | methods marked | split | forwarded | not offered | compile errors | generated warnings | output differences | pending form run | its compile errors | its output differences |");
            text.AppendLine("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
            foreach (var t in tallies.Append(Total(tallies)))
            {
                text.AppendLine($"| {t.File} | {t.Calls} | {t.Programs} | {t.Run} | {t.MethodsMarked} | {t.Split} | {t.Forwarded} | {t.NotOffered} | {t.CompileErrors} | {t.GeneratedWarnings} | {t.OutputDifferences} | {t.PendingRun} | {t.PendingCompileErrors} | {t.PendingOutputDifferences} |");
            }

            var total = Total(tallies);
            text.AppendLine();
            text.AppendLine("| Skipped: why | calls or programs |");
            text.AppendLine("|---|---|");
            foreach (var (reason, count) in total.SkipReasons.OrderByDescending(r => r.Value)) text.AppendLine($"| {reason} | {count} |");
            text.AppendLine();
            text.AppendLine("| Forwarded: why | methods |");
            text.AppendLine("|---|---|");
            foreach (var (reason, count) in total.ForwardReasons.OrderByDescending(r => r.Value)) text.AppendLine($"| {reason.Replace("|", "\\|")} | {count} |");
            if (total.Adaptations.Count > 0)
            {
                text.AppendLine();
                text.AppendLine("| Adapted to .NET 10: how | programs |");
                text.AppendLine("|---|---|");
                foreach (var (how, count) in total.Adaptations.OrderByDescending(r => r.Value)) text.AppendLine($"| {how} | {count} |");
            }
            return text.ToString();
        }

        private static FileTally Total(IReadOnlyList<FileTally> tallies)
        {
            var total = new FileTally("**all**");
            foreach (var t in tallies)
            {
                total.Calls += t.Calls;
                total.Programs += t.Programs;
                total.Run += t.Run;
                total.MethodsMarked += t.MethodsMarked;
                total.Split += t.Split;
                total.Forwarded += t.Forwarded;
                total.NotOffered += t.NotOffered;
                total.CompileErrors += t.CompileErrors;
                total.GeneratedWarnings += t.GeneratedWarnings;
                total.OutputDifferences += t.OutputDifferences;
                total.PendingRun += t.PendingRun;
                total.PendingCompileErrors += t.PendingCompileErrors;
                total.PendingOutputDifferences += t.PendingOutputDifferences;
                foreach (var (k, v) in t.SkipReasons) total.SkipReasons[k] = (total.SkipReasons.TryGetValue(k, out var n) ? n : 0) + v;
                foreach (var (k, v) in t.ForwardReasons) total.ForwardReasons[k] = (total.ForwardReasons.TryGetValue(k, out var n) ? n : 0) + v;
                foreach (var (k, v) in t.Adaptations) total.Adaptations[k] = (total.Adaptations.TryGetValue(k, out var n) ? n : 0) + v;
            }

            return total;
        }
    }
}
