# SPDX-License-Identifier: MIT OR Apache-2.0
"""irikit.dask: irikit over a Dask cluster — the same code on a laptop and on a thousand cores.

Every function takes a ``dask.bag`` of lines (str or UTF-8 bytes, with or without their line end,
as ``dask.bag.read_text`` gives them) or a ``dask.dataframe`` column (a dask Series) and returns a
lazy collection with exactly one outcome per input line, in input order: nothing is dropped,
nothing is reordered. Each partition goes through the package's batch functions
(``irikit.validate_many``, ``to_uri_many``, ``to_iri_many``, ``normalize_many``,
``resolve_many``, ``canonicalize_many``; ``lint`` and ``extract`` line by line), so a failure is an outcome like any
other, with the library's error code, byte offset and message.

Bags give records: the objects ``iri COMMAND --json`` prints, without ``"line"`` (the position in
the bag is the line's position): ``{"input": ..., "valid": true}``, ``{"input": ..., "output":
...}``, ``{"input": ..., "findings": [...]}``, ``{"input": ..., "matches": [...]}``, and on failure
``{"input": ..., "error": {"code": ..., "offset": ..., "message": ...}}`` (``"valid": false`` too
for ``validate``). A line that is not UTF-8 keeps its bytes in ``"input_hex"``, as in ``iri``.

Series give a pandas-style DataFrame per partition with the same index: a value column (``valid``,
``output``, ``findings``, ``matches`` or ``key``) and ``error``, ``offset``, ``message`` (None
where the line succeeded). A missing value (None, NaN) gives a missing outcome.

    >>> import dask.bag as db
    >>> import irikit.dask as irid
    >>> lines = db.from_sequence(["http://例え.jp/パス", "http://exa mple.org/"], npartitions=2)
    >>> [r.get("output") or r["error"]["code"] for r in irid.to_uri(lines).compute()]
    ['http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9', 'unsafe-ascii-char']

``dedupe(lines, level=...)`` groups the lines that are equivalent at a rung of the comparison
ladder (RFC 3987 §5.3: "simple", "syntax", "scheme"): one record per group, ``{"key": normal
form, "count": lines, "inputs": {spelling: lines}}``, and for lines that do not parse one record
per distinct line with its error (``"key": None``); the counts add up to the number of lines.

Files: ``from_files(command, "logs/*.txt.gz", **options)`` gives the same bag of records as
``command(dask.bag.read_text(...))`` but reads each partition as raw bytes and hands it to
``irikit.process_lines``, which runs the `iri` command itself on the worker (line splitting,
mapping, JSON): no Python str per line on the way in. The runner does the same.

The runner, for the shell: ``python3 -m irikit.dask --scheduler ADDRESS COMMAND INPUT OUTPUT``
(``--help``). On a cluster, start ``dask scheduler`` once and ``dask worker ADDRESS`` on every
machine that has irikit installed; ``distributed.Client(ADDRESS)`` makes these functions run
there. docs/guide.md, "At scale", has the details and measured figures.
"""

from __future__ import annotations

import json
from itertools import repeat
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple

import irikit
from irikit._errors import IRIError

__all__ = [
    "COMMANDS",
    "validate",
    "to_uri",
    "to_iri",
    "normalize",
    "resolve",
    "lint",
    "extract",
    "canonicalize",
    "dedupe_keys",
    "dedupe",
    "file_ranges",
    "from_files",
    "iri_job",
    "process_block",
    "process_range",
    "read_blocks",
    "read_lines",
    "records",
    "text_line",
    "json_line",
    "main",
]

# The per-line commands (the runner's COMMAND too; dedupe groups instead of mapping).
COMMANDS = ("validate", "to_uri", "to_iri", "normalize", "resolve", "lint", "extract", "canonicalize", "dedupe")

# The value each command's outcome carries (the `iri --json` key; dedupe_keys: "key").
VALUE_KEY = {
    "validate": "valid",
    "to_uri": "output",
    "to_iri": "output",
    "normalize": "output",
    "resolve": "output",
    "lint": "findings",
    "extract": "matches",
    "canonicalize": "output",
    "dedupe": "key",
}

