"""Build hook: compile the abbreviation rules with mypyc (about 1.5x faster; same source).

The modules stay plain typed Python: when no C compiler is present, or with
``TERMLENS_PURE_PYTHON=1``, they install and run uncompiled, with the same results.
"""

import os

from setuptools import Extension, setup

# The Makefile reads these paths to build again when one of them changes
COMPILED = [
    "src/termlens/acronyms/align.py",
    "src/termlens/acronyms/identify.py",
    "src/termlens/acronyms/names.py",
    "src/termlens/acronyms/rules.py",
    "src/termlens/acronyms/spans.py",
]


def compiled_modules() -> list[Extension]:
    if os.environ.get("TERMLENS_PURE_PYTHON"):
        return []
    from mypyc.build import mypycify

    extensions = mypycify(COMPILED, opt_level="3", group_name="termlens_rules")
    for extension in extensions:
        extension.optional = True  # no compiler: keep the pure-Python modules
    return extensions


setup(ext_modules=compiled_modules())
