using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Reflection;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace Prewired.Tests.Harness
{
    /// <summary>
    /// Compares expected diagnostics (markup already resolved to file spans) with the reported ones, exactly: every
    /// reported diagnostic must be expected and every expected one reported. The failure text lists what is missing, what
    /// is unexpected with its source line, and every actual diagnostic as code to paste.
    /// </summary>
    public static class DiagnosticMatcher
    {
        // Diagnostic.Arguments is internal; read it only to print actual diagnostics as pasteable WithArguments(...).
        private static readonly PropertyInfo? s_arguments =
            typeof(Diagnostic).GetProperty("Arguments", BindingFlags.Instance | BindingFlags.NonPublic);

        /// <summary>Null when the lists match; otherwise the failure message.</summary>
        public static string? Compare(IReadOnlyList<DiagnosticResult> expected, IReadOnlyList<Diagnostic> actual)
        {
            List<Diagnostic> remaining = actual
                .OrderBy(d => d.Location.GetLineSpan().Path, StringComparer.Ordinal)
                .ThenBy(d => d.Location.SourceSpan.Start)
                .ThenBy(d => d.Id, StringComparer.Ordinal)
                .ToList();
            List<Diagnostic> sortedActual = remaining.ToList();
            var missing = new List<DiagnosticResult>();
            foreach (DiagnosticResult wanted in expected)
            {
                int index = remaining.FindIndex(d => Mismatch(wanted, d) is null);
                if (index < 0)
                {
                    missing.Add(wanted);
                }
                else
                {
                    remaining.RemoveAt(index);
                }
            }

            if (missing.Count == 0 && remaining.Count == 0)
            {
                return null;
            }

            var text = new StringBuilder($"Diagnostics differ from the expected ones (expected {expected.Count}, actual {actual.Count}).");
            text.AppendLine().AppendLine();
            if (missing.Count > 0)
            {
                text.AppendLine("Expected but not reported:");
                foreach (DiagnosticResult wanted in missing)
                {
                    text.Append("    ").AppendLine(wanted.ToString());
                    Diagnostic? near = remaining.FirstOrDefault(d => d.Id == wanted.Id && LocationMismatch(wanted, d) is null)
                        ?? remaining.FirstOrDefault(d => d.Id == wanted.Id);
                    if (near is not null)
                    {
                        text.Append("      closest actual: ").Append(AsExpectation(near)).Append(" -- ").AppendLine(Mismatch(wanted, near));
                    }
                }

                text.AppendLine();
            }

            if (remaining.Count > 0)
            {
                text.AppendLine("Reported but not expected:");
                foreach (Diagnostic diagnostic in remaining)
                {
                    AppendWithSource(text, diagnostic);
                }

                text.AppendLine();
            }

            text.AppendLine("All actual diagnostics (as expectations, if they are right):");
            foreach (Diagnostic diagnostic in sortedActual)
            {
                text.Append("    ").Append(AsExpectation(diagnostic)).AppendLine(",");
            }

            return text.ToString();
        }

        /// <summary>Null when <paramref name="actual"/> is what <paramref name="expected"/> describes; else the first difference.</summary>
        public static string? Mismatch(DiagnosticResult expected, Diagnostic actual)
        {
            if (expected.Id != actual.Id)
            {
                return $"id is {actual.Id}, expected {expected.Id}";
            }

            if (LocationMismatch(expected, actual) is { } location)
            {
                return location;
            }

            if (expected.Severity is { } severity && severity != actual.Severity)
            {
                return $"severity is {actual.Severity}, expected {severity}";
            }

            string message = actual.GetMessage(CultureInfo.InvariantCulture);
            if (expected.Message is not null && expected.Message != message)
            {
                return $"message is \"{message}\", expected \"{expected.Message}\"";
            }

            if (expected.MessageArguments is { } args)
            {
                string format = actual.Descriptor.MessageFormat.ToString(CultureInfo.InvariantCulture);
                string wanted;
                try
                {
                    wanted = string.Format(CultureInfo.InvariantCulture, format, args.ToArray());
                }
                catch (FormatException)
                {
                    return $"the message format \"{format}\" does not take {args.Length} argument(s)";
                }

                if (wanted != message)
                {
                    return $"message is \"{message}\", the expected arguments give \"{wanted}\"";
                }
            }

            return null;
        }

        private static string? LocationMismatch(DiagnosticResult expected, Diagnostic actual)
        {
            if (expected.Locations.IsEmpty)
            {
                return actual.Location == Location.None ? null : $"it is at {Describe(actual.Location)}, expected no location";
            }

            if (LocationMismatch(expected.Locations[0], actual.Location) is { } primary)
            {
                return primary;
            }

            // Additional locations are compared only when the expectation lists them (as the real library's default).
            if (expected.Locations.Length > 1)
            {
                if (actual.AdditionalLocations.Count != expected.Locations.Length - 1)
                {
                    return $"it has {actual.AdditionalLocations.Count} additional location(s), expected {expected.Locations.Length - 1}";
                }

                for (int i = 1; i < expected.Locations.Length; i++)
                {
                    if (LocationMismatch(expected.Locations[i], actual.AdditionalLocations[i - 1]) is { } additional)
                    {
                        return $"additional location {i}: {additional}";
                    }
                }
            }

            return null;
        }

        private static string? LocationMismatch(DiagnosticLocation expected, Location actual)
        {
            // A generator's diagnostic is at a file location outside the compilation's trees (its model holds paths and
            // spans, never a tree), shown where an analyzer's would be: compared by path and span like one, as the
            // Microsoft.CodeAnalysis.Testing verifiers do.
            FileLinePositionSpan span = actual.GetLineSpan();
            bool same = HasPlace(actual)
                && span.Path == expected.Path
                && span.StartLinePosition == expected.Span.Start
                && (expected.StartOnly || span.EndLinePosition == expected.Span.End);
            return same ? null : $"it is at {Describe(actual)}, expected {expected}";
        }

        /// <summary>The actual diagnostic as an expectation, with every property set, so it can be pasted.</summary>
        public static DiagnosticResult AsExpectation(Diagnostic diagnostic)
        {
            var result = new DiagnosticResult(diagnostic.Id) { Severity = diagnostic.Severity };
            foreach (Location location in new[] { diagnostic.Location }.Concat(diagnostic.AdditionalLocations).Where(HasPlace))
            {
                FileLinePositionSpan span = location.GetLineSpan();
                result = result.WithSpan(span.Path, span.StartLinePosition.Line + 1, span.StartLinePosition.Character + 1, span.EndLinePosition.Line + 1, span.EndLinePosition.Character + 1);
            }

            return s_arguments?.GetValue(diagnostic) is IReadOnlyList<object?> { Count: > 0 } args
                ? result.WithArguments(args.Select(a => a is null ? null : (object?)Convert.ToString(a, CultureInfo.InvariantCulture)).ToArray())
                : result;
        }

        private static void AppendWithSource(StringBuilder text, Diagnostic diagnostic)
        {
            text.Append("    // ").AppendLine(diagnostic.ToString());
            if (diagnostic.Location.SourceTree is { } tree)
            {
                SourceText source = tree.GetText();
                LinePositionSpan span = diagnostic.Location.GetLineSpan().Span;
                string line = source.Lines[span.Start.Line].ToString();
                int width = span.End.Line == span.Start.Line ? Math.Max(1, span.End.Character - span.Start.Character) : Math.Max(1, line.Length - span.Start.Character);
                text.Append("    // ").Append((span.Start.Line + 1).ToString(CultureInfo.InvariantCulture).PadLeft(4)).Append(" | ").AppendLine(line);
                text.Append("    //      | ").Append(new string(' ', span.Start.Character)).AppendLine(new string('^', width));
            }

            text.Append("    ").Append(AsExpectation(diagnostic)).AppendLine(",");
        }

        private static bool HasPlace(Location location) => location.IsInSource || location.Kind == LocationKind.ExternalFile;

        private static string Describe(Location location)
        {
            if (!HasPlace(location))
            {
                return "no location";
            }

            LinePositionSpan span = location.GetLineSpan().Span;
            return $"{location.GetLineSpan().Path}({span.Start.Line + 1},{span.Start.Character + 1})-({span.End.Line + 1},{span.End.Character + 1})";
        }
    }
}
