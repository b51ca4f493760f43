#!/usr/bin/env bash
# Pair quality on the open corpora, through the same `termlens bench` commands users run.
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=${TERMLENS_DATA:-../shared/data}
OUT=${OUT:-out}
mkdir -p "$OUT"
for corpus in MEDSTRACT/medstract_bioc_gold.xml BioADI-BioC/bioadi_bioc_gold.xml SH-BioC/SH_bioc_gold.xml; do
  .venv/bin/termlens bench bioc --data "$DATA/bioabbrev/$corpus" \
    --predictions "$OUT/$(basename "$corpus" .xml).tsv"
done
.venv/bin/termlens bench barr2-pairs --data "$DATA/barr2/training_set" \
  --gold "$DATA/barr2/training_set/clinical_cases.relations.training_set.tsv" \
  --predictions "$OUT/barr2_training_pairs.tsv"
