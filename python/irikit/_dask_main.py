# SPDX-License-Identifier: MIT OR Apache-2.0
"""The runner behind ``python3 -m irikit.dask`` (see ``irikit.dask``)."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, Dict, List, Optional, Tuple

import irikit
import irikit.dask as irid

USAGE_EXAMPLES = """\
ADDRESS is a Dask scheduler (tcp://HOST:8786, started with `dask scheduler`; every machine runs
`dask worker tcp://HOST:8786` and has irikit installed), or local:N for N worker processes on
this machine (one thread each).

INPUT is a file, a glob ('logs/*.txt.gz'; quote it) or a comma-separated list; .gz, .bz2, .xz
and .zst files are read decompressed (one partition per compressed file). OUTPUT is a folder: it
gets part-00000.txt, part-00001.txt, ... (.jsonl with --json; .gz added with --compression gzip),
one per partition, in input order: concatenated, they have one record per input line, the
records `iri COMMAND --json` prints without "line" (text: what `iri COMMAND` prints on stdout).
COMMAND is one of iri's: check, to-uri, to-iri, normalize, resolve, lint, extract, canon (validate,
to_uri, to_iri and canonicalize, the Python names, are aliases); dedupe is the runner's own.
dedupe writes one record per group instead.

Exit status: 0 when every line succeeded, 1 when any failed, 2 for bad usage or input.

Examples:
  python3 -m irikit.dask --scheduler tcp://10.0.0.1:8786 check 'crawl/*.txt.gz' out --json
  python3 -m irikit.dask --scheduler local:2 normalize links.txt normal --level scheme
  python3 -m irikit.dask --scheduler local:2 dedupe links.txt groups --level scheme
  python3 -m irikit.dask --scheduler local:2 canon crawl.txt keys --profile ia --key surt
