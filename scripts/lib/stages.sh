# Sourced by scripts/test: `stage NAME` starts timing a stage (ending the one before), and
# `print_stages` prints each stage's wall time, so every run shows where its time went. A
# stage that runs beside the others (in a background job) is timed by running it as
# `beside NAME COMMAND...`, which records it in target/stages-beside.tsv (a background job
# cannot change this shell's tables); the table marks it as such.

STAGE_NAMES=()
STAGE_SECONDS=()
STAGE_CURRENT=""
STAGE_STARTED=0
STAGE_RUN_STARTED=$(date +%s.%N)

_stage_now() { date +%s.%N; }
_stage_since() { awk -v a="$1" -v b="$(_stage_now)" 'BEGIN { printf "%.1f", b - a }'; }

_stage_record() { # name seconds
    STAGE_NAMES+=("$1")
    STAGE_SECONDS+=("$2")
}

# Ends the current stage, if any.
stage_done() {
    [ -n "$STAGE_CURRENT" ] || return 0
    _stage_record "$STAGE_CURRENT" "$(_stage_since "$STAGE_STARTED")"
    STAGE_CURRENT=""
}

stage() {
    stage_done
    STAGE_CURRENT="$1"
    STAGE_STARTED=$(_stage_now)
    printf '\n==> %s\n' "$1"
}

beside() {
    local name="$1" began status=0
    shift
    began=$(_stage_now)
    "$@" || status=$?
    printf '%s\t%s\n' "$name" "$(_stage_since "$began")" >>target/stages-beside.tsv
    return "$status"
}

print_stages() {
    stage_done
    local total i
    total=$(_stage_since "$STAGE_RUN_STARTED")
    printf '\n==> wall time by stage\n'
    printf '| %-70s | %8s |\n' "stage" "seconds"
    printf '|%s|%s|\n' "$(printf -- '-%.0s' {1..72})" "---------:"
    for i in "${!STAGE_NAMES[@]}"; do
        printf '| %-70s | %8.1f |\n' "${STAGE_NAMES[$i]}" "${STAGE_SECONDS[$i]}"
    done
    if [ -f target/stages-beside.tsv ]; then
        local beside_name beside_seconds
        while IFS=$'\t' read -r beside_name beside_seconds; do
            printf '| %-70s | %8.1f |\n' "$beside_name (beside)" "$beside_seconds"
        done <target/stages-beside.tsv
    fi
    printf '| %-70s | %8.1f |\n' "whole run" "$total"
}
