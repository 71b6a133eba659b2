#!/usr/bin/env python3
"""Install the Stempel stemming tables (Lucene's Polish stemmer) for the TypeScript port.

The PyPI package pystempel ships two Egothor tables: `stemmer_20000.tbl.gz` (the one Lucene's
and Elasticsearch's Polish analyzers use) and `stemmer_polimorf.tbl.gz` (retrained on PoliMorf).
This script copies both, unchanged, into

  ${SCIAGA_MORPHOLOGY_DIR:-${SCIAGA_CACHE:-~/.cache/sciaga}/morphology}/stempel/

with `sciaga-manifest.json` (source, sha256 per table, the default table) and `parity.json`:
pystempel's own stems for the word list in test/fixtures/morphology/polish-forms.json plus
their lower-case and folded variants, which test/unit/stempel.test.ts compares with the port.

Usage:  ~/.cache/sciaga/venv/bin/python scripts/morphology/build_stempel.py [--out DIR] [--force]
Idempotent: exits early when the manifest matches the files. Exits non-zero on any problem.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import unicodedata

sys.dont_write_bytecode = True
os.environ.setdefault("DISABLE_TQDM", "1")  # pystempel shows a progress bar while loading

SOURCE = "pystempel 2.0.0"
BUILDER_VERSION = 1
DEFAULT_TABLE = "original"
TABLES = {"original": ("original", "stemmer_20000.tbl.gz"), "polimorf": ("polimorf", "stemmer_polimorf.tbl.gz")}
HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "..", "..", "test", "fixtures", "morphology", "polish-forms.json")


def log(msg: str) -> None:
    print(f"[build_stempel] {msg}", flush=True)


def fail(msg: str) -> None:
    print(f"[build_stempel] BŁĄD / ERROR: {msg}", file=sys.stderr, flush=True)
    sys.exit(1)


def sha256_file(p: str) -> str:
    h = hashlib.sha256()
    with open(p, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def fold(s: str) -> str:
    s = s.replace("ł", "l").replace("Ł", "L")
    return unicodedata.normalize("NFC", "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c)))


def parity_words() -> list[str]:
    with open(FIXTURE, encoding="utf-8") as f:
        groups = json.load(f)["groups"]
    words: set[str] = set()
    for g in groups:
        for w in g["forms"] + g["folded"]:
            lower = w.lower()
            words.update([lower, fold(lower)])
    return sorted(words)


def main() -> None:
    ap = argparse.ArgumentParser()
    cache = os.environ.get("SCIAGA_CACHE", os.path.join(os.path.expanduser("~"), ".cache", "sciaga"))
    ap.add_argument("--out", default=os.environ.get("SCIAGA_MORPHOLOGY_DIR", os.path.join(cache, "morphology")))
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    out = os.path.join(os.path.abspath(args.out), "stempel")
    manifest_path = os.path.join(out, "sciaga-manifest.json")

    if not args.force and os.path.exists(manifest_path):
        try:
            with open(manifest_path, encoding="utf-8") as f:
                m = json.load(f)
            ok = m.get("builder") == BUILDER_VERSION and m.get("source") == SOURCE and all(
                sha256_file(os.path.join(out, t["file"])) == t["sha256"] for t in m["tables"].values()
            ) and os.path.exists(os.path.join(out, "parity.json"))
            if ok:
                log(f"up to date: {out}")
                return
        except (OSError, ValueError, KeyError):
            pass

    try:
        import pystempel  # noqa: F401
        from pystempel import Stemmer
    except ImportError:
        fail("pystempel is not installed in this Python (run scripts/setup-python.sh)")
    data_root = os.path.join(os.path.dirname(os.path.abspath(pystempel.__file__)), "data")

    os.makedirs(out, exist_ok=True)
    tables = {}
    for name, (sub, fname) in TABLES.items():
        src = os.path.join(data_root, sub, fname)
        if not os.path.exists(src):
            fail(f"table missing in pystempel: {src}")
        shutil.copyfile(src, os.path.join(out, fname))
        tables[name] = {"file": fname, "sha256": sha256_file(os.path.join(out, fname))}
    lic = os.path.join(data_root, "polimorf", "LICENSE.txt")
    if os.path.exists(lic):
        shutil.copyfile(lic, os.path.join(out, "LICENSE-polimorf.txt"))

    words = parity_words()
    parity = {"source": SOURCE, "words": words, "stems": {}}
    for name, (sub, fname) in TABLES.items():
        stemmer = Stemmer.from_file(os.path.join(out, fname))
        parity["stems"][name] = [stemmer(w) for w in words]
        log(f"{name}: {len(words)} parity words stemmed")
    with open(os.path.join(out, "parity.json"), "w", encoding="utf-8") as f:
        json.dump(parity, f, ensure_ascii=False)
    # The manifest goes last: its presence means the folder is complete.
    with open(manifest_path, "w", encoding="utf-8") as f:
        json.dump({"source": SOURCE, "builder": BUILDER_VERSION, "default": DEFAULT_TABLE, "tables": tables}, f, indent=2)
    log(f"written: {out}")


if __name__ == "__main__":
    main()
