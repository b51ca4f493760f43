#!/usr/bin/env bash
# Installs the peers (abbreviations, scispaCy) in a separate environment -- scispaCy pins an
# older numpy -- and times them against termlens on the same input.
set -euo pipefail
cd "$(dirname "$0")/.."
PEERS=bench/.venv-peers
if [ ! -x "$PEERS/bin/python" ]; then
  python3 -m venv "$PEERS"
fi
"$PEERS/bin/pip" install --quiet scispacy abbreviations==0.2.5
"$PEERS/bin/pip" install --quiet --no-deps -e .
"$PEERS/bin/pip" install --quiet typer rich
"$PEERS/bin/python" bench/abbreviation_throughput.py "$@"
