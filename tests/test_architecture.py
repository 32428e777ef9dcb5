"""Each layer imports only the layers before it; rules, data and AI never touch pygame or unsafe loaders."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "drako_desktop"

# layer -> the drako_desktop modules it may import (besides itself).
# resources, i18n, storage, settings are small shared services below the UI.
ALLOWED = {
    "data": set(),
    "engine": {"data"},
    "ai": {"engine", "data"},
    "controller": {"ai", "engine", "data", "i18n", "resources"},
    "ui": {"controller", "ai", "engine", "data", "i18n", "resources", "settings", "storage", "saves", "stats",
           "replay", "logsetup"},
}
NO_PYGAME = {"data", "engine", "ai", "controller"}


def imports_of(path: Path) -> set[str]:
    """drako_desktop submodules (first component) and third-party roots imported by a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    rel = path.relative_to(PACKAGE).parts
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                found.add(node.module or "")
            else:
                base = list(rel[:-1])[: len(rel) - node.level]
                target = [*base, *(node.module.split(".") if node.module else [])]
                found.add("drako_desktop." + ".".join(target) if target else "drako_desktop")
    return found


def layer_files(layer: str) -> list[Path]:
    return sorted((PACKAGE / layer).rglob("*.py"))


def test_layers_import_only_the_layers_before_them():
    problems = []
    for layer, allowed in ALLOWED.items():
        for path in layer_files(layer):
            for name in imports_of(path):
                if not name.startswith("drako_desktop."):
                    continue
                target = name.split(".")[1]
                if target != layer and target not in allowed:
                    problems.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert problems == []


def test_rules_data_ai_and_controller_never_import_pygame():
    offenders = [
        str(path.relative_to(PACKAGE))
        for layer in NO_PYGAME
        for path in layer_files(layer)
        if any(name.split(".")[0] == "pygame" for name in imports_of(path))
    ]
    assert offenders == []


def test_engine_does_no_io():
    forbidden = {"os", "io", "pathlib", "json", "yaml", "subprocess", "socket", "time", "threading"}
    offenders = [
        f"{path.relative_to(PACKAGE)}: {name}"
        for path in layer_files("engine")
        for name in imports_of(path)
        if name.split(".")[0] in forbidden
    ]
    assert offenders == []


def test_no_unsafe_loaders_anywhere():
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "yaml.load(" not in text, path
        assert "import pickle" not in text and "import shelve" not in text, path
