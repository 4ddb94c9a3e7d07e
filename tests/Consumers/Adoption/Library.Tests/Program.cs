// Stands in for the library's tests (kept free of a test framework so the check restores only Prewired): closures in
// test helpers, including one that tests IsCompleted, which Prewired would report as a warning (PW0401) if its analyzers
// reached this project.
using Adoption;

static Task<int> Eventually(Task<int> task, int fallback)
{
    if (task.IsCompleted) return task;
    return task.ContinueWith(t => t.IsCompletedSuccessfully ? t.Result : fallback);
}

var failures = new List<string>();
void Check(bool ok, string what) { if (!ok) failures.Add(what); }

Check(await Reports.RenderAsync(0) == 0, "RenderAsync(0)");
Check(await Reports.RenderAsync(21) == 42, "RenderAsync(21)");
Check(await Reports.DescribeAsync("Q3", default) == "report for Q3", "DescribeAsync");
Check(await Reports.CountAsync([1, 5, 9], 4) == 2, "CountAsync");
Check(await new Reports().TotalAsync(40, 2) == 42, "TotalAsync ([FastPath])");
Check(await Eventually(Task.FromResult(7), -1) == 7, "Eventually");
var message = new MessageContext();
await new FanOut().Invoke(message, c => { c.MarkHandled(); return Task.CompletedTask; });
Check(message.Handled == 2, "FanOut (NServiceBus-shaped behavior)");

Console.WriteLine(failures.Count == 0 ? "OK adoption: 7 checks" : "FAILED: " + string.Join(", ", failures));
return failures.Count == 0 ? 0 : 1;
