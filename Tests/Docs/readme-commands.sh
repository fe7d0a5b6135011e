#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# The README's commands, run: every command shown in README.md is run against the built t9dial,
# and its output compared with the output shown, so the README cannot drift from the program.
#
#   Tests/Docs/readme-commands.sh [T9DIAL] [MARKDOWN]     (default .build/debug/t9dial README.md)
#
# The convention, in MARKDOWN:
# - Commands are shown in ```console blocks, each on a line starting with "$ ". The lines after
#   it, up to the next "$ " line or the end of the block, are its output: what the terminal
#   shows, standard output and error together. A last output line "..." compares only the lines
#   before it; a command shown without output is only run.
# - Every command must exit 0.
# - No shell code elsewhere: a ```sh, ```bash or ```shell block, or an indented code block,
#   fails the test, so no command escapes it. ```toml and other blocks are left alone.
#
# Each command runs in bash with the built t9dial first on PATH, in a new home folder (also the
# working folder) that holds the sample book Config/samples/contacts.vcf as ~/contacts.vcf and
# the documented default config Config/t9dial.toml as ~/.config/t9dial/t9dial.toml. The home
# folder's path is shown as ~ before comparing.
#
# Commands that need a keypad, a board, root or a build are not run: SKIPPED below lists them
# with the reason, and each is printed as skipped. A "$ " line that is neither run nor listed
# fails the test.
# One PASS, FAIL or SKIP line per command, then a count; exit 1 on any failure.
# Run by make test-docs (and make test).
set -u
cd "$(dirname "$0")/../.."
T9DIAL=${1:-.build/debug/t9dial}
MARKDOWN=${2:-README.md}

# "glob|reason": a command matching the glob is shown as skipped, with the reason.
SKIPPED=(
  'make *|a make target: the Makefile runs it, and make test its tests'
  'sudo *|needs root on a board'
  'sudoedit *|needs root on a board'
  'systemctl *|needs the t9dial service on a board'
  'journalctl *|needs the t9dial service on a board'
  'ls /dev/input*|needs a board'"'"'s input devices'
  't9dial run*|needs a keypad'
  't9dial try*|needs a terminal to type on'
  't9dial monitor*|needs a keypad'
  't9dial devices*|needs a board'"'"'s input devices'
  't9dial doctor*|checks a board with t9dial installed'
)
# The package's examples folder stands for the source tree's samples: the README shows how to
# try them after dpkg -i, and the install and package tests check they are installed.
EXAMPLES_INSTALLED=/usr/share/doc/t9dial/examples

if [ ! -x "$T9DIAL" ] || [ "$(basename "$T9DIAL")" != t9dial ]; then
  echo "readme-commands: no program t9dial at $T9DIAL: build it first (make build)"
  exit 1
