# SPDX-License-Identifier: MIT OR Apache-2.0
"""irikit.dask on a LocalCluster of 2 worker processes: every function over 100,000 generated lines
(invalid ones mixed in) equals, line for line, the single-process result of the package's
single-text functions; the runner's output files too; a worker killed mid-job loses and duplicates
nothing."""

import gzip
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("dask.bag", reason="python3-dask is not installed")
pytest.importorskip("distributed", reason="python3-distributed is not installed")

import dask.bag as db  # noqa: E402

import irikit  # noqa: E402
import irikit.dask as irid  # noqa: E402
from irikit import _dask_main  # noqa: E402
from dask_helpers import as_file_bytes, generate, slow_block, slow_range, slowly  # noqa: E402
from irikit import IRIError  # noqa: E402

N = 100_000
PARTITIONS = 12
BASE = "http://a/b/c/d;p?q"
LINES = generate(N)

# ---------------------------------------------------------------------------------------------
# The single-process reference: the package's single-text functions, one line at a time.


def _text(line):
    """The line as `iri` reads it: a final CR (of a CRLF) is not part of it."""
    cr = b"\r" if isinstance(line, bytes) else "\r"
    return line[:-1] if line.endswith(cr) else line


# "input" (and "input_hex" for a line that is not UTF-8) as `iri --json` shows them: checked
# against `iri` itself in test_runner_text_matches_iri.
_input = irid._input_fields


def _lint(text):
    return [
        {"rule": f.rule, "severity": f.severity, "offset": f.byte_span[0], "length": f.byte_span[1] - f.byte_span[0],
         "message": f.message}
        for f in irikit.lint(text)
    ]


def _extract(text):
    return [{"start": m.byte_span[0], "end": m.byte_span[1], "iri": m.iri, "form": m.form} for m in irikit.extract(text)]


SINGLE = {
    "validate": ("valid", lambda t: irikit.validate(t) or True),
    "to_uri": ("output", lambda t: irikit.to_uri(t, idna="uts46")),
    "to_iri": ("output", irikit.to_iri),
    "normalize": ("output", lambda t: irikit.normalize(t, "scheme")),
    "resolve": ("output", lambda t: irikit.resolve(BASE, t)),
    "lint": ("findings", _lint),
    "extract": ("matches", _extract),
    "canonicalize": ("output", lambda t: irikit.canonicalize(t, "ia", "surt")),
    "dedupe": ("key", lambda t: irikit.normalize(t, "scheme")),
}

# The same jobs through irikit.dask.
DASK = {
    "validate": lambda b: irid.validate(b),
    "to_uri": lambda b: irid.to_uri(b, idna="uts46"),
    "to_iri": lambda b: irid.to_iri(b),
    "normalize": lambda b: irid.normalize(b, "scheme"),
    "resolve": lambda b: irid.resolve(b, BASE),
    "lint": lambda b: irid.lint(b),
    "extract": lambda b: irid.extract(b),
    "canonicalize": lambda b: irid.canonicalize(b, "ia", "surt"),
    "dedupe": lambda b: irid.dedupe_keys(b, "scheme"),
}

_EXPECTED = {}


def expected(command):
    """The records of `command` over LINES, computed here one line at a time."""
    if command not in _EXPECTED:
        key, function = SINGLE[command]
        out = []
        for line in LINES:
            text = _text(line)
            record = _input(text)
            try:
                record[key] = function(text)
            except IRIError as e:
                if command == "validate":
                    record["valid"] = False
                if command == "dedupe":
                    record["key"] = None
                record["error"] = {"code": e.code, "offset": e.offset, "message": e.message}
            out.append(record)
        _EXPECTED[command] = out
    return _EXPECTED[command]


