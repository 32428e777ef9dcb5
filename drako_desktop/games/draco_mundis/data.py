"""Draco Mundis's data: typed, immutable values loaded from a folder of YAML files.

Every number of the rule book's tables is a field here (and which of them are project
rulings is data too, in `rulings.yaml`); the engine compiles these rows into lookup
tables and never names a token itself. Every value is bounded to what the game can use,
and every problem is reported as `FILE: key.path: problem`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ...data.identity import WORDS, former_identities, rules_identity
from ...data.yamlfile import CardDataError, YamlFile, describe, quoted

GAME_ID = "draco-mundis"
DATA_FILES = ("game.yaml", "tokens.yaml", "scoring.yaml", "rulings.yaml")
# The data this game shipped with before identities named rule content: the sha256 of its files' bytes (what
# those releases' saves name) -> the rules identity of that data. Never edited, only added to.
SHIPPED = {"854d9b8056d73b4822319e1f9d9d5fea4907d9dd26c5f6f4859a5577633f34df":
           "898a5f1920a62df84e5c835ded96abf08c273a93eb3364e250dbf65eab09319e"}
ARROWS = ("forward", "left", "right", "back")
VARIANT_IDS = ("fast_setup", "sherpa_sacrifice", "dragon_trap")
PATTERNS = ("stands_on", "destroyed", "eliminated", "occupied", "adjacent_own")
MAX_KINDS = 16  # the engine packs a token's kind into 4 bits
MAX_ROWS, MAX_COLUMNS = 8, 12  # the engine's square numbering and the notation's bounds
WHOSE_LAND = ("any", "own", "enemy")


def whose_matches(whose: str, own: bool) -> bool:
    """Whether a land is of the owner a row's `whose` names ("any", "own", "enemy"), `own` saying whether
    it is the player's own."""
    return whose == "any" or (whose == "own") == own


@dataclass(frozen=True)
class Entry:
    """A land a character may enter although the land's own rule says nobody may."""

    land: str
    whose: str  # "any" or "own"


@dataclass(frozen=True)
class Bonus:
    """Strength a character gets while it stands on a land of `whose` owner."""

    land: str
    whose: str
    strength: int


@dataclass(frozen=True)
class Capture:
    """The cannibal's capture: a move onto an enemy character of printed strength at most its own."""

    never: tuple[str, ...]  # kinds that can never be captured by it (the never_attacked ones never are)
    holds: int  # prisoners held at once


@dataclass(frozen=True)
class Destroy:
    land: str
    whose: str  # "enemy": only another player's land


@dataclass(frozen=True)
class Character:
    id: str
    name: str = field(metadata=WORDS)
    icon: Path = field(metadata=WORDS)  # the token's picture (a white SVG the table tints)
    count: int
    arrows: tuple[int, int, int, int]  # forward, left, right, back
    strength: int
    placed_face_up: bool
    never_attacked: bool  # cannot be attacked or captured; revealing it starts no fight
    cannot_fight_alone: bool
    passes_over_all: bool
    enters: tuple[Entry, ...]
    bonus: tuple[Bonus, ...]
    capture: Capture | None
    destroys: Destroy | None
    text: str = field(metadata=WORDS)


@dataclass(frozen=True)
class Land:
    id: str
    name: str = field(metadata=WORDS)
    icon: Path = field(metadata=WORDS)
    count: int
    entry: str  # "all" or "none"
    barred: tuple[str, ...]  # characters that may not enter although entry is "all"
    strength: int  # modifier of the character standing on it
    text: str = field(metadata=WORDS)


@dataclass(frozen=True)
class Item:
    id: str
    name: str = field(metadata=WORDS)
    icon: Path = field(metadata=WORDS)
    count: int
    variant: str  # items are in the game only with their variant
    weakens: tuple[str, int]  # (character kind, strength while next to a face-up item)
    push_distance: int
    text: str = field(metadata=WORDS)


@dataclass(frozen=True)
class ScoreLine:
    id: str
    pattern: str
    points: int
    token: str = ""
    land: str = ""
    whose: str = ""
    tokens: tuple[str, ...] = ()


@dataclass(frozen=True)
class TieBreak:
    id: str
    tokens: tuple[str, ...]  # eliminated tokens of these kinds are counted


