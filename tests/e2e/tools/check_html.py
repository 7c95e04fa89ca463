#!/usr/bin/env python3
"""Asserts properties of a run's report.html.

  check_html.py OUTDIR [--max-bytes N] [--expr EXPR ...] [--absent TEXT ...]
                [--contains TEXT ...]

Always checks that the page is self-contained: no stylesheet links, no
element that loads a resource (src=), no remote url(...)/@import/href, and
that its embedded data parses. Each EXPR sees the embedded data as `d`, its
summary as `s` and the page's text as `page`.
"""
import argparse
import json
import os
import re
import sys

FETCHES = [
    (r"<link\b", "a <link> element"),
    (r"\ssrc\s*=", "a src= attribute"),
    (r"\bhref\s*=\s*[\"']?\s*(https?:)?//", "a link to another site"),
    (r"url\(\s*[\"']?\s*(https?:)?//", "a remote url(...)"),
    (r"@import", "an @import"),
    (r"\bfetch\(|XMLHttpRequest|new\s+WebSocket", "a network request"),
]


def fail(msg):
    print("check_html: " + msg, file=sys.stderr)
    sys.exit(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--max-bytes", type=int)
    ap.add_argument("--expr", action="append", default=[])
    ap.add_argument("--absent", action="append", default=[])
    ap.add_argument("--contains", action="append", default=[])
    a = ap.parse_args()
    path = os.path.join(a.out, "report.html")
    if not os.path.exists(path):
        fail("no report.html in " + a.out)
    page = open(path, encoding="utf-8").read()
    size = os.path.getsize(path)
    if a.max_bytes and size > a.max_bytes:
        fail("report.html has %d bytes, more than %d" % (size, a.max_bytes))
    for pattern, what in FETCHES:
        m = re.search(pattern, page)
        if m:
            fail("not self-contained: %s at offset %d: %r" %
                 (what, m.start(), page[max(0, m.start() - 40):m.end() + 40]))
    m = re.search(r'<script type="application/json" id="theseus-data">'
                  r'(.*?)</script>', page, re.S)
    if not m:
        fail("no embedded data")
    d = json.loads(m.group(1))
    env = {"d": d, "s": d["summary"], "page": page}
    for e in a.expr:
        if not eval(e, {}, env):
            fail("false: " + e)
    for t in a.absent:
        if t in page:
            fail("present: %r" % t)
    for t in a.contains:
        if t not in page:
            fail("missing: %r" % t)


if __name__ == "__main__":
    main()
