#!/usr/bin/env bash
# `make fuzz`: runs each libFuzzer target of morph-fuzz for FUZZ_SECONDS, starting from its seed
# corpus (Tests/fuzz/corpus/NAME, read only) plus what earlier runs found (.build/fuzz/corpus/NAME).
# A crash, a hang over FUZZ_TIMEOUT seconds or RSS over FUZZ_RSS_MB fails the run and leaves the
# input in .build/fuzz/crashes/ (reproduce: `swift run morph-fuzz NAME FILE`, or the fuzz binary
# with --target=NAME FILE). Prints runs and executions per second for each target.
set -u
FUZZER=${FUZZER:-.build/fuzz/release/morph-fuzz}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-10}
FUZZ_RSS_MB=${FUZZ_RSS_MB:-2048}
FUZZ_TARGETS=${FUZZ_TARGETS:-protocol recording configuration display-list png expression}
work=.build/fuzz
mkdir -p "$work/crashes" "$work/logs"
failed=()
for target in $FUZZ_TARGETS; do
    seeds=Tests/fuzz/corpus/$target
    [ -d "$seeds" ] || { echo "fuzz: no seed corpus $seeds"; exit 2; }
    mkdir -p "$work/corpus/$target"
    log=$work/logs/$target.log
    # A target's own dictionary when it has one (PNG chunk names), else JSON's.
    dict=Tests/fuzz/$target.dict
    [ -f "$dict" ] || dict=Tests/fuzz/json.dict
    echo "fuzz: $target for ${FUZZ_SECONDS} s (log $log)"
    "$FUZZER" --target="$target" -max_total_time="$FUZZ_SECONDS" -timeout="$FUZZ_TIMEOUT" \
        -rss_limit_mb="$FUZZ_RSS_MB" -dict="$dict" -print_final_stats=1 \
        -artifact_prefix="$work/crashes/$target-" "$work/corpus/$target" "$seeds" >"$log" 2>&1
    status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
    corpus=$(ls "$work/corpus/$target" | wc -l)
    echo "fuzz: $target: ${runs:-?} runs, ${rate:-?} exec/s, $coverage, $corpus inputs found so far, exit $status"
    if [ "$status" -ne 0 ]; then
        grep -E 'ERROR|Fatal error|Test unit written|SUMMARY' "$log" | head -8
        failed+=("$target")
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: FAILED: ${failed[*]} (inputs in $work/crashes/)"
    exit 1
fi
echo "fuzz: every target ran ${FUZZ_SECONDS} s without a crash"
