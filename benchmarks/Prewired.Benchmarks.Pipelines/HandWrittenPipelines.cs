// Written once by a script: one explicit method per level, as a person would write it for a fixed depth.
using System;
using System.Threading.Tasks;

namespace Prewired.Benchmarks.Pipelines
{
    /// <summary>Levels 1 to 9 of a hand-written depth-10 chain and its terminator; the sealed subclasses add level 0.</summary>
    public abstract class HandWrittenChain10 : IPipeline<BenchmarkContext>
    {
        private readonly PassThrough _behavior1 = new PassThrough();
        private readonly PassThrough _behavior2 = new PassThrough();
        private readonly PassThrough _behavior3 = new PassThrough();
        private readonly PassThrough _behavior4 = new PassThrough();
        private readonly PassThrough _behavior5 = new PassThrough();
        private readonly PassThrough _behavior6 = new PassThrough();
        private readonly PassThrough _behavior7 = new PassThrough();
        private readonly PassThrough _behavior8 = new PassThrough();
        private readonly PassThrough _behavior9 = new PassThrough();

        /// <summary>Level 0's <c>next</c>: runs level 1.</summary>
        protected readonly Func<BenchmarkContext, Task> Next1;
        private readonly Func<BenchmarkContext, Task> _next2;
        private readonly Func<BenchmarkContext, Task> _next3;
        private readonly Func<BenchmarkContext, Task> _next4;
        private readonly Func<BenchmarkContext, Task> _next5;
        private readonly Func<BenchmarkContext, Task> _next6;
        private readonly Func<BenchmarkContext, Task> _next7;
        private readonly Func<BenchmarkContext, Task> _next8;
        private readonly Func<BenchmarkContext, Task> _next9;
        private readonly Func<BenchmarkContext, Task> _next10;

        /// <summary>Binds every <c>next</c> once; the last one is the terminator's own method.</summary>
        protected HandWrittenChain10(IPipelineTerminator<BenchmarkContext> terminator)
        {
            _next10 = terminator.Terminate;
            _next9 = Level9;
            _next8 = Level8;
            _next7 = Level7;
            _next6 = Level6;
            _next5 = Level5;
            _next4 = Level4;
            _next3 = Level3;
            _next2 = Level2;
            Next1 = Level1;
        }

        /// <inheritdoc/>
        public abstract Task Invoke(BenchmarkContext context);

        private Task Level1(BenchmarkContext context) => _behavior1.Invoke(context, _next2);
        private Task Level2(BenchmarkContext context) => _behavior2.Invoke(context, _next3);
        private Task Level3(BenchmarkContext context) => _behavior3.Invoke(context, _next4);
        private Task Level4(BenchmarkContext context) => _behavior4.Invoke(context, _next5);
        private Task Level5(BenchmarkContext context) => _behavior5.Invoke(context, _next6);
        private Task Level6(BenchmarkContext context) => _behavior6.Invoke(context, _next7);
        private Task Level7(BenchmarkContext context) => _behavior7.Invoke(context, _next8);
        private Task Level8(BenchmarkContext context) => _behavior8.Invoke(context, _next9);
        private Task Level9(BenchmarkContext context) => _behavior9.Invoke(context, _next10);
    }

    /// <summary>Hand-written depth-10 chain of pass-throughs (Success, Exception, ExceptionSync).</summary>
    public sealed class HandWrittenPassThrough10 : HandWrittenChain10
    {
        private readonly PassThrough _behavior0 = new PassThrough();

        /// <summary>Ends the chain with <paramref name="terminator"/>.</summary>
        public HandWrittenPassThrough10(IPipelineTerminator<BenchmarkContext> terminator) : base(terminator)
        {
        }

        /// <inheritdoc/>
        public override Task Invoke(BenchmarkContext context) => _behavior0.Invoke(context, Next1);
    }

    /// <summary>Hand-written depth-10 chain whose root replays the rest three times (Replay).</summary>
    public sealed class HandWrittenReplay10 : HandWrittenChain10
    {
        private readonly ReplayThrice _behavior0 = new ReplayThrice();

        /// <summary>Ends the chain with <paramref name="terminator"/>.</summary>
        public HandWrittenReplay10(IPipelineTerminator<BenchmarkContext> terminator) : base(terminator)
        {
        }

        /// <inheritdoc/>
        public override Task Invoke(BenchmarkContext context) => _behavior0.Invoke(context, Next1);
    }

