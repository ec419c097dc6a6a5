#!/usr/bin/env bash
# Installs Apertium APY and a useful set of language pairs on Debian or Ubuntu (run as root or with sudo).
# `npm start` then starts APY on 127.0.0.1 by itself. apertium-rus-ukr is left out: it crashes on everyday text.
set -euo pipefail
PAIRS=(
  apertium-eng-spa apertium-eng-cat apertium-fr-es apertium-es-pt apertium-eo-en apertium-spa-cat apertium-fra-cat
  apertium-por-cat apertium-spa-ita apertium-cat-ita apertium-es-ro apertium-es-gl apertium-en-gl apertium-spa-ast
  apertium-spa-arg apertium-oc-es apertium-oci-fra apertium-eu-es apertium-eu-en apertium-br-fr apertium-nno-nob
  apertium-swe-dan apertium-swe-nor apertium-dan-nor apertium-isl-eng apertium-afr-nld apertium-hbs-eng
  apertium-mkd-eng apertium-mkd-bul apertium-ind-zlm apertium-urd-hin apertium-bel-rus apertium-pol-szl
)
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
available=()
for pair in "${PAIRS[@]}"; do
  if apt-cache show "$pair" >/dev/null 2>&1; then available+=("$pair"); else echo "skipping $pair (not in this release)"; fi
done
apt-get install -y -qq --no-install-recommends apertium-apy "${available[@]}"
echo "Installed apertium-apy and ${#available[@]} language pairs."
