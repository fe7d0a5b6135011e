#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Usage: failures-last.sh LOG COMMAND [ARGUMENTS...]
#
# Runs COMMAND with its output shown and kept in LOG, and exits with its status. When it fails,
# the lines that say what failed come again at the very end: CI keeps only the tail of a
# run's output, where a test run's leak report or a long log would otherwise hide which test
# failed. The lines: Swift Testing's (✘), XCTest's (error:), the sanitizers' (ERROR:, SUMMARY:),
# at most 80 of them; LOG has everything.
set -uo pipefail
log=$1
shift
mkdir -p "$(dirname "$log")"
"$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
    echo
    echo "=== what failed (exit $status; the whole output is in $log) ==="
    grep -a -E '✘|: error: |ERROR: [A-Za-z]+Sanitizer|^SUMMARY: ' "$log" | cut -c1-400 | tail -n 80
fi
exit "$status"
