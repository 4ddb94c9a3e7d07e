using System.Collections.Generic;
using System.Linq;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.Pipelines.Rules
{
    /// <summary>The outcome of <see cref="PipelineValidator"/>: findings to report, and the resolved stages when there are none.</summary>
    internal sealed class PipelineValidation
    {
        private readonly bool _usable;

        public PipelineValidation(List<Finding> findings, List<ResolvedStage> stages, PipelineRegistrationTarget? registration)
            : this(findings, stages, registration, usable: true)
        {
        }

        private PipelineValidation(List<Finding> findings, List<ResolvedStage> stages, PipelineRegistrationTarget? registration, bool usable)
        {
            Findings = findings;
            Stages = stages;
            Registration = registration;
            _usable = usable;
        }

        public List<Finding> Findings { get; }

        public List<ResolvedStage> Stages { get; }

        /// <summary>Where the dependency-injection registration goes, when Prewired.DependencyInjection is referenced.</summary>
        public PipelineRegistrationTarget? Registration { get; }

        /// <summary>
        /// Generate only for a stage list that resolved completely with nothing to report but the warnings about defaults,
        /// which leave a working chain (PW0312, PW0316 for a handler: a default skipped for its constraint; PW0313: an exclusion that excludes nothing).
        /// </summary>
        public bool IsValid => _usable && Findings.All(f => f.Id is DiagnosticIds.DefaultStageNotApplied or DiagnosticIds.DefaultNotAppliedToHandler or DiagnosticIds.ExclusionNotADefault) && Stages.Count > 0;

        /// <summary>The compiler already rejects the attribute's arguments: nothing to add, nothing to generate.</summary>
        public static PipelineValidation Unusable(List<Finding> findings) => new(findings, new List<ResolvedStage>(), null, usable: false);
    }
}
