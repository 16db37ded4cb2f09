#!/bin/sh
# Waits until a Kubernetes Job has finished, either way (docs/cluster.md):
# exit 0 when it completed, 1 as soon as it failed, 2 when it is still
# running after the time limit or kubectl cannot read it. `kubectl wait
# --for=condition=complete` alone would sit out its whole timeout on a
# failed Job.
#
#   deploy/wait-job.sh JOB [SECONDS=3600]
#
# WAIT_JOB_POLL sets the seconds between looks (default 10).
set -u
job=${1:?usage: wait-job.sh JOB [SECONDS]}
limit=${2:-3600}
poll=${WAIT_JOB_POLL:-10}
waited=0
while :; do
  # The types of the Job's conditions that hold now, e.g. "Complete" or "FailureTarget Failed".
  state=$(kubectl get "job/$job" -o 'jsonpath={range .status.conditions[?(@.status=="True")]}{.type}{" "}{end}') || {
    echo "wait-job: cannot read job/$job" >&2
    exit 2
  }
  case " $state " in
    *" Complete "*) echo "job/$job complete"; exit 0 ;;
    *" Failed "*) echo "job/$job failed: kubectl describe job/$job says which index and why" >&2; exit 1 ;;
  esac
  if [ "$waited" -ge "$limit" ]; then
    echo "wait-job: job/$job still running after ${limit} s" >&2
    exit 2
  fi
  sleep "$poll"
  waited=$((waited + poll))
done
