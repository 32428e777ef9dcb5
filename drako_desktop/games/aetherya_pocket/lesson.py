"""The interactive tutorial as data: the script, the scripted opponent and the progress file.

A tutorial is `tutorial.yaml` in a card folder (see the bundled one for the format): a seed, the
computer opponent's scripted moves, and the lesson's steps, each asking the person to do one thing
on the real table. Nothing here decides a rule: the game is a `GameState` of the engine, the steps
only say which of its legal actions the lesson is waiting for. `ui/scenes/tutorial.py` runs it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...ai import RANDOM
from ...data.lesson import TutorialError, problem, read_script
from .ai import LEVELS
from .data import CardSet
from .engine import (
    ARRANGE,
    CENTRE,
    PLACE,
    REVEAL,
    TAKE_DISCARD,
    Action,
    ActionFormatError,
    GameState,
    Rules,
    placement_problem,
)

log = logging.getLogger(__name__)

FILE = "tutorial.yaml"
PERSON, OPPONENT = 0, 1
KINDS = ("read", "watch", "arrange", "hold", "aim", "do", "end")
POINTS = ("kingdom", "opponent", "legends", "piles", "hand", "draw", "discard")
SOURCES = ("discard", "drawn")



@dataclass(frozen=True)
class Step:
    id: str
    kind: str
    points: tuple[str, ...] = ()  # read / watch: what the lesson points at
    cards: tuple[str, ...] = ()  # arrange: the centre in reading order (CENTRE's cells)
    cell: int = -1  # aim: the place to hold the card over
    source: str | None = None  # the card the step is about: "discard" or "drawn"
    actions: tuple[Action, ...] = ()  # do / arrange: the person's actions that complete the step

    @property
    def interactive(self) -> bool:
        """The person acts on the table (not a Next button, not waiting)."""
        return self.kind in ("arrange", "hold", "aim", "do")

    def target_cell(self) -> int:
        """The kingdom place the step's card goes to (or is held over), or -1."""
        if self.kind == "aim":
            return self.cell
        return next((a.row * 4 + a.col for a in self.actions if a.kind in (PLACE, REVEAL)), -1)

    def arranged(self) -> dict[int, str]:
        """Arrange steps: centre cell -> the card that goes there."""
        return dict(zip(CENTRE, self.cards))


@dataclass(frozen=True)
class TutorialScript:
    path: Path
    seed: int
    first: int
    level: str  # the opponent's agent once the scripted moves are used up
    moves: tuple[Action, ...]
    steps: tuple[Step, ...]

    def index(self, step_id: str) -> int:
        return next((i for i, s in enumerate(self.steps) if s.id == step_id), 0)


# -- loading ----------------------------------------------------------------------------------------


def script_path(cards: CardSet) -> Path:
    return cards.folder / FILE


def available(cards: CardSet) -> bool:
    """A tutorial exists for these card data (and was written for exactly these rules)."""
    if not script_path(cards).exists():
        return False
    try:
        read_script(script_path(cards), cards.identity)
    except TutorialError as exc:  # a card folder's lesson that cannot be read or teaches other rules: no lesson
        log.warning("no lesson: %s", exc)
        return False
    return True


