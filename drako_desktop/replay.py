"""`drako-desktop replay`: a saved game told turn by turn, with the scores after each turn.

It is also how a bug report is reproduced: the save holds the seed and every
chosen action, and this replays them through the engine.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .controller.narrate import describe
from .engine import GameState, Rules
from .engine.report import score_report
from .saves import SaveError, SavedGame, history_dir, read, saves_dir


def latest_save_path() -> Path | None:
    """The most recently written save, finished or not."""
    files = [p for folder in (saves_dir(), history_dir()) if folder.is_dir() for p in folder.glob("*.json")]
    return max(files, key=lambda p: p.stat().st_mtime) if files else None


def replay_game(rules: Rules, game: SavedGame) -> dict[str, Any]:
    """The whole game as data: per turn, the log lines and everyone's score afterwards."""
    setup = game.setup
    names = [s.name for s in setup.seats]
    state = GameState.new(rules, setup.players, setup.seed, setup.first)
    turns: list[dict[str, Any]] = [{"turn": 0, "seat": None, "events": [], "scores": None}]

    def tell(events) -> None:
        for event in events:
            if event.kind == "turn":
                turns[-1]["scores"] = [b.total for b in state.scores()]
                turns.append({"turn": event.count, "seat": event.seat, "events": [], "scores": None})
                continue
            line = describe(event, names, rules.cards)
            if line:
                turns[-1]["events"].append(line)

    for action in game.actions:
        tell(state.apply(action))
    turns[-1]["scores"] = [b.total for b in state.scores()]
    return {
        "game_id": game.game_id,
        "seats": [{"name": s.name, "kind": s.kind, "level": s.level} for s in setup.seats],
        "seed": setup.seed,
        "first": setup.first,
        "actions": len(game.actions),
        "finished": state.is_terminal(),
        "turns": turns,
        "final": [score_report(rules, state.visible_kingdom(s), state.claimed[s]) for s in range(setup.players)]
        if state.is_terminal() else None,
        "winners": state.winners() if state.is_terminal() else None,
    }


def format_replay(result: dict[str, Any]) -> str:
    names = [s["name"] for s in result["seats"]]
    out = [f"Game {result['game_id']}: {', '.join(names)} (seed {result['seed']}, {result['actions']} actions)"]
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


def load_for_replay(rules: Rules, file: str | None) -> SavedGame:
    path = Path(file) if file else latest_save_path()
    if path is None:
        raise SaveError("no_saves")
    try:
        game, _ = read(path, rules)
    except SaveError as exc:
        raise SaveError("at_path", path=str(path), problem=exc.message) from None
    return game
