"""The leak probe, beside the conformance suite and over every registered game: four modified clients record every
message they receive through a whole 4-player hosted game of each game (with all its variants at once), and nothing
in them may tell a seat what it may not see.

Each message before the end must be exactly what the seat's own view, its legal actions and the events filtered for
it make (rebuilt here from the game's actions, independently of the host: every event and every decision, and the
view of every eighth move); at positions all through the game, a
twin that differs only in what the seat does not know (`Game.hidden_twin`) must give the same view, legal actions
and (in a game without chance, whose twin can be replayed) the same events; and no other seat's key, no private key
and no seed may appear in any byte. Only the end, once everything is revealed, carries the record."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from drako_desktop.ai.external import decide_message
from drako_desktop.controller.game import as_seen_by
from drako_desktop.controller.undo import ActionLog
from drako_desktop.interface.registry import game_ids
from drako_desktop.net.invitation import Invitation, encode_bytes
from drako_desktop.net.protocol import encode
from net_support import HostThread, hello, library, loop_thread, opened, table

PRESENCE = {"here", "away", "stand-in", "host"}
TWINS_PER_SEAT = 5  # positions of each seat's game where a twin is swapped in
VIEWS_EVERY = 8  # the view of every so many events messages is rebuilt (every decision's view is, and every event)


# Each game once, with every one of its variants switched on (the variants add rules to the game without them; the
# engines' own conformance suite plays every variant alone too).
CASES = [(game_id, tuple(v.id for v in library()[game_id].variants)) for game_id in game_ids()]


async def probe(invitation: Invitation, rules: dict[str, str], seed: int) -> list[str]:
    """A modified client: it plays random legal answers and keeps every text frame it gets, to the end."""
    rng = random.Random(seed)
    frames: list[str] = []
    async with await opened(invitation) as websocket:
        await websocket.send(hello(invitation, rules))
        async for frame in websocket:
            assert isinstance(frame, str), "the host sends text frames only"
            frames.append(frame)
            if frame.startswith('{"type":"decide"'):  # read through only when it asks something (the rest later)
                message = json.loads(frame)
                await websocket.send(encode({"type": "action", "decision": message["decision"],
                                             "choice": rng.randrange(len(message["legal"]))}))
            elif frame.startswith('{"type":"end"'):
                break
    return frames


class Replay:
    """The hosted game rebuilt from its actions: each position, and the events of each action."""

    def __init__(self, game: Any, setup: Any, actions: list[Any]) -> None:
        self.game = game
        state = game.new_state(setup.players, setup.seed, setup.first, setup.variants)
        self.states = [state.clone()]
        self.events: list[list[Any]] = []
        for action in actions:
            self.events.append(state.apply(action))
            self.states.append(state.clone())

    def told(self, seat: int, n: int) -> list[dict[str, Any]]:
        """Every event of the first `n` actions as the seat may know them, as JSON."""
        return [e.to_json() for events in self.events[:n] for e in as_seen_by(events, seat)]


@pytest.mark.parametrize("game_id, variants", CASES)
def test_no_client_learns_what_its_seat_may_not_see(game_id, variants):
    game = library()[game_id]
    hosted = table(game, ["remote"] * 4, seed=3, variants=variants)
    rules = {g: library()[g].identity for g in library()}
    with loop_thread() as loop, HostThread([hosted]) as host:
        invitations = host.invitations()

        async def everyone() -> list[list[str]]:
            return list(await asyncio.gather(*(probe(i, rules, 100 + i.seat) for i in invitations)))

        received = loop.run(everyone())
        assert host.wait() == 0
    setup = hosted.controller.setup
    replay = Replay(game, setup, hosted.controller.actions)
    secrets_of = {seat: encode_bytes(hosted.hosting.keys[seat] or b"") for seat in range(4)}
    for seat, frames in enumerate(received):
        messages = [json.loads(f) for f in frames]
        ended = [m["type"] for m in messages].index("end")
        before = frames[:ended]
        # no other seat's key, no private key, no seed in any byte before the end
        forbidden = [k for s, k in secrets_of.items() if s != seat] + [hosted.hosting.private_key.decode()[30:90]]
        if game.seeded:
            forbidden.append(str(setup.seed))
        assert not [word for word in forbidden for frame in before if word in frame]
        told = check_messages(replay, seat, messages[:ended])
        assert told["events"] == list(range(told["welcome"] + 1, len(replay.events) + 1)) and told["decide"] > 10
        check_twins(replay, seat, messages[:ended], seed=seat)
        assert messages[ended]["record"] == game.record(replay.states[-1])


def check_messages(replay: Replay, seat: int, messages: list[dict[str, Any]]) -> dict[str, Any]:
    """Each message is exactly what the seat's view, legal actions and filtered events make at its position; what
    was told: the position of the welcome, the positions of the events in order, how many decisions."""
    game = replay.game
    told: dict[str, Any] = {"welcome": None, "events": [], "decide": 0, "held": []}
    for message in messages:
        kind = message["type"]
        if kind == "welcome":
            state = message["state"]
            n = state["n"]
            assert state["view"] == replay.states[n].view(seat).to_json()
            assert state["events"] == replay.told(seat, n)
            assert message["seat"] == seat and message["game"] == game.id and message["rules"] == game.identity
            told["welcome"] = n
        elif kind in ("events", "ended"):
            # an action's events, then (once its turn is ended) the next turn's start, held back until then
            n = message["n"]
            if n % VIEWS_EVERY == 0 or n == len(replay.events):
                assert message["view"] == replay.states[n].view(seat).to_json()
            seen = [e.to_json() for e in as_seen_by(replay.events[n - 1], seat)]
            if kind == "events":
                assert seen[:len(message["events"])] == message["events"]
                told["events"].append(n)
                told["held"] = seen[len(message["events"]):]
            else:
                assert told["events"][-1] == n and message["events"] == told["held"]
                told["held"] = []
        elif kind == "decide":
            d = message["decision"]
            state = replay.states[d]
            assert state.current == seat and not told["held"]
            expected = decide_message(game.id, state.view(seat), state.legal_actions())
            assert message == json.loads(encode({**expected, "decision": d, "kind": state.decision(),
                                                 "undo": undo_word(replay, seat, d)}))
            told["decide"] += 1
        elif kind == "presence":
            assert set(message) == {"type", "seats", "waiting", "waited"} and set(message["seats"]) <= PRESENCE
        else:
            raise AssertionError(f"a {kind} message before the end")
    return told


def undo_word(replay: Replay, seat: int, d: int) -> str:
    """Whether the seat could take a step back at decision `d`, as the host says it with its question: "" (it can),
    "final" (its last step of this turn brought something hidden to light) or "nothing"."""
    log = ActionLog()
    for i in range(d):
        log.record(replay.states[i].current, replay.states[i].turn, replay.events[i])
    turn = replay.states[d].turn
    if log.undo_target(seat, turn, False, ()) is not None:
        return ""
    mine = bool(log.seats) and log.seats[-1] == seat and log.turns[-1] == turn
    return "final" if mine and log.revealing[-1] else "nothing"


def check_twins(replay: Replay, seat: int, messages: list[dict[str, Any]], seed: int) -> None:
    """At positions all through the game: a twin differing only in what the seat does not know gives it the same
    view and legal actions, and (replayed, where the game has no chance) the same events from the start."""
    game = replay.game
    told = [m for m in messages if m["type"] in ("events", "decide")]
    step = max(1, len(told) // TWINS_PER_SEAT)
    swapped = 0
    for message in told[::step]:
        n = message["n"] if message["type"] == "events" else message["decision"]
        twin = game.hidden_twin(replay.states[n], seat, seed)
        if twin is None:
            continue
        swapped += 1
        assert twin.view(seat).to_json() == message["view"]
        if message["type"] == "decide":
            assert [a.to_json() for a in twin.legal_actions()] == message["legal"]
        if not game.seeded:
            again = game.new_state(twin.players, twin.seed, twin.first, tuple(twin.variants))
            events = [again.apply(action) for action in twin.history]
            assert [e.to_json() for es in events for e in as_seen_by(es, seat)] == replay.told(seat, n)
    assert swapped > 0
