# SPDX-License-Identifier: MIT OR Apache-2.0
"""irikit.process_lines: the `iri` tool's commands over a block of lines (bytes in, bytes out),
which irikit.dask runs on each partition of a file. The expected outputs are those of `iri`
(docs/iri.1, tests/cli) without the "line" key."""

import errno
import io
import json
import os

import pytest

import irikit


def test_check_text_and_json():
    data = b"http://a/\nhttp://a b/\r\nb\n"
    assert irikit.process_lines("check", data) == (b"http://a/\n\nb\n", 3, 1)
    out, lines, failed = irikit.process_lines("check", data, json=True, **{"as": "iri"})
    assert (lines, failed) == (3, 2)
    records = [json.loads(line) for line in out.decode().splitlines()]
    assert records == [
        {"input": "http://a/", "valid": True},
        {"input": "http://a b/", "valid": False,
         "error": {"code": "invalid-host-char", "offset": 8,
                   "message": "U+0020 is not allowed in ihost (RFC 3987 §2.2 ireg-name)"}},
        {"input": "b", "valid": False,
         "error": {"code": "missing-scheme", "offset": 0, "message": records[2]["error"]["message"]}},
    ]
    assert records[2]["error"]["message"].startswith("a scheme is required here")


def test_line_ends():
    # LF or CRLF end a line; a last line without one counts, and a CR that ends the data is dropped;
    # a lone CR inside a line is part of it (U+000D is not allowed in a path).
    assert irikit.process_lines("check", b"") == (b"", 0, 0)
    assert irikit.process_lines("check", b"\n") == (b"\n", 1, 0)
    assert irikit.process_lines("check", b"a\r\nb") == (b"a\nb\n", 2, 0)
    assert irikit.process_lines("check", b"a\r") == (b"a\n", 1, 0)
    out, lines, failed = irikit.process_lines("check", b"a\rb\n", json=True)
    assert (lines, failed) == (1, 1)
    assert json.loads(out)["error"]["code"] == "invalid-path-char" and json.loads(out)["error"]["offset"] == 1


def test_options_and_invalid_utf8():
    data = "http://例え.テスト/パス\nhttp://a/\xff\n".encode("utf-8", "surrogateescape") + b"http://a/\xff\n"
    out, lines, failed = irikit.process_lines("to-uri", data, json=True, idna="uts46")
    records = [json.loads(line) for line in out.decode().splitlines()]
    assert (lines, failed) == (3, 1)
    assert records[0]["output"] == "http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9"
    assert records[1]["output"] == "http://a/%C3%BF"
    assert (records[2]["input"], records[2]["input_hex"]) == ("http://a/\ufffd", "687474703a2f2f612fff")
    assert records[2]["error"]["code"] == "utf8-invalid-byte" and records[2]["error"]["offset"] == 9
    out, _, _ = irikit.process_lines("normalize", b"HTTP://A:80/./b\n", level="scheme", nfc=True)
    assert out == b"http://a/b\n"
    out, _, _ = irikit.process_lines("resolve", b"../g\n", base="http://a/b/c/d;p?q")
    assert out == b"http://a/b/g\n"
    out, _, _ = irikit.process_lines("lint", b"http://example.org/%c3%a9\n", disable=["not-nfc", "control-char"], json=True)
    assert [f["rule"] for f in json.loads(out)["findings"]] == ["lowercase-percent-hex", "lowercase-percent-hex"]
    # False and None leave an option out.
    assert irikit.process_lines("to-uri", b"http://a/ b\n", encode_unsafe_ascii=False) == (b"\n", 1, 1)
    assert irikit.process_lines("to-uri", b"http://a/ b\n", encode_unsafe_ascii=True) == (b"http://a/%20b\n", 1, 0)