    /// <summary>Levels 1 to 19 of a hand-written depth-20 chain and its terminator; the sealed subclasses add level 0.</summary>
    public abstract class HandWrittenChain20 : IPipeline<BenchmarkContext>
    {
        private readonly PassThrough _behavior1 = new PassThrough();
        private readonly PassThrough _behavior2 = new PassThrough();
        private readonly PassThrough _behavior3 = new PassThrough();
        private readonly PassThrough _behavior4 = new PassThrough();
        private readonly PassThrough _behavior5 = new PassThrough();
        private readonly PassThrough _behavior6 = new PassThrough();
        private readonly PassThrough _behavior7 = new PassThrough();
        private readonly PassThrough _behavior8 = new PassThrough();
        private readonly PassThrough _behavior9 = new PassThrough();
        private readonly PassThrough _behavior10 = new PassThrough();
        private readonly PassThrough _behavior11 = new PassThrough();
        private readonly PassThrough _behavior12 = new PassThrough();
        private readonly PassThrough _behavior13 = new PassThrough();
        private readonly PassThrough _behavior14 = new PassThrough();
        private readonly PassThrough _behavior15 = new PassThrough();
        private readonly PassThrough _behavior16 = new PassThrough();
        private readonly PassThrough _behavior17 = new PassThrough();
        private readonly PassThrough _behavior18 = new PassThrough();
        private readonly PassThrough _behavior19 = new PassThrough();

        /// <summary>Level 0's <c>next</c>: runs level 1.</summary>
        protected readonly Func<BenchmarkContext, Task> Next1;
        private readonly Func<BenchmarkContext, Task> _next2;
        private readonly Func<BenchmarkContext, Task> _next3;
        private readonly Func<BenchmarkContext, Task> _next4;
        private readonly Func<BenchmarkContext, Task> _next5;
        private readonly Func<BenchmarkContext, Task> _next6;
        private readonly Func<BenchmarkContext, Task> _next7;
        private readonly Func<BenchmarkContext, Task> _next8;
        private readonly Func<BenchmarkContext, Task> _next9;
        private readonly Func<BenchmarkContext, Task> _next10;
        private readonly Func<BenchmarkContext, Task> _next11;
        private readonly Func<BenchmarkContext, Task> _next12;
        private readonly Func<BenchmarkContext, Task> _next13;
        private readonly Func<BenchmarkContext, Task> _next14;
        private readonly Func<BenchmarkContext, Task> _next15;
        private readonly Func<BenchmarkContext, Task> _next16;
        private readonly Func<BenchmarkContext, Task> _next17;
        private readonly Func<BenchmarkContext, Task> _next18;
        private readonly Func<BenchmarkContext, Task> _next19;
        private readonly Func<BenchmarkContext, Task> _next20;

        /// <summary>Binds every <c>next</c> once; the last one is the terminator's own method.</summary>
        protected HandWrittenChain20(IPipelineTerminator<BenchmarkContext> terminator)
        {
            _next20 = terminator.Terminate;
            _next19 = Level19;
            _next18 = Level18;
            _next17 = Level17;
            _next16 = Level16;
            _next15 = Level15;
            _next14 = Level14;
            _next13 = Level13;
            _next12 = Level12;
            _next11 = Level11;
            _next10 = Level10;
            _next9 = Level9;
            _next8 = Level8;
            _next7 = Level7;
            _next6 = Level6;
            _next5 = Level5;
            _next4 = Level4;
            _next3 = Level3;
            _next2 = Level2;
            Next1 = Level1;
        }

        /// <inheritdoc/>
        public abstract Task Invoke(BenchmarkContext context);

        private Task Level1(BenchmarkContext context) => _behavior1.Invoke(context, _next2);
        private Task Level2(BenchmarkContext context) => _behavior2.Invoke(context, _next3);
        private Task Level3(BenchmarkContext context) => _behavior3.Invoke(context, _next4);
        private Task Level4(BenchmarkContext context) => _behavior4.Invoke(context, _next5);
        private Task Level5(BenchmarkContext context) => _behavior5.Invoke(context, _next6);
        private Task Level6(BenchmarkContext context) => _behavior6.Invoke(context, _next7);
        private Task Level7(BenchmarkContext context) => _behavior7.Invoke(context, _next8);
        private Task Level8(BenchmarkContext context) => _behavior8.Invoke(context, _next9);
        private Task Level9(BenchmarkContext context) => _behavior9.Invoke(context, _next10);
        private Task Level10(BenchmarkContext context) => _behavior10.Invoke(context, _next11);
        private Task Level11(BenchmarkContext context) => _behavior11.Invoke(context, _next12);
        private Task Level12(BenchmarkContext context) => _behavior12.Invoke(context, _next13);
        private Task Level13(BenchmarkContext context) => _behavior13.Invoke(context, _next14);
        private Task Level14(BenchmarkContext context) => _behavior14.Invoke(context, _next15);
        private Task Level15(BenchmarkContext context) => _behavior15.Invoke(context, _next16);
        private Task Level16(BenchmarkContext context) => _behavior16.Invoke(context, _next17);
        private Task Level17(BenchmarkContext context) => _behavior17.Invoke(context, _next18);
        private Task Level18(BenchmarkContext context) => _behavior18.Invoke(context, _next19);
        private Task Level19(BenchmarkContext context) => _behavior19.Invoke(context, _next20);
    }

