"""Draco Mundis's game log in words: one line per event, in the player's language.

Texts are under `draco_mundis.` in the locale files. Token names fall back to the data's
English names, so a house-rules data folder needs no translation. Private details appear
only as the event carries them: describe `event.for_viewer(seat)` for a seat's log.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from ... import i18n
from .actions import Action, Capture, Destroy, Fight, Move, Peek, Place, Reveal, Select, row_col
from .board import BoardModel
from .data import DracoData
from .events import Event, Fighter, Piece, Square
from .view import Token, View

PREFIX = "draco_mundis"


def describe(event: Event, names: Sequence[str], data: DracoData) -> str | None:
    line = _describe(event, _Words(names, data))
    # A line may start with a possessive ("your explorer fought ..."): a sentence starts with a capital.
    return line[:1].upper() + line[1:] if line else line


def whose(name: str) -> str:
    """A seat's possessive in words: "Ann's", or "your" for the person called You (a one-person game's
    default name), never "You's"."""
    if i18n.called_you(name):
        return i18n.tr(f"{PREFIX}.whose_you")
    return i18n.tr(f"{PREFIX}.whose", name=name)


def their(name: str) -> str:
    """The possessive of a line's own subject: "their" ("Ann placed their dragon"), "your" for You."""
    return i18n.tr(f"{PREFIX}.their_you" if i18n.called_you(name) else f"{PREFIX}.their")


def _describe(event: Event, words: _Words) -> str | None:
    kind = event.kind
    if kind == "fight":
        return words.fight(event)
    name = words.seat(event.seat)
    token = words.token(event.token) if event.token else ""
    if kind == "select":
        return words.tr("log.select", name=name, their=their(name), token=token)
    if kind == "place":
        if event.facing is not None:
            return words.tr("log.place_face_up", name=name, their=their(name), token=token, square=_square(event.at),
                            facing=words.facing(event.facing))
        if event.token is not None:
            return words.tr("log.place_face_down_known", name=name, their=their(name), token=token,
                            square=_square(event.at))
        return words.tr("log.place_face_down", name=name, square=_square(event.at))
    if kind == "turn":
        return words.tr("log.turn", name=name, turn=event.number)
    if kind == "peek":
        owner = whose(words.seat(event.owner))
        if event.token is not None:
            return words.tr("log.peek_known", name=name, whose=owner, square=_square(event.at), token=token)
        return words.tr("log.peek", name=name, whose=owner, square=_square(event.at))
    if kind in ("reveal", "reveal-any"):
        key = "log.reveal" if kind == "reveal" else "log.reveal_any"
        return words.tr(key, name=name, token=words.owned(event.owner, [event.token or ""], event.seat),
                        square=_square(event.at))
    if kind == "move":
        return words.tr("log.move", name=name, token=token, origin=_square(event.at), target=_square(event.to))
    if kind == "rotate":
        return words.tr("log.rotate", name=name, token=token, square=_square(event.at),
                        facing=words.facing(event.facing or "N"))
    if kind == "capture" and event.target is not None:
        return words.tr("log.capture", token=words.owned(event.seat, [event.token or ""]), square=_square(event.to),
                        prisoner=words.owned(event.target.owner, [event.target.kind]))
    if kind == "destroy":
        return words.tr("log.destroy", name=name, token=words.owned(event.owner, [event.token or ""]),
                        square=_square(event.at))
    if kind == "push":
        return words.tr("log.push", name=name, token=words.owned(event.owner, [event.token or ""], event.seat),
                        origin=_square(event.at), target=_square(event.to))
    if kind == "sacrifice":
        return words.tr("log.sacrifice", name=name, token=token, square=_square(event.at))
    if kind == "pass":  # the turn ended early: what it gave up
        return words.tr("log.pass_one" if event.number == 1 else "log.pass", name=name, count=event.number)
    if kind == "end":
        return words.tr("log.end_stall" if event.reason == "stall" else "log.end_last_reveal")
    return None


