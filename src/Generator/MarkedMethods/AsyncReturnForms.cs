using Microsoft.CodeAnalysis;
using Prewired.Generator.Model;

namespace Prewired.Generator.MarkedMethods
{
    /// <summary>
    /// How generated code spells what an async method's builder returns: the task for a synchronous result, for a
    /// synchronous fault, and for running to the end. One place, so every generated shape returns the same thing.
    /// </summary>
    internal sealed class AsyncReturnForms
    {
        private const string AsyncResult = "global::Prewired.CompilerServices.AsyncResult";
        private readonly ReturnKind _kind;
        private readonly string _resultType;
        private readonly bool _guarded;

        public AsyncReturnForms(ReturnKind kind, ITypeSymbol returnType, bool guarded)
        {
            _kind = kind;
            _guarded = guarded;
            var result = Marks.KnownTypes.ResultType(returnType);
            _resultType = result?.ToDisplayString(MethodShellParser.TypeFormat) ?? string.Empty;
            ReturnTypeName = returnType.ToDisplayString(MethodShellParser.TypeFormat);
        }

        public ReturnKind Kind => _kind;

        /// <summary>The T of Task&lt;T&gt; / ValueTask&lt;T&gt;, fully qualified; empty for the non-generic forms.</summary>
        public string ResultTypeName => _resultType;

        public string ReturnTypeName { get; }

        public bool Guarded => _guarded;

        /// <summary>The text before a result expression in <c>return &lt;prefix&gt;expression&lt;suffix&gt;;</c>.</summary>
        public string ValuePrefix => Guard(_kind == ReturnKind.ValueTaskOfT
            ? $"{AsyncResult}.FromResultValueTask<{_resultType}>("
            : $"{AsyncResult}.FromResult<{_resultType}>(");

        public string ValueSuffix => _guarded ? "));" : ");";

        /// <summary>The whole return statement for running to the end or a bare <c>return;</c>.</summary>
        public string CompletedReturn => "return " + Wrap(_kind == ReturnKind.ValueTask
            ? "default(global::System.Threading.Tasks.ValueTask)"
            : $"{AsyncResult}.Completed()") + ";";

        /// <summary>The return statement of the catch clause that turns a synchronous exception into the task.</summary>
        public string FaultedReturn(string exception) => "return " + Wrap(Faulted(exception)) + ";";

        /// <summary>The faulted task for a synchronous exception, unguarded.</summary>
        public string Faulted(string exception) => _kind switch
        {
            ReturnKind.Task => $"{AsyncResult}.Faulted({exception})",
            ReturnKind.TaskOfT => $"{AsyncResult}.Faulted<{_resultType}>({exception})",
            ReturnKind.ValueTask => $"{AsyncResult}.FaultedValueTask({exception})",
            _ => $"{AsyncResult}.FaultedValueTask<{_resultType}>({exception})",
        };

        /// <summary>Wraps a returned expression in the context guard when there is one.</summary>
        public string Wrap(string expression) => _guarded ? $"__guard.Return({expression})" : expression;

        private string Guard(string prefix) => _guarded ? "__guard.Return(" + prefix : prefix;
    }
}
