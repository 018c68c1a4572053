"""The Python examples of the README and of docs/python.md run as printed (the Ray examples,
which need a cluster, are tested by test_ray.py instead)."""

import contextlib
import io
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


def python_blocks(text):
    return re.findall(r"```python\n(.*?)```", text, re.S)


def run(code, namespace=None):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<example>", "exec"), {"__name__": "__example__"} if namespace is None else namespace)
    return out.getvalue()


def test_the_readme_example_prints_what_its_comment_says():
    readme = (REPO / "README.md").read_text()
    section = readme[readme.index("## Python") :]
    [code] = python_blocks(section[: section.index("\n## ", 3)])
    expected = re.search(r"print\(state\.returns\(\)\)\s+# (\[[^\]]*\])", code).group(1)
    printed = run(code).strip().splitlines()
    assert printed[-1] == expected
    assert len(printed) > 6, "the board is printed before the returns"


DOC_BLOCKS = [b for b in python_blocks((REPO / "docs" / "python.md").read_text()) if "ray." not in b]


def test_the_guide_has_examples_to_run():
    assert len(DOC_BLOCKS) >= 6


def test_the_guides_examples_run_in_order():
    # One namespace, as a reader who types them in one session has.
    namespace = {"__name__": "__example__"}
    for i, code in enumerate(DOC_BLOCKS):
        try:
            printed = run(code, namespace)
        except Exception as e:
            pytest.fail(f"example {i} of docs/python.md fails: {e!r}\n{code}")
        if "except worlds.WorldsError" in code:
            assert printed == "bad_request action code 99 is not an action of this game; codes are 0–6\n"
