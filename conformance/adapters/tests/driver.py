"""A small client of the adapter protocol (docs/adapter-protocol.md), for testing adapters
by hand without the gpuref runner: start an adapter, do the handshake, send cases in
batches (each batch followed by `sync`) while a thread reads the answers, then `bye`.

    from driver import Adapter
    with Adapter("python3 conformance/adapters/python/pyref.py") as ad:
        print(ad.hello)                      # ['hello', '1', 'pyref', 'float:ieee754', '-']
        answers = ad.run([case_line, ...], batch=8)

Standard library only. Used by test_adapters.py.
"""

import os
import queue
import signal
import subprocess
import threading
import time


class AdapterError(Exception):
    pass


class Adapter:
    def __init__(self, cmd, timeout=10.0, handshake=True, version=1):
        self.cmd = cmd
        self.timeout = timeout
        self.proc = subprocess.Popen(
            cmd, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, start_new_session=True)
        self.lines = queue.Queue()
        self.stderr = []
        threading.Thread(target=self._read_stdout, daemon=True).start()
        self._stderr_thread = threading.Thread(target=self._read_stderr, daemon=True)
        self._stderr_thread.start()
        self.hello = None
        if handshake:
            self.send(f"gpuref-adapter\t{version}")
            line = self.read_line()
            if line is None:
                raise AdapterError(f"{cmd}: no hello (stderr: {self.stderr_text()!r})")
            self.hello = line.split("\t")

    # -- plumbing ------------------------------------------------------------------------

    def _read_stdout(self):
        buf = b""
        while True:
            chunk = self.proc.stdout.read1(65536)
            if not chunk:
                break
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                self.lines.put(("line", line.decode("utf-8", "replace")))
        if buf:
            self.lines.put(("partial", buf.decode("utf-8", "replace")))
        self.lines.put(("eof", None))

    def _read_stderr(self):
        for line in self.proc.stderr:
            self.stderr.append(line.decode("utf-8", "replace"))

    def stderr_text(self):
        """What the adapter wrote to stderr. Once the process has exited, waits (briefly)
        for the reader thread to collect the rest, so nothing written just before exit is
        missed."""
        if self.proc.poll() is not None:
            self._stderr_thread.join(timeout=5)
        return "".join(self.stderr)

    def send(self, text):
        """Write one line; False if the adapter has already closed its stdin (it crashed or
        exited, which the fault tests then check from its output and exit status)."""
        return self.send_raw(text.encode("utf-8") + b"\n")

    def send_raw(self, data):
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
            return True
        except BrokenPipeError:
            return False

    def read_event(self, timeout=None):
        """('line', text), ('partial', text), ('eof', None) or ('timeout', None)."""
        try:
            return self.lines.get(timeout=self.timeout if timeout is None else timeout)
        except queue.Empty:
            return ("timeout", None)

    def read_line(self, timeout=None):
        kind, text = self.read_event(timeout)
        if kind != "line":
            self.last_event = (kind, text)
            return None
        return text

    # -- protocol ------------------------------------------------------------------------

    def run(self, cases, batch=16):
        """Send case lines (without the leading `case\\t`) in batches, each followed by
        `sync`, from a writer thread; return the answers split into fields, one per case
        (None where no answer came within the timeout)."""

        def writer():
            try:
                for i in range(0, len(cases), batch):
                    for c in cases[i:i + batch]:
                        self.send("case\t" + c)
                    self.send("sync")
            except BrokenPipeError:
                pass

        threading.Thread(target=writer, daemon=True).start()
        answers = []
        for _ in cases:
            line = self.read_line()
            answers.append(None if line is None else line.split("\t"))
            if line is None:
                break
        return answers

    def bye(self, wait=5.0):
        """Send `bye`, close stdin; return the exit status (None if still running)."""
        try:
            self.send("bye")
            self.proc.stdin.close()
        except (BrokenPipeError, ValueError):
            pass
        try:
            return self.proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            return None

    def kill(self):
        """Kill the adapter's whole process group: `sh -c CMD` may have forked CMD."""
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.proc.wait()
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                f.close()
            except (OSError, ValueError):
                pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.kill()
        return False


def wait_exit(proc, seconds):
    """The exit status of proc within `seconds`, or None."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        rc = proc.poll()
        if rc is not None:
            return rc
        time.sleep(0.02)
    return None
