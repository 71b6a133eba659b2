#!/usr/bin/env python3
"""Install the morfologik Polish dictionary (PoliMorf) for the TypeScript lookup port.

Fetches org.carrot2:morfologik-polish (and, for the parity check, morfologik-stemming and
morfologik-fsa) from Maven Central with Maven's own client (`mvn dependency:copy`), and writes

  ${SCIAGA_MORPHOLOGY_DIR:-${SCIAGA_CACHE:-~/.cache/sciaga}/morphology}/morfologik/
      polish.dict, polish.info, licence files, sciaga-manifest.json, parity.tsv

`parity.tsv` holds the Java library's own lookups ("word<TAB>lemma<TAB>tag") for the words of
test/fixtures/morphology/polish-forms.json and their capitalised forms, which
test/unit/morphology.test.ts compares with src-main/core/retrieve/morfologik.ts.

Needs `mvn` and a JDK (`javac`, `java`). Without them it says so and exits with code 3, which
scripts/setup-python.sh reports as a warning: the app then runs on the Stempel table alone.

Usage:  python3 scripts/morphology/build_morfologik.py [--out DIR] [--force]
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile

sys.dont_write_bytecode = True

VERSION = "2.1.9"
SOURCE = f"org.carrot2:morfologik-polish:{VERSION}"
BUILDER_VERSION = 1
HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "..", "..", "test", "fixtures", "morphology", "polish-forms.json")
IN_JAR = "morfologik/stemming/polish/"
FILES = ["polish.dict", "polish.info", "polish.LICENSE.txt", "polish.README.txt"]


def log(msg: str) -> None:
    print(f"[build_morfologik] {msg}", flush=True)


def fail(msg: str, code: int = 1) -> None:
    print(f"[build_morfologik] BŁĄD / ERROR: {msg}", file=sys.stderr, flush=True)
    sys.exit(code)


def sha256_file(p: str) -> str:
    h = hashlib.sha256()
    with open(p, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def parity_words() -> list[str]:
    with open(FIXTURE, encoding="utf-8") as f:
        groups = json.load(f)["groups"]
    words: set[str] = set()
    for g in groups:
        for w in g["forms"] + g["folded"]:
            lower = w.lower()
            words.update([lower, lower[:1].upper() + lower[1:]])
    return sorted(words)


def up_to_date(out: str) -> bool:
    try:
        with open(os.path.join(out, "sciaga-manifest.json"), encoding="utf-8") as f:
            m = json.load(f)
        return (
            m.get("builder") == BUILDER_VERSION
            and m.get("source") == SOURCE
            and all(sha256_file(os.path.join(out, m[k]["file"])) == m[k]["sha256"] for k in ("dict", "info"))
            and os.path.exists(os.path.join(out, "parity.tsv"))
        )
    except (OSError, ValueError, KeyError, TypeError):
        return False


def main() -> None:
    ap = argparse.ArgumentParser()
    cache = os.environ.get("SCIAGA_CACHE", os.path.join(os.path.expanduser("~"), ".cache", "sciaga"))
    ap.add_argument("--out", default=os.environ.get("SCIAGA_MORPHOLOGY_DIR", os.path.join(cache, "morphology")))
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    out = os.path.join(os.path.abspath(args.out), "morfologik")
    if not args.force and up_to_date(out):
        log(f"up to date: {out}")
        return
    for tool in ("mvn", "javac", "java"):
        if shutil.which(tool) is None:
            fail(f"`{tool}` not found: install Maven and a JDK to get the morfologik dictionary", 3)

    with tempfile.TemporaryDirectory(prefix="sciaga-morfologik-") as tmp:
        jars = []
        for artifact in ("morfologik-polish", "morfologik-stemming", "morfologik-fsa"):
            coord = f"org.carrot2:{artifact}:{VERSION}"
            r = subprocess.run(
                ["mvn", "-q", "-B", "dependency:copy", f"-Dartifact={coord}", f"-DoutputDirectory={tmp}"],
                capture_output=True, text=True,
            )
            jar = os.path.join(tmp, f"{artifact}-{VERSION}.jar")
            if r.returncode != 0 or not os.path.exists(jar):
                fail(f"mvn could not fetch {coord}:\n{r.stdout[-2000:]}{r.stderr[-2000:]}")
            jars.append(jar)

        os.makedirs(out, exist_ok=True)
        with zipfile.ZipFile(jars[0]) as z:
            for name in FILES:
                with z.open(IN_JAR + name) as src, open(os.path.join(out, name), "wb") as dst:
                    shutil.copyfileobj(src, dst)

        # Parity: the Java library's own answers for the fixture words.
        cp = os.pathsep.join(jars + [tmp])
        r = subprocess.run(["javac", "-d", tmp, "-cp", cp, os.path.join(HERE, "MorfologikDump.java")], capture_output=True, text=True)
        if r.returncode != 0:
            fail(f"javac failed:\n{r.stderr[-2000:]}")
        r = subprocess.run(
            ["java", "-cp", cp, "MorfologikDump"], input="\n".join(parity_words()) + "\n",
            capture_output=True, text=True, encoding="utf-8",
        )
        if r.returncode != 0:
            fail(f"java failed:\n{r.stderr[-2000:]}")
        with open(os.path.join(out, "parity.tsv"), "w", encoding="utf-8") as f:
            f.write(r.stdout)
        log(f"parity: {len(r.stdout.splitlines())} analyses of {len(parity_words())} words")

    manifest = {
        "source": SOURCE,
        "builder": BUILDER_VERSION,
        "dict": {"file": "polish.dict", "sha256": sha256_file(os.path.join(out, "polish.dict"))},
        "info": {"file": "polish.info", "sha256": sha256_file(os.path.join(out, "polish.info"))},
    }
    with open(os.path.join(out, "sciaga-manifest.json"), "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=2)
    log(f"written: {out}")


if __name__ == "__main__":
    main()
