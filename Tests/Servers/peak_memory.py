"""python3 Tests/Servers/peak_memory.py OUT COMMAND [ARGS…]

Runs COMMAND with this process's standard streams, writes its peak resident memory in kB to OUT,
and exits with its exit code: a measure of one process alone, whatever else the tests run."""
import resource
import subprocess
import sys

code = subprocess.run(sys.argv[2:]).returncode
with open(sys.argv[1], "w") as out:
    out.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
sys.exit(code if code >= 0 else 128 - code)
