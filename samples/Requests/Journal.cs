using System.Collections.Generic;
using System.IO;

namespace Requests
{
    /// <summary>
    /// Where the handlers and behaviors say what they did, in order: the app's transcript. Program writes it to the console;
    /// the tests read <see cref="Lines"/>. Only what the code decides goes in (no times, ids or thread numbers), so a JIT run
    /// and a NativeAOT run print the same bytes. A singleton, registered before <c>AddPrewired()</c>.
    /// </summary>
    public sealed class Journal(TextWriter? echo = null)
    {
        private readonly List<string> _lines = new();

        /// <summary>What was written so far: a copy, so a reader never sees a line being added.</summary>
        public string[] Lines
        {
            get { lock (_lines) return _lines.ToArray(); }
        }

        public void Write(string line)
        {
            // A lock, not a concurrent collection: the concurrent publisher may run handlers at once in another app.
            lock (_lines)
            {
                _lines.Add(line);
                echo?.WriteLine("  " + line);   // indented under the lines Program writes itself
            }
        }
    }
}
