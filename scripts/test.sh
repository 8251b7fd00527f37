#!/usr/bin/env bash
# The README's test command after the page's build: the static checks (types, biome, the import
# rules) run beside vitest rather than before it, and any of them failing fails the whole.
# Arguments go to vitest (`npm test -- --reporter=...`).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
npm run --silent typecheck >.tmp/typecheck.log 2>&1 &
typecheck=$!
npm run --silent lint >.tmp/lint.log 2>&1 &
lint=$!
npx vitest run "$@"
tests=$?
wait "$typecheck"
types=$?
wait "$lint"
lints=$?
[ "$types" -eq 0 ] || { echo "typecheck failed:"; cat .tmp/typecheck.log; }
[ "$lints" -eq 0 ] || { echo "lint failed:"; cat .tmp/lint.log; }
echo "typecheck: exit $types; lint: exit $lints; vitest: exit $tests"
[ "$types" -eq 0 ] && [ "$lints" -eq 0 ] && [ "$tests" -eq 0 ]