    /// <summary>Hand-written depth-20 chain of pass-throughs (Success, Exception, ExceptionSync).</summary>
    public sealed class HandWrittenPassThrough20 : HandWrittenChain20
    {
        private readonly PassThrough _behavior0 = new PassThrough();

        /// <summary>Ends the chain with <paramref name="terminator"/>.</summary>
        public HandWrittenPassThrough20(IPipelineTerminator<BenchmarkContext> terminator) : base(terminator)
        {
        }

        /// <inheritdoc/>
        public override Task Invoke(BenchmarkContext context) => _behavior0.Invoke(context, Next1);
    }

    /// <summary>Hand-written depth-20 chain whose root replays the rest three times (Replay).</summary>
    public sealed class HandWrittenReplay20 : HandWrittenChain20
    {
        private readonly ReplayThrice _behavior0 = new ReplayThrice();

        /// <summary>Ends the chain with <paramref name="terminator"/>.</summary>
        public HandWrittenReplay20(IPipelineTerminator<BenchmarkContext> terminator) : base(terminator)
        {
        }

        /// <inheritdoc/>
        public override Task Invoke(BenchmarkContext context) => _behavior0.Invoke(context, Next1);
    }

    /// <summary>Levels 1 to 39 of a hand-written depth-40 chain and its terminator; the sealed subclasses add level 0.</summary>
    public abstract class HandWrittenChain40 : IPipeline<BenchmarkContext>
    {
        private readonly PassThrough _behavior1 = new PassThrough();
        private readonly PassThrough _behavior2 = new PassThrough();
        private readonly PassThrough _behavior3 = new PassThrough();
        private readonly PassThrough _behavior4 = new PassThrough();
        private readonly PassThrough _behavior5 = new PassThrough();
        private readonly PassThrough _behavior6 = new PassThrough();
        private readonly PassThrough _behavior7 = new PassThrough();
        private readonly PassThrough _behavior8 = new PassThrough();
        private readonly PassThrough _behavior9 = new PassThrough();
        private readonly PassThrough _behavior10 = new PassThrough();
        private readonly PassThrough _behavior11 = new PassThrough();
        private readonly PassThrough _behavior12 = new PassThrough();
        private readonly PassThrough _behavior13 = new PassThrough();
        private readonly PassThrough _behavior14 = new PassThrough();
        private readonly PassThrough _behavior15 = new PassThrough();
        private readonly PassThrough _behavior16 = new PassThrough();
        private readonly PassThrough _behavior17 = new PassThrough();
        private readonly PassThrough _behavior18 = new PassThrough();
        private readonly PassThrough _behavior19 = new PassThrough();
        private readonly PassThrough _behavior20 = new PassThrough();
        private readonly PassThrough _behavior21 = new PassThrough();
        private readonly PassThrough _behavior22 = new PassThrough();
        private readonly PassThrough _behavior23 = new PassThrough();
        private readonly PassThrough _behavior24 = new PassThrough();
        private readonly PassThrough _behavior25 = new PassThrough();
        private readonly PassThrough _behavior26 = new PassThrough();
        private readonly PassThrough _behavior27 = new PassThrough();
        private readonly PassThrough _behavior28 = new PassThrough();
        private readonly PassThrough _behavior29 = new PassThrough();
        private readonly PassThrough _behavior30 = new PassThrough();
        private readonly PassThrough _behavior31 = new PassThrough();
        private readonly PassThrough _behavior32 = new PassThrough();
        private readonly PassThrough _behavior33 = new PassThrough();
        private readonly PassThrough _behavior34 = new PassThrough();
        private readonly PassThrough _behavior35 = new PassThrough();
        private readonly PassThrough _behavior36 = new PassThrough();
        private readonly PassThrough _behavior37 = new PassThrough();
        private readonly PassThrough _behavior38 = new PassThrough();
        private readonly PassThrough _behavior39 = new PassThrough();

