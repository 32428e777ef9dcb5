"""Player settings: validated, persisted as JSON in the user's config folder.

A missing file gives the defaults; a broken one gives the defaults too, and
`Settings.load` reports why so the game can say so. Unknown keys are ignored
(a newer version's file still loads) and every known key is checked on its own,
so one bad value does not throw away the others. Every value is bounded: the
file is read like any file from outside (`jsonio`).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable

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
        """Problems with the values (empty when all is well): each is read as it would be from the file."""
        problems = []
        for name, read in READ.items():
            try:
                read(jsonio.Field(getattr(self, name), name))
            except jsonio.FieldError as exc:
                problems.append(file_problem(exc))
        return problems

    @classmethod
    def from_json(cls, data: Any) -> tuple["Settings", list[Message]]:
        """Settings from a parsed file, keeping every valid value; also the problems found (the defaults, and
        why, for a file that is not this version's settings at all)."""
        try:
            fields = jsonio.Fields(data)
            fields.get("version", FILE_VERSION).version((FILE_VERSION,))
        except jsonio.JsonError as exc:  # no object, or another version's
            return cls(), [file_problem(exc)]
        values, problems = {}, []
        for name, read in READ.items():  # keys of no setting are ignored: a newer version's file still loads
            if name in fields.keys():
                try:
                    values[name] = read(fields[name])
                except jsonio.FieldError as exc:
                    problems.append(file_problem(exc))
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


# How each setting is read from the file, its type and bounds: a value of another type, or out of bounds, leaves the
# setting at its default, and the message names it.
READ: dict[str, Callable[[jsonio.Field], Any]] = {
    "animation_speed": lambda f: f.choice(ANIMATION_SPEEDS),
    "computer_pace": lambda f: f.choice(COMPUTER_PACES),
    "fullscreen": jsonio.Field.boolean,
    "window_width": lambda f: f.integer(MIN_WINDOW[0], MAX_WINDOW[0]),
    "window_height": lambda f: f.integer(MIN_WINDOW[1], MAX_WINDOW[1]),
    "sound": jsonio.Field.boolean,
    "show_score_preview": jsonio.Field.boolean,
    "auto_end_turn": jsonio.Field.boolean,
    "language": lambda f: f.choice(("", *available_languages())),  # "": the system's language
    "practice_undo": jsonio.Field.boolean,
    "bot_command": lambda f: f.text(MAX_BOT_COMMAND, printable=True),
    "bot_timeout": lambda f: f.number(*TIMEOUT_RANGE),
    "game": lambda f: f.choice(("", *game_ids())),  # "": the first game
}


def settings_path() -> Path:
    return config_dir() / "settings.json"