# ---------------------------------------------------------------------------------------------
# One partition: texts in, (value, error) per text out. Module-level functions, so that workers
# unpickle them by reference from an installed irikit.


def _line(item: Any) -> Any:
    """The item less its line end: "\\n", and a CR before it or at the very end (as `iri` reads
    lines). A str read with errors="surrogateescape" becomes the bytes it was read from, so that
    the library reports invalid UTF-8 as `iri` does (utf8-invalid-byte at its byte offset)."""
    if item is None:
        return None
    if isinstance(item, str):
        if item.endswith("\n"):
            item = item[:-1]
        if item.endswith("\r"):
            item = item[:-1]
        if not item.isascii():
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                try:
                    return item.encode("utf-8", "surrogateescape")
                except UnicodeEncodeError:
                    return item  # a lone surrogate of its own: the library says utf8-surrogate
        return item
    if isinstance(item, (bytes, bytearray)):
        item = bytes(item)
        if item.endswith(b"\n"):
            item = item[:-1]
        if item.endswith(b"\r"):
            item = item[:-1]
        return item
    raise TypeError(f"a line must be str or bytes or None, not {type(item).__name__}")


def _escaped_bytes(text: str) -> Any:
    """A str read with errors="surrogateescape" as the bytes it was read from (see _line)."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        try:
            return text.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:
            return text


def _lines(items: Iterable[Any]) -> List[Any]:
    """_line of each item; for a partition of str (what read_text gives) with C-level passes over
    the whole partition instead of a Python call per line (the runner's hot path)."""
    items = items if isinstance(items, list) else list(items)
    try:
        texts = list(map(str.removesuffix, items, repeat("\n")))
    except TypeError:  # bytes or None among them
        return [_line(item) for item in items]
    blob = "".join(texts)
    if "\r" in blob:
        texts = [t[:-1] if t.endswith("\r") else t for t in texts]
    if not blob.isascii():
        try:
            blob.encode("utf-8")
        except UnicodeEncodeError:
            texts = [t if t.isascii() else _escaped_bytes(t) for t in texts]
    return texts


def _one_by_one(function: Callable[[Any], Any], texts: List[Any]) -> List[Any]:
    """function(text) for each text, an IRIError in place of a failure (the batch convention)."""
    out: List[Any] = []
    for text in texts:
        if text is None:
            out.append(None)
            continue
        try:
            out.append(function(text))
        except IRIError as e:
            out.append(e)
    return out


def _findings(text: Any, options: Dict[str, Any]) -> List[Dict[str, Any]]:
    return [
        {"rule": f.rule, "severity": f.severity, "offset": f.byte_span[0],
         "length": f.byte_span[1] - f.byte_span[0], "message": f.message}
        for f in irikit.lint(text, **options)
    ]


def _matches(text: Any, options: Dict[str, Any]) -> List[Dict[str, Any]]:
    return [
        {"start": m.byte_span[0], "end": m.byte_span[1], "iri": m.iri, "form": m.form}
        for m in irikit.extract(text, **options)
    ]


def _results(command: str, texts: List[Any], options: Dict[str, Any]) -> List[Any]:
    """The package's batch result for each text: the value, an IRIError, or None for None."""
    options = dict(options)
    threads = options.pop("threads", 1)  # one core per Dask worker thread: Dask spreads the work
    if command == "validate":
        present = [t for t in texts if t is not None]
        found = iter(irikit.validate_many(present, options.get("rule", "iri-reference"), threads=threads))
        return [None if t is None else (next(found) or True) for t in texts]
    if command == "to_uri":
        return irikit.to_uri_many(texts, threads=threads, **options)
    if command == "to_iri":
        return irikit.to_iri_many(texts, threads=threads, **options)
    if command in ("normalize", "dedupe"):
        level = options.pop("level", "syntax")
        return irikit.normalize_many(texts, level, threads=threads, **options)
    if command == "resolve":
        base = options.pop("base")
        return irikit.resolve_many(base, texts, threads=threads, **options)
    if command == "canonicalize":
        return irikit.canonicalize_many(texts, threads=threads, **options)
    if command == "lint":
        return _one_by_one(lambda t: _findings(t, options), texts)
    if command == "extract":
        return _one_by_one(lambda t: _matches(t, options), texts)
    raise ValueError(f"unknown command '{command}' ({', '.join(COMMANDS)})")


def _input_fields(text: Any) -> Dict[str, Any]:
    """"input" as `iri --json` shows it: the text, or for bytes that are not UTF-8 the text with
    U+FFFD for each bad sequence and the bytes in "input_hex"."""
    if isinstance(text, bytes):
        try:
            return {"input": text.decode("utf-8")}
        except UnicodeDecodeError:
            return {"input": text.decode("utf-8", "replace"), "input_hex": text.hex()}
    return {"input": text}


def _error(e: IRIError) -> Dict[str, Any]:
    return {"code": e.code, "offset": e.offset, "message": e.message}


def records(command: str, items: Iterable[Any], **options: Any) -> List[Optional[Dict[str, Any]]]:
    """The records of ``command`` for ``items`` in this process (what each bag partition does).

    >>> [r["valid"] for r in records("validate", ["http://a/", "http://a b/\\n"])]
    [True, False]
    """
    texts = _lines(items)
    value_key = VALUE_KEY[command]
    out: List[Optional[Dict[str, Any]]] = []
    for text, result in zip(texts, _results(command, texts, options)):
        if text is None:
            out.append(None)
            continue
        record = _input_fields(text)
        if isinstance(result, IRIError):
            if command == "validate":
                record["valid"] = False
            elif command == "dedupe":
                record["key"] = None
            record["error"] = _error(result)
        else:
            record[value_key] = result
        out.append(record)
    return out


def _frame(series: Any, command: str, options: Dict[str, Any]) -> Any:
    """One partition of a Series: a DataFrame with the value, error, offset and message columns."""
    import pandas as pd

    texts = [None if v is None or (not isinstance(v, (str, bytes)) and pd.isna(v)) else _line(v) for v in series]
    results = _results(command, texts, options)
    failed = [isinstance(r, IRIError) for r in results]
    value = [False if bad and command == "validate" else (None if bad else r) for r, bad in zip(results, failed)]
    columns = {
        VALUE_KEY[command]: value,
        "error": [r.code if bad else None for r, bad in zip(results, failed)],
        "offset": [r.offset if bad else None for r, bad in zip(results, failed)],
        "message": [r.message if bad else None for r, bad in zip(results, failed)],
    }
    return pd.DataFrame({k: pd.Series(v, index=series.index, dtype=object) for k, v in columns.items()})


def _meta(command: str) -> Any:
    import pandas as pd

    return pd.DataFrame({c: pd.Series([], dtype=object) for c in (VALUE_KEY[command], "error", "offset", "message")})


def _map(command: str, collection: Any, options: Dict[str, Any]) -> Any:
    """Maps each partition of a bag (records) or a dask Series (DataFrame) through `command`."""
    import dask.bag as db

    if isinstance(collection, db.Bag):
        return collection.map_partitions(_bag_partition, command, options)
    import dask.dataframe as dd

    if isinstance(collection, dd.Series):
        return collection.map_partitions(_frame, command, options, meta=_meta(command))
    raise TypeError(f"expected a dask.bag.Bag of lines or a dask.dataframe.Series, not {type(collection).__name__}")


def _bag_partition(items: Iterable[Any], command: str, options: Dict[str, Any]) -> List[Optional[Dict[str, Any]]]:
    return records(command, items, **options)


# ---------------------------------------------------------------------------------------------
# The functions over collections.


def validate(lines: Any, rule: str = "iri-reference", *, threads: int = 1) -> Any:
    """Validates each line against ``rule`` (RFC 3987 §2.2 / RFC 3986; as ``irikit.validate``):
    ``{"input", "valid"}`` records, with ``"error"`` when not valid. ``threads``: cores per
    partition call (1: Dask gives each worker thread a partition)."""
    return _map("validate", lines, {"rule": rule, "threads": threads})


def to_uri(lines: Any, **options: Any) -> Any:
    """IRI → URI (RFC 3987 §3.1) for each line; options as ``irikit.to_uri_many`` (``idna``,
    ``encode_unsafe_ascii``, ``query_charset``)."""
    return _map("to_uri", lines, options)


def to_iri(lines: Any, **options: Any) -> Any:
    """URI → IRI (RFC 3987 §3.2) for each line; options as ``irikit.to_iri_many``."""
    return _map("to_iri", lines, options)


def normalize(lines: Any, level: str = "syntax", **options: Any) -> Any:
    """The normal form of each line at ``level`` (RFC 3987 §5.3); options as ``irikit.normalize_many``."""
    return _map("normalize", lines, dict(options, level=level))


def resolve(lines: Any, base: str, **options: Any) -> Any:
    """Each line resolved as a reference against ``base`` (RFC 3986 §5.2), which must be an IRI
    (checked here, before any work is sent to the cluster)."""
    irikit.validate(base, "iri")
    return _map("resolve", lines, dict(options, base=base))


def lint(lines: Any, **options: Any) -> Any:
    """The lint findings of each line (RFC 3987 §4-§8; as ``irikit.lint``): ``"findings"`` is a
    list of ``{rule, severity, offset, length, message}`` with byte offsets, as ``iri lint --json``."""
    return _map("lint", lines, options)


def extract(lines: Any, **options: Any) -> Any:
    """The IRIs in each line of running text (RFC 3987 §7.3; as ``irikit.extract``):
    ``"matches"`` is a list of ``{start, end, iri, form}`` (byte offsets in the line); a line
    without any gives an empty list."""
    return _map("extract", lines, options)


def canonicalize(lines: Any, profile: str = "rfc3987", key: str = "url", **options: Any) -> Any:
    """The canonical key of each line (irikit/canon.h; as ``irikit.canonicalize`` and ``iri
    canon``): ``profile`` ("rfc3987", "none", "ia", "w3lib"), ``key`` ("url", "surt", "ssurt"),
    options as ``irikit.canonicalize_many`` (``with_scheme``, ``trailing_comma``,
    ``keep_fragment``, ``drop_blank_values``, ``strip_params``). ``{"input", "output"}`` records,
    with ``"error"`` where the profile rejects a line. Lines that are not UTF-8 reach the engine
    as the bytes they were, as in ``iri canon``."""
    return _map("canonicalize", lines, dict(options, profile=profile, key=key))


def dedupe_keys(lines: Any, level: str = "syntax", **options: Any) -> Any:
    """Each line's comparison key at ``level``: two lines are equivalent at that rung of RFC 3987
    §5.3 exactly when their keys are equal (the key is the normal form; "simple" keeps the text).
    ``{"input", "key"}`` records, with ``"error"`` for a line that does not parse."""
    return _map("dedupe", lines, dict(options, level=level))


def _group_key(record: Dict[str, Any]) -> Tuple[Any, ...]:
    if "error" in record:  # a line that does not parse is a group of its own (with its copies)
        return ("error", record.get("input_hex") or record["input"])
    return ("key", record["key"])


def _add(group: Optional[Dict[str, Any]], record: Dict[str, Any]) -> Dict[str, Any]:
    if group is None:
        group = {"key": record["key"], "count": 0, "inputs": {}}
        if "error" in record:
            group["error"] = record["error"]
            if "input_hex" in record:
                group["input_hex"] = record["input_hex"]
    group["count"] += 1
    group["inputs"][record["input"]] = group["inputs"].get(record["input"], 0) + 1
    return group


def _merge(a: Optional[Dict[str, Any]], b: Optional[Dict[str, Any]]) -> Optional[Dict[str, Any]]:
    if a is None or b is None:
        return a if b is None else b
    merged = {**a, "count": a["count"] + b["count"], "inputs": dict(a["inputs"])}
    for text, n in b["inputs"].items():
        merged["inputs"][text] = merged["inputs"].get(text, 0) + n
    return merged


def dedupe(
    lines: Any, level: str = "syntax", *, split_every: Optional[int] = None, split_out: Optional[int] = None, **options: Any
) -> Any:
    """Groups the lines that are equivalent at ``level`` ("simple", "syntax", "scheme"; RFC 3987
    §5.3): one record per group, ``{"key", "count", "inputs": {spelling: count}}``, and one per
    distinct line that does not parse (``"key": None`` and its ``"error"``). The counts add up to
    the number of lines. For a bag: a bag of group records (in no particular order; the groups
    are reduced in a tree, so they must fit in one worker's memory at the end). For a dask
    Series: a DataFrame with one row per group (``key``, ``count``, ``error``, ``offset``,
    ``message``, and ``failed``), reduced in a tree into ``split_out`` hash partitions (default:
    one per 8 input partitions), so the groups need not fit in one worker."""
    import dask.bag as db

    keyed = dedupe_keys(lines, level, **options)
    if isinstance(keyed, db.Bag):
        return keyed.foldby(_group_key, _add, None, _merge, None, split_every=split_every).map(_second)
    return _frame_groups(keyed, lines, split_every, split_out or max(1, lines.npartitions // 8))


def _second(pair: Tuple[Any, Any]) -> Any:
    return pair[1]


def _frame_groups(keyed: Any, series: Any, split_every: Optional[int], split_out: int) -> Any:
    """dedupe over a dask Series: group by the key, or by the text for a line that fails."""
    frame = keyed.assign(input=series)
    frame = frame[~frame["input"].isna()]
    frame["group"] = frame["key"].where(~frame["key"].isna(), frame["input"]).astype(str)
    frame["failed"] = ~frame["error"].isna()
    frame["count"] = 1
    grouped = frame.groupby(["failed", "group"]).agg(
        {"count": "sum", "error": "first", "offset": "first", "message": "first"},
        split_every=split_every,
        split_out=split_out,
    )
    return grouped.reset_index().rename(columns={"group": "key"})


# ---------------------------------------------------------------------------------------------
# Files read as raw bytes: irikit.process_lines runs the `iri` command over a whole partition.

# The `iri` command of each per-line command.
IRI_COMMAND = {
    "validate": "check",
    "to_uri": "to-uri",
    "to_iri": "to-iri",
    "normalize": "normalize",
    "resolve": "resolve",
    "lint": "lint",
    "canonicalize": "canon",
}

# The options whose `iri` spelling is the keyword itself ("rule" is `--as`).
_IRI_OPTIONS = {"rule": "as", "idna": "idna", "encode_unsafe_ascii": "encode_unsafe_ascii",
                "query_charset": "query_charset", "level": "level", "nfc": "nfc", "base": "base",
                "profile": "profile", "key": "key", "with_scheme": "with_scheme", "trailing_comma": "trailing_comma",
                "keep_fragment": "keep_fragment", "drop_blank_values": "drop_blank_values",
                "strip_params": "strip_params"}


def iri_job(command: str, options: Dict[str, Any]) -> Optional[Tuple[str, Dict[str, Any]]]:
    """The `iri` command and options whose output (``irikit.process_lines``) is, line for line,
    what ``command`` gives here with ``options`` (its text lines, and its records as JSON); None
    where they differ: extract (`iri` makes one record per IRI found), to_iri with
    idna_to_unicode (`iri` applies its host display policy and adds "host_labels"), the level
    "simple" (`iri normalize` has none), dedupe, and options `iri` does not take.

    >>> iri_job("validate", {"rule": "uri"})
    ('check', {'as': 'uri'})
    >>> iri_job("extract", {}) is None
    True
    """
    if command not in IRI_COMMAND or options.get("idna_to_unicode") or options.get("level") == "simple":
        return None
    out: Dict[str, Any] = {}
    for key, value in options.items():
        if key == "threads":
            continue
        if key not in _IRI_OPTIONS:
            return None
        if key == "strip_params" and value is not None and not isinstance(value, str):
            # `iri canon --strip-params` takes one comma-separated LIST: a name with a "," has no spelling there
            names = list(value)
            if any("," in name for name in names):
                return None
            value = ",".join(names) or None
        out[_IRI_OPTIONS[key]] = value
    return IRI_COMMAND[command], out


def read_blocks(urlpath: Any, blocksize: Any = "32MiB", *, skip_bom: bool = False) -> List[Any]:
    """The files of ``urlpath`` (a path, a glob, a list) as delayed blocks of bytes that end at a
    line end: ``blocksize`` bytes each for an uncompressed file, one block per compressed file
    (.gz, .bz2, .xz, .zst, decompressed). With ``skip_bom``, a UTF-8 byte order mark that starts
    a file is dropped, as `iri` drops it (``read_text`` keeps it, as U+FEFF in the first line)."""
    from dask import delayed
    from dask.bytes import read_bytes

    _, blocks = read_bytes(urlpath, delimiter=b"\n", blocksize=_blocksize(urlpath, blocksize), compression="infer",
                           sample=False)
    return [
        delayed(_without_bom)(block) if skip_bom and i == 0 else block
        for per_file in blocks
        for i, block in enumerate(per_file)
    ]


def _without_bom(block: bytes) -> bytes:
    return block[3:] if block.startswith(b"\xef\xbb\xbf") else block


def read_lines(urlpath: Any, blocksize: Any = "32MiB") -> Any:
    """The lines of the files of ``urlpath`` as ``read_text(urlpath, encoding="utf-8",
    errors="surrogateescape", linedelimiter="\\n")`` gives them (each with its "\\n", one
    partition per block of ``read_blocks``), but without a byte order mark that starts a file:
    the lines `iri` reads."""
    import dask.bag as db
    from dask import delayed

    return db.from_delayed([delayed(_block_lines)(b) for b in read_blocks(urlpath, blocksize, skip_bom=True)])


def _block_lines(block: bytes) -> List[str]:
    pieces = block.decode("utf-8", "surrogateescape").split("\n")
    lines = [piece + "\n" for piece in pieces[:-1]]
    return lines + [pieces[-1]] if pieces[-1] else lines


def file_ranges(urlpath: Any, blocksize: Any = "32MiB") -> Optional[List[Tuple[str, int, int]]]:
    """(path, begin, end): the files of ``urlpath`` cut into byte ranges of ``blocksize``, in
    order, when they are all local uncompressed files (``irikit.process_file_range_into`` then
    reads each range itself, into memory it reuses); None otherwise. Empty files have none."""
    import os

    from dask.utils import parse_bytes
    from fsspec.core import get_fs_token_paths
    from fsspec.implementations.local import LocalFileSystem
    from fsspec.utils import infer_compression

    fs, _, paths = get_fs_token_paths(urlpath, mode="rb")
    if not paths:
        raise OSError(f"{urlpath} resolved to no files")
    if not isinstance(fs, LocalFileSystem) or any(infer_compression(p) for p in paths):
        return None
    size = parse_bytes(blocksize) if isinstance(blocksize, str) else int(blocksize)
    out = []
    for path in paths:
        total = os.path.getsize(path)
        out += [(path, begin, min(begin + size, total)) for begin in range(0, total, size)]
    return out


def process_range(path: str, begin: int, end: int, command: str, options: Dict[str, Any], as_json: bool,
                  file: Any) -> Tuple[int, int]:
    """``process_block`` over the lines that start in the byte range [begin, end) of a local
    file, read by ``irikit.process_file_range_into``; writes to ``file``, returns (lines, failed)."""
    job = iri_job(command, options)
    if job is None:
        raise ValueError(f"{command} with {options} has no `iri` equivalent (see iri_job)")
    return irikit.process_file_range_into(file, job[0], path, begin, end, json=as_json, **job[1])


def _blocksize(urlpath: Any, blocksize: Any) -> Any:
    """``blocksize``, or None when a file of ``urlpath`` is compressed (read whole)."""
    from fsspec.core import get_fs_token_paths
    from fsspec.utils import infer_compression

    _, _, paths = get_fs_token_paths(urlpath, mode="rb")
    return None if any(infer_compression(p) for p in paths) else blocksize


def process_block(block: bytes, command: str, options: Dict[str, Any], as_json: bool, file: Any = None) -> Any:
    """``irikit.process_lines`` of ``command`` (one of COMMANDS) on a block of lines, options as
    ``iri_job`` maps them: ``(output, lines, failed)``; with ``file``, ``process_lines_into``
    writes the output there and ``(lines, failed)`` is returned."""
    job = iri_job(command, options)
    if job is None:
        raise ValueError(f"{command} with {options} has no `iri` equivalent (see iri_job)")
    if file is not None:
        return irikit.process_lines_into(file, job[0], block, json=as_json, **job[1])
    return irikit.process_lines(job[0], block, json=as_json, **job[1])


def _block_records(block: bytes, command: str, options: Dict[str, Any]) -> List[Dict[str, Any]]:
    output, _, _ = process_block(block, command, options, True)
    return [json.loads(line) for line in output.decode("utf-8").splitlines()]


def from_files(command: str, urlpath: Any, *, blocksize: Any = "32MiB", **options: Any) -> Any:
    """The bag of records of ``command`` (one of COMMANDS but dedupe) over every line of the
    text files ``urlpath``, equal to ``command`` over ``dask.bag.read_text(urlpath)``: each
    partition is read as bytes and goes through ``irikit.process_lines`` where `iri` gives the
    same records (``iri_job``), else through ``read_text`` and the batch functions."""
    import dask.bag as db

    if command == "dedupe" or command not in COMMANDS:
        raise ValueError(f"from_files: unknown command '{command}' ({', '.join(COMMANDS[:-1])})")
    if command == "resolve":
        irikit.validate(options["base"], "iri")
    if iri_job(command, options) is None:
        lines = db.read_text(urlpath, blocksize=_blocksize(urlpath, blocksize), compression="infer", encoding="utf-8",
                             errors="surrogateescape", linedelimiter="\n")
        return _map(command, lines, options)
    from dask import delayed

    return db.from_delayed([delayed(_block_records)(b, command, options) for b in read_blocks(urlpath, blocksize)])


# ---------------------------------------------------------------------------------------------
# Text output (what `iri COMMAND` prints on stdout for a line) and JSON Lines.


def text_line(command: str, record: Optional[Dict[str, Any]]) -> Optional[str]:
    """The line `iri` prints on stdout for this record ("" for a failure: the error is in the
    JSON output), or for extract the IRIs found, one per line (None when there are none)."""
    if record is None:
        return ""
    if "error" in record:
        return ""
    if command == "validate":
        return record["input"]
    if command == "lint":
        return "; ".join(
            f"{f['severity']} {f['rule']} {f['offset']}+{f['length']}: {f['message']}" for f in record["findings"]
        )
    if command == "extract":
        return "\n".join(m["iri"] for m in record["matches"]) or None
    return record[VALUE_KEY[command]]


def text_lines(command: str, items: Iterable[Any], **options: Any) -> Tuple[List[str], int]:
    """What `iri COMMAND` prints on stdout for these lines, and how many failed: the runner's
    text output, straight from the batch results (no records on the way)."""
    texts = _lines(items)
    if command == "validate":
        threads = options.pop("threads", 1)
        errors = irikit.validate_many(texts, options.get("rule", "iri-reference"), threads=threads)
        out = ["" if e is not None else (t if isinstance(t, str) else t.decode("utf-8")) for t, e in zip(texts, errors)]
        return out, len(errors) - errors.count(None)
    results = _results(command, texts, options)
    failed = sum(1 for r in results if isinstance(r, IRIError))
    if command in ("to_uri", "to_iri", "normalize", "resolve", "canonicalize"):
        return ["" if isinstance(r, IRIError) else r for r in results], failed
    records_ = [None if isinstance(r, IRIError) else {VALUE_KEY[command]: r} for r in results]
    if command == "extract":  # one line per IRI found; nothing for a line without any
        records_ = [r for r in records_ if r is not None]
    lines = (text_line(command, r) for r in records_)
    return [line for line in lines if line is not None], failed


def json_line(record: Optional[Dict[str, Any]]) -> str:
    """The record as one line of JSON (compact and UTF-8, as `iri --json`)."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def _json_partition(records_: List[Optional[Dict[str, Any]]]) -> List[str]:
    return [json_line(r) for r in records_]


def _summary(records_: List[Optional[Dict[str, Any]]]) -> Tuple[int, int]:
    return len(records_), sum(1 for r in records_ if r is not None and "error" in r)


def main(argv: Optional[List[str]] = None) -> int:
    """The runner: ``python3 -m irikit.dask --scheduler ADDRESS COMMAND INPUT OUTPUT`` (``--help``)."""
    from irikit._dask_main import main as run

    return run(argv)


if __name__ == "__main__":
    # python3 -m irikit.dask: run from the imported module irikit.dask, not from __main__, so that
    # the partition functions reach the workers by name (dask's worker processes re-import the
    # main module: this guard keeps them from starting a runner of their own).
    import sys

    import irikit.dask as _module

    sys.exit(_module.main())