@dataclass(frozen=True)
class VariantRules:
    fast_setup_placements: int
    fast_setup_description: str = field(metadata=WORDS)
    sacrifice_token: str
    sacrifice_extra_actions: int
    sacrifice_per_game: int
    sacrifice_description: str = field(metadata=WORDS)
    trap_token: str
    trap_description: str = field(metadata=WORDS)

    def description(self, variant_id: str) -> str:
        return {
            "fast_setup": self.fast_setup_description,
            "sherpa_sacrifice": self.sacrifice_description,
            "dragon_trap": self.trap_description,
        }[variant_id]


@dataclass(frozen=True)
class Ruling:
    id: str
    origin: str  # "rule-book" or "engine"
    marks: tuple[str, ...]  # "FILE: key.path" of the data fields this ruling sets
    text: str


@dataclass(frozen=True)
class DracoData:
    game_id: str
    name: str = field(metadata=WORDS)
    folder: Path = field(metadata=WORDS)
    identity: str = field(metadata=WORDS)  # of its rule content (`data.identity.rules_identity`)
    min_players: int
    max_players: int
    rows: int
    columns: int
    columns_in_use: tuple[tuple[int, int], ...]  # (players, rightmost columns in use)
    placements_per_turn: int
    actions_per_turn: int
    reveal_any_at_most: int
    stall_turns_per_player: int
    variants: VariantRules
    characters: tuple[Character, ...]
    lands: tuple[Land, ...]
    items: tuple[Item, ...]
    lines: tuple[ScoreLine, ...]
    tiebreak: tuple[TieBreak, ...]
    rulings: tuple[Ruling, ...] = field(metadata=WORDS)  # why the numbers are what they are: no rule itself
    # the identities earlier releases named these very rules by (see `SHIPPED`): their saves are these rules'
    former_identities: frozenset[str] = field(metadata=WORDS)

    @property
    def kinds(self) -> tuple[str, ...]:
        """Every token kind: characters, lands, items, in file order (the engine's kind numbers)."""
        return tuple(t.id for t in self.characters) + tuple(t.id for t in self.lands) + tuple(t.id for t in self.items)

    def token(self, kind: str) -> Character | Land | Item:
        for group in (self.characters, self.lands, self.items):
            for token in group:
                if token.id == kind:
                    return token
        raise KeyError(kind)

    def character(self, kind: str) -> Character:
        return next(c for c in self.characters if c.id == kind)

    def land(self, kind: str) -> Land:
        return next(t for t in self.lands if t.id == kind)

    def token_name(self, kind: str) -> str:
        return self.token(kind).name

    def token_noun(self, kind: str) -> str:
        """The token's name inside a sentence: lower case, unless it is written in capitals (SS307)."""
        name = self.token_name(kind)
        return name if name[1:2].isupper() else name[0].lower() + name[1:]

    def ruling_marks(self) -> frozenset[str]:
        return frozenset(mark for ruling in self.rulings for mark in ruling.marks)


def load_data(folder: Path | str) -> DracoData:
    """Load and validate a Draco Mundis data folder; raise CardDataError naming file, key and problem."""
    folder = Path(folder)
    if not folder.is_dir():
        raise CardDataError(folder, "", "data folder not found")
    files = {name: YamlFile(folder / name) for name in DATA_FILES}
    game = _Game(files["game.yaml"])
    tokens = _Tokens(files["tokens.yaml"], game.variant_ids)
    variants = game.variant_rules(tokens)
    lines, tiebreak = _load_scoring(files["scoring.yaml"], tokens)
    rulings = _load_rulings(files["rulings.yaml"], files)
    data = DracoData(
        game_id=game.id,
        name=game.name,
        folder=folder.resolve(),
        identity="",
        min_players=game.min_players,
        max_players=game.max_players,
        rows=game.rows,
        columns=game.columns,
        columns_in_use=game.columns_in_use,
        placements_per_turn=game.placements_per_turn,
        actions_per_turn=game.actions,
        reveal_any_at_most=game.reveal_any_at_most,
        stall_turns_per_player=game.stall,
        variants=variants,
        characters=tokens.characters,
        lands=tokens.lands,
        items=tokens.items,
        lines=lines,
        tiebreak=tiebreak,
        rulings=rulings,
        former_identities=frozenset(),
    )
    _check_board_fits(files["game.yaml"], data)
    identity = rules_identity(data)
    return replace(data, identity=identity, former_identities=former_identities(identity, SHIPPED))


