"""Runs a command on a pseudo-terminal, types `answer` when it asks, prints what it showed and
exits with its exit code. Usage: pty_run.py ANSWER COMMAND [ARG…]"""
import os
import pty
import sys

answer = sys.argv[1].encode() + b"\n"
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])
output = b""
sent = False
while True:
    try:
        chunk = os.read(fd, 4096)
    except OSError:
        break
    if not chunk:
        break
    output += chunk
    if not sent and b'Type "yes" to continue:' in output:
        os.write(fd, answer)
        sent = True
_, status = os.waitpid(pid, 0)
sys.stdout.write(output.decode(errors="replace"))
sys.exit(os.waitstatus_to_exitcode(status))