def load_script(cards: CardSet) -> TutorialScript:
    path = script_path(cards)
    data = read_script(path, cards.identity)

    def fail(key: str, what: str) -> TutorialError:
        return problem(path, key, what)

    def action(value: Any, key: str) -> Action:
        try:
            return Action.from_json(value)
        except ActionFormatError as exc:
            raise fail(key, str(exc)) from None

    def actions(value: Any, key: str) -> tuple[Action, ...]:
        items = value if isinstance(value, list) else [value]
        return tuple(action(v, f"{key}[{i}]") for i, v in enumerate(items))

    opponent = data.get("opponent") or {}
    if not isinstance(opponent, dict) or not isinstance(opponent.get("moves"), list):
        raise fail("opponent", "needs a list of moves")
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
        kind = kinds[0]
        value = raw[kind]
        source = raw.get("from")
        if source is not None and source not in SOURCES:
            raise fail(f"{key}.from", f"must be one of {', '.join(SOURCES)}")
        step = Step(raw["id"], kind, source=source)
        if kind in ("read", "watch"):
            points = tuple(value or ()) if isinstance(value or [], list) else (value,)
            if any(p not in POINTS for p in points):
                raise fail(f"{key}.{kind}", f"can point at {', '.join(POINTS)}")
            step = Step(step.id, kind, points=points)
        elif kind == "arrange":
            rows = value if isinstance(value, list) and all(isinstance(row, list) for row in value) else []
            arrangement = tuple(t for row in rows for t in row)
            if len(rows) != 2 or len(arrangement) != 4:
                raise fail(f"{key}.arrange", "needs [[a, b], [c, d]]")
            step = Step(step.id, kind, cards=arrangement, actions=(action({"type": ARRANGE, "cards": value}, key),))
        elif kind == "hold":
            if value not in SOURCES:
                raise fail(f"{key}.hold", f"must be one of {', '.join(SOURCES)}")
            step = Step(step.id, kind, source=value)
        elif kind == "aim":
            if not isinstance(value, dict) or not all(value.get(k) in range(4) for k in ("row", "col")):
                raise fail(f"{key}.aim", "needs {row, col}, each 0-3")
            step = Step(step.id, kind, cell=value["row"] * 4 + value["col"], source=source or "drawn")
        elif kind == "do":
            done = actions(value, f"{key}.do")
            if source is None and done[0].kind in (TAKE_DISCARD, PLACE, REVEAL):
                source = "discard" if done[0].kind == TAKE_DISCARD else "drawn"
            step = Step(step.id, kind, source=source, actions=done)
        steps.append(step)
    if not steps:
        raise fail("steps", "needs at least one step")
    seed, first = data.get("seed"), data.get("first", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise fail("seed", "must be a whole number 0 to 2^63 - 1")
    if first not in (PERSON, OPPONENT):
        raise fail("first", f"must be {PERSON} or {OPPONENT}")
    level = opponent.get("level", "easy")
    if level not in (*LEVELS, RANDOM):  # a level of the game's own: a card folder never names a program to run
        raise fail("opponent.level", f"must be one of {', '.join((*LEVELS, RANDOM))}")
    return TutorialScript(path, seed, first, level,
                          actions(opponent["moves"], "opponent.moves"), tuple(steps))


# -- the game of the script -------------------------------------------------------------------------------


def replay(rules: Rules, script: TutorialScript, upto: int) -> tuple[list[Action], int]:
    """The game's actions before step `upto` (the opponent's moves included, up to the person's
    next decision unless that step watches the opponent) and how many scripted moves they use."""
    state = GameState.new(rules, 2, script.seed, script.first)
    used = 0

    def opponent() -> None:
        nonlocal used
        while not state.is_terminal() and state.current == OPPONENT and used < len(script.moves):
            state.apply(script.moves[used])
            used += 1

    for step in script.steps[:upto]:
        if step.kind in ("arrange", "do"):
            opponent()
            for action in step.actions:
                state.apply(action)
    if upto >= len(script.steps) or script.steps[upto].kind != "watch":
        opponent()
    return list(state.history), used


def problems(rules: Rules, script: TutorialScript) -> list[str]:
    """Why the script is not a playable lesson of these rules (empty when it is): every step's
    actions legal when it comes, every held card pickable, every aimed place a legal one."""
    out: list[str] = []
    state = GameState.new(rules, 2, script.seed, script.first)
    used = 0
    for step in script.steps:
        while not state.is_terminal() and state.current == OPPONENT and used < len(script.moves):
            move = script.moves[used]
            if move not in state.legal_actions():
                return out + [f"opponent move {used} ({move}) is not legal before step {step.id}"]
            state.apply(move)
            used += 1
        if step.kind in ("arrange", "hold", "aim", "do") and (state.is_terminal() or state.current != PERSON):
            return out + [f"step {step.id}: it is not the person's turn"]
        if step.kind == "hold" and step.source == "discard" and Action(TAKE_DISCARD) not in state.legal_actions():
            out.append(f"step {step.id}: the discard cannot be taken now")
        if step.kind == "aim":
            probe = state.clone()
            if step.source == "discard":
                probe.apply(Action(TAKE_DISCARD))
            if placement_problem(rules, probe.visible_kingdom(PERSON), step.cell, probe.drawn) is not None:
                out.append(f"step {step.id}: the aimed place cannot take the card")
        for action in step.actions:
            if action not in state.legal_actions():
                return out + [f"step {step.id}: {action} is not legal"]
            state.apply(action)
    if used < len(script.moves):
        out.append(f"{len(script.moves) - used} opponent moves are never used")
    return out
