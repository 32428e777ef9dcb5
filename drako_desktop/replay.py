"""`drako-desktop replay`: a saved game told turn by turn, with the scores after each turn.

It is also how a bug report is reproduced: the save holds the seed and every
chosen action, and this replays them through the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from .controller.game import GameSetup, Seat
from .interface.game import AnyGame, AnyState
from .saves import Library, SavedGame, SaveError, history_dir, read, saves_dir


def latest_save_path() -> Path | None:
    """The most recently written save, finished or not (a name that leads to no file is no save)."""
    written = []
    for folder in (saves_dir(), history_dir()):
        for path in folder.glob("*.json") if folder.is_dir() else ():
            try:
                written.append((path.stat().st_mtime, path))
            except OSError:  # a broken link, a link loop: nothing was written there
                continue
    return max(written)[1] if written else None


def replay_game(handle: AnyGame, game: SavedGame) -> dict[str, Any]:
    """The whole game as data: per turn, the log lines (what everyone at the table saw: nothing a
    single seat knew alone) and everyone's score afterwards."""
    setup = game.setup
    names = [s.name for s in setup.seats]
    state = handle.new_state(setup.players, setup.seed, setup.first, setup.variants)
    turns: list[dict[str, Any]] = [{"turn": 0, "seat": None, "events": [], "scores": None}]

    def tell(events: list[Any]) -> None:
        for event in events:
            public = event.for_viewer(None)
            if public is None:
                continue
            if public.kind == "turn":
                turns[-1]["scores"] = [b.total for b in state.scores()]
                turns.append({"turn": public.number, "seat": public.seat, "events": [], "scores": None})
                continue
            line = handle.describe(public, names)
            if line:
                turns[-1]["events"].append(line)

    for action in game.actions:
        tell(state.apply(action))
    turns[-1]["scores"] = [b.total for b in state.scores()]
    return {
        "game": handle.id,
        "game_id": game.game_id,
        "seats": [{"name": s.name, "kind": s.kind, "level": s.level} for s in setup.seats],
        # A game without chance has no seed; an unfinished game's is not told: it decides every hidden card.
        "seed": setup.seed if handle.seeded and state.is_terminal() else None,
        "first": setup.first,
        "variants": list(setup.variants),
        "actions": len(game.actions),
        "finished": state.is_terminal(),
        "turns": turns,
        "final": handle.score_reports(state) if state.is_terminal() else None,
        "winners": state.winners() if state.is_terminal() else None,
    }


@dataclass(frozen=True)
class LogEntry:
    """A line of a replayed game's log: it shows from `position` on (the actions played by then)."""

    position: int
    kind: str  # "turn" (a turn begins: `turn`, `seat`), "scores" (the scores after a turn) or "line"
    text: str = ""
    turn: int = 0
    seat: int = -1
    scores: tuple[int, ...] = ()


EVERYTHING = "everything"  # the viewer that sees what was hidden (a finished game only)


