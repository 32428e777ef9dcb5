"""Reading a lesson's script (`tutorial.yaml` in a game's data folder) as strictly as the game's data: the part both
games' lessons share. What the steps mean is each game's own (`games/<game>/lesson.py`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .yamlfile import CardDataError, YamlFile


class TutorialError(Exception):
    """A lesson file that cannot be used: names the file, the key and the problem."""


def read_script(path: Path, rules: str) -> dict[str, Any]:
    """The script's top mapping (no aliases, bounded, as the card data); TutorialError when it is not one, or
    when it was written for other rules than `rules` (the data's `rules_identity`): its `rules` key names the
    rules it teaches, so that a copy of the data folder with house rules does not teach what is no longer true."""
    try:
        data = YamlFile(path).root
    except CardDataError as exc:
        raise TutorialError(str(exc)) from None
    if not isinstance(data, dict):
        raise TutorialError(f"{path}: not a mapping")
    if data.get("rules") != rules:
        raise problem(path, "rules", "the lesson was written for other rules than this data's")
    return data


def problem(path: Path, key: str, what: str) -> TutorialError:
    """The error for one key of the script at `path`."""
    return TutorialError(f"{path}: {key}: {what}")
