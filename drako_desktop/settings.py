"""Player settings: validated, persisted as JSON in the user's config folder.

A missing file gives the defaults; a broken one gives the defaults too, and
`Settings.load` reports why so the game can say so. Unknown keys are ignored
(a newer version's file still loads) and every known key is checked on its own,
so one bad value does not throw away the others.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from .storage import atomic_write_text, config_dir

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
# Seconds multiplier per animation speed (instant: no animation at all).
ANIMATION_FACTOR = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
MIN_WINDOW = (1280, 720)
MAX_WINDOW = (3840, 2160)
FILE_VERSION = 1


@dataclass(frozen=True)
class Settings:
    animation_speed: str = "normal"
    fullscreen: bool = False
    window_width: int = 1600
    window_height: int = 900
    sound: bool = True
    show_score_preview: bool = True
    confirm_end_turn: bool = False
    language: str = ""  # "" = follow the system locale
    practice_undo: bool = False
    bot_command: str = ""  # an external bot (exec:COMMAND seat), see docs/bot-protocol.md
    bot_timeout: float = 10.0

    def validate(self) -> list[str]:
        """Problems with the values (empty when all is well)."""
        problems = []
        if self.animation_speed not in ANIMATION_SPEEDS:
            problems.append(f"animation_speed must be one of {', '.join(ANIMATION_SPEEDS)}")
        if not MIN_WINDOW[0] <= self.window_width <= MAX_WINDOW[0]:
            problems.append(f"window_width must be {MIN_WINDOW[0]}-{MAX_WINDOW[0]}")
        if not MIN_WINDOW[1] <= self.window_height <= MAX_WINDOW[1]:
            problems.append(f"window_height must be {MIN_WINDOW[1]}-{MAX_WINDOW[1]}")
        if not 0.1 <= self.bot_timeout <= 600:
            problems.append("bot_timeout must be 0.1-600 seconds")
        return problems

    @classmethod
    def from_json(cls, data: Any) -> tuple["Settings", list[str]]:
        """Settings from a parsed file, keeping every valid value; also the problems found."""
        if not isinstance(data, dict):
            return cls(), ["the settings file is not a JSON object"]
        problems = []
        if data.get("version", FILE_VERSION) != FILE_VERSION:
            problems.append(f"unknown settings version {data.get('version')!r}")
            return cls(), problems
        values = {}
        defaults = cls()
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            expected = type(getattr(defaults, f.name))
            if expected is float and isinstance(value, int) and not isinstance(value, bool):
                value = float(value)
            if type(value) is not expected:
                problems.append(f"{f.name}: expected {expected.__name__}, got {value!r}")
                continue
            candidate = replace(defaults, **{f.name: value})
            if candidate.validate():
                problems.extend(f"{f.name}: {p}" for p in candidate.validate())
                continue
            values[f.name] = value
        return cls(**values), problems

    def to_json(self) -> dict:
        return {"version": FILE_VERSION, **asdict(self)}

    @classmethod
    def load(cls, path: Path | None = None) -> tuple["Settings", str | None]:
        """(settings, message): the message says what was wrong with the file, if anything."""
        path = path or settings_path()
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return cls(), None
        except (OSError, UnicodeDecodeError) as exc:
            return cls(), f"{path}: cannot be read ({exc}); using the default settings"
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            return cls(), f"{path}: not valid JSON (line {exc.lineno}); using the default settings"
        settings, problems = cls.from_json(data)
        if problems:
            return settings, f"{path}: {'; '.join(problems)}; those settings were reset to their defaults"
        return settings, None

    def save(self, path: Path | None = None) -> None:
        atomic_write_text(path or settings_path(), json.dumps(self.to_json(), indent=2) + "\n")


def settings_path() -> Path:
    return config_dir() / "settings.json"