class _Game:
    """game.yaml: the game's id, players, board, setup, turn and variants."""

    def __init__(self, f: YamlFile) -> None:
        self.f = f
        root = f.mapping(f.root, "", ("id", "name", "players", "board", "setup", "turn", "variants"))
        self.id = f.str(root["id"], "id")
        if self.id != GAME_ID:
            raise f.fail("id", f"this folder is for the game {quoted(self.id)}, not {GAME_ID!r}")
        self.name = f.str(root["name"], "name")
        players = f.mapping(root["players"], "players", ("min", "max"))
        self.min_players = f.int(players["min"], "players.min", 2, 4)
        self.max_players = f.int(players["max"], "players.max", self.min_players, 4)
        board = f.mapping(root["board"], "board", ("rows", "columns", "columns_in_use"))
        self.rows = f.int(board["rows"], "board.rows", 1, MAX_ROWS)
        self.columns = f.int(board["columns"], "board.columns", 1, MAX_COLUMNS)
        counts: tuple[Any, ...] = tuple(range(self.min_players, self.max_players + 1))  # YAML keys are ints
        in_use = f.mapping(board["columns_in_use"], "board.columns_in_use", counts)
        self.columns_in_use = tuple(
            (n, f.int(in_use[n], f"board.columns_in_use.{n}", 1, self.columns)) for n in counts
        )
        setup = f.mapping(root["setup"], "setup", ("placements_per_turn",))
        self.placements_per_turn = f.int(setup["placements_per_turn"], "setup.placements_per_turn", 1, 5)
        turn = f.mapping(root["turn"], "turn", ("actions", "reveal_any_at_most_face_down", "stall_turns_per_player"))
        self.actions = f.int(turn["actions"], "turn.actions", 1, 5)
        self.reveal_any_at_most = f.int(
            turn["reveal_any_at_most_face_down"], "turn.reveal_any_at_most_face_down", 0, MAX_ROWS * MAX_COLUMNS
        )
        self.stall = f.int(turn["stall_turns_per_player"], "turn.stall_turns_per_player", 1, 50)
        self.variants = f.mapping(root["variants"], "variants", VARIANT_IDS)
        self.variant_ids = VARIANT_IDS

    def variant_rules(self, tokens: _Tokens) -> VariantRules:
        f, v = self.f, self.variants
        fast = f.mapping(v["fast_setup"], "variants.fast_setup", ("description", "placements_per_turn"))
        sacrifice = f.mapping(
            v["sherpa_sacrifice"], "variants.sherpa_sacrifice", ("description", "token", "extra_actions", "per_game")
        )
        trap = f.mapping(v["dragon_trap"], "variants.dragon_trap", ("description", "token"))
        trap_token = f.choice(trap["token"], "variants.dragon_trap.token", [i.id for i in tokens.items], "item")
        item = next(i for i in tokens.items if i.id == trap_token)
        if item.variant != "dragon_trap":
            raise f.fail("variants.dragon_trap.token",
                         f"the item {quoted(trap_token)} belongs to the variant {item.variant!r}")
        return VariantRules(
            fast_setup_placements=f.int(fast["placements_per_turn"], "variants.fast_setup.placements_per_turn", 1, 5),
            fast_setup_description=f.str(fast["description"], "variants.fast_setup.description"),
            sacrifice_token=f.choice(
                sacrifice["token"], "variants.sherpa_sacrifice.token", [c.id for c in tokens.characters], "character"
            ),
            sacrifice_extra_actions=f.int(sacrifice["extra_actions"], "variants.sherpa_sacrifice.extra_actions", 1, 3),
            sacrifice_per_game=f.int(sacrifice["per_game"], "variants.sherpa_sacrifice.per_game", 1, 3),
            sacrifice_description=f.str(sacrifice["description"], "variants.sherpa_sacrifice.description"),
            trap_token=trap_token,
            trap_description=f.str(trap["description"], "variants.dragon_trap.description"),
        )


