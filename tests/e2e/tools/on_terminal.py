"""Runs a command with its stderr on a pseudo-terminal, as at a user's
terminal, and its stdout to a file. Prints the command's stdout, then a
line "--- terminal ---" and what reached the terminal, carriage returns
and erase-to-end-of-line sequences shown as <CR> and <EL>. Exits with the
command's status.

Usage: on_terminal.py COMMAND [ARG...]
"""
import os
import pty
import subprocess
import sys
import tempfile


def main():
    master, slave = pty.openpty()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(sys.argv[1:], stdout=out, stderr=slave)
        os.close(slave)
        terminal = b""
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: the last writer closed the terminal.
                break
            if not data:
                break
            terminal += data
        status = proc.wait()
        out.seek(0)
        sys.stdout.write(out.read().decode(errors="replace"))
    text = terminal.decode(errors="replace")
    text = text.replace("\r\n", "\n").replace("\r", "<CR>")
    text = text.replace("\x1b[K", "<EL>")
    print("--- terminal ---")
    print(text)
    sys.exit(status)


if __name__ == "__main__":
    main()