class GameReplay:
    """A game replayed once for the viewer: the position after every action, everyone's score then, and the
    log as a viewer saw it (the public, or one seat). Position p is the game after its first p actions. The
    positions stay here: a screen gets views of them (`view`), never a position."""

    def __init__(self, handle: AnyGame, setup: GameSetup, actions: Sequence[Any]) -> None:
        self.handle, self.setup = handle, setup
        state = handle.new_state(setup.players, setup.seed, setup.first, setup.variants)
        self._states: list[AnyState] = [state.clone()]
        self.events: list[list[Any]] = []
        for action in actions:
            self.events.append(state.apply(action))
            self._states.append(state.clone())
        self.scores = [tuple(b.total for b in s.scores()) for s in self._states]
        self._logs: dict[int | None, list[LogEntry]] = {}

    @property
    def last(self) -> int:
        return len(self._states) - 1

    @property
    def finished(self) -> bool:
        return self._states[-1].is_terminal()

    def view(self, position: int, viewer: int | str | None) -> Any:
        """Position `position` as `viewer` saw it: a seat, None (the public) or, once the game is over,
        EVERYTHING (what lay hidden shown as such)."""
        state = self._states[position]
        if viewer == EVERYTHING:
            if not self.finished:
                raise ValueError("what was hidden is shown only once the game is over")
            return self.handle.revealed_view(state)
        if isinstance(viewer, str):
            raise ValueError(f"unknown viewer {viewer!r}")
        return state.view(viewer)

    def to_move_at(self, position: int) -> int | None:
        """The seat to decide at `position` (None once the game is over)."""
        state = self._states[position]
        return None if state.is_terminal() else state.current

    def winners_at(self, position: int) -> list[int]:
        """The winners once the game is over at `position` (none before)."""
        state = self._states[position]
        return state.winners() if state.is_terminal() else []

    def turn_at(self, position: int) -> int:
        return self._states[position].turn

    def turn_start(self, turn: int) -> int:
        """The first position of a turn (0 for the setup); the last position for a turn after the end."""
        return next((p for p, s in enumerate(self._states) if s.turn >= turn), self.last)

    @property
    def turns(self) -> int:
        return self._states[-1].turn

    def log(self, viewer: int | None) -> list[LogEntry]:
        """Every line of the game as `viewer` saw it (None: the public), with a heading at each turn and the
        scores after each turn."""
        found = self._logs.get(viewer)
        if found is not None:
            return found
        names = [seat.name for seat in self.setup.seats]
        entries: list[LogEntry] = []
        for index, events in enumerate(self.events):
            position = index + 1
            for event in events:
                seen = event.for_viewer(viewer)
                if seen is None:
                    continue
                if seen.kind == "turn":
                    if seen.number > 1:
                        entries.append(LogEntry(position, "scores", turn=seen.number - 1,
                                                scores=self.scores[position]))
                    entries.append(LogEntry(position, "turn", turn=seen.number, seat=seen.seat))
                    continue
                line = self.handle.describe(seen, names)
                if line:
                    entries.append(LogEntry(position, "line", line))
        if self.finished:
            entries.append(LogEntry(self.last, "scores", turn=self.turns, scores=self.scores[-1]))
        self._logs[viewer] = entries
        return entries


def record_as_saved(handle: AnyGame, state: AnyState) -> SavedGame:
    """A replayed game record in the shape of a save, to be told like one (its seats are nameless)."""
    seats = tuple(Seat(f"Seat {i}") for i in range(state.players))
    setup = GameSetup(seats, state.seed, state.first, handle.id, tuple(state.variants))
    return SavedGame("record", setup, tuple(state.history), "", "", False, state.is_terminal())


def format_replay(result: dict[str, Any]) -> str:
    names = [s["name"] for s in result["seats"]]
    about = [f"seed {result['seed']}"] if result["seed"] is not None else []
    about += [f"variants {', '.join(result['variants'])}"] if result["variants"] else []
    about.append(f"{result['actions']} actions")
    out = [f"Game {result['game_id']} of {result['game']}: {', '.join(names)} ({', '.join(about)})"]
    for turn in result["turns"]:
        heading = "Setup" if turn["seat"] is None else f"Turn {turn['turn']} - {names[turn['seat']]}"
        scores = ", ".join(f"{n} {s}" for n, s in zip(names, turn["scores"] or []))
        out.append(f"{heading}   [{scores}]")
        out.extend(f"    {line}" for line in turn["events"])
    if result["finished"]:
        out.append("Final scores:")
        for name, report in zip(names, result["final"]):
            cats = ", ".join(f"{k} {v}" for k, v in report["categories"].items())
            out.append(f"    {name}: {report['total']} ({cats})")
        out.append("Winner: " + " and ".join(names[w] for w in result["winners"]))
    else:
        out.append("(unfinished)")
    return "\n".join(out)


def load_for_replay(library: Library, file: str | None) -> tuple[AnyGame, SavedGame]:
    path = Path(file) if file else latest_save_path()
    if path is None:
        raise SaveError("no_saves")
    try:
        game, _ = read(path, library)
    except SaveError as exc:
        raise SaveError("at_path", path=str(path), problem=exc.message) from None
    return library[game.setup.game], game