        /// <summary>Level 0's <c>next</c>: runs level 1.</summary>
        protected readonly Func<BenchmarkContext, Task> Next1;
        private readonly Func<BenchmarkContext, Task> _next2;
        private readonly Func<BenchmarkContext, Task> _next3;
        private readonly Func<BenchmarkContext, Task> _next4;
        private readonly Func<BenchmarkContext, Task> _next5;
        private readonly Func<BenchmarkContext, Task> _next6;
        private readonly Func<BenchmarkContext, Task> _next7;
        private readonly Func<BenchmarkContext, Task> _next8;
        private readonly Func<BenchmarkContext, Task> _next9;
        private readonly Func<BenchmarkContext, Task> _next10;
        private readonly Func<BenchmarkContext, Task> _next11;
        private readonly Func<BenchmarkContext, Task> _next12;
        private readonly Func<BenchmarkContext, Task> _next13;
        private readonly Func<BenchmarkContext, Task> _next14;
        private readonly Func<BenchmarkContext, Task> _next15;
        private readonly Func<BenchmarkContext, Task> _next16;
        private readonly Func<BenchmarkContext, Task> _next17;
        private readonly Func<BenchmarkContext, Task> _next18;
        private readonly Func<BenchmarkContext, Task> _next19;
        private readonly Func<BenchmarkContext, Task> _next20;
        private readonly Func<BenchmarkContext, Task> _next21;
        private readonly Func<BenchmarkContext, Task> _next22;
        private readonly Func<BenchmarkContext, Task> _next23;
        private readonly Func<BenchmarkContext, Task> _next24;
        private readonly Func<BenchmarkContext, Task> _next25;
        private readonly Func<BenchmarkContext, Task> _next26;
        private readonly Func<BenchmarkContext, Task> _next27;
        private readonly Func<BenchmarkContext, Task> _next28;
        private readonly Func<BenchmarkContext, Task> _next29;
        private readonly Func<BenchmarkContext, Task> _next30;
        private readonly Func<BenchmarkContext, Task> _next31;
        private readonly Func<BenchmarkContext, Task> _next32;
        private readonly Func<BenchmarkContext, Task> _next33;
        private readonly Func<BenchmarkContext, Task> _next34;
        private readonly Func<BenchmarkContext, Task> _next35;
        private readonly Func<BenchmarkContext, Task> _next36;
        private readonly Func<BenchmarkContext, Task> _next37;
        private readonly Func<BenchmarkContext, Task> _next38;
        private readonly Func<BenchmarkContext, Task> _next39;
        private readonly Func<BenchmarkContext, Task> _next40;

        /// <summary>Binds every <c>next</c> once; the last one is the terminator's own method.</summary>
        protected HandWrittenChain40(IPipelineTerminator<BenchmarkContext> terminator)
        {
            _next40 = terminator.Terminate;
            _next39 = Level39;
            _next38 = Level38;
            _next37 = Level37;
            _next36 = Level36;
            _next35 = Level35;
            _next34 = Level34;
            _next33 = Level33;
            _next32 = Level32;
            _next31 = Level31;
            _next30 = Level30;
            _next29 = Level29;
            _next28 = Level28;
            _next27 = Level27;
            _next26 = Level26;
            _next25 = Level25;
            _next24 = Level24;
            _next23 = Level23;
            _next22 = Level22;
            _next21 = Level21;
            _next20 = Level20;
            _next19 = Level19;
            _next18 = Level18;
            _next17 = Level17;
            _next16 = Level16;
            _next15 = Level15;
            _next14 = Level14;
            _next13 = Level13;
            _next12 = Level12;
            _next11 = Level11;
            _next10 = Level10;
            _next9 = Level9;
            _next8 = Level8;
            _next7 = Level7;
            _next6 = Level6;
            _next5 = Level5;
            _next4 = Level4;
            _next3 = Level3;
            _next2 = Level2;
            Next1 = Level1;
        }

        /// <inheritdoc/>
        public abstract Task Invoke(BenchmarkContext context);

