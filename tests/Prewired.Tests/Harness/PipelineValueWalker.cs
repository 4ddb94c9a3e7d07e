using System;
using System.Collections;
using System.Collections.Generic;
using System.Reflection;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;

namespace Prewired.Tests.Harness
{
    /// <summary>
    /// Finds Roslyn objects held by a value that flows through an incremental pipeline. A model that holds an
    /// <see cref="ISymbol"/>, <see cref="SyntaxNode"/>, <see cref="Compilation"/> or <see cref="SemanticModel"/> keeps a
    /// whole compilation alive across edits and never compares equal to the next run's, so every later step re-runs.
    /// </summary>
    public static class PipelineValueWalker
    {
        private static readonly Type[] s_forbidden =
        {
            typeof(ISymbol), typeof(SyntaxNode), typeof(Compilation), typeof(SemanticModel),
        };

        // Deep enough for any real model; a limit keeps a pathological graph from hanging the test.
        private const int MaxDepth = 32;

        /// <summary>
        /// Paths (<c>root.Method.Parameters[1].Type</c>) to every forbidden object reachable from <paramref name="value"/>
        /// through fields (so auto-properties and record members by their property names) and collection elements.
        /// </summary>
        public static IReadOnlyList<string> FindForbidden(object? value, string rootName)
        {
            var found = new List<string>();
            Walk(value, rootName, 0, new HashSet<object>(ReferenceEqualityComparer.Instance), found);
            return found;
        }

        private static void Walk(object? value, string path, int depth, HashSet<object> visited, List<string> found)
        {
            if (value is null || depth > MaxDepth)
            {
                return;
            }

            Type type = value.GetType();
            foreach (Type forbidden in s_forbidden)
            {
                if (forbidden.IsInstanceOfType(value))
                {
                    string article = forbidden == typeof(ISymbol) ? "an" : "a";
                    found.Add($"{path} is {article} {forbidden.Name} ({type.Name}: {Shorten(value)})");
                    return;
                }
            }

            if (IsLeaf(type) || (!type.IsValueType && !visited.Add(value)))
            {
                return;
            }

            // BCL collections are walked by element (their internals are noise); everything else, including the
            // project's own EquatableArray<T>, by field, which reaches the array it wraps.
            if (value is IEnumerable sequence && (type.IsArray || IsFrameworkType(type)) && TryWalkElements(sequence, path, depth, visited, found))
            {
                return;
            }

            for (Type? t = type; t is not null && t != typeof(object) && t != typeof(ValueType); t = t.BaseType)
            {
                foreach (FieldInfo field in t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
                {
                    if (!field.FieldType.IsPointer && !field.FieldType.IsByRefLike)
                    {
                        Walk(field.GetValue(value), $"{path}.{MemberName(field)}", depth + 1, visited, found);
                    }
                }
            }
        }

        private static bool TryWalkElements(IEnumerable sequence, string path, int depth, HashSet<object> visited, List<string> found)
        {
            var elements = new List<object?>();
            try
            {
                foreach (object? element in sequence)
                {
                    elements.Add(element);
                }
            }
            catch (Exception e) when (e is InvalidOperationException or NullReferenceException)
            {
                return false; // e.g. a default ImmutableArray: walk its fields instead (it has none set).
            }

            for (int i = 0; i < elements.Count; i++)
            {
                Walk(elements[i], $"{path}[{i}]", depth + 1, visited, found);
            }

            return true;
        }

        private static bool IsLeaf(Type type) =>
            type.IsPrimitive || type.IsEnum || type.IsPointer
            || type == typeof(string) || type == typeof(decimal) || type == typeof(DateTime) || type == typeof(DateTimeOffset)
            || type == typeof(TimeSpan) || type == typeof(Guid)
            || typeof(Type).IsAssignableFrom(type) || typeof(MemberInfo).IsAssignableFrom(type)
            || typeof(Delegate).IsAssignableFrom(type);

        private static bool IsFrameworkType(Type type) =>
            type.Namespace is { } ns && (ns == "System" || ns.StartsWith("System.", StringComparison.Ordinal));

        // Auto-property and record backing fields are named <Name>k__BackingField; a path reads better with Name.
        private static string MemberName(FieldInfo field)
        {
            string name = field.Name;
            if (name.StartsWith("<", StringComparison.Ordinal) && field.IsDefined(typeof(CompilerGeneratedAttribute)))
            {
                int end = name.IndexOf('>');
                return end > 1 ? name.Substring(1, end - 1) : name;
            }

            return name;
        }

        private static string Shorten(object value)
        {
            string text = value.ToString() ?? "";
            text = text.Replace("\r", "").Replace('\n', ' ');
            return text.Length <= 80 ? text : text.Substring(0, 77) + "...";
        }
    }
}
