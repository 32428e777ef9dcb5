"""Typed, immutable card data for one game, loaded from a folder of YAML files.

Everything the rules use as a number or a list (card types, tribe values,
conflicts, dragon values, legends) is a row here; the engine reads these rows
through a few general pattern functions and never names a card itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

from ...data.identity import WORDS, former_identities, rules_identity
from ...data.yamlfile import CardDataError, YamlFile, check_svg, describe, quoted

FAMILIES = ("land", "tribe", "dragon", "portal")
MAX_DECK = 400  # cards in a deck: far more than 4 players' kingdoms need, few enough to deal at once
MAX_POINTS = 100  # the size of any one score value (per card, conflict, dragon or legend)
UNEXPLORED_ICON = "icons/unexplored.svg"  # the back of a face-down card (the table draws it from the folder)
PATTERNS = ("pair", "group", "hub", "present", "any")
CARD_FILES = ("game.yaml", "kingdom.yaml", "scoring.yaml", "legends.yaml")
# The cards this game shipped with before identities named rule content: the sha256 of its files' bytes (what
# those releases' saves name) -> the rules identity of those cards. Never edited, only added to.
SHIPPED = {"2c212f60dadb8d58977f67d76e41f172df8ece417843e1b6cc8a855c9abb2ddc":
           "5e4b2916441d9590bb05c50d4f9379b7c3e645cc89f9d0a0cc0f9488c268178f"}


@dataclass(frozen=True)
class CardType:
    id: str
    index: int
    name: str = field(metadata=WORDS)
    family: str
    colour: str = field(metadata=WORDS)
    icon: Path = field(metadata=WORDS)
    copies: tuple[tuple[int, int], ...]  # (player-count mark, number of cards)
    locked: bool

    def count_for(self, players: int) -> int:
        return sum(n for mark, n in self.copies if mark <= players)


@dataclass(frozen=True)
class Requirement:
    """One legend requirement pattern (see legends.yaml for the meaning)."""

    pattern: str
    types: tuple[str, ...] = ()
    size: int = 0
    options: tuple["Requirement", ...] = ()


@dataclass(frozen=True)
class LegendFamily:
    id: str
    name: str = field(metadata=WORDS)
    icon: Path = field(metadata=WORDS)


@dataclass(frozen=True)
class Legend:
    id: str
    index: int
    name: str = field(metadata=WORDS)
    family: str
    points: int
    text: str = field(metadata=WORDS)
    requires: Requirement


@dataclass(frozen=True)
class DragonRules:
    domesticators: tuple[str, ...]
    at_least: int
    values: tuple[tuple[int, int], ...]  # index d-1: (domesticated, wild) with d dragons
    counted: int
    each_extra: int

    def score(self, dragons: int, domesticated: int) -> int:
        if dragons == 0:
            return 0
        if dragons <= len(self.values):
            tame, wild = self.values[dragons - 1]
            return tame * domesticated + wild * (dragons - domesticated)
        tame, wild = self.values[self.counted - 1]
        best = min(domesticated, self.counted)
        return tame * best + wild * (self.counted - best) + self.each_extra * (dragons - self.counted)


@dataclass(frozen=True)
class CardSet:
    game_id: str
    name: str = field(metadata=WORDS)
    folder: Path = field(metadata=WORDS)
    identity: str = field(metadata=WORDS)  # of its rule content (`data.identity.rules_identity`): what a save names
    min_players: int
    max_players: int
    starting_hand: int
    unexplored: int
    legend_row: int
    deck_size: tuple[tuple[int, int], ...]
    types: tuple[CardType, ...]
    tribe_values: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
    no_portals: tuple[str, ...]
    conflict_points: int
    hostile: tuple[tuple[str, str], ...]
    dragons: DragonRules
    legend_families: tuple[LegendFamily, ...]
    legends: tuple[Legend, ...]
    # the identities earlier releases named these very rules by (see `SHIPPED`): their saves are these rules'
    former_identities: frozenset[str] = field(metadata=WORDS)

    @property
    def categories(self) -> tuple[str, ...]:
        """The seven score categories, in score-sheet and tie-break order."""
        return tuple(t for t, _ in self.tribe_values) + ("dragons", "legends", "conflicts")

    def type(self, type_id: str) -> CardType:
        for t in self.types:
            if t.id == type_id:
                return t
        raise KeyError(type_id)

    def legend(self, legend_id: str) -> Legend:
        for leg in self.legends:
            if leg.id == legend_id:
                return leg
        raise KeyError(legend_id)

    def family(self, family_id: str) -> LegendFamily:
        for fam in self.legend_families:
            if fam.id == family_id:
                return fam
        raise KeyError(family_id)


def load_cards(folder: Path | str) -> CardSet:
    """Load and validate a card folder; raise CardDataError naming file, key and problem."""
    folder = Path(folder)
    if not folder.is_dir():
        raise CardDataError(folder, "", "card folder not found")
    files = {name: YamlFile(folder / name) for name in CARD_FILES}

    game = _load_game(files["game.yaml"])
    types = _load_types(files["kingdom.yaml"], game)
    type_ids = {t.id: t for t in types}
    scoring = _load_scoring(files["scoring.yaml"], type_ids)
    families, legends = _load_legends(files["legends.yaml"], type_ids)
    f = files["game.yaml"]
    f.int(game["legend_row"], "legend_row", 1, len(legends))  # a row of the legends there are
    check_svg(folder, UNEXPLORED_ICON, lambda problem: CardDataError(folder, "", problem))
    cards = CardSet(
        game_id=game["id"],
        name=game["name"],
        folder=folder.resolve(),
        identity="",
        min_players=game["min"],
        max_players=game["max"],
        starting_hand=game["starting_hand"],
        unexplored=game["unexplored"],
        legend_row=game["legend_row"],
        deck_size=game["deck_size"],
        types=types,
        legend_families=families,
        legends=legends,
        **scoring,
        former_identities=frozenset(),
    )
    identity = rules_identity(cards)
    return replace(cards, identity=identity, former_identities=former_identities(identity, SHIPPED))


def _load_game(f: YamlFile) -> dict:
    root = f.mapping(f.root, "", ("id", "name", "players", "starting_hand", "unexplored", "legend_row", "deck_size"))
    players = f.mapping(root["players"], "players", ("min", "max"))
    low = f.int(players["min"], "players.min", 1, 8)
    high = f.int(players["max"], "players.max", low, 8)
    hand = f.int(root["starting_hand"], "starting_hand", 1, 16)
    unexplored = f.int(root["unexplored"], "unexplored", 1, 16)
    if hand + unexplored != 16:
        raise f.fail(
            "unexplored", f"starting_hand ({hand}) + unexplored ({unexplored}) must fill the 16 cells of a Kingdom"
        )
    if hand != 4:
        raise f.fail("starting_hand", "must be 4: the starting cards form the 2 x 2 centre of the Kingdom")
    sizes = f.mapping(root["deck_size"], "deck_size", tuple(range(low, high + 1)))
    deck_size = tuple((n, f.int(sizes[n], f"deck_size.{n}", 1, MAX_DECK)) for n in range(low, high + 1))
    return {
        "id": f.str(root["id"], "id"),
        "name": f.str(root["name"], "name"),
        "min": low,
        "max": high,
        "starting_hand": hand,
        "unexplored": unexplored,
        "legend_row": f.int(root["legend_row"], "legend_row", 1, 60),  # and at most the legends there are (below)
        "deck_size": deck_size,
    }


def _load_types(f: YamlFile, game: dict) -> tuple[CardType, ...]:
    root = f.mapping(f.root, "", ("types",))
    rows = f.list(root["types"], "types", 1)
    if len(rows) > 15:
        raise f.fail("types", f"at most 15 card types are supported, found {len(rows)}")
    types = []
    for i, row in enumerate(rows):
        key = f"types[{i}]"
        row = f.mapping(row, key, ("id", "name", "family", "colour", "icon", "copies", "locked"))
        copies_map = f.mapping(row["copies"], f"{key}.copies", (), tuple(range(game["min"], game["max"] + 1)))
        if not copies_map:
            raise f.fail(f"{key}.copies", "needs at least one player-count mark")
        copies = tuple(
            (mark, f.int(n, f"{key}.copies.{mark}", 0, MAX_DECK)) for mark, n in sorted(copies_map.items())
        )
        types.append(
            CardType(
                id=f.str(row["id"], f"{key}.id"),
                index=i,
                name=f.str(row["name"], f"{key}.name"),
                family=f.choice(row["family"], f"{key}.family", FAMILIES, "family"),
                colour=f.colour(row["colour"], f"{key}.colour"),
                icon=f.asset(row["icon"], f"{key}.icon"),
                copies=copies,
                locked=f.bool(row["locked"], f"{key}.locked"),
            )
        )
    f.unique([t.id for t in types], "types", "card type id")
    for family in FAMILIES:
        if not any(t.family == family for t in types):
            raise f.fail("types", f"needs at least one card type of family {quoted(family)}")
    for players, expected in game["deck_size"]:
        total = sum(t.count_for(players) for t in types)
        if total != expected:
            raise f.fail(
                "types",
                f"copies add up to {total} cards for {players} players, "
                f"but game.yaml deck_size.{players} says {expected}",
            )
        needed = players * 16 + 1
        if total < needed:
            raise f.fail(
                "types", f"{players} players need at least {needed} cards (16 per Kingdom and a discard), only {total}"
            )
        if sum(1 for t in types if t.count_for(players) > 0) < game["starting_hand"]:
            raise f.fail("types", f"{players} players need at least {game['starting_hand']} different card types")
    return tuple(types)


def _load_scoring(f: YamlFile, types: dict[str, CardType]) -> dict:
    root = f.mapping(f.root, "", ("tribes", "no_portals", "conflicts", "dragons"))
    of = _family_checker(f, types)

    tribes_map = f.mapping(root["tribes"], "tribes", (), tuple(types))
    tribe_values = []
    for tribe, values in tribes_map.items():
        of(tribe, f"tribes.{tribe}", "tribe", key_is_name=True)
        values = f.mapping(values, f"tribes.{tribe}", (), tuple(types))
        for land, points in values.items():
            of(land, f"tribes.{tribe}.{land}", "land", key_is_name=True)
            f.int(points, f"tribes.{tribe}.{land}", -MAX_POINTS, MAX_POINTS)
        tribe_values.append((tribe, tuple(values.items())))
    missing = [t.id for t in types.values() if t.family == "tribe" and t.id not in tribes_map]
    if missing:
        raise f.fail("tribes", f"missing the tribe(s) {', '.join(missing)}")

    no_portals = f.list(root["no_portals"], "no_portals")
    for i, t in enumerate(no_portals):
        of(t, f"no_portals[{i}]", None)

    conflicts = f.mapping(root["conflicts"], "conflicts", ("points", "hostile"))
    hostile = []
    for i, pair in enumerate(f.list(conflicts["hostile"], "conflicts.hostile")):
        key = f"conflicts.hostile[{i}]"
        pair = f.list(pair, key, 2)
        if len(pair) != 2:
            raise f.fail(key, f"must be a pair of tribes, has {len(pair)} entries")
        a = of(pair[0], f"{key}[0]", "tribe")
        b = of(pair[1], f"{key}[1]", "tribe")
        if (a, b) in hostile or (b, a) in hostile:
            raise f.fail(key, f"duplicate hostile pair {a}-{b}")
        hostile.append((a, b))

    dragons = f.mapping(root["dragons"], "dragons", ("domesticated", "values", "beyond"))
    dom = f.mapping(dragons["domesticated"], "dragons.domesticated", ("by", "at_least"))
    by = tuple(
        of(t, f"dragons.domesticated.by[{i}]", "tribe")
        for i, t in enumerate(f.list(dom["by"], "dragons.domesticated.by", 1))
    )
    values_map = f.mapping(dragons["values"], "dragons.values", (), tuple(range(1, 17)))
    if sorted(values_map) != list(range(1, len(values_map) + 1)) or not values_map:
        raise f.fail("dragons.values", "rows must be numbered 1, 2, 3 ... without gaps")
    values = []
    for d in sorted(values_map):
        row = f.list(values_map[d], f"dragons.values.{d}", 2)
        if len(row) != 2:
            raise f.fail(f"dragons.values.{d}", "must be [points per domesticated dragon, points per wild dragon]")
        values.append((f.int(row[0], f"dragons.values.{d}[0]", -MAX_POINTS, MAX_POINTS),
                       f.int(row[1], f"dragons.values.{d}[1]", -MAX_POINTS, MAX_POINTS)))
    beyond = f.mapping(dragons["beyond"], "dragons.beyond", ("counted", "each_extra"))
    counted = f.int(beyond["counted"], "dragons.beyond.counted", 1, len(values))
    return {
        "tribe_values": tuple(tribe_values),
        "no_portals": tuple(no_portals),
        "conflict_points": f.int(conflicts["points"], "conflicts.points", -MAX_POINTS, MAX_POINTS),
        "hostile": tuple(hostile),
        "dragons": DragonRules(
            domesticators=by,
            at_least=f.int(dom["at_least"], "dragons.domesticated.at_least", 1, 16),
            values=tuple(values),
            counted=counted,
            each_extra=f.int(beyond["each_extra"], "dragons.beyond.each_extra", -MAX_POINTS, MAX_POINTS),
        ),
    }


def _family_checker(f: YamlFile, types: dict[str, CardType]) -> Callable[..., str]:
    def check(value: Any, key: str, family: str | None, key_is_name: bool = False) -> str:
        if not key_is_name:
            value = f.str(value, key)
        if value not in types:
            raise f.fail(key, f"unknown card type {quoted(value)} (known: {', '.join(types)})")
        if family is not None and types[value].family != family:
            raise f.fail(key, f"{quoted(value)} is a {types[value].family}, not a {family}")
        return value

    return check


def _load_legends(f: YamlFile, types: dict[str, CardType]) -> tuple[tuple[LegendFamily, ...], tuple[Legend, ...]]:
    root = f.mapping(f.root, "", ("families", "legends"))
    if not isinstance(root["families"], dict):
        raise f.fail("families", f"must be a mapping, not {describe(root['families'])}")
    fam_map = root["families"]
    families = []
    for fid, row in fam_map.items():
        key = f"families.{fid}"
        row = f.mapping(row, key, ("name", "icon"))
        families.append(
            LegendFamily(f.str(fid, key), f.str(row["name"], f"{key}.name"), f.asset(row["icon"], f"{key}.icon"))
        )
    if not families:
        raise f.fail("families", "needs at least one legend family")
    of = _family_checker(f, types)
    legends = []
    for i, row in enumerate(f.list(root["legends"], "legends", 1)):
        key = f"legends[{i}]"
        row = f.mapping(row, key, ("id", "name", "family", "points", "text", "requires"))
        legends.append(
            Legend(
                id=f.str(row["id"], f"{key}.id"),
                index=i,
                name=f.str(row["name"], f"{key}.name"),
                family=f.choice(row["family"], f"{key}.family", fam_map, "legend family"),
                points=f.int(row["points"], f"{key}.points", -MAX_POINTS, MAX_POINTS),
                text=f.str(row["text"], f"{key}.text"),
                requires=_requirement(f, of, row["requires"], f"{key}.requires"),
            )
        )
    f.unique([leg.id for leg in legends], "legends", "legend id")
    if len(legends) > 60:
        raise f.fail("legends", f"at most 60 legends are supported, found {len(legends)}")
    return tuple(families), tuple(legends)


def _requirement(f: YamlFile, of: Callable[..., str], node: Any, key: str) -> Requirement:
    node = f.mapping(node, key, (), PATTERNS)
    if len(node) != 1:
        raise f.fail(key, f"must name exactly one pattern ({', '.join(PATTERNS)})")
    (pattern, body), = node.items()
    key = f"{key}.{pattern}"
    if pattern == "pair":
        pair = f.list(body, key, 2)
        if len(pair) != 2:
            raise f.fail(key, f"must be a pair of card types, has {len(pair)} entries")
        return Requirement("pair", (of(pair[0], f"{key}[0]", None), of(pair[1], f"{key}[1]", None)))
    if pattern == "group":
        body = f.mapping(body, key, ("type", "size"))
        return Requirement("group", (of(body["type"], f"{key}.type", None),), f.int(body["size"], f"{key}.size", 2, 16))
    if pattern == "hub":
        body = f.mapping(body, key, ("type", "connected", "count"))
        return Requirement(
            "hub",
            (of(body["type"], f"{key}.type", None), of(body["connected"], f"{key}.connected", None)),
            f.int(body["count"], f"{key}.count", 1, 15),
        )
    if pattern == "present":
        wanted = f.list(body, key, 1)
        return Requirement("present", tuple(of(t, f"{key}[{i}]", None) for i, t in enumerate(wanted)))
    options = f.list(body, key, 1)
    return Requirement("any", options=tuple(_requirement(f, of, o, f"{key}[{i}]") for i, o in enumerate(options)))