def test_the_input_mixes_valid_and_invalid_lines():
    outcomes = Counter("error" in r for r in expected("validate"))
    assert len(LINES) >= 100_000
    assert outcomes[True] > N // 5 and outcomes[False] > N // 2
    codes = Counter(r["error"]["code"] for r in expected("validate") if "error" in r)
    assert {"invalid-host-char", "invalid-percent-encoding", "utf8-invalid-byte", "bidi-formatting-char"} <= set(codes)


# ---------------------------------------------------------------------------------------------
# Bags.


@pytest.fixture(scope="module")
def lines_bag():
    return db.from_sequence(LINES, npartitions=PARTITIONS)


def test_bag_equals_single_process(client, lines_bag):
    """The nine jobs in one compute (the cluster works on them together), each compared with
    the single-process records line for line."""
    import dask

    results = dask.compute(*(DASK[command](lines_bag) for command in DASK))
    for command, result in zip(DASK, results):
        want = expected(command)
        assert len(result) == len(want) == N, command
        mismatches = [(i, r, w) for i, (r, w) in enumerate(zip(result, want)) if r != w]
        assert mismatches[:3] == [], command


def test_bag_lines_as_read_from_a_file(client, tmp_path):
    """read_text keeps the line end and decodes: LF-only lines, invalid UTF-8 through surrogateescape."""
    path = tmp_path / "lines.txt"
    path.write_bytes(as_file_bytes(LINES))
    bag = db.read_text(str(path), blocksize=len(path.read_bytes()) // 7, encoding="utf-8", errors="surrogateescape",
                       linedelimiter="\n")
    assert bag.npartitions >= 7
    assert irid.validate(bag).compute() == expected("validate")


def test_from_files_equals_single_process(client, tmp_path):
    """from_files reads each block of the file as bytes and maps it with irikit.process_lines (the
    `iri` command: validate, normalize), or falls back to read_text where `iri`'s records differ
    (extract); the records are the single-process ones either way, compressed input too."""
    import dask

    path = tmp_path / "lines.txt"
    path.write_bytes(as_file_bytes(LINES))
    (tmp_path / "lines.txt.gz").write_bytes(gzip.compress(path.read_bytes()))
    blocksize = path.stat().st_size // 5
    jobs = {
        "validate": irid.from_files("validate", str(path), blocksize=blocksize),
        "normalize": irid.from_files("normalize", str(tmp_path / "lines.txt.gz"), level="scheme"),
        "extract": irid.from_files("extract", str(path), blocksize=blocksize),
    }
    assert jobs["validate"].npartitions >= 5 and jobs["normalize"].npartitions == 1
    for command, result in zip(jobs, dask.compute(*jobs.values())):
        assert len(result) == N, command
        assert result == expected(command), command


def test_dedupe_groups(client, lines_bag):
    groups = irid.dedupe(lines_bag, "scheme").compute()
    want = {}
    for record in expected("dedupe"):
        if "error" in record:
            group = want.setdefault(("error", record.get("input_hex") or record["input"]),
                                    {"key": None, "count": 0, "inputs": {}, "error": record["error"]})
            if "input_hex" in record:
                group["input_hex"] = record["input_hex"]
        else:
            group = want.setdefault(("key", record["key"]), {"key": record["key"], "count": 0, "inputs": {}})
        group["count"] += 1
        group["inputs"][record["input"]] = group["inputs"].get(record["input"], 0) + 1
    assert sum(g["count"] for g in groups) == N
    assert sorted(groups, key=json.dumps) == sorted(want.values(), key=json.dumps)
    # Equivalent spellings share a group: "HTTP://Example.COM:80/a/./b/../c/%7e7" and
    # "http://example.com/a/c/~7" (RFC 3987 §5.3.2-§5.3.3).
    both = [g for g in groups if g["key"] == "http://example.com/a/c/~7"]
    assert len(both) == 1 and set(both[0]["inputs"]) == {"HTTP://Example.COM:80/a/./b/../c/%7e7", "http://example.com/a/c/~7"}


