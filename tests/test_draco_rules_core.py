"""One place for each rule of Draco Mundis (issue 28): the table's numbers are the engine's.

The table reckons strengths, fight previews and scores on a `BoardModel` made from one seat's view; the
engine on its own compact state. Both ask `strength.py`, `fight.py`, `entry.py` and `scoring.py`. Over random
positions of random games (2-4 players, every variant): the fight the table previews for every legal fight,
and for every legal reveal of a character (the revealer's guess being right), is the fight `apply` then
fights, side by side and to the point; every face-up character's strength and every seat's score on the
table are the engine's."""

from __future__ import annotations

from hypothesis import given, settings

from drako_desktop.games.draco_mundis.actions import FACINGS, Fight, Reveal, row_col
from drako_desktop.games.draco_mundis.board import BoardModel
from drako_desktop.games.draco_mundis.entry import ANY, NONE, OWN, land_entry
from drako_desktop.games.draco_mundis.rules import KIND_BITS, KIND_MASK
from drako_desktop.games.draco_mundis.view import Token
from test_draco_properties import games
from test_draco_support import GAME, RULES, random_game

DATA = GAME.data


def previewed(model: BoardModel, s, action) -> tuple | None:
    """The table's preview of a fight action or a reveal, as (attackers, defender, attack, defence, outcome)."""
    me = s.current
    at = row_col(action.at)
    if isinstance(action, Reveal):
        token = s.down[action.at]
        defender = Token(token >> KIND_BITS, RULES.kinds[token & KIND_MASK], FACINGS[action.facing])
        if not RULES.is_character[token & KIND_MASK]:
            return None
        preview = model.fight_preview(me, at, defender)
    else:
        preview = model.fight_preview(me, at)
    if preview is None:
        return None
    return (sorted((f.at, f.token.kind, f.strength) for f in preview.attackers),
            (preview.defender.at, preview.defender.token.kind, preview.defender.strength),
            preview.attack, preview.defence, preview.outcome)


def fought(s, action) -> tuple | None:
    """What `apply` did: the same, from its fight event (None when no fight followed)."""
    events = s.clone().apply(action)
    fights = [e for e in events if e.kind == "fight"]
    if not fights:
        return None
    (e,) = fights
    return (sorted((f.at, f.kind, f.strength) for f in e.attackers), (e.defender.at, e.defender.kind,
            e.defender.strength), e.attack, e.defence, e.outcome)


@settings(max_examples=6, deadline=None)
@given(games)
def test_the_tables_fight_preview_is_the_fight_apply_fights_and_its_numbers_are_the_engines(game):
    players, first, variants, seed = game
    fights = reveals = 0
    for s, action in random_game(players, first % players, variants, seed):
        if s.decision() == "act":
            me = s.current
            model = BoardModel.from_view(s.view(me), DATA)
            seen: set[int] = set()
            for candidate in s.legal_actions():
                if isinstance(candidate, Reveal) and candidate.at in seen:
                    continue  # one facing of a reveal is enough
                if isinstance(candidate, (Fight, Reveal)):
                    seen.add(candidate.at)
                    expected = fought(s, candidate)
                    assert previewed(model, s, candidate) == expected, candidate
                    fights += isinstance(candidate, Fight)
                    reveals += expected is not None and isinstance(candidate, Reveal)
            public = BoardModel.from_view(s.view(None), DATA)
            for p in range(players):
                for sq in s.chars_of[p]:
                    assert sum(m.value for m in model.strength_parts(row_col(sq))) == s.strength(sq)
                assert public.score_lines(p) == list(zip(s.breakdown(p).categories, s.breakdown(p).values))
        s.apply(action)
    assert fights + reveals > 0  # every game has fights


def test_who_may_enter_a_land_follows_the_rule_book():
    """Rule book 1.2: nobody enters a campsite but the journalist (any) and the hunter (his own), nor the
    tiger's territory; everyone enters a mountain but the SS307, a jungle and a swamp. The engine's table is
    the same rule, by kind number."""
    assert land_entry(DATA, "journalist", "campsite") == ANY and land_entry(DATA, "hunter", "campsite") == OWN
    assert land_entry(DATA, "explorer", "campsite") == NONE and land_entry(DATA, "journalist", "tiger") == NONE
    assert land_entry(DATA, "ss307", "mountain") == NONE and land_entry(DATA, "biplane", "mountain") == ANY
    assert land_entry(DATA, "dragon", "swamp") == land_entry(DATA, "cannibal", "jungle") == ANY
    for k, kind in enumerate(RULES.kinds):
        for lk, land in enumerate(RULES.kinds):
            if RULES.is_character[k] and RULES.is_land[lk]:
                entry = land_entry(DATA, kind, land)
                assert RULES.may_enter[k][lk] == (entry == ANY, entry != NONE)
