#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# run_doc_examples.sh IRI_BINARY ROOT [--path DIR]... --markdown FILE...
# run_doc_examples.sh IRI_BINARY ROOT --help
#
# Runs the shell examples of the documentation and compares what they print with what the
# documentation shows, so that the docs cannot go stale.
#
# --markdown: every fenced block opened with ```console in each FILE. In a block, a line
#   "$ COMMAND" is a command (a trailing "\" continues it on the next line) and the lines after it,
#   up to the next "$ " line or the end of the block, are its expected output: stdout and stderr
#   together (the tool writes the stdout of a line before its message on stderr). Every command
#   is run, also one that shows no output (it must print nothing). A block opened with
#   ```cpp PATH (or ```c PATH) must be exactly the file PATH of ROOT (the programs of examples/, which CTest
#   builds and runs on their own); --path DIR puts DIR on the PATH (where they are built).
# --help: the "Examples:" section of `iri --help` and of `iri COMMAND --help` for every command,
#   in the same form indented by two spaces. An example that shows no output is not run (it names
#   files that exist only on the reader's machine).
#
# In expected output, "..." stands for any text (messages shortened in the docs). Commands run
# with bash in ROOT (the source tree: examples/iris.txt is there) with `iri` first on the PATH
# and LC_ALL=C.UTF-8.
set -u
if [[ $# -lt 3 ]]; then
  echo "usage: $0 IRI_BINARY ROOT --markdown FILE... | --help" >&2
  exit 2
fi
iri=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$2
shift 2
extra_path=""
while [[ $# -gt 0 && $1 == --path ]]; do
  extra_path+="$2:"
  shift 2
done
mode=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
ln -s "$iri" "$tmp/bin/iri"
export PATH="$tmp/bin:$extra_path$PATH" LC_ALL=C.UTF-8

checked=0
failures=0

# matches LINE PATTERN: whether LINE is PATTERN, where "..." in PATTERN matches any text.
matches() {
  local line=$1 pattern=$2
  [[ $pattern != *...* ]] && { [[ $line == "$pattern" ]]; return; }
  local -a pieces=()
  local rest=$pattern
  while [[ $rest == *...* ]]; do
    pieces+=("${rest%%...*}")
    rest=${rest#*...}
  done
  pieces+=("$rest")
  local first=${pieces[0]} last=${pieces[-1]}
  [[ $line == "$first"* ]] || return 1
  line=${line#"$first"}
  local i
  for ((i = 1; i < ${#pieces[@]} - 1; ++i)); do
    [[ $line == *"${pieces[i]}"* ]] || return 1
    line=${line#*"${pieces[i]}"}
  done
  [[ $line == *"$last" ]]
}

# check WHERE COMMAND EXPECTED_FILE: runs COMMAND and compares its output with EXPECTED_FILE.
check() {
  local where=$1 command=$2 expected=$3
  checked=$((checked + 1))
  (cd "$root" && bash -c "$command") >"$tmp/actual" 2>&1
  local -a want got
  mapfile -t want <"$expected"
  mapfile -t got <"$tmp/actual"
  local ok=1 i
  if [[ ${#want[@]} -ne ${#got[@]} ]]; then
    ok=0
  else
    for ((i = 0; i < ${#want[@]}; ++i)); do
      matches "${got[i]}" "${want[i]}" || { ok=0; break; }
    done
  fi
  if [[ $ok -eq 0 ]]; then
    failures=$((failures + 1))
    echo "FAIL: $where: \$ $command"
    diff -u "$expected" "$tmp/actual" | sed 's/^/  /'
  fi
}

# extract FILE INDENT RUN_EMPTY: reads examples from FILE (lines already inside example blocks,
# with an end marker "@@END" after each block) and checks each.
run_examples() {
  local source=$1 where=$2 run_empty=$3
  local command="" line number=0 start=0 continuing=0
  : >"$tmp/expected"
  local -i expected_lines=0
  flush() {
    if [[ -n $command ]] && { [[ $run_empty -eq 1 ]] || [[ $expected_lines -gt 0 ]]; }; then
      check "$where:$start" "$command" "$tmp/expected"
    fi
    command=""
    : >"$tmp/expected"
    expected_lines=0
  }
  while IFS= read -r line; do
    number=$((number + 1))
    if [[ $line == "@@END" ]]; then
      flush
      continue
    fi
    local n=${line%%$'\x1f'*}
    line=${line#*$'\x1f'}
    if [[ $continuing -eq 1 ]]; then
      command+=$'\n'"$line"
      [[ $line == *\\ ]] || continuing=0
    elif [[ $line == '$ '* ]]; then
      flush
      command=${line#'$ '}
      start=$n
      [[ $line == *\\ ]] && continuing=1
    elif [[ -n $command ]]; then
      printf '%s\n' "$line" >>"$tmp/expected"
      expected_lines+=1
    fi
  done <"$source"
  flush
}

case $mode in
  --markdown)
    for file in "$@"; do
      # The lines of ```console blocks, each prefixed with its line number and \x1f.
      awk '/^```console[[:space:]]*$/ { inside = 1; next }
           inside && /^```/ { inside = 0; print "@@END"; next }
           inside { print NR "\x1f" $0 }' "$file" >"$tmp/blocks"
      run_examples "$tmp/blocks" "$(basename "$file")" 1
      # ```cpp PATH and ```c PATH blocks: the block is the file.
      while IFS= read -r path; do
        checked=$((checked + 1))
        awk -v p="$path" '$0 == "```cpp " p || $0 == "```c " p { inside = 1; next } inside && /^```/ { exit } inside' "$file" >"$tmp/code"
        if ! diff -u "$root/$path" "$tmp/code" >"$tmp/diff"; then
          failures=$((failures + 1))
          echo "FAIL: $(basename "$file"): the block of $path differs from the file (--- file, +++ block)"
          sed 's/^/  /' "$tmp/diff"
        fi
      done < <(sed -n 's/^```c\(pp\)\{0,1\} \([^ ]*\)$/\2/p' "$file")
    done
    ;;
  --help)
    commands=("" $("$iri" --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { exit } on { print $1 }'))
    for c in "${commands[@]}"; do
      # shellcheck disable=SC2086
      "$iri" $c --help | awk '/^Examples:/ { on = 1; next }
                             on && /^  / { print NR "\x1f" substr($0, 3); next }
                             on && /^$/ { print NR "\x1f"; next }
                             on { exit }' >"$tmp/blocks"
      echo "@@END" >>"$tmp/blocks"
      run_examples "$tmp/blocks" "iri ${c:-} --help" 0
    done
    ;;
  *)
    echo "$0: unknown mode '$mode'" >&2
    exit 2
    ;;
esac

if [[ $checked -eq 0 ]]; then
  echo "FAIL: no example found"
  exit 1
fi
if [[ $failures -ne 0 ]]; then
  echo "doc examples: $failures of $checked failed"
  exit 1
fi
echo "doc examples: $checked ok"