def test_file_ranges_give_every_line_once(tmp_path):
    # Ranges cut anywhere (inside a line, on a LF, past the end) give each line exactly once.
    data = b"http://a/\n\nhttp://a b/\r\nhttp://c/"
    path = tmp_path / "lines.txt"
    path.write_bytes(data)
    whole = irikit.process_lines("check", data, json=True)
    for step in (1, 2, 5, 9, 10, 11, 100):
        out = io.BytesIO()
        counts = [irikit.process_file_range_into(out, "check", str(path), begin, begin + step, json=True)
                  for begin in range(0, len(data) + step, step)]
        assert out.getvalue() == whole[0], step
        assert (sum(c[0] for c in counts), sum(c[1] for c in counts)) == whole[1:] == (4, 1)
    assert irikit.process_file_range_into(io.BytesIO(), "check", str(path), 5, 5) == (0, 0)
    with pytest.raises(OSError):
        irikit.process_file_range_into(io.BytesIO(), "check", str(tmp_path / "missing.txt"), 0, 10)


def test_file_ranges_write_straight_to_a_file(tmp_path):
    # A file of Python's own (open(path, "wb")) is written through its descriptor, after what its
    # buffer already holds; anything else through write(). Over 1 MiB of output goes out in pieces.
    lines = [f"http://example.org/{i}/{'é' * (i % 40)}" if i % 7 != 3 else f"http://a b/{i}" for i in range(60000)]
    data = ("\n".join(lines) + "\n").encode()
    path = tmp_path / "lines.txt"
    path.write_bytes(b"\xef\xbb\xbf" + data)  # a BOM: not part of the first line, as for `iri`
    expected, count, failed = irikit.process_lines("check", data)
    assert (count, failed) == (60000, 8571)
    assert len(expected) > 2 << 20
    out = tmp_path / "out.txt"
    with open(out, "wb") as f:
        f.write(b"head\n")  # still in the BufferedWriter's buffer
        assert irikit.process_file_range_into(f, "check", str(path), 0, 1 << 30) == (60000, 8571)
        f.write(b"tail\n")
    assert out.read_bytes() == b"head\n" + expected + b"tail\n"
    with open(out, "wb", buffering=0) as f:  # io.FileIO
        assert irikit.process_file_range_into(f, "check", str(path), 0, 1 << 30) == (60000, 8571)
    assert out.read_bytes() == expected
    memory = io.BytesIO()
    assert irikit.process_file_range_into(memory, "check", str(path), 0, 1 << 30) == (60000, 8571)
    assert memory.getvalue() == expected


def test_file_ranges_pass_on_a_failed_write(tmp_path):
    path = tmp_path / "lines.txt"
    path.write_bytes(b"http://a/\n" * 200000)

    class Full(io.RawIOBase):
        def writable(self):
            return True

        def write(self, b):
            raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space left"):
        irikit.process_file_range_into(Full(), "check", str(path), 0, 1 << 30)
    if os.path.exists("/dev/full"):  # written through its descriptor: the error names no input file
        with open("/dev/full", "wb") as f, pytest.raises(OSError) as failed:
            irikit.process_file_range_into(f, "check", str(path), 0, 1 << 30)
        assert failed.value.errno == errno.ENOSPC and failed.value.filename is None
    with open(tmp_path / "out.txt", "wb") as f:
        f.close()
        with pytest.raises(ValueError):  # a closed file: flush() refuses
            irikit.process_file_range_into(f, "check", str(path), 0, 1 << 30)


def test_bad_calls():
    with pytest.raises(ValueError, match="unknown command 'nope'"):
        irikit.process_lines("nope", b"")
    with pytest.raises(ValueError, match="unknown option 'idna' for the command 'check'"):
        irikit.process_lines("check", b"", idna="uts46")
    with pytest.raises(ValueError, match="unknown option 'list_rules'"):  # it prints, it does not map
        irikit.process_lines("lint", b"", list_rules=True)
    with pytest.raises(ValueError, match="unknown rule 'url' for --as"):
        irikit.process_lines("check", b"", **{"as": "url"})
    with pytest.raises(ValueError, match="--base"):
        irikit.process_lines("resolve", b"a\n")
    with pytest.raises(TypeError, match="'nfc' is a flag"):
        irikit.process_lines("normalize", b"", nfc="yes")
    with pytest.raises(TypeError, match="'idna' takes MODE"):
        irikit.process_lines("to-uri", b"", idna=1.5)
    with pytest.raises(TypeError):
        irikit.process_lines("check", "http://a/\n")  # bytes only
