"""The identity of a game's rules: what a save, a history entry or a review names its data by.

It is the sha256 of the parsed data's rule content in one canonical form (JSON with sorted keys), so
it changes when anything that changes play changes (a number, a kind, an arrow, an ability, a land, a
score line, a variant, a list's order where it is the deal's or the score sheet's) and never for the
words and pictures: names, texts, descriptions, colours, icons, comments, the order of a row's keys or
how the files are laid out. A field of the data's value types that is no rule says so with
`field(metadata=WORDS)`; every other field counts, so a new field counts until someone says otherwise.

Before this, the identity was the sha256 of the data files' bytes: the saves of those releases name it,
and each game lists its shipped data's old identities with the rules identity that data had
(`former_identities`), so that they stay its saves for as long as its rules are those.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

WORDS: Mapping[str, bool] = {"words": True}  # a field's metadata: its value is no rule (words, pictures)


def rules_identity(data: Any) -> str:
    """The sha256 (hex) of the rule content of a game's data (a frozen dataclass of the data layer)."""
    text = json.dumps(canonical(data), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def canonical(value: Any) -> Any:
    """The rule content of a value as plain JSON: dataclasses as objects of their rule fields."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: canonical(getattr(value, f.name)) for f in dataclasses.fields(value)
                if not f.metadata.get("words")}
    if isinstance(value, (tuple, list)):
        return [canonical(v) for v in value]
    if isinstance(value, dict):
        return {str(k): canonical(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, Path):  # a picture or a folder: mark the field as words
        raise TypeError(f"a path in the rule content: {value} (a field of pictures is `WORDS`)")
    raise TypeError(f"no canonical form for {type(value).__name__}")


def former_identities(rules: str, shipped: Mapping[str, str]) -> frozenset[str]:
    """The identities of earlier releases (`shipped`: bytes identity -> the rules identity that data had)
    that name these very rules: saves made with them are these rules' saves."""
    return frozenset(old for old, was in shipped.items() if was == rules)