"""


# The runner's commands by the `iri` tool's names (what `iri COMMAND` prints is what each line gives),
# with the Python names of irikit.dask kept as aliases; dedupe has no `iri` counterpart.
IRI_COMMANDS = {
    "check": "validate",
    "to-uri": "to_uri",
    "to-iri": "to_iri",
    "normalize": "normalize",
    "resolve": "resolve",
    "lint": "lint",
    "extract": "extract",
    "canon": "canonicalize",
    "dedupe": "dedupe",
}
ALIASES = {name: name for name in irid.COMMANDS}


def command_name(name: str) -> str:
    """The irikit.dask command for an `iri` command name or a Python name (ValueError otherwise)."""
    if name in IRI_COMMANDS:
        return IRI_COMMANDS[name]
    if name in ALIASES:
        return ALIASES[name]
    raise ValueError(f"unknown command '{name}' ({', '.join(IRI_COMMANDS)})")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python3 -m irikit.dask",
        description="Run an irikit command over text files on a Dask cluster: one outcome per line, "
        "errors with their code and byte offset, nothing dropped.",
        epilog=USAGE_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--scheduler", required=True, metavar="ADDRESS", help="tcp://HOST:PORT, or local:N")
    p.add_argument(
        "command",
        choices=list(IRI_COMMANDS) + [c for c in irid.COMMANDS if c not in IRI_COMMANDS],
        metavar="COMMAND",
        help=", ".join(IRI_COMMANDS) + ": each prints, per input line, what `iri COMMAND` prints "
        "(dedupe: one record per group); the Python names validate, to_uri, to_iri and canonicalize are "
        "aliases of check, to-uri, to-iri and canon",
    )
    p.add_argument("input", metavar="INPUT")
    p.add_argument("output", metavar="OUTPUT")
    p.add_argument("--json", action="store_true", help="JSON Lines (the default is text, as `iri`)")
    p.add_argument("--as", dest="rule", default="iri-reference", help="check, lint: the rule (default iri-reference)")
    p.add_argument("--idna", help="to-uri: none (default), uts46, idna2003")
    p.add_argument("--encode-unsafe-ascii", action="store_true", help="to-uri: percent-encode unsafe ASCII")
    p.add_argument("--idna-to-unicode", action="store_true", help="to-iri: xn-- labels to Unicode")
    p.add_argument("--level", default="syntax", help="normalize, dedupe: simple, syntax (default), scheme")
    p.add_argument("--nfc", action="store_true", help="normalize, dedupe: add NFC (RFC 3987 §5.3.2.2)")
    p.add_argument("--base", help="resolve: the base IRI")
    p.add_argument("--www", action="store_true", help="extract: also www. hosts without a scheme")
    p.add_argument("--profile", help="canon: rfc3987 (default), none, ia (irikit.canon_profiles())")
    p.add_argument("--key", help="canon: url (default), surt, ssurt")
    p.add_argument("--with-scheme", action="store_true", help="canon --key surt: keep the scheme")
    p.add_argument("--trailing-comma", action="store_true", help="canon --key surt: a comma after the host")
    p.add_argument("--keep-fragment", action="store_true", help="canon: keep a fragment the profile removes")
    p.add_argument("--drop-blank-values", action="store_true", help="canon: remove query pairs with an empty value")
    p.add_argument("--strip-params", metavar="LIST", help="canon: query parameters to remove (names, prefix*, or tracking)")
    p.add_argument("--blocksize", default="32MiB", help="bytes per partition of an uncompressed file (default 32MiB)")
    p.add_argument("--compression", help="compress the output parts (gzip, bz2, xz)")
    return p


def _options(args: argparse.Namespace) -> Tuple[Dict[str, Any], Optional[str]]:
    """The keyword options of the command, or an error message for options that do not fit."""
    c = args.command
    o: Dict[str, Any] = {}
    if c in ("validate", "lint") and args.rule != "iri-reference":
        o["rule"] = args.rule
    if c == "to_uri":
        if args.idna:
            o["idna"] = args.idna
        if args.encode_unsafe_ascii:
            o["encode_unsafe_ascii"] = True
    if c == "to_iri" and args.idna_to_unicode:
        o["idna_to_unicode"] = True
    if c in ("normalize", "dedupe"):
        o["level"] = args.level
        if args.nfc:
            o["nfc"] = True
    if c == "resolve":
        if not args.base:
            return o, "resolve needs --base IRI"
        o["base"] = args.base
    elif args.base:
        return o, "--base is for resolve"
    if c == "extract" and args.www:
        o["www"] = True
    canon_options = {"profile": args.profile, "key": args.key, "with_scheme": args.with_scheme,
                     "trailing_comma": args.trailing_comma, "keep_fragment": args.keep_fragment,
                     "drop_blank_values": args.drop_blank_values, "strip_params": args.strip_params}
    given = {k: v for k, v in canon_options.items() if v}
    if c == "canonicalize":
        o.update(given)
    elif given:
        return o, "--" + next(iter(given)).replace("_", "-") + " is for canon"
    return o, None


def _client(address: str) -> Tuple[Any, Any]:
    """A client of the scheduler at `address`, and the LocalCluster started for local:N (or None)."""
    from distributed import Client, LocalCluster

    if address.startswith("local:"):
        workers = int(address[len("local:") :])
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
        )
        return Client(cluster), cluster
    return Client(address), None


def _worker_version() -> str:
    import irikit as module

    return module.__version__


def _write(
    part: List[Any], path: str, command: str, options: Dict[str, Any], as_json: bool, compression: Optional[str]
) -> Tuple[int, int]:
    """Runs `command` over one partition of lines (dedupe: of groups) and writes the output to
    `path`, one line each (text as `iri`); returns (lines, failed). Runs on a worker: only the
    two counts travel back."""
    import fsspec

    if command == "dedupe":
        lines = [irid.json_line(g) if as_json else _dedupe_text(g) for g in part]
        counts = (sum(g["count"] for g in part), sum(g["count"] for g in part if "error" in g))
    elif as_json:
        records = irid.records(command, part, **options)
        lines = irid._json_partition(records)
        counts = irid._summary(records)
    else:
        lines, failed = irid.text_lines(command, part, **options)
        counts = (len(part), failed)
    with fsspec.open(path, "wt", compression=compression, encoding="utf-8", errors="surrogateescape", newline="\n") as f:
        if lines:
            f.write("\n".join(lines))
            f.write("\n")
    return counts


def _write_block(
    block: bytes, path: str, command: str, options: Dict[str, Any], as_json: bool, compression: Optional[str]
) -> Tuple[int, int]:
    """Runs `command` over one block of the input (raw bytes, whole lines) with
    irikit.process_lines and writes its output to `path`; returns (lines, failed)."""
    import fsspec

    with fsspec.open(path, "wb", compression=compression) as f:
        lines, failed = irid.process_block(block, command, options, as_json, f)
    return lines, failed


def _write_range(
    source: str, begin: int, end: int, path: str, command: str, options: Dict[str, Any], as_json: bool,
    compression: Optional[str]
) -> Tuple[int, int]:
    """Runs `command` over the lines that start in the byte range [begin, end) of the local file
    `source` (read by irikit.process_file_range_into) and writes the output to `path`: a plain
    local part file is opened with `open`, so that irikit writes to it directly."""
    import fsspec
    from fsspec.implementations.local import LocalFileSystem

    fs, local_path = fsspec.core.url_to_fs(path)
    opened = open(local_path, "wb") if compression is None and isinstance(fs, LocalFileSystem) else (
        fsspec.open(path, "wb", compression=compression))
    with opened as f:
        return irid.process_range(source, begin, end, command, options, as_json, f)


def run(args: argparse.Namespace, options: Dict[str, Any]) -> int:
    import dask
    import fsspec.core
    from dask import delayed

    paths: Any = args.input.split(",") if "," in args.input else args.input
    suffix = ".jsonl" if args.json else ".txt"
    if args.compression:
        suffix += {"gzip": ".gz", "bz2": ".bz2", "xz": ".xz"}.get(args.compression, "." + args.compression)
    command = args.command
    fs, root = fsspec.core.url_to_fs(args.output)
    base = args.output.rstrip("/")
    if irid.iri_job(command, options) is not None:
        # The input as raw bytes, each block through the `iri` command itself (process_lines):
        # no Python str per line (bench/RESULTS.md, issue 21). Local uncompressed files are cut
        # into byte ranges that the workers read themselves, into memory they reuse.
        ranges = irid.file_ranges(paths, args.blocksize)
        fs.makedirs(root, exist_ok=True)
        if ranges is not None:
            writes = [
                delayed(_write_range)(*r, f"{base}/part-{i:05d}{suffix}", command, options, args.json, args.compression)
                for i, r in enumerate(ranges)
            ]
            return _report(command, args.output, _compute(writes))
        blocks = irid.read_blocks(paths, args.blocksize, skip_bom=True)
        writes = [
            delayed(_write_block)(block, f"{base}/part-{i:05d}{suffix}", command, options, args.json, args.compression)
            for i, block in enumerate(blocks)
        ]
        return _report(command, args.output, _compute(writes))
    # The lines as `iri` reads them (no byte order mark); invalid UTF-8 reaches the library as the
    # bytes it was (surrogateescape); LF only: a CR inside a line is part of it.
    lines = irid.read_lines(paths, args.blocksize)
    if command == "dedupe":
        level = options.pop("level")
        out = irid.dedupe(lines, level, **options)
    else:
        out = lines  # each write task maps its partition itself
    fs.makedirs(root, exist_ok=True)
    writes = [
        delayed(_write)(part, f"{base}/part-{i:05d}{suffix}", command, options, args.json, args.compression)
        for i, part in enumerate(out.to_delayed())
    ]
    return _report(command, args.output, _compute(writes))


_WRITE_RETRIES = 3  # per write task (see _compute)


def _compute(writes: List[Any]) -> Any:
    """Runs the write tasks. Each writes one whole part file, so running one again is safe: a task
    that fails because its worker died or shut down under it (distributed 2022.12 can raise
    "cannot schedule new futures after shutdown" from a closing worker) is retried elsewhere
    rather than failing the job. The local schedulers ignore `retries`."""
    import dask

    return dask.compute(*writes, retries=_WRITE_RETRIES)


def _report(command: str, output: str, partition_counts: Any) -> int:
    """Prints the summary line; the exit status: 1 when a line failed."""
    total = sum(n for n, _ in partition_counts)
    failed = sum(f for _, f in partition_counts)
    print(
        f"irikit.dask: {command}: {total} lines, {failed} failed; {len(partition_counts)} part files in {output}",
        file=sys.stderr,
    )
    return 1 if failed else 0


def _dedupe_text(group: Dict[str, Any]) -> str:
    """COUNT<TAB>KEY, or for lines that do not parse COUNT<TAB>CODE@OFFSET<TAB>LINE."""
    if "error" in group:
        e = group["error"]
        (line,) = group["inputs"]
        return f"{group['count']}\t{e['code']}@{e['offset']}\t{line}"
    return f"{group['count']}\t{group['key']}"


def main(argv: Optional[List[str]] = None) -> int:
    args = _parser().parse_args(argv)
    args.command = command_name(args.command)
    options, problem = _options(args)
    if problem:
        print(f"irikit.dask: {problem}", file=sys.stderr)
        return 2
    if args.command == "resolve":
        try:
            irikit.validate(options["base"], "iri")
        except irikit.IRIError as e:
            print(f"irikit.dask: --base: byte {e.offset}: {e.code}: {e.message}", file=sys.stderr)
            return 2
    try:
        client, cluster = _client(args.scheduler)
    except (OSError, ValueError) as e:
        print(f"irikit.dask: cannot reach the scheduler {args.scheduler}: {e}", file=sys.stderr)
        return 2
    try:
        try:
            versions = set(client.run(_worker_version).values())
        except ImportError as e:
            print(f"irikit.dask: a worker cannot import irikit (install it on every machine): {e}", file=sys.stderr)
            return 2
        if versions - {irikit.__version__}:
            print(f"irikit.dask: workers run irikit {sorted(versions)}, this is {irikit.__version__}", file=sys.stderr)
            return 2
        started = time.monotonic()
        try:
            status = run(args, options)
        except (OSError, ValueError) as e:  # no file matches INPUT ("resolved to no files")
            print(f"irikit.dask: {args.input}: {e}", file=sys.stderr)
            return 2
        print(f"irikit.dask: {time.monotonic() - started:.2f} s", file=sys.stderr)
        return status
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
