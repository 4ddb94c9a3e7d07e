using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Awaits;
using Prewired.Generator.ContextGuard;
using Prewired.Generator.Emit;
using Prewired.Generator.MarkedMethods;
using Prewired.Generator.Marks;
using Prewired.Generator.Model;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// [FastPath]: the synchronous path (<see cref="SyncPathWriter"/>) plus the method's one continuation, a state machine
    /// (<see cref="ContinuationWriter"/>, <see cref="ContinuationMachine"/>), or the forwarding implementation when some
    /// await cannot be split yet.
    /// </summary>
    internal static class FastPathParser
    {
        public static GeneratedMethodModel? Parse(GeneratorAttributeSyntaxContext context, CancellationToken cancellationToken)
        {
            var parsed = MarkedMethodContext.TryCreate(context, MarkKind.FastPath, cancellationToken, out var stub);
            if (parsed is null) return stub;
            var (marked, validation, body, bodySyntax, bodyNode, model, shell) =
                (parsed.Marked, parsed.Validation, parsed.Body, parsed.BodySyntax, parsed.BodyNode, parsed.Model, parsed.Shell);
            var members = new MemberWriter(shell.MemberIndent);
            var lines = new CodeLines();
            var hasResult = validation.ReturnKind.HasResult();
            var resumePrefix = ResumePrefix(marked);
            var features = TargetFeatures.Of(context.SemanticModel.Compilation);

            string? forwardReason = null;
            List<SplitPoint>? splits = null;
            Lowering? lowering = null;
            CodeLines? syncLines = null;
            ContinuationLayout? layout = null;
            CodeLines? continuation = null;
            string? notCovered = null;
            ContinuationMachine? machine = null;
            DiagnosticInfo? notCoveredAt = null; // the PW0201 of a forward the analyzers cannot see
            var forms = new AsyncReturnForms(validation.ReturnKind, marked.ReturnType, guarded: false);
            if (parsed.BodyHasErrors(cancellationToken))
            {
                forwardReason = $"Forwarding to '{body.Name}': {MarkedMethodContext.DoesNotCompileReason}";
            }
            else if (FastPathClassifier.FindBlockers(bodySyntax, hasResult, model, mapPositions: true, out var loweredBody).FirstOrDefault() is { } blocker)
            {
                forwardReason = $"Forwarding to '{body.Name}': '{blocker.Arguments[0]}' cannot be split yet: {blocker.Arguments[1]} (PW0201).";
            }
            else
            {
                if (loweredBody is not null)
                {
                    // await using / await foreach written out as C# lowers them: from here on, ordinary awaits.
                    (bodySyntax, model) = (loweredBody.Method, loweredBody.Model);
                    bodyNode = (SyntaxNode?)bodySyntax.Body ?? bodySyntax.ExpressionBody!;
                }

                try
                {
                    lowering = new Lowering(bodyNode, model);
                    splits = Plan(bodyNode, model, hasResult, resumePrefix, lowering);
                    if (splits is null)
                    {
                        const string cannotHandOver = "a pending awaitable or a variable that lives across an await cannot be handed to a continuation (a ref local, a ref struct, or a type C# cannot write, such as an anonymous type)";
                        forwardReason = $"Forwarding to '{body.Name}': {cannotHandOver} (PW0201).";
                        notCoveredAt = NotSplitFinding(parsed.BodySyntax, body.Name, cannotHandOver);
                    }
                    else
                    {
                        // The continuation: a hand-made state machine (issue 19 point 3; the only form since issue 35).
                        if (MachineFor(body, resumePrefix) is not { } candidate)
                        {
                            notCovered = "a body whose [AsyncMethodBuilder] type cannot be named closed over its result";
                        }
                        else
                        {
                            (layout, continuation, notCovered) = WriteContinuation(resumePrefix, bodySyntax, bodyNode, splits, lowering, model);
                            machine = notCovered is null && continuation is not null ? candidate.WithThisUsed(layout!.Names(ContinuationWriter.ThisField)) : null;
                        }

                        if (notCovered is not null)
                        {
                            // A shape the one continuation does not cover: the body's own behaviour. The analyzers' rules
                            // cannot see this (it is decided while the continuation is written), so the generator reports
                            // the PW0201 itself, at the body's first await (the reliability suites count such a forward as a finding).
                            splits = null;
                            forwardReason = $"Forwarding to '{body.Name}': the continuation does not cover {notCovered} yet (PW0201).";
                            notCoveredAt = NotSplitFinding(parsed.BodySyntax, body.Name, $"the continuation does not cover {notCovered} yet");
                        }
                        else
                        {
                            syncLines = new CodeLines();
                            WriteSyncPath(syncLines, bodySyntax, model, splits, forms, lowering, MethodShellParser.TypeParameterList(body), features, layout);
                        }
                    }
                }
                catch (System.Exception exception) when (exception is not System.OperationCanceledException)
                {
                    // The generator never throws: a shape the transform did not expect keeps the body's own behaviour.
                    splits = null;
                    forwardReason = $"Forwarding to '{body.Name}': the generator could not split this body ({exception.GetType().Name}: {exception.Message.Replace('\n', ' ')}).";
                }
            }

            if (forwardReason is not null || splits is null)
            {
                BodyPreamble.WriteForwarding(lines, marked, body, forwardReason!);
                members.Method(null, shell.Signature, lines, suppressedWarning: MemberWriter.PartialSignatureWarning(shell));
                var forwarding = new GeneratedMethodModel(MarkKind.FastPath, shell, members.ToString());
                return notCoveredAt is null ? forwarding : forwarding.WithDiagnostics(new EquatableArray<DiagnosticInfo>(new[] { notCoveredAt }));
            }

            var guard = AssumedContextGuard.Decide(context.Attributes[0], MarkKind.FastPath, bodyNode, model, cancellationToken);
            var syncName = ContinuationLayout.PrefixOf(resumePrefix) + "Sync";
            var arguments = string.Join(", ", body.Parameters.Select(p => MethodShellParser.EscapedName(p.Name)));
            var receiver = body.IsStatic ? string.Empty : "this.";
            var typeArguments = MethodShellParser.TypeParameterList(body);
            var constraints = MethodShellParser.ConstraintClauses(body);

            // The public method only turns exceptions into the task (and restores the contexts): a method with an
            // exception handler keeps its locals on the stack, so the statements live in X__Sync, which has none and is
            // compiled like hand-written code. The wrapper itself is a few instructions and its handler a filter, so the
            // JIT inlines it into the caller (ExceptionCapture says why a filter).
            var outerForms = new AsyncReturnForms(validation.ReturnKind, marked.ReturnType, guarded: false);
            BodyPreamble.WriteCapture(lines, guard);
            if (!body.IsStatic && marked.ContainingType.IsValueType)
            {
                // An async method of a struct works on a copy of 'this', made at the call: so does the synchronous path,
                // and the continuation (an async method of the struct) copies that copy, writes of the synchronous part
                // included, as the body's state machine carries its own.
                lines.Line("var __self = this; // the async body works on a copy of the struct; so does the fast path");
                receiver = "__self.";
            }

            var syncCall = $"{receiver}{syncName}{typeArguments}({arguments})";
            if (guard.Needed)
            {
                GuardedCall.Write(lines, outerForms, BodyPreamble.BodyCall(body), syncCall);
            }
            else
            {
                lines.Line("try");
                lines.OpenBrace();
                lines.Line($"return {syncCall};");
                lines.CloseBrace();
                lines.Line(ExceptionCapture.Clause);
                lines.OpenBrace();
                lines.Line(outerForms.FaultedReturn(ExceptionCapture.Variable));
                lines.CloseBrace();
            }
            // The user's own [MethodImpl] on the declaration is the method's (a second one is CS0579), whatever it asks.
            var inlining = marked.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == "System.Runtime.CompilerServices.MethodImplAttribute")
                ? null
                : MemberWriter.AggressiveInlining;
            members.Method(null, shell.Signature, lines, suppressedWarning: MemberWriter.PartialSignatureWarning(shell), attribute: inlining);

            var pragmas = PragmaWarningsInEffect.Of(parsed.BodyNode); // the user's file, not a lowered copy
            members.DisableWarnings(pragmas);
            var parameters = string.Join(", ", body.Parameters.Select(p => $"{p.Type.ToDisplayString(MethodShellParser.TypeFormat)} {MethodShellParser.EscapedName(p.Name)}"));
            members.Method(
                $"The synchronous path of '{body.Name}': every await that already completed goes on in place; a pending one hands over to its continuation.",
                $"private {(body.IsStatic ? "static " : string.Empty)}{forms.ReturnTypeName} {syncName}{typeArguments}({parameters}){constraints}",
                syncLines!,
                hidden: true,
                nullableWarningsOff: shell.NullableEnabled && lowering!.MovesHandlerBlocks ? Lowering.NullableWarningsReason : null);

            // The resume points as the continuation's summary lists them: "0 <c>await A()</c>; 1 <c>await B()</c>".
            var points = string.Join("; ", splits.Select(s => $"{s.Index} <c>{System.Security.SecurityElement.Escape(AwaitSiteDisplay(s))}</c>"));
            if (layout is not null && machine is not null)
            {
                members.Method(
                    $"Resumes '{body.Name}' at the await the synchronous path handed over ({ContinuationLayout.StateParameter}): {points}. The state machine is boxed once, by the builder, when the awaiter is given to it.",
                    $"private {(body.IsStatic ? "static " : string.Empty)}{forms.ReturnTypeName} {layout.Name}{typeArguments}({layout.Parameters()}){constraints}",
                    machine.Starter(layout, splits, typeArguments),
                    hidden: true,
                    // typeof of a generic type's nested type would name the type's parameters: no attribute there (CS0416).
                    attribute: IsInGenericType(body.ContainingType) ? null : machine.StarterAttribute(body.TypeParameters.Length));
                members.Member(machine.Declaration(layout, splits, continuation!, typeArguments, constraints, features.StackTraceHidden), nullableWarningsOff: shell.NullableEnabled ? ContinuationWriter.NullableWarningsReason : null);
                foreach (var (declaration, callsBase) in layout.Accessors) members.Member(ContinuationMachine.Accessor(declaration, callsBase, features.StackTraceHidden));
            }

            members.RestoreWarnings(pragmas);
            return new GeneratedMethodModel(MarkKind.FastPath, shell, members.ToString());
        }

        /// <summary>"GetAsync__Resume", or "GetAsync__2__Resume" for the second of several overloads, so continuations never collide.</summary>
        private static string ResumePrefix(IMethodSymbol marked)
        {
            var overloads = marked.ContainingType.GetMembers(marked.Name).OfType<IMethodSymbol>()
                .Where(m => m.IsPartialDefinition)
                .OrderBy(m => m.Locations.FirstOrDefault()?.SourceTree?.FilePath, System.StringComparer.Ordinal)
                .ThenBy(m => m.Locations.FirstOrDefault()?.SourceSpan.Start ?? 0)
                .ToList();
            var name = MethodShellParser.EscapedName(marked.Name);
            return overloads.Count > 1 ? $"{name}__{overloads.IndexOf(marked) + 1}__Resume" : $"{name}__Resume";
        }

        private static List<SplitPoint>? Plan(SyntaxNode bodyNode, SemanticModel model, bool hasResult, string resumePrefix, Lowering lowering)
        {
            var splits = new List<SplitPoint>();
            foreach (var site in AwaitSites.Collect(bodyNode))
            {
                var form = SplitForms.Of(site.Expression!, bodyNode, hasResult, out var statement);
                ExpressionSyntax? conditional = null;
                if (form is null)
                {
                    // The classifier let it through, so it spills before its statement.
                    statement = Spills.Of(site.Expression!, bodyNode, model, out _, out conditional);
                    if (statement is null) return null;
                    form = SplitForm.Spill;
                }

                var split = new SplitPoint(splits.Count, site.Expression!, form.Value, statement) { ResumePrefix = resumePrefix };
                if (conditional is not null)
                {
                    split.Conditional = conditional;
                    split.ConditionalKind = ConditionalSpill.KindOf(conditional, site.Expression!, model)!.Value;
                    split.ConditionalTypeName = ConditionalSpill.ResultType(conditional, model)!.ToDisplayString(MethodShellParser.TypeFormat);
                }

                splits.Add(split);
            }

            // The spilled awaits of one statement: each continuation awaits the later ones itself and takes the earlier
            // ones' temporaries over as live state.
            foreach (var group in splits.Where(s => s.Form == SplitForm.Spill).GroupBy(s => s.Statement!))
            {
                var ordered = group.OrderBy(s => s.Await.SpanStart).ToList();
                if (ordered.Count == 2 && ordered[0].Conditional is { } conditional && ordered[1].Conditional == conditional)
                {
                    // c ? await a : await b: alternatives, not a sequence.
                    ordered[0].ConditionalPartner = ordered[1];
                    ordered[1].IsConditionalPartner = true;
                    continue;
                }

                for (var i = 0; i < ordered.Count; i++)
                {
                    ordered[i].SpillOrdinal = i;
                    ordered[i].LaterSpills.AddRange(ordered.Skip(i + 1));
                    ordered[i].EarlierSpills.AddRange(ordered.Take(i));
                    foreach (var earlier in ordered.Take(i))
                    {
                        if (model.GetTypeInfo(earlier.Await).Type is not { } type || !LoweringShapes.IsNameable(type)) return null;
                        ordered[i].Synthetic.Add((type.ToDisplayString(MethodShellParser.TypeFormat), earlier.SpillVariable));
                    }
                }
            }

            foreach (var split in splits)
            {
                if (!SplitAnalysis.TryAnalyze(split, bodyNode, model, lowering)) return null;
            }

            return splits;
        }

        /// <summary>
        /// PW0201 for a body that forwards for a reason only the generator sees (the analyzers' rules let it through): at
        /// its first await (else its name), worded as the analyzer words it.
        /// </summary>
        private static DiagnosticInfo NotSplitFinding(MethodDeclarationSyntax bodySyntax, string bodyName, string reason)
        {
            var firstAwait = bodySyntax.DescendantNodes().OfType<AwaitExpressionSyntax>().FirstOrDefault();
            var at = firstAwait?.GetLocation() ?? bodySyntax.Identifier.GetLocation();
            var text = firstAwait?.ToString() ?? bodyName;
            var finding = new Finding(DiagnosticIds.FastPathNotSplit, at, text, reason, bodyName);
            return DiagnosticInfo.From(finding);
        }

        /// <summary>
        /// The state machine a continuation can be written as (<see cref="ContinuationMachine"/>), or null: its builder must be
        /// nameable. A struct's method works on its own copy of the struct after the hand-off, as the async method's state
        /// machine does: <c>__this</c> holds the copy the synchronous path worked on, and the body's writes go to that field.
        /// </summary>
        private static ContinuationMachine? MachineFor(IMethodSymbol body, string prefix)
        {
            if (BodyBuilder.StateMachineBuilder(body) is not { } builder) return null;
            var result = KnownTypes.ResultType(body.ReturnType)?.ToDisplayString(MethodShellParser.TypeFormat);
            var thisType = body.IsStatic ? null : body.ContainingType.ToDisplayString(MethodShellParser.TypeFormat);
            return new ContinuationMachine(builder, result, thisType, ContinuationLayout.PrefixOf(prefix) + "Continuation", !body.IsStatic && IsMarshalByRef(body.ContainingType));
        }

        /// <summary>Whether <paramref name="type"/> is or derives from System.MarshalByRefObject (see <see cref="ContinuationMachine.ThisIsMarshalByRef"/>).</summary>
        private static bool IsMarshalByRef(INamedTypeSymbol? type)
        {
            for (; type is not null; type = type.BaseType)
            {
                if (KnownTypes.IsType(type, "System.MarshalByRefObject")) return true;
            }

            return false;
        }

        private static bool IsInGenericType(INamedTypeSymbol? type)
        {
            for (; type is not null; type = type.ContainingType)
            {
                if (type.TypeParameters.Length > 0) return true;
            }

            return false;
        }

        private static (ContinuationLayout?, CodeLines?, string?) WriteContinuation(string resumePrefix, MethodDeclarationSyntax method, SyntaxNode bodyNode, List<SplitPoint> splits, Lowering lowering, SemanticModel model)
        {
            var layout = ContinuationLayout.Create(resumePrefix, splits, bodyNode, model, lowering);
            if (layout is null) return (null, null, null);
            var continuation = ContinuationWriter.Write(method, splits, layout, lowering, model, out var notCovered);
            if (continuation is null) return (null, null, notCovered);

            // Only what the continuation reads is handed over (the hand-offs are written after this). Its statements parsed
            // as a block, not tokenized: an interpolated string is one token, its holes' names are nodes of the tree.
            var named = new HashSet<string>(
                Microsoft.CodeAnalysis.CSharp.SyntaxFactory.ParseStatement("{\n" + continuation.Code() + "\n}").DescendantTokens()
                    .Where(t => t.IsKind(Microsoft.CodeAnalysis.CSharp.SyntaxKind.IdentifierToken)).Select(t => t.ValueText),
                System.StringComparer.Ordinal);
            layout.KeepOnlyRead(named);
            return (layout, continuation, null);
        }

        private static void WriteSyncPath(CodeLines lines, MethodDeclarationSyntax method, SemanticModel model, List<SplitPoint> splits, AsyncReturnForms forms, Lowering lowering, string typeArguments, TargetFeatures features, ContinuationLayout? layout)
        {
            var writer = new SyncPathWriter(lines, splits, forms, lowering, typeArguments, features, layout);
            if (method.ExpressionBody is { } arrow)
            {
                if (splits.Count == 1 && splits[0].Statement is null)
                {
                    writer.WriteArrowSplit(splits[0]);
                }
                else
                {
                    ReturnRewriter.WriteArrowBody(lines, arrow, forms, (node, printer) =>
                    {
                        if (!AwaitSites.IsNestedFunction(node)) return false;
                        printer.Unchanged(node);
                        return true;
                    });
                }

                return;
            }

            // Set just before a hand-off: every finally (and disposal) the hand-off returns through then belongs to the continuation.
            if (splits.Any(s => s.NeedsHandOffFlag)) lines.Line($"var {SyncPathWriter.HandOffFlag} = false;");
            writer.WriteStatements(method.Body!.Statements);
            if (!forms.Kind.HasResult() && RegionFlow.ControlFlow(model, method.Body)?.EndPointIsReachable == true) lines.Line(forms.CompletedReturn);
        }

        private static string AwaitSiteDisplay(SplitPoint split) => new AwaitSite(split.Await).Display;
    }
}
