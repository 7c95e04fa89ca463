#!/usr/bin/env python3
"""Checks report.html in a real browser.

Runs theseus on a program, opens the run's report.html from disk in headless
Chromium, and asserts on the page through the DevTools protocol: the bugs
and tests it shows match summary.json, a coverage-coloured line and a bug
marker exist, clicking a tree leaf opens that leaf's test, and filtering the
test table by outcome changes it. Saves a screenshot.

usage: browser_report.py THESEUS PROGRAM.c WORKDIR [theseus options...]
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket

TIMEOUT = 60


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("browser_report: chromium is not installed "
             "(scripts/install-deps.sh installs it)")


class Page:
    """One browser tab, driven over its DevTools websocket."""

    def __init__(self, url):
        self.profile = tempfile.mkdtemp(prefix="theseus-chromium-")
        self.proc = subprocess.Popen(
            [find_chromium(), "--headless=new", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--remote-debugging-port=0",
             "--user-data-dir=" + self.profile, "--window-size=1400,1000",
             url],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port = self._port()
        target = self._page_target(port)
        self.ws = websocket.create_connection(target["webSocketDebuggerUrl"],
                                              timeout=TIMEOUT)
        self.next_id = 0

    def _port(self):
        # Chromium writes the port it chose into the profile directory.
        path = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.time() + TIMEOUT
        while time.time() < deadline:
            if os.path.exists(path):
                lines = open(path).read().split()
                if lines:
                    return int(lines[0])
            if self.proc.poll() is not None:
                sys.exit("browser_report: chromium exited early")
            time.sleep(0.1)
        sys.exit("browser_report: chromium did not open its DevTools port")

    def _page_target(self, port):
        deadline = time.time() + TIMEOUT
        while time.time() < deadline:
            with urllib.request.urlopen(
                    "http://127.0.0.1:%d/json/list" % port) as r:
                pages = [t for t in json.load(r) if t["type"] == "page"]
            if pages:
                return pages[0]
            time.sleep(0.1)
        sys.exit("browser_report: no page in chromium")

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method,
                                 "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self.next_id:
                if "error" in msg:
                    raise RuntimeError("%s: %s" % (method, msg["error"]))
                return msg["result"]

    def eval(self, expr):
        r = self.call("Runtime.evaluate", expression=expr, returnByValue=True)
        if "exceptionDetails" in r:
            raise RuntimeError("%s: %s" % (expr, r["exceptionDetails"]))
        return r["result"].get("value")

    def wait_for(self, expr):
        deadline = time.time() + TIMEOUT
        while time.time() < deadline:
            if self.eval(expr):
                return
            time.sleep(0.1)
        raise RuntimeError("timed out waiting for " + expr)

    def click(self, selector):
        """A real mouse click in the middle of the element."""
        box = self.eval(
            "(() => { const e = document.querySelector(%s);"
            " e.scrollIntoView({block: 'center', inline: 'nearest'});"
            " const r = e.getBoundingClientRect();"
            " return [r.left + r.width / 2, r.top + r.height / 2]; })()"
            % json.dumps(selector))
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1],
                      button="left", clickCount=1)

    def screenshot(self, path):
        import base64
        shot = self.call("Page.captureScreenshot", format="png")
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))

    def close(self):
        self.ws.close()
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def check(cond, what):
    if not cond:
        sys.exit("browser_report: FAILED: " + what)
    print("ok:", what)


def main():
    theseus, program, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    out = os.path.join(work, "run")
    shutil.rmtree(out, ignore_errors=True)
    subprocess.run([theseus, program, "-o", out, "-q"] + sys.argv[4:],
                   stdout=subprocess.DEVNULL, check=False, timeout=TIMEOUT)
    summary = json.load(open(os.path.join(out, "summary.json")))
    tree = json.load(open(os.path.join(out, "tree.json")))
    report = os.path.abspath(os.path.join(out, "report.html"))
    check(os.path.exists(report), "report.html written")

    page = Page("file://" + report)
    try:
        page.wait_for("document.readyState === 'complete' && "
                      "document.querySelector('#tests tbody tr') !== null")
        check(page.eval("document.getElementById('count-bugs').textContent")
              == str(len(summary["bugs"])), "header shows summary's bug count")
        check(page.eval("document.querySelectorAll('#bug-table tr.bug').length")
              == len(summary["bugs"]), "bug list has one row per bug")
        check(page.eval("document.getElementById('count-tests').textContent")
              == str(summary["tests"]), "header shows summary's test count")
        check(page.eval("document.getElementById('count-test-files')"
                        ".textContent") == str(summary["test_files"]),
              "header shows summary's test file count")
        check(page.eval("+document.getElementById('page-info')"
                        ".getAttribute('data-count')") == summary["test_files"],
              "test table lists every test file")
        check(page.eval("document.querySelectorAll('#sources tr.hit').length")
              > 0, "a line is coloured as covered")
        check(page.eval("document.querySelectorAll('#sources tr.miss, "
                        "#sources tr.partial, #sources tr.hit').length") > 0,
              "lines carry coverage classes")
        check(page.eval("document.querySelectorAll('#sources .bug-marker')"
                        ".length") > 0, "a bug marker is shown")

        # A leaf with a test of the suite (a file, so embedded), and the
        # test the tree says it has.
        leaf = next(n for n in tree["nodes"] if "test" in n and
                    os.path.exists(os.path.join(out, n["test"])))
        number = int(leaf["test"][4:10])
        page.click("#tree .leaf[data-node='%d'] circle" % leaf["id"])
        page.wait_for("!document.getElementById('test-detail').hidden")
        check(page.eval("document.getElementById('test-detail')"
                        ".getAttribute('data-test')") == str(number),
              "clicking tree leaf %d opens test %d" % (leaf["id"], number))
        check(page.eval("document.getElementById('test-detail-title')"
                        ".textContent") == "test %d" % number,
              "the test panel names test %d" % number)
        shown = json.load(open(os.path.join(out, leaf["test"])))
        steps = page.eval("document.querySelectorAll('#test-detail "
                          "ol.explanation li:not(.muted)').length")
        check(steps == len(shown["explanation"]) > 0,
              "the test panel lists the path's %d decisions"
              % len(shown["explanation"]))
        page.eval("window.scrollTo(0, document.getElementById("
                  "'tree-section').offsetTop - 40)")
        page.screenshot(os.path.join(work, "report-tree.png"))
        page.eval("window.scrollTo(0, 0)")
        page.screenshot(os.path.join(work, "report.png"))

        # Filtering by an outcome leaves only that outcome's tests.
        kind = sorted(summary["outcomes"], key=summary["outcomes"].get)[0]
        before = page.eval("document.querySelectorAll('#tests tbody tr')"
                           ".length")
        page.eval("(() => { const f = document.getElementById("
                  "'outcome-filter'); f.value = %s; f.dispatchEvent("
                  "new Event('change')); })()" % json.dumps(kind))
        rows = page.eval("[...document.querySelectorAll('#tests tbody tr')]"
                         ".map(r => r.children[1].textContent)")
        check(len(summary["outcomes"]) > 1, "the run has several outcomes")
        check(len(rows) == min(summary["outcomes"][kind], 100) and
              len(rows) != before,
              "filtering by %s shows its %d tests" % (kind, len(rows)))
        check(all(r.startswith(kind) for r in rows),
              "every row shown is a %s test" % kind)
    finally:
        page.close()


if __name__ == "__main__":
    main()
