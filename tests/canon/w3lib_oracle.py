#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""Differential test of `iri canon --profile w3lib` against Scrapy's w3lib.url.canonicalize_url
(the package itself as the oracle) over the shared corpora, with its options
(keep_fragments=True as --keep-fragment, keep_blank_values=False as --drop-blank-values).

Usage: w3lib_oracle.py IRI_BINARY CORPORA_DIR [MAX_LINES_PER_FILE]
Exit 77 (skipped) when w3lib is not installed or the corpora are absent. Lines that are not UTF-8
are not compared (canonicalize_url takes str; irikit refuses them with the UTF-8 error). Inputs
where upstream raises must be refused by irikit too; the documented divergences
(docs/canonicalization.md, "w3lib") are counted apart and must stay rare.
"""
import json
import os
import subprocess
import sys
import unicodedata

try:
    import w3lib
    import w3lib.url
except ImportError:
    print("SKIP: python3-w3lib is not installed (apt-get install python3-w3lib)")
    sys.exit(77)

FILES = ["intl/intl_wiki_uri.txt", "intl/intl_mixed_iri.txt", "intl/intl_wiki_iri.txt",
         "intl/idn_hosts.txt", "intl/ascii_hosts.txt", "url-various-datasets/kasztp.txt",
         "url-various-datasets/isaacs_files.txt", "url-various-datasets/node_files.txt",
         "commoncrawl/relative_urls_cc_10k.csv"]
VARIANTS = [([], {}), (["--keep-fragment"], {"keep_fragments": True}),
            (["--drop-blank-values"], {"keep_blank_values": False})]


def divergence(line, want, mine):
    """A documented divergence (docs/canonicalization.md, "w3lib"): a non-ASCII netloc where one
    side refuses (urlsplit's NFKC check; irikit's IDNA2003 with UseSTD3ASCIIRules on; str.lower()
    on a netloc the idna codec refused, which irikit does not do). Never two different keys."""
    if want is not None and mine is not None:
        return False
    line = line.replace("\t", "").replace("\n", "").replace("\r", "")
    netloc = line.split("//", 1)[1] if "//" in line else ""
    for d in "/?#":
        netloc = netloc.split(d, 1)[0]
    return not netloc.isascii()


# Inputs the corpora lack: urlsplit's and the idna codec's corners (each checked against w3lib).
EXTRA = ["http://[::1]:80/", "http://[::1/", "http://::1]/", "http://a[::1]/", "http://[::1]x/",
         "http://[v1.x]/", "http://[1.2.3.4]/", "http://[fe80::1%eth0]/", "http://[fe80::1%]/",
         "HTTP://H/%2f%2F%3f%3F%25%zz%", "http:foo", "http:/foo", "http:////x", "mailto:a;b@c",
         "foo:bar;baz?x", "//h/p", "/p;q?a=1;b=2&&c", "http://h/?a+b=c+d&%20=%2B&a=%ff&a=%FE",
         "http://h/?=&=&", "http://h/#", "http://h/?#x", "http://h:/", "http://h::/", "http://:/",
         " \x01http://h/a b\t ", "http://h/\u00e9?\u00e9=\u00e9#\u00e9", "http://bücher..de/",
         "http://BÜCHER.de./", "http://bücher\u3002de/", "http://" + "x" * 64 + "/", "http://a..b/",
         "http://.a/", "http://user:pa ss@h/", "http://ü@h/", "http://h/a;b/c;d;e?x#y", "tel:+1;ext=2",
         "HTTP://H/a/../b/./c", "http://h/%7e%7E~", "http://h?x", "http://h#x", "http:", " ", "?a=1",
         "#f", "http://h/?a=%2526", "http://h/|x|?|=|#|", "http://h/[x]?[y]#[z]",
         "http://h/^`{}\"<>\\", "http://xn--a.com/", "http://\u2102.com/", "http://\u2100.com/",
         "http://a\uff0fb.com/", "http://\u2167.com/", "http://\ufb01.com/", "http://\u00df.de/",
         "http://\u200d.com/", "http://a\u0301.com/", "http://" + "\u00e9" * 70 + ".com/",
         "http://h/?a=1&a=1;a=&a", "ftp://u:p@H:21/%41%2f?x=%7e#y", "file:///c:/x%20y", "http://h/%e9?%e9",
         "https:/\t/\u0627\u0644.\u0e44\u0e17\u0e22%2/x", "http://%e9\u30aa.com/"]


def main():
    iri, corpora = sys.argv[1], sys.argv[2]
    limit = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    lines = []
    for name in FILES:
        path = os.path.join(corpora, name)
        if not os.path.exists(path):
            continue
        with open(path, "rb") as f:
            for n, raw in enumerate(f):
                if limit and n >= limit:
                    break
                raw = raw.rstrip(b"\r\n")
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError:
                    continue
                if "\n" in text or "\r" in text or "\x0b" in text or "\x0c" in text:
                    continue
                # str.splitlines() breaks (U+0085, U+2028, …) are kept: iri reads lines at "\n" only
                lines.append(text)
    if not lines:
        print("SKIP: corpora not found at", corpora)
        return 77
    lines += EXTRA
    print(f"w3lib {w3lib.__version__}, {len(lines)} lines")
    failed = 0
    for flags, kwargs in VARIANTS:
        data = ("\n".join(lines) + "\n").encode("utf-8")
        out = subprocess.run([iri, "canon", "--profile", "w3lib", "--json", *flags], input=data,
                             stdout=subprocess.PIPE, check=False).stdout.decode("utf-8").splitlines()
        assert len(out) == len(lines), (len(out), len(lines))
        same = refused_both = diverged = bad = 0
        for line, js in zip(lines, out):
            got = json.loads(js)
            try:
                want = w3lib.url.canonicalize_url(line, **kwargs)
            except (ValueError, UnicodeError):
                want = None
            mine = got.get("output")
            if mine == want:
                if want is None:
                    refused_both += 1
                else:
                    same += 1
            elif divergence(line, want, mine):
                diverged += 1
            else:
                bad += 1
                if bad <= 10:
                    print(f"  {flags} {line!r}\n    w3lib {want!r}\n    iri   {mine!r} {got.get('error')}")
        print(f"w3lib {' '.join(flags) or 'defaults'}: {same} same keys, {refused_both} refused by both, "
              f"{diverged} documented divergences, {bad} different")
        failed += bad
        if diverged > len(lines) // 100:
            print("  too many divergences")
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
