"""`drako-desktop replay`: a saved game told turn by turn, with the scores after each turn.

It is also how a bug report is reproduced: the save holds the seed and every
chosen action, and this replays them through the engine.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .controller.game import GameSetup, Seat
from .games.base import Game, GameState
from .saves import Library, SaveError, SavedGame, history_dir, read, saves_dir


def latest_save_path() -> Path | None:
    """The most recently written save, finished or not."""
    files = [p for folder in (saves_dir(), history_dir()) if folder.is_dir() for p in folder.glob("*.json")]
    return max(files, key=lambda p: p.stat().st_mtime) if files else None


def replay_game(handle: Game, game: SavedGame) -> dict[str, Any]:
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
        "seed": setup.seed if handle.seeded else None,  # a game without chance has no seed
        "first": setup.first,
        "variants": list(setup.variants),
        "actions": len(game.actions),
        "finished": state.is_terminal(),
        "turns": turns,
        "final": handle.score_reports(state) if state.is_terminal() else None,
        "winners": state.winners() if state.is_terminal() else None,
    }


def record_as_saved(handle: Game, state: GameState) -> SavedGame:
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


def load_for_replay(library: Library, file: str | None) -> tuple[Game, SavedGame]:
    path = Path(file) if file else latest_save_path()
    if path is None:
        raise SaveError("no_saves")
    try:
        game, _ = read(path, library)
    except SaveError as exc:
        raise SaveError("at_path", path=str(path), problem=exc.message) from None
    return library[game.setup.game], game