        private Task Level1(BenchmarkContext context) => _behavior1.Invoke(context, _next2);
        private Task Level2(BenchmarkContext context) => _behavior2.Invoke(context, _next3);
        private Task Level3(BenchmarkContext context) => _behavior3.Invoke(context, _next4);
        private Task Level4(BenchmarkContext context) => _behavior4.Invoke(context, _next5);
        private Task Level5(BenchmarkContext context) => _behavior5.Invoke(context, _next6);
        private Task Level6(BenchmarkContext context) => _behavior6.Invoke(context, _next7);
        private Task Level7(BenchmarkContext context) => _behavior7.Invoke(context, _next8);
        private Task Level8(BenchmarkContext context) => _behavior8.Invoke(context, _next9);
        private Task Level9(BenchmarkContext context) => _behavior9.Invoke(context, _next10);
        private Task Level10(BenchmarkContext context) => _behavior10.Invoke(context, _next11);
        private Task Level11(BenchmarkContext context) => _behavior11.Invoke(context, _next12);
        private Task Level12(BenchmarkContext context) => _behavior12.Invoke(context, _next13);
        private Task Level13(BenchmarkContext context) => _behavior13.Invoke(context, _next14);
        private Task Level14(BenchmarkContext context) => _behavior14.Invoke(context, _next15);
        private Task Level15(BenchmarkContext context) => _behavior15.Invoke(context, _next16);
        private Task Level16(BenchmarkContext context) => _behavior16.Invoke(context, _next17);
        private Task Level17(BenchmarkContext context) => _behavior17.Invoke(context, _next18);
        private Task Level18(BenchmarkContext context) => _behavior18.Invoke(context, _next19);
        private Task Level19(BenchmarkContext context) => _behavior19.Invoke(context, _next20);
        private Task Level20(BenchmarkContext context) => _behavior20.Invoke(context, _next21);
        private Task Level21(BenchmarkContext context) => _behavior21.Invoke(context, _next22);
        private Task Level22(BenchmarkContext context) => _behavior22.Invoke(context, _next23);
        private Task Level23(BenchmarkContext context) => _behavior23.Invoke(context, _next24);
        private Task Level24(BenchmarkContext context) => _behavior24.Invoke(context, _next25);
        private Task Level25(BenchmarkContext context) => _behavior25.Invoke(context, _next26);
        private Task Level26(BenchmarkContext context) => _behavior26.Invoke(context, _next27);
        private Task Level27(BenchmarkContext context) => _behavior27.Invoke(context, _next28);
        private Task Level28(BenchmarkContext context) => _behavior28.Invoke(context, _next29);
        private Task Level29(BenchmarkContext context) => _behavior29.Invoke(context, _next30);
        private Task Level30(BenchmarkContext context) => _behavior30.Invoke(context, _next31);
        private Task Level31(BenchmarkContext context) => _behavior31.Invoke(context, _next32);
        private Task Level32(BenchmarkContext context) => _behavior32.Invoke(context, _next33);
        private Task Level33(BenchmarkContext context) => _behavior33.Invoke(context, _next34);
        private Task Level34(BenchmarkContext context) => _behavior34.Invoke(context, _next35);
        private Task Level35(BenchmarkContext context) => _behavior35.Invoke(context, _next36);
        private Task Level36(BenchmarkContext context) => _behavior36.Invoke(context, _next37);
        private Task Level37(BenchmarkContext context) => _behavior37.Invoke(context, _next38);
        private Task Level38(BenchmarkContext context) => _behavior38.Invoke(context, _next39);
        private Task Level39(BenchmarkContext context) => _behavior39.Invoke(context, _next40);
    }

    /// <summary>Hand-written depth-40 chain of pass-throughs (Success, Exception, ExceptionSync).</summary>
    public sealed class HandWrittenPassThrough40 : HandWrittenChain40
    {
        private readonly PassThrough _behavior0 = new PassThrough();

        /// <summary>Ends the chain with <paramref name="terminator"/>.</summary>
        public HandWrittenPassThrough40(IPipelineTerminator<BenchmarkContext> terminator) : base(terminator)
        {
        }

        /// <inheritdoc/>
        public override Task Invoke(BenchmarkContext context) => _behavior0.Invoke(context, Next1);
    }

    /// <summary>Hand-written depth-40 chain whose root replays the rest three times (Replay).</summary>
    public sealed class HandWrittenReplay40 : HandWrittenChain40
    {
        private readonly ReplayThrice _behavior0 = new ReplayThrice();

        /// <summary>Ends the chain with <paramref name="terminator"/>.</summary>
        public HandWrittenReplay40(IPipelineTerminator<BenchmarkContext> terminator) : base(terminator)
        {
        }

        /// <inheritdoc/>
        public override Task Invoke(BenchmarkContext context) => _behavior0.Invoke(context, Next1);
    }
}
