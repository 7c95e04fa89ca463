"""Runs a command and checks how it ends.

status.py N [--one-line] CMD...
fails unless CMD exits with status N (a signal is reported as such); with
--one-line, CMD's stderr must be exactly one line. CMD's stdout and stderr
are passed on, so a test can read them with FileCheck (2>&1)."""
import subprocess
import sys

want = int(sys.argv[1])
one_line = sys.argv[2] == "--one-line"
cmd = sys.argv[3:] if one_line else sys.argv[2:]
proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
sys.stdout.buffer.write(proc.stdout)
sys.stdout.flush()
sys.stderr.buffer.write(proc.stderr)
sys.stderr.flush()
if proc.returncode < 0:
    sys.exit(f"status.py: killed by signal {-proc.returncode}")
if proc.returncode != want:
    sys.exit(f"status.py: exit status {proc.returncode}, expected {want}")
lines = proc.stderr.decode(errors="replace").splitlines()
if one_line and len(lines) != 1:
    sys.exit(f"status.py: {len(lines)} lines on stderr, expected one")