class _Tokens:
    """tokens.yaml: characters, lands and items, checked against each other."""

    def __init__(self, f: YamlFile, variant_ids: tuple[str, ...]) -> None:
        self.f = f
        root = f.mapping(f.root, "", ("characters", "lands", "items"))
        for group in ("characters", "lands", "items"):
            if not isinstance(root[group], dict):
                raise f.fail(group, f"must be a mapping of token kinds, not {describe(root[group])}")
        ids = [str(k) for group in ("characters", "lands", "items") for k in root[group]]
        f.unique(ids, "(token kinds)", "token kind")
        if len(ids) > MAX_KINDS:
            raise f.fail("", f"at most {MAX_KINDS} token kinds are supported, found {len(ids)}")
        if not root["characters"] or not root["lands"]:
            raise f.fail("characters" if not root["characters"] else "lands", "needs at least one token")
        self.character_ids = tuple(str(k) for k in root["characters"])
        self.land_ids = tuple(str(k) for k in root["lands"])
        self.lands = tuple(self._land(str(k), v) for k, v in root["lands"].items())
        self.characters = tuple(self._character(str(k), v) for k, v in root["characters"].items())
        self.items = tuple(self._item(str(k), v, variant_ids) for k, v in root["items"].items())
        face_down = sum(c.count for c in self.characters if not c.placed_face_up) + sum(t.count for t in self.lands)
        if face_down == 0:
            raise f.fail("", "at least one token must be placed face down (the game ends when none is left)")

    def _kind_id(self, key: str, name: str) -> None:
        if not re.fullmatch(r"[a-z][a-z0-9_-]*", name):
            raise self.f.fail(key, "a token kind must be lower-case letters, digits, - or _")

    def _character(self, kind: str, node: Any) -> Character:
        f, key = self.f, f"characters.{kind}"
        self._kind_id(key, kind)
        optional = ("placed_face_up", "never_attacked", "cannot_fight_alone", "passes_over_all", "enters", "bonus",
                    "capture", "destroys")
        row = f.mapping(node, key, ("name", "icon", "count", "arrows", "strength", "text"), optional)
        arrows_node = f.mapping(row["arrows"], f"{key}.arrows", ARROWS)
        arrows = tuple(f.int(arrows_node[a], f"{key}.arrows.{a}", 0, MAX_COLUMNS - 1) for a in ARROWS)
        enters = tuple(
            Entry(self._land_ref(e, f"{key}.enters[{i}]", ("land", "whose"))["land"],
                  f.choice(e["whose"], f"{key}.enters[{i}].whose", ("any", "own"), "owner"))
            for i, e in enumerate(f.list(row.get("enters", []), f"{key}.enters"))
        )
        bonus = tuple(
            Bonus(self._land_ref(b, f"{key}.bonus[{i}]", ("land", "whose", "strength"))["land"],
                  f.choice(b["whose"], f"{key}.bonus[{i}].whose", WHOSE_LAND, "owner"),
                  f.int(b["strength"], f"{key}.bonus[{i}].strength", -5, 5))
            for i, b in enumerate(f.list(row.get("bonus", []), f"{key}.bonus"))
        )
        capture = None
        if "capture" in row:
            fields = ("max_printed_strength_of_target_from", "never", "holds")
            node = f.mapping(row["capture"], f"{key}.capture", fields)
            f.choice(node["max_printed_strength_of_target_from"], f"{key}.capture.max_printed_strength_of_target_from",
                     ("self",), "strength source")
            never = f.list(node["never"], f"{key}.capture.never")
            capture = Capture(
                never=tuple(f.choice(n, f"{key}.capture.never[{i}]", self.character_ids, "character")
                            for i, n in enumerate(never)),
                holds=f.int(node["holds"], f"{key}.capture.holds", 1, 1),
            )
        destroys = None
        if "destroys" in row:
            node = self._land_ref(row["destroys"], f"{key}.destroys", ("land", "whose"))
            destroys = Destroy(node["land"], f.choice(node["whose"], f"{key}.destroys.whose", ("enemy",), "owner"))
        return Character(
            id=kind,
            name=f.str(row["name"], f"{key}.name"),
            icon=f.asset(row["icon"], f"{key}.icon"),
            count=f.int(row["count"], f"{key}.count", 0, 4),
            arrows=(arrows[0], arrows[1], arrows[2], arrows[3]),
            strength=f.int(row["strength"], f"{key}.strength", 0, 9),
            placed_face_up=self._flag(row, key, "placed_face_up"),
            never_attacked=self._flag(row, key, "never_attacked"),
            cannot_fight_alone=self._flag(row, key, "cannot_fight_alone"),
            passes_over_all=self._flag(row, key, "passes_over_all"),
            enters=enters,
            bonus=bonus,
            capture=capture,
            destroys=destroys,
            text=f.str(row["text"], f"{key}.text"),
        )

    def _flag(self, row: dict[str, Any], key: str, name: str) -> bool:
        return self.f.bool(row[name], f"{key}.{name}") if name in row else False

    def _land_ref(self, node: Any, key: str, fields: tuple[str, ...]) -> dict[str, Any]:
        row = self.f.mapping(node, key, fields)
        self.f.choice(row["land"], f"{key}.land", self.land_ids, "land")
        return row

    def _land(self, kind: str, node: Any) -> Land:
        f, key = self.f, f"lands.{kind}"
        self._kind_id(key, kind)
        row = f.mapping(node, key, ("name", "icon", "count", "entry", "strength", "text"), ("barred",))
        barred = f.list(row.get("barred", []), f"{key}.barred")
        return Land(
            id=kind,
            name=f.str(row["name"], f"{key}.name"),
            icon=f.asset(row["icon"], f"{key}.icon"),
            count=f.int(row["count"], f"{key}.count", 0, 4),
            entry=f.choice(row["entry"], f"{key}.entry", ("all", "none"), "entry"),
            barred=tuple(f.choice(b, f"{key}.barred[{i}]", self.character_ids, "character")
                         for i, b in enumerate(barred)),
            strength=f.int(row["strength"], f"{key}.strength", -5, 5),
            text=f.str(row["text"], f"{key}.text"),
        )

    def _item(self, kind: str, node: Any, variant_ids: tuple[str, ...]) -> Item:
        f, key = self.f, f"items.{kind}"
        self._kind_id(key, kind)
        row = f.mapping(node, key, ("name", "icon", "count", "variant", "weakens", "push_distance", "text"))
        weakens = f.mapping(row["weakens"], f"{key}.weakens", ("token", "strength"))
        return Item(
            id=kind,
            name=f.str(row["name"], f"{key}.name"),
            icon=f.asset(row["icon"], f"{key}.icon"),
            count=f.int(row["count"], f"{key}.count", 1, 1),
            variant=f.choice(row["variant"], f"{key}.variant", variant_ids, "variant"),
            weakens=(f.choice(weakens["token"], f"{key}.weakens.token", self.character_ids, "character"),
                     f.int(weakens["strength"], f"{key}.weakens.strength", -9, 0)),
            push_distance=f.int(row["push_distance"], f"{key}.push_distance", 1, 1),
            text=f.str(row["text"], f"{key}.text"),
        )