class _Words:
    """Names, tokens and lists in the current language."""

    def __init__(self, names: Sequence[str], data: DracoData) -> None:
        self.names = names
        self.data = data

    def tr(self, key: str, /, **values: object) -> str:
        return i18n.tr(f"{PREFIX}.{key}", **values)

    def seat(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else self.tr("nobody")

    def token(self, kind: str) -> str:
        key = f"{PREFIX}.tokens.{kind}"
        return i18n.tr(key) if i18n.has(key) else self.data.token_name(kind)

    def facing(self, facing: str) -> str:
        return self.tr(f"facings.{facing}")

    def join(self, parts: Sequence[str]) -> str:
        if len(parts) <= 1:
            return "".join(parts)
        return self.tr("list.last", rest=self.tr("list.separator").join(parts[:-1]), last=parts[-1])

    def owned(self, owner: int, kinds: Iterable[str], actor: int | None = None) -> str:
        """Tokens and whose they are: "Bo's dragon", "your dragon", and "their dragon" when the line's subject
        (`actor`) owns them; two of a kind once, counted ("Bo's explorer ×2", not "explorer and explorer")."""
        name = self.seat(owner)
        counted = Counter(kinds)
        tokens = [self.token(k) if n == 1 else self.tr("list.times", token=self.token(k), count=n)
                  for k, n in counted.items()]
        return self.tr("owned", whose=their(name) if owner == actor else whose(name), token=self.join(tokens))

    def pieces(self, pieces: Sequence[Fighter] | Sequence[Piece]) -> str:
        """Tokens grouped by owner: "Ann's explorer and sherpa"."""
        owners = sorted({p.owner for p in pieces})
        return self.join([self.owned(owner, [p.kind for p in pieces if p.owner == owner]) for owner in owners])

    def fight(self, event: Event) -> str:
        defender = event.defender
        if defender is None:
            return ""
        values = {"attackers": self.pieces(event.attackers), "defender": self.pieces([defender]),
                  "attack": event.attack, "defence": event.defence}
        if event.outcome == "tie":
            return self.tr("log.fight_tie", **values)
        winner = self.seat(event.seat if event.outcome == "win" else defender.owner)
        key = "log.fight_one" if len(event.eliminated) == 1 else "log.fight_many"
        line = self.tr(key, winner=winner, eliminated=self.pieces(event.eliminated), **values)
        for piece in event.freed:
            line += " " + self.tr("log.freed", token=self.owned(piece.owner, [piece.kind]), square=_square(piece.at))
        return line


def _square(at: Square | None) -> str:
    return f"[{at[0]}, {at[1]}]" if at is not None else "?"


def hint_reason(data: DracoData, view: View, action: Action, names: Sequence[str] = (), role: str | None = None) -> str:
    """Why a hint suggests `action`, in one line of the player's language, from the seat's view only:
    "Wins the fight 5 to 3", "Captures Bo's explorer (+1)"."""
    assert view.seat is not None, "a hint is for a seat's view"
    seat = view.seat
    words = _Words(names or [str(s + 1) for s in range(view.players)], data)
    board = BoardModel.from_view(view, data)
    kind = action.type
    if isinstance(action, (Select, Place)):  # `role`: the token's role in the placement policy
        return words.tr(f"hint.place_{role}" if role else "hint.place", token=words.token(action.token))
    if isinstance(action, (Fight, Reveal)):
        at = row_col(action.at)
        spot = board.squares.get(at)
        known = spot.down_kind if spot is not None and spot.down >= 0 else None
        if isinstance(action, Reveal) and known is None:
            return words.tr("hint.reveal_unknown", square=_square(at))
        defender = Token(spot.down, known) if isinstance(action, Reveal) and spot is not None and known else None
        preview = board.fight_preview(seat, at, defender)
        if preview is None:
            return words.tr("hint.reveal_no_fight", token=words.token(known or ""))
        return words.tr(f"hint.fight_{preview.outcome}", attack=preview.attack, defence=preview.defence,
                        defender=words.token(preview.defender.token.kind))
    if isinstance(action, Capture):
        spot = board.squares.get(row_col(action.target))
        prisoner = spot.character.kind if spot is not None and spot.character is not None else ""
        return words.tr("hint.capture", token=words.token(prisoner))
    if isinstance(action, Destroy):
        return words.tr("hint.destroy")
    if isinstance(action, Move):
        spot = board.squares.get(row_col(action.target))
        land = spot.land.kind if spot is not None and spot.land is not None else None
        if land is not None:
            return words.tr("hint.move_onto", land=words.token(land))
        return _move_reason(board, seat, words, row_col(action.origin), row_col(action.target))
    if isinstance(action, Peek):
        return words.tr("hint.peek", square=_square(row_col(action.at)))
    return words.tr(f"hint.{kind.replace('-', '_')}")


def _move_reason(board: BoardModel, seat: int, words: "_Words", origin: Square, target: Square) -> str:
    """Why a move, in words, from what the seat sees around its two ends: an enemy character it may then fight,
    one stronger it steps away from, a face-down token it may then peek at or reveal; else where it goes."""
    mover = board.squares[origin].character
    assert mover is not None, "a move's origin holds the mover"
    token = words.token(mover.kind)

    def enemies(at: Square) -> list[tuple[Square, Token]]:
        near = (board.squares.get(a) for a in board.neighbours(at))
        return [(s.at, s.character) for s in near if s is not None and s.character is not None
                and s.character.owner != seat]

    never = {c.id for c in board.data.characters if c.never_attacked}
    strength = sum(p.value for p in board.strength_parts(origin))
    for at, enemy in enemies(target):
        if at != origin and enemy.kind not in never:
            return words.tr("hint.move_to_fight", token=token, enemy=words.token(enemy.kind), square=_square(at))
    for at, enemy in enemies(origin):
        if sum(p.value for p in board.strength_parts(at)) > strength:
            return words.tr("hint.move_away", token=token, enemy=words.token(enemy.kind), square=_square(at))
    down = [s.at for s in (board.squares.get(a) for a in board.neighbours(target)) if s is not None and s.down >= 0
            and s.down != seat and s.down_kind is None]
    if down:
        return words.tr("hint.move_to_reveal", token=token, square=_square(down[0]))
    return words.tr("hint.move", square=_square(target))


def missed(data: DracoData, view: View, chosen: Action, best: Action) -> list[str]:
    """What the better move had: a fight won on the preview, a capture, a campsite destroyed, a land taken."""
    def gains(action: Action) -> set[str]:
        if isinstance(action, (Fight, Reveal)):
            return {"fight"} if _outcome(data, view, action) == "win" else set()
        if isinstance(action, Capture):
            return {"capture"}
        if isinstance(action, Destroy):
            return {"campsite"}
        if isinstance(action, Move):
            spot = BoardModel.from_view(view, data).squares.get(row_col(action.target))
            return {"land"} if spot is not None and spot.land is not None else set()
        return set()

    return sorted(gains(best) - gains(chosen))


def _outcome(data: DracoData, view: View, action: Fight | Reveal) -> str:
    """The preview's outcome of a fight or of a reveal into one ("" when none would follow or it is unknown)."""
    assert view.seat is not None, "a preview is for a seat's view"
    board = BoardModel.from_view(view, data)
    at = row_col(action.at)
    spot = board.squares.get(at)
    defender = None
    if isinstance(action, Reveal):
        if spot is None or spot.down < 0 or spot.down_kind is None:
            return ""
        defender = Token(spot.down, spot.down_kind)
    preview = board.fight_preview(view.seat, at, defender)
    return preview.outcome if preview is not None else ""
