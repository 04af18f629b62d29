# Sourced by the scripts/ commands: finds Python >= 3.12 (Django 6.1 needs it)
# and keeps .venv in step with the pinned requirements. Needs no root.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${VIGIE_VENV:-$ROOT/.venv}"

_py_ok() { "$1" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; }

find_python() {
  local c
  for c in ${PYTHON:-} python3.12 python3.13 python3; do
    if command -v "$c" >/dev/null 2>&1 && _py_ok "$c"; then command -v "$c"; return 0; fi
  done
  # pyenv installs interpreters without putting them on PATH unless selected.
  for c in "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.1[2-9]*/bin/python3; do
    if [ -x "$c" ] && _py_ok "$c"; then echo "$c"; return 0; fi
  done
  return 1
}

ensure_venv() {  # $1: requirements file
  local req="$ROOT/$1" stamp="$VENV/.requirements.sha256" want
  if [ ! -x "$VENV/bin/python" ] || ! _py_ok "$VENV/bin/python"; then
    local py
    py="$(find_python)" || {
      echo "ERROR: Python 3.12 or newer is required (Django 6.1). Install python3.12, or set PYTHON=/path/to/python3.12." >&2
      return 1
    }
    echo "• Creating virtualenv $VENV with $py"
    rm -rf "$VENV"
    "$py" -m venv "$VENV"
  fi
  local sum have
  sum="$(cat "$ROOT"/requirements*.txt | sha256sum | cut -d' ' -f1)"
  want="$sum-$1"
  have="$(cat "$stamp" 2>/dev/null || true)"
  # requirements-test.txt includes requirements.txt: a venv installed for the tests serves the product too
  if [ "$have" != "$want" ] && [ "$have" != "$sum-requirements-test.txt" ]; then
    echo "• Installing $1 into $VENV"
    # The machine's pip config names local indexes that may be absent: their warnings are noise.
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r "$req" \
      2> >(grep -v "^WARNING: Location" >&2)
    echo "$want" > "$stamp"
  fi
  # the poker engine compiled for its sources as they are (once per change of them)
  "$VENV/bin/python" "$ROOT/scripts/compile_engine.py"
}