def test_dedupe_levels_differ(client):
    bag = db.from_sequence(["http://a/%7e", "http://A/~", "http://a/~", "http://a:80/~"], npartitions=2)
    sizes = {level: sorted(g["count"] for g in irid.dedupe(bag, level).compute()) for level in ("simple", "syntax", "scheme")}
    assert sizes == {"simple": [1, 1, 1, 1], "syntax": [1, 3], "scheme": [4]}


# ---------------------------------------------------------------------------------------------
# DataFrames.


def test_dataframe_column(client):
    pd = pytest.importorskip("pandas")
    import dask.dataframe as dd

    texts = [line if isinstance(line, str) else None for line in LINES]  # a column of str, None for missing
    frame = dd.from_pandas(pd.DataFrame({"link": texts}), npartitions=PARTITIONS)
    for command, columns in (("to_uri", irid.to_uri(frame["link"], idna="uts46")), ("validate", irid.validate(frame["link"]))):
        got = columns.compute()
        assert list(got.index) == list(range(N))
        key = SINGLE[command][0]
        for text, want, (_, row) in zip(texts, expected(command), got.iterrows()):
            if text is None:
                assert row[key] is None and row["error"] is None
            elif "error" in want:
                assert (row["error"], row["offset"], row["message"]) == tuple(want["error"].values())
                assert row[key] is (False if command == "validate" else None)
            else:
                assert row[key] == want[key] and row["error"] is None and row["offset"] is None

    groups = irid.dedupe(frame["link"], "scheme").compute()
    assert groups["count"].sum() == sum(t is not None for t in texts)
    keys = Counter(r["key"] for t, r in zip(texts, expected("dedupe")) if t is not None and "error" not in r)
    valid = groups[~groups["failed"]]
    assert dict(zip(valid["key"], valid["count"])) == dict(keys)


# ---------------------------------------------------------------------------------------------
# The runner.


def _runner(client, *args):
    address = client.scheduler.address
    env = dict(os.environ)
    return subprocess.run([sys.executable, "-m", "irikit.dask", "--scheduler", address, *args], capture_output=True,
                          env=env, timeout=600)


def _parts(folder: Path, suffix: str):
    files = sorted(folder.glob("part-*" + suffix))
    assert files, f"no part files in {folder}"
    return files


def test_runner_json_over_compressed_files(client, tmp_path):
    data = as_file_bytes(LINES)
    third = len(LINES) // 3
    for i, chunk in enumerate((LINES[:third], LINES[third : 2 * third], LINES[2 * third :])):
        (tmp_path / f"in-{i}.txt.gz").write_bytes(gzip.compress(as_file_bytes(chunk)))
    assert sum(len(gzip.decompress(p.read_bytes())) for p in tmp_path.glob("in-*.txt.gz")) == len(data)
    done = _runner(client, "normalize", str(tmp_path / "in-*.txt.gz"), str(tmp_path / "out"), "--json", "--level", "scheme")
    assert done.returncode == 1, done.stderr.decode()  # some lines failed
    assert f"normalize: {N} lines".encode() in done.stderr
    files = _parts(tmp_path / "out", ".jsonl")
    assert len(files) == 3
    got = [json.loads(line) for f in files for line in f.read_text(encoding="utf-8").splitlines()]
    assert got == expected("normalize")


