#!/bin/sh
# Build the workshop's editor (CodeMirror 6, from editor/package-lock.json) into one minified file,
# touring_dsl/web/static/workshop-editor.js, committed and shipped in the package: installing touring
# needs no Node, and the page fetches nothing from elsewhere. Run after changing editor/src/ or the lock
# file, then commit both; tests/test_workshop_bundle.py checks the bundle was built from them (its first
# line records the hash of the build inputs, which editor_inputs_hash below computes).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/editor"
npm ci --no-audit --no-fund
hash=$(python3 "$root/scripts/editor_inputs_hash.py")
npx esbuild src/workshop.js --bundle --minify --format=iife --target=es2020 --legal-comments=none \
    --banner:js="/* touring workshop editor: CodeMirror 6, (c) Marijn Haverbeke and others, MIT licence; built by scripts/build_editor.sh; inputs sha256:$hash */" \
    --outfile="$root/touring_dsl/web/static/workshop-editor.js"
echo "built touring_dsl/web/static/workshop-editor.js (inputs sha256:$hash)"
