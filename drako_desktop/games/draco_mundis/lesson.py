"""Learn to play Draco Mundis as data: the lesson's script, its scripted opponent and its progress file.

The script is `tutorial.yaml` in the data folder (see the bundled one for the format): the setup's
placements (so the lesson starts on a known board), the opponent's scripted moves, and the steps,
each asking the person to do one thing on the real table. Nothing here decides a rule: the game is
the engine's, the steps only say which of its legal actions the lesson waits for.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...ai import is_builtin
from ...data.lesson import TutorialError, problem, read_script
from ...interface.game import ActionFormatError
from .actions import COLUMNS, ROWS, Action

FILE = "tutorial.yaml"
PERSON, OPPONENT = 0, 1
KINDS = ("read", "watch", "hover", "do", "end")
Square = tuple[int, int]



@dataclass(frozen=True)
class Step:
    id: str
    kind: str
    squares: tuple[Square, ...] = ()  # read / hover: what the lesson points at
    plates: bool = False  # read: the players' plates (their scores)
    action: Action | None = None  # do: the person's action that completes the step

    @property
    def interactive(self) -> bool:
        return self.kind in ("do", "hover")


@dataclass(frozen=True)
class Lesson:
    path: Path
    first: int
    level: str  # the opponent's computer once the scripted moves are used up
    setup: tuple[Action, ...]
    moves: tuple[Action, ...]
    steps: tuple[Step, ...]

    def index(self, step_id: str) -> int:
        return next((i for i, s in enumerate(self.steps) if s.id == step_id), 0)


def script_path(game: Any) -> Path:
    return game.folder / FILE


def load_lesson(game: Any) -> Lesson:
    path = script_path(game)
    data = read_script(path, game.identity)

    def fail(key: str, what: str) -> TutorialError:
        return problem(path, key, what)

    def action(value: Any, key: str) -> Action:
        try:
            return game.action_from_json(value)
        except ActionFormatError as exc:
            raise fail(key, str(exc)) from None

    def square(value: Any, key: str) -> Square:
        if not (isinstance(value, list) and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            raise fail(key, "must be a square [row, col]")
        return (value[0], value[1])

    opponent = data.get("opponent")
    if not isinstance(opponent, dict) or not isinstance(opponent.get("moves"), list):
        raise fail("opponent", "needs a list of moves")
    if not isinstance(data.get("setup"), list):
        raise fail("setup", "needs the list of placements")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list):
        raise fail("steps", "needs a list of steps")
    steps = []
    for i, raw in enumerate(raw_steps):
        key = f"steps[{i}]"
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
            raise fail(key, "needs an id")
        kinds = [k for k in KINDS if k in raw]
        if len(kinds) != 1:
            raise fail(key, f"needs exactly one of {', '.join(KINDS)}")
        kind, value = kinds[0], raw[kinds[0]]
        if kind == "read":
            if value == "plates":
                steps.append(Step(raw["id"], kind, plates=True))
            elif isinstance(value, list):
                steps.append(Step(raw["id"], kind, tuple(square(v, f"{key}.read[{j}]") for j, v in enumerate(value))))
            else:
                raise fail(f"{key}.read", "is a list of squares or `plates`")
        elif kind == "hover":
            steps.append(Step(raw["id"], kind, (square(value, f"{key}.hover"),)))
        elif kind == "do":
            steps.append(Step(raw["id"], kind, action=action(value, f"{key}.do")))
        else:
            steps.append(Step(raw["id"], kind))
    if not steps:
        raise fail("steps", "needs at least one step")
    first = data.get("first", 0)
    if first not in (PERSON, OPPONENT):
        raise fail("first", "is 0 or 1")
    level = opponent.get("level", "random")
    if not isinstance(level, str) or not is_builtin(game, level):  # never a program to run
        raise fail("opponent.level", "must be one of the game's computer levels")
    return Lesson(path, first, level,
                  tuple(action(v, f"setup[{i}]") for i, v in enumerate(data["setup"])),
                  tuple(action(v, f"opponent.moves[{i}]") for i, v in enumerate(opponent["moves"])), tuple(steps))


def replay(game: Any, lesson: Lesson, upto: int) -> tuple[list[Action], int]:
    """The game's actions before step `upto` (the opponent's scripted moves played whenever it is its
    turn, unless step `upto` watches it) and how many scripted moves they use."""
    state = game.new_state(2, 0, lesson.first)
    for action in lesson.setup:
        state.apply(action)
    used = 0

    def opponent() -> None:
        nonlocal used
        while not state.is_terminal() and state.current == OPPONENT and used < len(lesson.moves):
            state.apply(lesson.moves[used])
            used += 1

    for step in lesson.steps[:upto]:
        opponent()
        if step.action is not None:
            state.apply(step.action)
    if upto >= len(lesson.steps) or lesson.steps[upto].kind != "watch":
        opponent()
    return list(state.history), used


def problems(game: Any, lesson: Lesson) -> list[str]:
    """Why the script is not a playable lesson of these rules (empty when it is)."""
    if not game.min_players <= 2 <= game.max_players:
        return [f"the lesson is a game of 2 players, and these rules are for {game.min_players}-{game.max_players}"]
    in_use = game.rules.geometry[2].in_use
    for step in lesson.steps:
        for row, col in step.squares:
            if not (0 <= row < ROWS and 0 <= col < COLUMNS and in_use[row * COLUMNS + col]):
                return [f"step {step.id}: {[row, col]} is not a square of the 2-player board"]
    state = game.new_state(2, 0, lesson.first)
    for i, action in enumerate(lesson.setup):
        if state.why_illegal(action) is not None:
            return [f"setup[{i}] ({action.to_json()}): {state.why_illegal(action)}"]
        state.apply(action)
    if state.decision() != "act":
        return ["the setup does not place every token"]
    used = 0
    for step in lesson.steps:
        while not state.is_terminal() and state.current == OPPONENT and used < len(lesson.moves):
            move = lesson.moves[used]
            if state.why_illegal(move) is not None:
                return [f"opponent move {used} ({move.to_json()}) is not legal before step {step.id}"]
            state.apply(move)
            used += 1
        if step.kind in ("do", "hover") and (state.is_terminal() or state.current != PERSON):
            return [f"step {step.id}: it is not the person's turn"]
        if step.action is not None:
            problem = state.why_illegal(step.action)
            if problem is not None:
                return [f"step {step.id}: {step.action.to_json()} is not legal ({problem})"]
            state.apply(step.action)
    return []


def available(game: Any) -> bool:
    """A lesson exists for this data, was written for exactly these rules, and every scripted action is legal."""
    try:
        return not problems(game, load_lesson(game))
    except TutorialError:
        return False
