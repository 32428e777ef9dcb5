"""The project's own metadata: installing it must not print deprecation warnings."""

import tomllib
from pathlib import Path

PYPROJECT = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_licence_is_a_spdx_expression_which_setuptools_reads_without_a_warning():
    # A table ({text = ...}) is deprecated since setuptools 77 and warns on every install.
    assert PYPROJECT["project"]["license"] == "MIT"
    assert any(req.startswith("setuptools>=") and int(req.split(">=")[1].split(".")[0]) >= 77
               for req in PYPROJECT["build-system"]["requires"])
