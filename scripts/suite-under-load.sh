#!/usr/bin/env bash
# Runs the README's test command (`npm test`) several times in a row on a
# bare clone of this checkout (no ../shared beside it) while `busy` other
# processes each keep a core busy (default 2: two more cores' worth of work,
# about 2 on the load average, on top of whatever else runs there), and
# prints each run's wall time, CPU time (user + sys of npm test and
# everything it waited for, by GNU time; and the whole machine's, from
# /proc/stat, less the busy processes: the browser's renderers are not among
# the processes GNU time counts), the load and the outcome. The CLI tests have
# no wall-clock timeouts (test/support/cpuBudget.ts), so the load only
# makes a run slower.
#
#   scripts/suite-under-load.sh [runs=3] [scratch folder=/tmp/longcat-bare] [busy=2] [command=npm test]
#
# The busy processes spin from before the first run to after the last.
# `command` (one shell word list, e.g. "npx vitest run src/cli/merge.test.ts")
# runs in place of the whole suite, to check the script itself on a shared
# machine.
#
# The clone is of the committed HEAD. Logs: <scratch>/run-<n>.log.
set -uo pipefail
runs=${1:-3}
scratch=${2:-/tmp/longcat-bare}
busy_count=${3:-2}
command=${4:-npm test}
here=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$scratch" && mkdir -p "$scratch"
git clone -q "$here" "$scratch/repo"
cd "$scratch/repo" || exit 1
echo "clone of $(git rev-parse --short HEAD) in $scratch/repo; ../shared present: $([ -e ../shared ] && echo yes || echo no)"
npm ci --no-audit --no-fund >"$scratch/npm-ci.log" 2>&1 || { echo "npm ci failed, see $scratch/npm-ci.log"; exit 1; }

busy=()
for _ in $(seq 1 "$busy_count"); do
  node -e 'for (;;) {}' &
  busy+=($!)
done
trap 'kill "${busy[@]}" 2>/dev/null' EXIT
echo "$busy_count busy processes beside: $command"

# CPU ticks of the whole machine (user, nice, system, irq, softirq, steal) and of the busy processes:
# GNU time counts only the processes it waited for, and the browser's renderers are not among them.
machine_ticks() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9}' /proc/stat; }
busy_ticks() { local t=0; for p in "${busy[@]}"; do t=$((t + $(awk '{print $14+$15}' "/proc/$p/stat"))); done; echo "$t"; }
hz=$(getconf CLK_TCK)

status=0
for n in $(seq 1 "$runs"); do
  start_load=$(cut -d' ' -f1 /proc/loadavg)
  m0=$(machine_ticks); b0=$(busy_ticks)
  # shellcheck disable=SC2086 # the command is a word list on purpose
  /usr/bin/time -f '%e %U %S' -o "$scratch/time-$n" $command >"$scratch/run-$n.log" 2>&1
  rc=$?
  # GNU time writes "Command exited with non-zero status N" above its line when the run fails.
  m1=$(machine_ticks); b1=$(busy_ticks)
  machine=$(echo "scale=1; (($m1 - $m0) - ($b1 - $b0)) / $hz" | bc)
  read -r wall user sys < <(tail -n 1 "$scratch/time-$n")
  plain=$(sed 's/\x1b\[[0-9;]*m//g' "$scratch/run-$n.log")
  # npm test prints the unit and browser steps' lines behind "[test:unit] " and "[test:browser] " (scripts/run-parallel.mjs --live).
  unit=$(grep -E '^(\[test:unit\])? +Tests +[0-9]' <<<"$plain" | tail -1 | sed 's/^\[test:unit\]//' | xargs)
  e2e=$(grep -E '^(\[test:browser\])? +[0-9]+ (passed|failed|skipped|flaky)' <<<"$plain" | sed 's/^\[test:browser\]//' | xargs)
  echo "run $n: exit $rc, wall ${wall} s, CPU $(echo "$user + $sys" | bc) s (user $user, sys $sys; the machine's, less the busy processes: $machine s), load at start $start_load, end $(cut -d' ' -f1 /proc/loadavg); unit: $unit; e2e: $e2e"
  [ "$rc" -eq 0 ] || status=1
done
for p in "${busy[@]}"; do echo "busy process $p CPU: $(ps -o times= -p "$p") s"; done
exit $status
