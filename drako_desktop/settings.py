"""Player settings: validated, persisted as JSON in the user's config folder.

A missing file gives the defaults; a broken one gives the defaults too, and
`Settings.load` reports why so the game can say so. Unknown keys are ignored
(a newer version's file still loads) and every known key is checked on its own,
so one bad value does not throw away the others. Every value is bounded: the
file is read like any file from outside (`jsonio`).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from . import jsonio
from .ai.external import TIMEOUT_RANGE
from .i18n import Message, available_languages, file_problem
from .interface.registry import game_ids
from .storage import atomic_write_text, config_dir

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
# Seconds multiplier per animation speed (instant: no animation at all).
ANIMATION_FACTOR = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
# How long the table shows a computer's decisions before it goes on, as a factor on its thinking time.
COMPUTER_PACES = ("slow", "normal", "fast")
PACE_FACTOR = {"slow": 2.5, "normal": 1.0, "fast": 0.35}
MIN_WINDOW = (1280, 720)
MAX_WINDOW = (3840, 2160)
FILE_VERSION = 1
MAX_BYTES = 1_000_000  # a settings file is a few hundred bytes
MAX_BOT_COMMAND = 1000  # characters (the settings screen takes 200)


@dataclass(frozen=True)
class Settings:
    animation_speed: str = "normal"
    computer_pace: str = "normal"
    fullscreen: bool = False
    window_width: int = 1600
    window_height: int = 900
    sound: bool = True
    show_score_preview: bool = True
    auto_end_turn: bool = False  # a person's turn ends after their last action, without End turn (no taking back)
    language: str = ""  # "" = follow the system locale
    practice_undo: bool = False
    bot_command: str = ""  # an external bot (exec:COMMAND seat), see docs/bot-protocol.md
    bot_timeout: float = 10.0
    game: str = ""  # the game last chosen in the main menu ("" = the first game)

    def validate(self) -> list[Message]:
        """Problems with the values (empty when all is well)."""
        problems = []
        if self.animation_speed not in ANIMATION_SPEEDS:
            problems.append(Message("settings_errors.one_of", setting="animation_speed", allowed=ANIMATION_SPEEDS))
        if self.computer_pace not in COMPUTER_PACES:
            problems.append(Message("settings_errors.one_of", setting="computer_pace", allowed=COMPUTER_PACES))
        if not MIN_WINDOW[0] <= self.window_width <= MAX_WINDOW[0]:
            problems.append(Message("settings_errors.range", setting="window_width",
                                    low=MIN_WINDOW[0], high=MAX_WINDOW[0]))
        if not MIN_WINDOW[1] <= self.window_height <= MAX_WINDOW[1]:
            problems.append(Message("settings_errors.range", setting="window_height",
                                    low=MIN_WINDOW[1], high=MAX_WINDOW[1]))
        if self.game and self.game not in game_ids():
            problems.append(Message("settings_errors.one_of", setting="game", allowed=game_ids()))
        if not TIMEOUT_RANGE[0] <= self.bot_timeout <= TIMEOUT_RANGE[1]:
            problems.append(Message("settings_errors.seconds", setting="bot_timeout", low=f"{TIMEOUT_RANGE[0]:g}",
                                    high=f"{TIMEOUT_RANGE[1]:g}"))
        if self.language and self.language not in available_languages():  # "": the system's language
            problems.append(Message("settings_errors.one_of", setting="language", allowed=tuple(available_languages())))
        if len(self.bot_command) > MAX_BOT_COMMAND or not self.bot_command.isprintable():
            problems.append(Message("settings_errors.text", setting="bot_command", max=MAX_BOT_COMMAND))
        return problems

    @classmethod
    def from_json(cls, data: Any) -> tuple["Settings", list[Message]]:
        """Settings from a parsed file, keeping every valid value; also the problems found."""
        if not isinstance(data, dict):
            return cls(), [Message("settings_errors.not_object")]
        problems = []
        if data.get("version", FILE_VERSION) != FILE_VERSION:
            problems.append(Message("settings_errors.version", found=jsonio.shown(data.get("version"))))
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
                problems.append(Message("settings_errors.type", setting=f.name,
                                        expected=Message(f"settings_errors.{expected.__name__}"),
                                        found=jsonio.shown(value)))
                continue
            wrong = replace(defaults, **{f.name: value}).validate()
            if wrong:
                problems.extend(wrong)
                continue
            values[f.name] = value
        return cls(**values), problems

    def to_json(self) -> dict:
        return {"version": FILE_VERSION, **asdict(self)}

    @classmethod
    def load(cls, path: Path | None = None) -> tuple["Settings", Message | None]:
        """(settings, message): the message says what was wrong with the file, if anything.

        The message is translated when shown: the language is one of the settings being read."""
        path = path or settings_path()
        try:
            data = jsonio.read_file(path, MAX_BYTES)
        except jsonio.JsonError as exc:
            if exc.reason == "missing":
                return cls(), None
            return cls(), Message("settings_errors.unusable", path=str(path), problem=file_problem(exc))
        settings, problems = cls.from_json(data)
        if problems:
            return settings, Message("settings_errors.reset", path=str(path), problems=tuple(problems))
        return settings, None

    def save(self, path: Path | None = None) -> None:
        atomic_write_text(path or settings_path(), json.dumps(self.to_json(), indent=2) + "\n")


def settings_path() -> Path:
    return config_dir() / "settings.json"
