// Size of a library before and after a [FastPath] conversion (issue 21, point 3).
//
//     dotnet run eng/RealLibraries/IlSize.cs -- <before/Library.dll> <after/Library.dll>
//
// Prints each file's size and the IL bytes of all its method bodies, then, for every method the after-build marks
// [FastPath("Body")] (read from its metadata, so no list is needed), the IL that belongs to it in each build:
// - before: the method itself (it held the body) and its state machine (a nested type named "<Name>d__N");
// - after: the marked method (the generated synchronous path), every generated member named "Name__..." (continuations)
//   and the body method, each with the nested types named after it (state machines, pending-awaiter structs).
// Lambdas' closure classes are shared per type by the compiler and not counted; nor is anything outside the type.
#:property TargetFramework=net10.0
#:property Nullable=enable
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;

if (args.Length != 2)
{
    Console.Error.WriteLine("usage: dotnet run IlSize.cs -- <before.dll> <after.dll>");
    return 2;
}

var before = new Assembly(args[0]);
var after = new Assembly(args[1]);
Console.WriteLine($"file bytes\t{before.FileSize}\t{after.FileSize}\t{Ratio(before.FileSize, after.FileSize)}");
Console.WriteLine($"IL bytes (all bodies)\t{before.AllIl}\t{after.AllIl}\t{Ratio(before.AllIl, after.AllIl)}");

// Members are matched by name, so overloads converted together (Polly's eight ExecuteAsync) are one row.
int sumBefore = 0, sumAfter = 0, count = 0;
foreach (var group in after.MarkedMethods().GroupBy(m => (m.Type, m.Marked)))
{
    var (type, marked) = group.Key;
    var bodies = group.Select(m => m.Body).Distinct().ToArray();
    var b = before.IlOf(type, marked);
    var a = after.IlOf(type, new[] { marked }.Concat(bodies).ToArray());
    var overloads = group.Count() > 1 ? $" ({group.Count()} overloads)" : string.Empty;
    Console.WriteLine($"method\t{b}\t{a}\t{Ratio(b, a)}\t{type}.{marked}{overloads}");
    sumBefore += b;
    sumAfter += a;
    count += group.Count();
}

Console.WriteLine($"IL bytes of the {count} converted methods\t{sumBefore}\t{sumAfter}\t{Ratio(sumBefore, sumAfter)}");
Console.WriteLine($"IL bytes elsewhere\t{before.AllIl - sumBefore}\t{after.AllIl - sumAfter}\t{Ratio(before.AllIl - sumBefore, after.AllIl - sumAfter)}");
return 0;

static string Ratio(long before, long after) => before == 0 ? "-" : $"{(double)after / before:0.00}x";

sealed class Assembly
{
    private const string FastPathAttribute = "Prewired.FastPathAttribute";
    private readonly PEReader _pe;
    private readonly MetadataReader _md;
    private readonly Dictionary<string, TypeDefinition> _types = new();

    public Assembly(string path)
    {
        FileSize = new FileInfo(path).Length;
        _pe = new PEReader(File.OpenRead(path));
        _md = _pe.GetMetadataReader();
        foreach (var handle in _md.TypeDefinitions)
        {
            var type = _md.GetTypeDefinition(handle);
            foreach (var m in type.GetMethods()) AllIl += BodySize(_md.GetMethodDefinition(m));
            _types[FullName(type)] = type;
        }
    }

    public long FileSize { get; }

    public int AllIl { get; }

    /// <summary>(type, marked method, body method) for each method with [FastPath("body")].</summary>
    public IEnumerable<(string Type, string Marked, string Body)> MarkedMethods()
    {
        foreach (var (name, type) in _types.OrderBy(t => t.Key, StringComparer.Ordinal))
        {
            foreach (var m in type.GetMethods())
            {
                var method = _md.GetMethodDefinition(m);
                foreach (var a in method.GetCustomAttributes())
                {
                    var attribute = _md.GetCustomAttribute(a);
                    if (AttributeTypeName(attribute) != FastPathAttribute) continue;
                    var blob = _md.GetBlobReader(attribute.Value);
                    blob.ReadUInt16(); // prolog
                    yield return (name, _md.GetString(method.Name), blob.ReadSerializedString() ?? "");
                }
            }
        }
    }

    /// <summary>IL bytes of the members of <paramref name="typeName"/> that belong to any of <paramref name="names"/>.</summary>
    public int IlOf(string typeName, params string[] names)
    {
        if (!_types.TryGetValue(typeName, out var type)) return 0;
        var il = 0;
        foreach (var m in type.GetMethods())
        {
            var method = _md.GetMethodDefinition(m);
            if (names.Any(n => BelongsTo(_md.GetString(method.Name), n))) il += BodySize(method);
        }

        foreach (var n in type.GetNestedTypes())
        {
            var nested = _md.GetTypeDefinition(n);
            if (names.Any(name => BelongsTo(_md.GetString(nested.Name), name))) il += TypeIl(nested);
        }

        return il;
    }

    private static bool BelongsTo(string member, string name) =>
        member == name || member.StartsWith(name + "__", StringComparison.Ordinal)
        || member.StartsWith("<" + name + ">", StringComparison.Ordinal) || member.StartsWith("<" + name + "__", StringComparison.Ordinal);

    private int BodySize(MethodDefinition method) =>
        method.RelativeVirtualAddress == 0 ? 0 : _pe.GetMethodBody(method.RelativeVirtualAddress).Size;

    private int TypeIl(TypeDefinition type)
    {
        var total = 0;
        foreach (var m in type.GetMethods()) total += BodySize(_md.GetMethodDefinition(m));
        foreach (var n in type.GetNestedTypes()) total += TypeIl(_md.GetTypeDefinition(n));
        return total;
    }

    private string FullName(TypeDefinition type)
    {
        var name = _md.GetString(type.Name);
        if (type.GetDeclaringType() is { IsNil: false } outer) return FullName(_md.GetTypeDefinition(outer)) + "+" + name;
        var ns = _md.GetString(type.Namespace);
        return ns.Length == 0 ? name : ns + "." + name;
    }

    private string AttributeTypeName(CustomAttribute attribute)
    {
        EntityHandle type;
        if (attribute.Constructor.Kind == HandleKind.MemberReference) type = _md.GetMemberReference((MemberReferenceHandle)attribute.Constructor).Parent;
        else if (attribute.Constructor.Kind == HandleKind.MethodDefinition) type = _md.GetMethodDefinition((MethodDefinitionHandle)attribute.Constructor).GetDeclaringType();
        else return "";
        return type.Kind switch
        {
            HandleKind.TypeReference => Name(_md.GetTypeReference((TypeReferenceHandle)type)),
            HandleKind.TypeDefinition => FullName(_md.GetTypeDefinition((TypeDefinitionHandle)type)),
            _ => "",
        };
    }

    private string Name(TypeReference reference)
    {
        var ns = _md.GetString(reference.Namespace);
        var name = _md.GetString(reference.Name);
        return ns.Length == 0 ? name : ns + "." + name;
    }
}