def test_runner_text_matches_iri(client, tmp_path):
    """The text parts, concatenated, are what `iri to-uri` prints on stdout (and its --json
    records, without "line", are the --json parts)."""
    source = tmp_path / "in.txt"
    source.write_bytes(as_file_bytes(LINES))
    done = _runner(client, "to_uri", str(source), str(tmp_path / "text"), "--idna", "uts46", "--blocksize", "400KiB")
    assert done.returncode == 1, done.stderr.decode()
    files = _parts(tmp_path / "text", ".txt")
    assert len(files) > 3
    text = b"".join(f.read_bytes() for f in files).decode("utf-8").split("\n")
    assert text[-1] == "" and len(text) == N + 1
    want = [r.get("output", "") for r in expected("to_uri")]
    assert text[:-1] == want
    iri = os.environ.get("IRIKIT_IRI")
    if iri:
        shown = subprocess.run([iri, "to-uri", "--idna", "uts46", str(source)], capture_output=True, timeout=300)
        assert shown.returncode == 1
        assert shown.stdout.decode("utf-8").split("\n") == text
        records = subprocess.run([iri, "to-uri", "--idna", "uts46", "--json", str(source)], capture_output=True,
                                 timeout=300).stdout.decode("utf-8").splitlines()
        assert [{k: v for k, v in json.loads(r).items() if k != "line"} for r in records] == expected("to_uri")


def test_runner_canon_matches_iri(client, tmp_path):
    """The runner's canon command (issue 52): its JSON parts are the single-process records of
    irikit.canonicalize, and its text parts, concatenated, what `iri canon` prints; the options
    reach the command (--strip-params, --trailing-comma)."""
    source = tmp_path / "in.txt"
    source.write_bytes(as_file_bytes(LINES))
    done = _runner(client, "canon", str(source), str(tmp_path / "json"), "--profile", "ia", "--key", "surt", "--json",
                   "--blocksize", "400KiB")
    assert done.returncode in (0, 1), done.stderr.decode()
    assert f"canonicalize: {N} lines".encode() in done.stderr, done.stderr.decode()
    got = [json.loads(line) for f in _parts(tmp_path / "json", ".jsonl") for line in f.read_text(encoding="utf-8").splitlines()]
    want = expected("canonicalize")
    assert len(got) == N
    mismatches = [(i, g, w) for i, (g, w) in enumerate(zip(got, want)) if g != w]
    assert mismatches[:3] == []
    # equivalent spellings of one resource share a key: the aim of the command
    assert {r["output"] for r in want if r["input"] in ("HTTP://Example.COM:80/a/./b/../c/%7e7", "http://example.com/a/c/~7")} == {
        "com,example)/a/c/~7"}
    args = ["--profile", "ia", "--key", "surt", "--trailing-comma", "--strip-params", "q,utm_*", "--drop-blank-values"]
    done = _runner(client, "canon", str(source), str(tmp_path / "text"), *args, "--blocksize", "400KiB")
    assert done.returncode in (0, 1), done.stderr.decode()
    text = b"".join(f.read_bytes() for f in _parts(tmp_path / "text", ".txt"))
    single = []
    for line in LINES:
        try:
            single.append(irikit.canonicalize(_text(line), "ia", "surt", trailing_comma=True, strip_params="q,utm_*",
                                              drop_blank_values=True))
        except IRIError:
            single.append("")
    assert text.decode("utf-8", "surrogateescape").split("\n")[:-1] == single
    iri = os.environ.get("IRIKIT_IRI")
    if iri:
        shown = subprocess.run([iri, "canon", *args, str(source)], capture_output=True, timeout=300)
        assert shown.returncode in (0, 1)
        assert shown.stdout == text
    done = _runner(client, "normalize", str(source), str(tmp_path / "o"), "--profile", "ia")
    assert done.returncode == 2 and b"--profile is for canon" in done.stderr
    done = _runner(client, "canon", str(source), str(tmp_path / "o"), "--profile", "surt")
    assert done.returncode == 2 and b"unknown profile 'surt'" in done.stderr


