# Sourced by scripts/test: `stage NAME` starts timing a stage (ending the one before), and
# `print_stages` prints each stage's wall time, so every run shows where its time went. A
# stage that runs beside the others (in the background) is timed with `stage_begin NAME` and
# `stage_end NAME` and marked as such in the table.

STAGE_NAMES=()
STAGE_SECONDS=()
STAGE_NOTES=()
STAGE_CURRENT=""
STAGE_STARTED=0
STAGE_RUN_STARTED=$(date +%s.%N)
declare -A STAGE_BEGUN=()

_stage_now() { date +%s.%N; }
_stage_since() { awk -v a="$1" -v b="$(_stage_now)" 'BEGIN { printf "%.1f", b - a }'; }

_stage_record() { # name seconds note
    STAGE_NAMES+=("$1")
    STAGE_SECONDS+=("$2")
    STAGE_NOTES+=("$3")
}

# Ends the current stage, if any.
stage_done() {
    [ -n "$STAGE_CURRENT" ] || return 0
    _stage_record "$STAGE_CURRENT" "$(_stage_since "$STAGE_STARTED")" ""
    STAGE_CURRENT=""
}

stage() {
    stage_done
    STAGE_CURRENT="$1"
    STAGE_STARTED=$(_stage_now)
    printf '\n==> %s\n' "$1"
}

stage_begin() { STAGE_BEGUN["$1"]=$(_stage_now); }

stage_end() {
    local began="${STAGE_BEGUN[$1]:-}"
    [ -n "$began" ] || return 0
    _stage_record "$1" "$(_stage_since "$began")" "beside the Rust stages"
    unset 'STAGE_BEGUN[$1]'
}

print_stages() {
    stage_done
    local total i
    total=$(_stage_since "$STAGE_RUN_STARTED")
    printf '\n==> wall time by stage\n'
    printf '| %-70s | %8s |\n' "stage" "seconds"
    printf '|%s|%s|\n' "$(printf -- '-%.0s' {1..72})" "---------:"
    for i in "${!STAGE_NAMES[@]}"; do
        local name="${STAGE_NAMES[$i]}"
        [ -n "${STAGE_NOTES[$i]}" ] && name="$name (${STAGE_NOTES[$i]})"
        printf '| %-70s | %8.1f |\n' "$name" "${STAGE_SECONDS[$i]}"
    done
    printf '| %-70s | %8.1f |\n' "whole run" "$total"
}
