# SPDX-License-Identifier: MIT OR Apache-2.0
"""Helpers of the irikit.dask tests that the workers run too (imported there through PYTHONPATH)."""

import random
import time
from typing import List, Union

Line = Union[str, bytes]


def generate(n: int, seed: int = 21) -> List[Line]:
    """n lines for the tests, without line ends: IRIs and references (valid, equivalent spellings of
    a few hundred resources, relative, URIs with IDNs), running text, and invalid lines mixed in
    (a space in the host, a bad percent-encoding, invalid UTF-8, a port too large, a bidi
    control). A few end in CR (a CRLF line end, which the reader drops)."""
    rng = random.Random(seed)
    out: List[Line] = []
    for i in range(n):
        k = rng.randrange(16)
        j = i % 500  # equivalent spellings of the same resources, for dedupe
        if k == 0:
            line: Line = f"http://例え{j}.jp/パス/{j}?q={i}#f"
        elif k == 1:
            line = f"HTTP://Example.COM:80/a/./b/../c/%7e{j}"
        elif k == 2:
            line = f"http://example.com/a/c/~{j}"
        elif k == 3:
            line = f"../g/{i}?x#{j}"
        elif k == 4:
            line = f"https://xn--r8jz45g.xn--zckzah/%E3%83%91{j}"
        elif k == 5:
            line = f"mailto:user{j}@example.org"
        elif k == 6:
            line = f"see http://a/b{j} and <http://c/{i}>, or www.example.org/{j}."
        elif k == 7:
            line = f"http://[::1]:{i % 65536}/p?{j}"
        elif k == 8:
            line = f"http://exa mple{j}.org/"  # invalid-host-char at byte 10
        elif k == 9:
            line = f"http://a/%z{j}"  # invalid percent-encoding
        elif k == 10:
            line = b"http://a/\xff" + str(j).encode()  # not UTF-8
        elif k == 11:
            line = ""
        elif k == 12:
            line = f"http://ex.org/\u202e{j}"  # a bidi formatting character
        elif k == 13:
            line = f"http://例え.jp/%7e?{j}\r"  # a CRLF line
        elif k == 14:
            line = f"http://example.org:{10**12 + j}/"
        else:
            line = f"ftp://Example.org:21/%41{j}/./x"
        out.append(line)
    return out


def as_file_bytes(lines: List[Line]) -> bytes:
    """The lines as a file: UTF-8 (or the raw bytes), each ended by LF."""
    return b"".join((line if isinstance(line, bytes) else line.encode("utf-8")) + b"\n" for line in lines)


def slowly(partition: List[Line]) -> List[Line]:
    """The partition unchanged, a little later: long enough for a test to kill a worker mid-job."""
    time.sleep(0.2)
    return list(partition)


def slow_block(block: bytes) -> bytes:
    """A block of a file unchanged, a little later (the fault test over the runner's byte blocks)."""
    time.sleep(0.2)
    return block


def slow_range(path: str, begin: int, end: int):
    """A byte range of a file unchanged, a little later (the fault test over the runner's ranges)."""
    time.sleep(0.2)
    return path, begin, end