def test_runner_drops_a_byte_order_mark_as_iri_does(client, tmp_path):
    """A file that starts with a UTF-8 byte order mark: `iri` reads its first line without it, and
    so does the runner whichever way it reads the file — byte ranges (a local file), blocks (a
    compressed one), lines (dedupe)."""
    data = as_file_bytes(LINES[:3000])
    assert data.startswith(b"mailto:user0@example.org\n")
    (tmp_path / "plain.txt").write_bytes(data)
    (tmp_path / "bom.txt").write_bytes(b"\xef\xbb\xbf" + data)
    (tmp_path / "bom.txt.gz").write_bytes(gzip.compress(b"\xef\xbb\xbf" + data))
    for command in ("normalize", "dedupe"):
        outputs = {}
        for name in ("plain.txt", "bom.txt", "bom.txt.gz"):
            out = tmp_path / f"{command}-{name}"
            done = _runner(client, command, str(tmp_path / name), str(out), "--blocksize", "40KiB")
            assert f"{command}: 3000 lines".encode() in done.stderr, done.stderr.decode()
            outputs[name] = b"".join(f.read_bytes() for f in _parts(out, ".txt"))
        assert outputs["bom.txt"] == outputs["plain.txt"], command
        assert outputs["bom.txt.gz"] == outputs["plain.txt"], command
        assert b"\xef\xbb\xbf" not in outputs["plain.txt"]
    assert outputs["plain.txt"].count(b"\tmailto:user0@example.org\n") == 1  # dedupe: COUNT<TAB>KEY


def test_runner_usage_errors(client, tmp_path):
    done = _runner(client, "resolve", str(tmp_path / "none.txt"), str(tmp_path / "o"))
    assert done.returncode == 2 and b"resolve needs --base IRI" in done.stderr
    done = _runner(client, "resolve", str(tmp_path / "none.txt"), str(tmp_path / "o"), "--base", "a/b")
    assert done.returncode == 2 and b"--base: byte 0: missing-scheme" in done.stderr
    done = _runner(client, "validate", str(tmp_path / "none-*.txt"), str(tmp_path / "o"))
    assert done.returncode == 2 and b"none-*.txt" in done.stderr


# ---------------------------------------------------------------------------------------------
# A worker killed mid-job.