fi
[ -f "$MARKDOWN" ] || { echo "readme-commands: no $MARKDOWN"; exit 1; }
BIN_DIR=$(cd "$(dirname "$T9DIAL")" && pwd)
REPO=$PWD
WORK=$(mktemp -d /tmp/t9dial-docs-test.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
HOME_DIR=$WORK/home
mkdir -p "$HOME_DIR/.config/t9dial"
cp Config/samples/contacts.vcf "$HOME_DIR/contacts.vcf"
cp Config/t9dial.toml "$HOME_DIR/.config/t9dial/t9dial.toml"

passed=0 failed=0 skipped=0
matching() {  # matching COMMAND ENTRY...: prints the reason of the first entry whose glob matches
  local command=$1 entry; shift
  for entry in "$@"; do
    # shellcheck disable=SC2053 # the glob is meant to match
    if [[ $command == ${entry%%|*} ]]; then echo "${entry#*|}"; return 0; fi
  done
  return 1
}

# run COMMAND LINE EXPECTED: runs one command shown at LINE of MARKDOWN, EXPECTED its output.
run() {
  local command=$1 line=$2 expected=$3 reason actual status compared
  if reason=$(matching "$command" "${SKIPPED[@]}"); then
    echo "SKIP $MARKDOWN:$line: $command ($reason)"; skipped=$((skipped + 1)); return
  fi
  if [[ $command != t9dial\ * ]]; then
    echo "FAIL $MARKDOWN:$line: $command: not a t9dial command, and not in SKIPPED of $0"
    failed=$((failed + 1)); return
  fi
  actual=$(cd "$HOME_DIR" && env -i HOME="$HOME_DIR" PATH="$BIN_DIR:/usr/bin:/bin" LANG=C.UTF-8 \
    bash -c "${command//"$EXAMPLES_INSTALLED"/$REPO/Config/samples}" 2>&1)
  status=$?
  actual=${actual//"$HOME_DIR"/\~}
  actual=${actual//"$REPO"/.}
  compared=$actual
  if [[ $expected == *$'\n...' || $expected == '...' ]]; then
    expected=${expected%...}; expected=${expected%$'\n'}
    compared=$(head -n "$(printf '%s\n' "$expected" | grep -c '')" <<<"$actual")
    [ -n "$expected" ] || compared=""
  elif [ -z "$expected" ]; then
    compared=""
  fi
  if [ "$status" -ne 0 ]; then
    echo "FAIL $MARKDOWN:$line: $command: exit status $status"; sed 's/^/  | /' <<<"$actual"
    failed=$((failed + 1))
  elif [ "$compared" != "$expected" ]; then
    echo "FAIL $MARKDOWN:$line: $command: its output differs from the README's (- shown, + printed):"
    diff <(printf '%s\n' "$expected") <(printf '%s\n' "$compared") | sed -n 's/^</  -/p; s/^>/  +/p'
    failed=$((failed + 1))
  else
    echo "PASS $MARKDOWN:$line: $command"; passed=$((passed + 1))
  fi
}

fence="" previous="" number=0 command="" command_line=0 expected="" in_output=no
finish() {  # runs the command being read, if any
  if [ -n "$command" ]; then run "$command" "$command_line" "$expected"; fi
  command="" expected="" in_output=no
}
while IFS= read -r text || [ -n "$text" ]; do
  number=$((number + 1))
  if [[ $text =~ ^\`\`\`(.*)$ ]]; then
    if [ -z "$fence" ]; then
      fence=${BASH_REMATCH[1]:-plain}
      case "$fence" in
        sh | bash | shell | zsh)
          echo "FAIL $MARKDOWN:$number: a \`\`\`$fence block: show commands in a \`\`\`console block, each after \"\$ \""
          failed=$((failed + 1)) ;;
      esac
    else
      [ "$fence" != console ] || finish
      fence=""
    fi
  elif [ "$fence" = console ]; then
    if [[ $text == '$ '* ]]; then
      finish
      command=${text#'$ '} command_line=$number
    elif [ -n "$command" ]; then
      if [ "$in_output" = yes ]; then expected+=$'\n'"$text"; else expected=$text in_output=yes; fi
    else
      echo "FAIL $MARKDOWN:$number: output with no command before it in a console block"
      failed=$((failed + 1))
    fi
  elif [ -z "$fence" ] && [[ $text == '    '* && -z $previous ]]; then
    echo "FAIL $MARKDOWN:$number: an indented code block: show commands in a \`\`\`console block, each after \"\$ \""
    failed=$((failed + 1))
  fi
  previous=$text
done <"$MARKDOWN"
[ -z "$fence" ] || { echo "FAIL $MARKDOWN: a code block is never closed"; failed=$((failed + 1)); }

[ "$passed" -gt 0 ] || { echo "FAIL $MARKDOWN: no command was run"; failed=$((failed + 1)); }
echo "readme-commands: $passed passed, $failed failed, $skipped skipped (they need hardware, root or a build)"
[ "$failed" -eq 0 ]