def _load_scoring(f: YamlFile, tokens: _Tokens) -> tuple[tuple[ScoreLine, ...], tuple[TieBreak, ...]]:
    root = f.mapping(f.root, "", ("lines", "tiebreak"))
    lines = []
    claimed: dict[str, str] = {}  # eliminated kind -> the line that scores it
    for i, node in enumerate(f.list(root["lines"], "lines", 1)):
        key = f"lines[{i}]"
        pattern = f.choice(f.mapping(node, key, ("id", "pattern", "points"), ("token", "land", "whose", "tokens"))
                           .get("pattern"), f"{key}.pattern", PATTERNS, "pattern")
        needs = {
            "stands_on": ("token", "land", "whose"),
            "destroyed": ("land",),
            "eliminated": ("tokens",),
            "occupied": ("land",),
            "adjacent_own": ("token", "land"),
        }[pattern]
        row = f.mapping(node, key, ("id", "pattern", "points", *needs))
        line = ScoreLine(
            id=f.str(row["id"], f"{key}.id"),
            pattern=pattern,
            points=f.int(row["points"], f"{key}.points", -20, 20),
            token=_token_ref(f, row, key, "token", tokens.character_ids + tokens.land_ids),
            land=_token_ref(f, row, key, "land", tokens.land_ids),
            whose=f.choice(row["whose"], f"{key}.whose", WHOSE_LAND, "owner") if "whose" in row else "",
            tokens=_kind_list(f, row, key, tokens.character_ids),
        )
        for kind in line.tokens:
            if kind in claimed:
                raise f.fail(f"{key}.tokens", f"{quoted(kind)} is already scored by the line {claimed[kind]!r}")
            claimed[kind] = line.id
        lines.append(line)
    f.unique([line.id for line in lines], "lines", "line id")
    tiebreak = []
    for i, node in enumerate(f.list(root["tiebreak"], "tiebreak")):
        row = f.mapping(node, f"tiebreak[{i}]", ("id", "tokens"))
        tiebreak.append(TieBreak(f.str(row["id"], f"tiebreak[{i}].id"),
                                 _kind_list(f, row, f"tiebreak[{i}]", tokens.character_ids)))
    return tuple(lines), tuple(tiebreak)