@pytest.mark.parametrize("source", ["partitions", "blocks", "ranges"])
def test_worker_killed_mid_job_loses_nothing(client, tmp_path, source):
    """The runner's write tasks over 40 partitions (each a little slow); once some are done, one
    worker process is killed (SIGKILL): the scheduler runs its tasks again on the other worker and
    on the one its nanny restarts. The files hold every line exactly once, in order. "partitions":
    a bag of lines (the runner's dedupe and extract); "blocks": a file read as byte blocks, each
    mapped by irikit.process_lines (the runner's other commands)."""
    from dask import delayed

    from irikit._dask_main import _write, _write_block, _write_range

    partitions = 40
    if source == "partitions":
        bag = db.from_sequence(LINES, npartitions=partitions).map_partitions(slowly)
        writes = [delayed(_write)(part, str(tmp_path / f"part-{i:05d}.jsonl"), "normalize", {"level": "scheme"}, True,
                                  None) for i, part in enumerate(bag.to_delayed())]
    elif source == "ranges":
        source_file = tmp_path / "in.txt"
        source_file.write_bytes(as_file_bytes(LINES))
        ranges = irid.file_ranges(str(source_file), source_file.stat().st_size // partitions + 1)
        partitions = len(ranges)
        assert partitions >= 39
        writes = [delayed(_write_range)(*delayed(slow_range, nout=3)(*r), str(tmp_path / f"part-{i:05d}.jsonl"),
                                        "normalize", {"level": "scheme"}, True, None) for i, r in enumerate(ranges)]
    else:
        source_file = tmp_path / "in.txt"
        source_file.write_bytes(as_file_bytes(LINES))
        blocks = irid.read_blocks(str(source_file), source_file.stat().st_size // partitions)
        partitions = len(blocks)  # dask evens out the blocks: 40 or one less
        assert partitions >= 39
        writes = [delayed(_write_block)(delayed(slow_block)(block), str(tmp_path / f"part-{i:05d}.jsonl"), "normalize",
                                        {"level": "scheme"}, True, None) for i, block in enumerate(blocks)]
    # As the runner does (_dask_main._compute): a write task that fails with its dying worker is
    # run again (CI, stop 45: "cannot schedule new futures after shutdown" from the killed
    # worker's executor). A task that fails for any other reason fails every retry as well.
    futures = client.compute(writes, retries=_dask_main._WRITE_RETRIES)
    deadline = time.monotonic() + 300
    while sum(f.done() for f in futures) < 4:
        assert time.monotonic() < deadline, "the job did not start"
        time.sleep(0.05)
    workers = client.run(os.getpid)
    busy = {w for w, tasks in client.processing().items() if tasks}
    victim = sorted(busy or workers)[0]
    assert sum(f.done() for f in futures) < partitions, "the job finished before the kill"
    os.kill(workers[victim], signal.SIGKILL)
    # The victim's nanny starts a new worker. Once (CI, session 15) no worker process was left
    # and the job waited until CTest's timeout; what this test checks is the runner (every line
    # once, in order), not the nanny, so a cluster left without workers is scaled back to two.
    from distributed import wait

    try:
        wait(futures, timeout=240)
    except Exception:  # distributed's TimeoutError
        if not client.scheduler_info()["workers"]:
            client.cluster.scale(2)
    counts = client.gather(futures)
    assert victim not in client.scheduler_info()["workers"]  # the killed worker did leave
    assert sum(n for n, _ in counts) == N
    got = [json.loads(line) for i in range(partitions)
           for line in (tmp_path / f"part-{i:05d}.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(got) == N
    assert got == expected("normalize")


# ---------------------------------------------------------------------------------------------
# The examples: the module's docstrings and the guide's "At scale" section (```pycon dask blocks).


def test_docstrings(client):
    import doctest

    result = doctest.testmod(irid, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 3


def test_guide_examples(client):
    import doctest
    import re

    guide = Path(os.environ.get("IRIKIT_GUIDE", Path(__file__).resolve().parents[2] / "docs" / "guide.md"))
    blocks = re.findall(r"^```pycon dask\n(.*?)^```", guide.read_text(encoding="utf-8"), flags=re.S | re.M)
    assert blocks, "docs/guide.md has no ```pycon dask example"
    globs = {}
    for number, block in enumerate(blocks):
        test = doctest.DocTestParser().get_doctest(block, globs, f"guide.md pycon dask block {number + 1}", str(guide), 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test, clear_globs=False)
        globs.update(test.globs)
        assert runner.summarize(verbose=False).failed == 0


def test_runner_takes_iri_command_names_with_python_aliases():
    # issue 35: `python3 -m irikit.dask COMMAND` takes iri's command names; validate/to_uri/to_iri stay
    from irikit._dask_main import _parser, command_name

    pairs = [("check", "validate"), ("to-uri", "to_uri"), ("to-iri", "to_iri"), ("normalize", "normalize")]
    pairs += [("validate", "validate"), ("to_uri", "to_uri"), ("to_iri", "to_iri"), ("dedupe", "dedupe")]
    pairs += [("canon", "canonicalize"), ("canonicalize", "canonicalize")]
    for given, meant in pairs:
        assert command_name(_parser().parse_args(["--scheduler", "local:1", given, "in", "out"]).command) == meant
    with pytest.raises(ValueError, match="unknown command 'parse'"):
        command_name("parse")
    with pytest.raises(SystemExit):
        _parser().parse_args(["--scheduler", "local:1", "parse", "in", "out"])
    text = " ".join(_parser().format_help().split())  # argparse wraps the lines
    assert "prints, per input line, what `iri COMMAND` prints" in text
    assert "check, to-uri, to-iri, normalize, resolve, lint, extract, canon" in text


if __name__ == "__main__":  # the workers are spawned processes that re-import the main module
    sys.exit(pytest.main([__file__, "-q", "-rs"]))
