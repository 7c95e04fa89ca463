#!/usr/bin/env python3
"""Checks a Test-Comp test suite against the DTDs of share/testcomp with
xmllint (offline: its catalog resolves the suite's DOCTYPEs).

  check_testcomp.py SUITE_DIR [--min-tests N] [--zip]

metadata.xml must follow test-metadata.dtd and every other .xml file
testcase.dtd; there must be at least N testcases (default 0), and with
--zip SUITE_DIR.zip must hold the same files under the suite's directory
name. Prints the number of testcases; exits 1 on a failed check.
"""
import argparse
import glob
import os
import subprocess
import sys
import zipfile

SHARE = os.path.join(os.path.dirname(__file__), "..", "..", "..", "share",
                     "testcomp")


def xmllint(dtd, files):
    env = dict(os.environ,
               XML_CATALOG_FILES=os.path.join(SHARE, "catalog.xml"))
    r = subprocess.run(["xmllint", "--nonet", "--noout", "--dtdvalid",
                        os.path.join(SHARE, dtd)] + files, env=env)
    return r.returncode == 0


def main():
    p = argparse.ArgumentParser()
    p.add_argument("suite")
    p.add_argument("--min-tests", type=int, default=0)
    p.add_argument("--zip", action="store_true")
    args = p.parse_args()
    suite = args.suite.rstrip("/")
    tests = sorted(f for f in glob.glob(f"{suite}/*.xml")
                   if not f.endswith("/metadata.xml"))
    ok = xmllint("test-metadata.dtd", [f"{suite}/metadata.xml"])
    ok = (not tests or xmllint("testcase.dtd", tests)) and ok
    if len(tests) < args.min_tests:
        print(f"check_testcomp: {len(tests)} testcases, fewer than "
              f"{args.min_tests}", file=sys.stderr)
        ok = False
    if args.zip:
        name = os.path.basename(suite)
        with zipfile.ZipFile(f"{suite}.zip") as z:
            zipped = sorted(n for n in z.namelist() if n.endswith(".xml"))
        want = sorted(f"{name}/{os.path.basename(f)}"
                      for f in tests + [f"{suite}/metadata.xml"])
        if zipped != want:
            print(f"check_testcomp: {suite}.zip holds {zipped}",
                  file=sys.stderr)
            ok = False
    print(f"suite {'valid' if ok else 'INVALID'}: {len(tests)} testcases")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
