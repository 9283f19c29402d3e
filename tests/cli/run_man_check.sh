#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# run_man_check.sh IRI_BINARY MAN_PAGE — the man page (docs/iri.1) documents every command that
# `iri --help` lists and every option of `iri COMMAND --help`, so that it cannot fall behind the
# tool. In roff a "-" is written "\-"; the check reads the page with those backslashes removed.
set -u
iri=$1
page=$(sed 's/\\-/-/g; s/\\f[BIRP]//g' "$2")
failures=0
commands=$("$iri" --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { exit } on { print $1 }')
[[ -n $commands ]] || { echo "FAIL: no command in iri --help"; exit 1; }
# The options every command takes are described once, under OPTIONS.
global=$("$iri" --help | sed -n 's/^  \(--[a-z0-9-]*\).*/\1/p' | sort -u)
options_section=$(awk '/^\.SH OPTIONS/ { on = 1; next } /^\.SH/ { on = 0 } on' <<<"$page")
for option in $global; do
  [[ $option == -- ]] && continue
  grep -qF -- "$option" <<<"$options_section" || { echo "FAIL: $option is not under OPTIONS"; failures=$((failures + 1)); }
done
for c in $commands; do
  # The command's section: from ".SS c" to the next .SS or .SH.
  section=$(awk -v c="$c" '$0 == ".SS " c { on = 1; next } /^\.S[SH]/ { on = 0 } on' <<<"$page")
  [[ -n $section ]] || { echo "FAIL: no '.SS $c' section"; failures=$((failures + 1)); continue; }
  # The command's own options: lines of its help that start with two spaces and "--".
  for option in $("$iri" "$c" --help | sed -n 's/^  \(--[a-z0-9-]*\).*/\1/p' | sort -u); do
    grep -qxF -- "$option" <<<"$global" && continue
    grep -qF -- "$option" <<<"$section" || { echo "FAIL: $c: option $option is not in its section"; failures=$((failures + 1)); }
  done
done
if [[ $failures -ne 0 ]]; then
  echo "man page: $failures problem(s)"
  exit 1
fi
echo "man page: ok ($(wc -w <<<"$commands") commands)"