def _token_ref(f: YamlFile, row: dict[str, Any], key: str, name: str, known: tuple[str, ...]) -> str:
    return f.choice(row[name], f"{key}.{name}", known, "token") if name in row else ""


def _kind_list(f: YamlFile, row: dict[str, Any], key: str, known: tuple[str, ...]) -> tuple[str, ...]:
    if "tokens" not in row:
        return ()
    kinds = [f.choice(k, f"{key}.tokens[{i}]", known, "character")
             for i, k in enumerate(f.list(row["tokens"], f"{key}.tokens", 1))]
    f.unique(kinds, f"{key}.tokens", "character")
    return tuple(kinds)


def _load_rulings(f: YamlFile, files: dict[str, YamlFile]) -> tuple[Ruling, ...]:
    root = f.mapping(f.root, "", ("rulings",))
    rulings = []
    for i, node in enumerate(f.list(root["rulings"], "rulings")):
        key = f"rulings[{i}]"
        row = f.mapping(node, key, ("id", "origin", "marks", "text"))
        marks = tuple(f.str(m, f"{key}.marks[{j}]") for j, m in enumerate(f.list(row["marks"], f"{key}.marks")))
        for j, mark in enumerate(marks):
            problem = _mark_problem(mark, files)
            if problem:
                raise f.fail(f"{key}.marks[{j}]", problem)
        rulings.append(Ruling(f.str(row["id"], f"{key}.id"),
                              f.choice(row["origin"], f"{key}.origin", ("rule-book", "engine"), "origin"),
                              marks, f.str(row["text"], f"{key}.text")))
    f.unique([r.id for r in rulings], "rulings", "ruling id")
    return tuple(rulings)


def _mark_problem(mark: str, files: dict[str, YamlFile]) -> str | None:
    """Why a ruling's mark ("FILE: key.path") names no field of the data, or None."""
    name, _, path = mark.partition(": ")
    if name not in files or name == "rulings.yaml":
        files_named = ", ".join(n for n in DATA_FILES if n != "rulings.yaml")
        return f"{quoted(mark)} must start with one of {files_named} and ': '"
    node: Any = files[name].root
    for part in re.findall(r"[^.\[\]]+|\[[0-9]{1,4}\]", path):  # indexes and number keys of at most 4 digits
        if part.startswith("["):
            index = int(part[1:-1])
            node = node[index] if isinstance(node, list) and index < len(node) else None
        else:
            key: Any = int(part) if re.fullmatch("[0-9]{1,4}", part) else part
            node = node.get(key) if isinstance(node, dict) else None
        if node is None:
            return f"{quoted(mark)} names no field of {name}"
    return None


def _check_board_fits(f: YamlFile, data: DracoData) -> None:
    """Every player's tokens (the variant items included) fit on the board in use."""
    tokens = sum(t.count for t in data.characters) + sum(t.count for t in data.lands) + sum(t.count for t in data.items)
    for players, columns in data.columns_in_use:
        if players * tokens > columns * data.rows:
            raise f.fail(f"board.columns_in_use.{players}", f"{players} players' {players * tokens} tokens (every "
                         f"variant included) do not fit on {columns * data.rows} squares")
