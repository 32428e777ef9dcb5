"""The rule books' notation and records, both ways: every legal action of random games survives its JSON, the
actions are written as Draco Mundis's section 7 writes them, and the records the app writes (simulate
--records) replay through the rules to the same scores and winners."""

from __future__ import annotations

import json
import random
from typing import cast

import pytest

from drako_desktop import cli
from drako_desktop.games.aetherya_pocket.engine import Action, GameState
from drako_desktop.games.draco_mundis.actions import Action as DracoAction
from drako_desktop.interface.registry import Library
from drako_desktop.records import read_record, replay_record
from test_draco_support import GAME, random_game

# -- Draco Mundis, section 7 -------------------------------------------------------------------------

NOTATION_TYPES = {"place", "peek", "move", "reveal", "fight", "rotate", "capture", "destroy", "push", "sacrifice",
                  "reveal-any", "pass"}
# Three seeded games that between them offer every action kind of the notation (checked below).
GAMES = ((2, ("dragon_trap", "sherpa_sacrifice"), 1), (3, ("dragon_trap", "fast_setup", "sherpa_sacrifice"), 2),
         (4, ("dragon_trap",), 3))


def test_every_legal_action_of_random_games_survives_its_json():
    seen: set[str] = set()
    for players, variants, seed in GAMES:
        for s, chosen in random_game(players, seed % players, variants, seed):
            for action in s.legal_actions():
                if action.type == "select":  # the engine's half of a placement: not in the notation
                    continue
                obj = action.to_json()
                assert set(obj) - {"type"} == {
                    "place": {"token", "at"} | ({"facing"} if obj.get("token") == "explorer" else set()),
                    "move": {"from", "to"}, "capture": {"from", "to"}, "push": {"by", "at"},
                    "reveal": {"at", "facing"}, "rotate": {"at", "facing"}, "reveal-any": {"at", "facing"},
                    "pass": set()}.get(obj["type"], {"at"}), obj
                assert GAME.action_from_json(json.loads(json.dumps(obj))) is action
                seen.add(action.type)
            s.apply(cast(DracoAction, chosen))
    assert seen == NOTATION_TYPES


# The table of section 7, each form filled in with squares and kinds (json.dumps writes ", " and ": " as it does).
BOOK_FORMS = [
    '{"type": "place", "token": "explorer", "at": [3, 7], "facing": "N"}',
    '{"type": "place", "token": "tiger", "at": [0, 11]}',
    '{"type": "place", "token": "trap", "at": [7, 6]}',
    '{"type": "peek", "at": [2, 9]}',
    '{"type": "move", "from": [4, 8], "to": [2, 8]}',
    '{"type": "reveal", "at": [5, 10], "facing": "W"}',
    '{"type": "fight", "at": [3, 8]}',
    '{"type": "rotate", "at": [3, 8], "facing": "S"}',
    '{"type": "capture", "from": [4, 6], "to": [4, 8]}',
    '{"type": "destroy", "at": [6, 6]}',
    '{"type": "push", "by": [4, 8], "at": [3, 8]}',
    '{"type": "sacrifice", "at": [1, 9]}',
    '{"type": "reveal-any", "at": [0, 11], "facing": "E"}',
    '{"type": "pass"}',
]


@pytest.mark.parametrize("text", BOOK_FORMS)
def test_actions_are_written_as_the_book_writes_them(text):
    assert json.dumps(GAME.action_from_json(json.loads(text)).to_json()) == text


def test_worked_example_d_capture_reads_as_written():
    # Section 8 D writes the squares without a space: JSON spacing is not part of the notation.
    written = '{"type": "capture", "from": [4,6], "to": [4,8]}'
    assert GAME.action_from_json(json.loads(written)).to_json() == {"type": "capture", "from": [4, 6], "to": [4, 8]}


def test_a_record_is_written_as_the_book_writes_it():
    s = GAME.new_state(2, 0, 1)
    assert json.dumps(GAME.record(s)) == (
        '{"game": "draco-mundis", "players": 2, "first": 1, "variants": {"fast_setup": false, '
        '"sherpa_sacrifice": false, "dragon_trap": false}, "actions": [], "scores": [0, 0], "winners": [0, 1]}')


# -- Aetherya Pocket (its book has no notation: the app's own action forms, as saves and bots use them) -------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_aetherya_action_survives_its_json(rules, players):
    s = GameState.new(rules, players, seed=players, first=players - 1)
    rng = random.Random(players)
    seen = set()
    while not s.is_terminal():
        legal = s.legal_actions()
        for action in legal:
            assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
            seen.add(action.kind)
        s.apply(legal[rng.randrange(len(legal))])
    assert seen >= {"arrange", "take-discard", "draw", "place", "reveal", "pass", "claim"}


# -- records: written by the app, replayed through the rules --------------------------------------------


@pytest.mark.parametrize("game, players, variants", [
    ("draco-mundis", 2, "sherpa_sacrifice"),
    ("draco-mundis", 3, "fast_setup,dragon_trap"),
    ("draco-mundis", 4, ""),
    ("aetherya-pocket", 2, ""),
    ("aetherya-pocket", 4, ""),
])
def test_records_written_by_simulate_replay_to_the_same_scores(tmp_path, capsys, game, players, variants):
    path = tmp_path / "records.jsonl"
    args = ["simulate", "--game", game, "--agents", "random", "--players", str(players), "--games", "2",
            "--seed", "7", "--records", str(path), "--json"]
    assert cli.main(args + (["--variants", variants] if variants else [])) == 0
    capsys.readouterr()
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    library = Library()
    for line in lines:
        record = json.loads(line)
        assert (record["game"], record["players"]) == (game, players)
        _, state = replay_record(library, record)
        assert state.is_terminal()
        assert [b.total for b in state.scores()] == record["scores"] and state.winners() == record["winners"]
    # The replay command reads the first line of the file and says the same.
    assert cli.main(["replay", "--record", str(path), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    first = json.loads(lines[0])
    assert (shown["scores"], shown["winners"]) == (first["scores"], first["winners"])
    assert read_record(path) == first


def test_every_test_the_rule_book_audit_names_exists():
    """docs/rule-book-audit.md maps each rule to the tests that pin it: a renamed or removed test must not leave
    the checklist pointing at nothing (a name cut short with "..." stands for the tests it begins)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    audit = (root / "docs" / "rule-book-audit.md").read_text(encoding="utf-8")
    defined = {name for path in (root / "tests").glob("test_*.py")
               for name in re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M)}
    named = [(name, cut) for name, cut in re.findall(r"(test_\w+)(\.\.\.|\.py)?", audit) if cut != ".py"]
    assert len(named) > 100
    missing = [name + cut for name, cut in named
               if not (any(d.startswith(name) for d in defined) if cut else name in defined)]
    assert missing == []
