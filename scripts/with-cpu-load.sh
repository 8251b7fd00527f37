#!/usr/bin/env bash
# Runs a command (default: npm test) while one CPU-bound busy loop per core keeps every core busy,
# the way a loaded CI machine does. The loops always end, and the command's exit status is kept.
#   scripts/with-cpu-load.sh                 # npm test under load
#   scripts/with-cpu-load.sh npx vitest run test/e2e/tracking.e2e.test.ts
set -uo pipefail
cores=$(nproc 2>/dev/null || echo 2)
pids=()
stop_loops() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done; wait "${pids[@]}" 2>/dev/null; }
trap stop_loops EXIT INT TERM
for _ in $(seq "$cores"); do
  timeout 3600 node -e 'for(;;){}' &
  pids+=("$!")
done
echo "with-cpu-load: ${cores} busy loops running (pids ${pids[*]})" >&2
if [ "$#" -eq 0 ]; then set -- npm test; fi
"$@"
status=$?
echo "with-cpu-load: command exited with ${status}" >&2
exit "$status"
