#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The end-to-end workloads of make test-asan that the unit tests do not already run, each with
# the t9dial built under AddressSanitizer ($1), the benchmark book as $2. make test-asan sets
# ASAN_OPTIONS with exitcode=86, so a report from ASan or LeakSanitizer is told apart from the
# program's own exit status. Each workload prints one PASS or FAIL line. The unit tests run the
# same program for the rest: try on a pty, calls through baresip and SIPp, CardDAV syncs
# against Radicale, reloads of a running service.
set -u
T9DIAL=$1
BOOK=${2:-../shared/datasets/contacts-100k.vcf}
SANITIZER_EXIT=86
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
passed=0 failed=0
: >"$WORK/empty.toml"

# workload NAME EXPECTED-STATUS COMMAND...: runs it, output in $WORK/NAME.out and .err; passes
# when it exits with EXPECTED-STATUS and no sanitizer reported anything.
workload() {
  local name=$1 expected=$2; shift 2
  "$@" >"$WORK/$name.out" 2>"$WORK/$name.err"
  local status=$?
  if [ "$status" -eq "$expected" ] && ! grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer)' "$WORK/$name.err"; then
    echo "PASS $name"; passed=$((passed + 1))
  else
    [ "$status" -eq "$SANITIZER_EXIT" ] && why="a sanitizer report" || why="exit $status, $expected expected"
    echo "FAIL $name ($why):"; sed 's/^/    /' "$WORK/$name.err" | head -80; failed=$((failed + 1))
  fi
}

# The benchmark book: loaded, indexed, and searched as typed, key by key.
if [ -f "$BOOK" ]; then
  printf '%s\n' 2 22 227 2273 5 56 562 5627 7 76 764 7646 9 96 968 0 07 077 >"$WORK/queries"
  workload search-100k 0 sh -c '"$1" search --stdin --contacts "$2" --config "$3" --limit 5 <"$4"' \
    sh "$T9DIAL" "$BOOK" "$WORK/empty.toml" "$WORK/queries"
else
  echo "FAIL search-100k: no benchmark book at $BOOK"; failed=$((failed + 1))
fi

# The demo: a recorded keypad session replayed through the whole run, text and a PNG screen.
workload replay 0 "$T9DIAL" run --contacts Config/samples/contacts.vcf --replay Config/samples/demo-session.evemu \
  --config "$WORK/empty.toml" --output text --output "png:$WORK/screen.png" --screen 320x240x16
# Real phones' and mail clients' exports, imported and listed.
for card in ../shared/datasets/vcards/*.vcf; do
  [ -f "$card" ] || continue
  workload "contacts-$(basename "$card" .vcf)" 0 "$T9DIAL" contacts --contacts "$card" --config "$WORK/empty.toml"
done
# doctor off a board finds problems (no keypad) and says so: exit 1, with everything checked.
workload doctor 1 "$T9DIAL" doctor --config "$WORK/empty.toml"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
