# SPDX-License-Identifier: MIT OR Apache-2.0
"""The examples in the docstrings and in the guide's Python section, run as tests."""

import doctest
import re

import pytest

import irikit
import irikit._errors
import irikit._irikit
import irikit.whatwg
from conftest import guide_file

OPTIONS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _run(test: doctest.DocTest, clear_globs: bool = True) -> doctest.TestResults:
    runner = doctest.DocTestRunner(optionflags=OPTIONS)
    runner.run(test, clear_globs=clear_globs)
    return runner.summarize(verbose=False)


def _docstrings():
    finder = doctest.DocTestFinder(exclude_empty=True)
    globs = {name: getattr(irikit, name) for name in irikit.__all__}
    globs["irikit"] = irikit
    tests = []
    for module in (irikit, irikit._errors):
        tests += finder.find(module, globs=dict(globs))
    # The extension's functions and classes: every docstring with an example.
    for name in irikit.__all__:
        obj = getattr(irikit, name)
        if obj.__doc__ and ">>>" in obj.__doc__:
            tests += finder.find(obj, name=f"irikit.{name}", globs=dict(globs), module=False)
    # irikit.whatwg: the module finds its classes; the extension's functions are added by name.
    whatwg_globs = dict(globs, **{name: getattr(irikit.whatwg, name) for name in irikit.whatwg.__all__})
    tests += finder.find(irikit.whatwg, globs=dict(whatwg_globs))
    found = {t.name for t in tests}
    for name in irikit.whatwg.__all__:
        obj = getattr(irikit.whatwg, name)
        if f"irikit.whatwg.{name}" not in found and obj.__doc__ and ">>>" in obj.__doc__:
            tests += finder.find(obj, name=f"irikit.whatwg.{name}", globs=dict(whatwg_globs), module=False)
    return [t for t in tests if t.examples]


DOCTESTS = _docstrings()


def test_every_function_documents_an_example():
    documented = {t.name.split(".")[1] for t in DOCTESTS if t.name.startswith("irikit.") and "." in t.name}
    functions = {n for n in irikit.__all__ if callable(getattr(irikit, n)) and not n[0].isupper()}
    assert functions - documented == set()
    documented = {t.name.split(".")[2] for t in DOCTESTS if t.name.startswith("irikit.whatwg.")}
    functions = {n for n in irikit.whatwg.__all__ if callable(getattr(irikit.whatwg, n)) and not n[0].isupper()}
    assert {"URL", "URLSearchParams"} | functions <= documented


@pytest.mark.parametrize("test", DOCTESTS, ids=[t.name for t in DOCTESTS])
def test_docstring(test):
    result = _run(test)
    assert result.failed == 0 and result.attempted > 0


def test_pandas_docstring():
    pytest.importorskip("pandas")
    import irikit.pandas

    tests = [t for t in doctest.DocTestFinder().find(irikit.pandas) if t.examples]
    assert tests
    for test in tests:
        assert _run(test).failed == 0


def guide_python_blocks(text: str):
    """The ```pycon blocks of the guide (its Python section)."""
    return re.findall(r"^```pycon\n(.*?)^```", text, flags=re.S | re.M)


def test_guide_examples():
    path = guide_file()
    if not path.exists():
        pytest.skip(f"{path} not found")
    blocks = guide_python_blocks(path.read_text(encoding="utf-8"))
    assert blocks, "docs/guide.md has no ```pycon example"
    parser = doctest.DocTestParser()
    globs = {}
    for number, block in enumerate(blocks):
        test = parser.get_doctest(block, globs, f"guide.md pycon block {number + 1}", str(path), 0)
        result = _run(test, clear_globs=False)
        globs.update(test.globs)  # the blocks run in order, as one session
        assert result.failed == 0, f"guide.md pycon block {number + 1}"
