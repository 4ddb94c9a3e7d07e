using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.CodeFixes.Closures
{
    /// <summary>
    /// What PW0401's fix does to one method body: the local functions made <c>static</c>, each with the parameters that
    /// replace its captures, and the calls that then pass them. Planned by <see cref="StaticConversionPlanner"/> against
    /// the document as it is, applied by <see cref="Syntax.StaticLocalFunctionSyntax"/>.
    /// </summary>
    internal sealed class StaticConversion
    {
        public StaticConversion(IReadOnlyList<StaticLocalFunction> functions, IReadOnlyList<CallSite> calls)
        {
            Functions = functions;
            Calls = calls;
        }

        public IReadOnlyList<StaticLocalFunction> Functions { get; }

        public IReadOnlyList<CallSite> Calls { get; }
    }

    /// <summary>One local function made static.</summary>
    internal sealed class StaticLocalFunction
    {
        public StaticLocalFunction(LocalFunctionStatementSyntax syntax, IReadOnlyList<CaptureParameter> parameters, int insertAt, IReadOnlyList<SyntaxNode> thisReferences)
        {
            Syntax = syntax;
            Parameters = parameters;
            InsertAt = insertAt;
            ThisReferences = thisReferences;
        }

        public LocalFunctionStatementSyntax Syntax { get; }

        /// <summary>The new parameters, in the order they are added.</summary>
        public IReadOnlyList<CaptureParameter> Parameters { get; }

        /// <summary>
        /// Where they go in the parameter list: after the existing parameters, but before the first optional or
        /// <c>params</c> parameter (C# requires those last).
        /// </summary>
        public int InsertAt { get; }

        /// <summary><c>this</c> expressions, and names that reach a member through an implicit <c>this</c>: both become <c>self</c>-qualified.</summary>
        public IReadOnlyList<SyntaxNode> ThisReferences { get; }

        /// <summary>The name of the parameter standing for <c>this</c>, or null when the function does not use it.</summary>
        public string? SelfName
        {
            get
            {
                foreach (var parameter in Parameters)
                {
                    if (parameter.IsThis) return parameter.Name;
                }

                return null;
            }
        }
    }

    /// <summary>A parameter that replaces a capture: a local, a parameter, or <c>this</c> (then named <c>self</c>).</summary>
    internal sealed class CaptureParameter
    {
        public CaptureParameter(Capture capture, string name, string type, bool byRef)
        {
            Capture = capture;
            Name = name;
            Type = type;
            ByRef = byRef;
        }

        public Capture Capture { get; }

        public string Name { get; }

        /// <summary>The type as written in the new parameter.</summary>
        public string Type { get; }

        /// <summary>Passed by <c>ref</c>: the function writes the variable, and the caller must see the write.</summary>
        public bool ByRef { get; }

        public bool IsThis => Capture.IsThis;
    }

    /// <summary>A call of a converted function that must pass the new arguments.</summary>
    internal sealed class CallSite
    {
        public CallSite(InvocationExpressionSyntax invocation, StaticLocalFunction target, StaticLocalFunction? caller)
        {
            Invocation = invocation;
            Target = target;
            Caller = caller;
        }

        public InvocationExpressionSyntax Invocation { get; }

        public StaticLocalFunction Target { get; }

        /// <summary>The converted function the call is in, if any: its parameters then stand for the captures (and <c>self</c> for <c>this</c>).</summary>
        public StaticLocalFunction? Caller { get; }
    }
}
