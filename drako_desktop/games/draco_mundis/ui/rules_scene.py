"""The Draco Mundis rules reference: the whole rule book in the game's words, section by section.

Every number comes from the data, so house rules show their own: the board's columns per
number of players, the character table (arrows and strengths, the rulings among them
marked), the lands, the actions per turn, the scoring table and the tie-break. The worked
examples A-E are drawn as small boards and reckoned by the table's own model (the same
reckoning the table shows in play). Every ruling of the data is listed, marked as such.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
from pygame import Rect

from ....i18n import tr
from ....ui import theme
from ....ui.scenes.reference import Part, ReferenceScene
from ....ui.text import blit_at
from ....ui.tooltips import join_names, number, signed
from ..board import BoardModel, Square
from ..view import SquareView, Token
from . import game_of, token_pictures
from .tips import ability_text, entry_text, modifier_name, ruled, ruling_text, title_name, token_name

SECTIONS = ("goal", "board", "characters", "abilities", "lands", "setup", "turn", "fight", "end", "hidden",
            "examples", "rulings", "controls")
ACTIONS = ("peek", "move", "reveal", "fight", "rotate", "special", "reveal_any")
CONTROLS = ("select", "target", "drag", "facing", "turn", "sacrifice", "pass", "end_turn", "arrows", "tooltip", "undo",
            "log", "hint", "rules", "escape")
# The rule book's worked examples (section 8): square -> (layer, owner, kind, facing), for 2 players.
EXAMPLES: dict[str, dict[Square, list[tuple[str, int, str, str | None]]]] = {
    "a": {(3, 7): [("character", 0, "explorer", "E")], (2, 8): [("character", 0, "sherpa", "S")],
          (3, 8): [("land", 1, "mountain", None), ("character", 1, "hunter", "W")]},
    "b": {(5, 9): [("character", 0, "dragon", "E")], (5, 10): [("character", 1, "cannibal", "W")]},
    "c": {(3, 8): [("character", 1, "explorer", "E")], (3, 9): [("character", 0, "hunter", "W")],
          (2, 9): [("character", 1, "journalist", "S")]},
    "d": {(4, 6): [("character", 0, "cannibal", "E")], (4, 8): [("character", 1, "explorer", "N")]},
    "e": {(2, 7): [("land", 1, "campsite", None), ("character", 0, "journalist", "N")],
          (4, 8): [("land", 0, "jungle", None), ("character", 0, "hunter", "N")],
          (4, 10): [("land", 0, "mountain", None), ("character", 0, "sherpa", "W")],
          (6, 7): [("land", 0, "tiger", None)], (6, 8): [("land", 0, "campsite", None)]},
}
EXAMPLE_TROPHIES = {"e": [(1, "dragon"), (1, "sherpa"), (1, "sherpa")]}


def counted(what: str, count: int) -> str:
    """A number of things in words, singular or plural ("1 token", "2 tokens")."""
    return tr(f"draco_rules.counted.{what}_one") if count == 1 else tr(f"draco_rules.counted.{what}", count=count)


class RulesScene(ReferenceScene):
    SECTIONS = SECTIONS
    PREFIX = "draco_rules"
    RULE_BOOK = "docs/rules/draco-mundis.md"

    def numbers(self) -> dict[str, object]:
        data = game_of(self.ctx).data
        columns = dict(data.columns_in_use)
        counts = sum(c.count for c in data.characters) + sum(t.count for t in data.lands)
        items = sum(t.count for t in data.items)
        return {
            "rows": data.rows, "columns": data.columns, "actions": data.actions_per_turn,
            "two": columns.get(2, ""), "three": columns.get(3, ""), "four": columns.get(4, ""),
            "tokens": counts, "with_trap": counts + items, "reveal_any": data.reveal_any_at_most,
            "stall": data.stall_turns_per_player, "placements": data.placements_per_turn,
            "fast": data.variants.fast_setup_placements, "extra": data.variants.sacrifice_extra_actions,
            "min": data.min_players, "max": data.max_players,
            "placements_tokens": counted("tokens", data.placements_per_turn),
            "extra_actions": counted("more_actions", data.variants.sacrifice_extra_actions),
        }

    def section_words(self, section: str) -> list[str]:
        data = game_of(self.ctx).data
        out = [self.words(f"{section}.title")]
        keys = {
            "turn": ["turn.text"] + [f"turn.{a}" for a in ACTIONS] + ["turn.sacrifice", "turn.stall"],
            "examples": ["examples.text"] + [f"examples.{e}" for e in EXAMPLES],
            "controls": ["controls.text"] + [f"controls.{c}.{p}" for c in CONTROLS for p in ("keys", "does")],
            "rulings": ["rulings.text"],
        }.get(section, [f"{section}.text"])
        out += [self.words(k) for k in keys]
        if section in ("characters", "abilities", "lands"):
            out += [token_name(data, t.id) for group in (data.characters, data.lands, data.items) for t in group]
        if section == "rulings":
            out += [ruling_text(r) for r in data.rulings]
        return out

    # -- pictures --------------------------------------------------------------------------------------

    def token(self, layer: str, owner: int, kind: str, facing: str | None, size: int) -> Part:
        art = token_pictures(self.ctx)
        if layer == "character":
            return art.character(kind, owner, facing, size)
        return art.land(kind, owner, size) if layer == "land" else art.item(kind, owner, size)

    def named(self, kind: str, layer: str, width: int) -> Part:
        """A token's picture and its name, for a table's first column."""
        th = self.ctx.theme
        size = th.px(40)
        label = self.ctx.text.block(title_name(game_of(self.ctx).data, kind), "bold", th.text(19), theme.GOLD,
                                    width - size - th.px(24))
        out = pygame.Surface((size + th.px(8) + label.get_width(), max(size, label.get_height())), pygame.SRCALPHA)
        out.blit(self.token(layer, 0, kind, "N" if layer == "character" else None, size), (0, 0))
        blit_at(out, label, "midleft", (size + th.px(8), out.get_height() // 2))
        return out

    def example_model(self, name: str) -> BoardModel:
        """The example's position as the table's model (a 2-player board), to reckon it like the table does."""
        game = game_of(self.ctx)
        squares: dict[Square, SquareView] = {}
        for at, layers in EXAMPLES[name].items():
            fields: dict[str, Any] = {}  # a layer name -> its token
            for layer, owner, kind, facing in layers:
                fields[layer] = Token(owner, kind, facing)
            squares[at] = SquareView(at=at, **fields)
        trophies: list[list[Token]] = [[], []]
        for owner, kind in EXAMPLE_TROPHIES.get(name, []):
            trophies[0].append(Token(owner, kind))
        columns = dict(game.data.columns_in_use)[2]
        return BoardModel(
            data=game.data, viewer=None, players=2, columns=(game.data.columns - columns, game.data.columns - 1),
            variants=(), turn=1, current=0, decision="act", actions_left=game.data.actions_per_turn, placed=0,
            ended="", stall=0, stall_limit=0, reveal_any_used=False, sacrifices_left=(0, 0), squares=squares,
            trophies=trophies, destroyed=[[], []], sacrificed=[[], []], supply_left=[0, 0], supply={}, selected=None)

    def board(self, model: BoardModel, size: int) -> Part:
        """A small board around the example's squares, with row and column numbers."""
        th, text = self.ctx.theme, self.ctx.text
        rows = [at[0] for at in model.squares]
        cols = [at[1] for at in model.squares]
        r0, r1 = max(0, min(rows) - 1), min(model.rows - 1, max(rows) + 1)
        c0, c1 = max(model.columns[0], min(cols) - 1), min(model.columns[1], max(cols) + 1)
        label_w = th.px(20)
        out = pygame.Surface((label_w + (c1 - c0 + 1) * size, label_w + (r1 - r0 + 1) * size), pygame.SRCALPHA)
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                rect = Rect(label_w + (c - c0) * size, label_w + (r - r0) * size, size, size)
                pygame.draw.rect(out, (58, 74, 70) if (r + c) % 2 else (50, 64, 62), rect)
                pygame.draw.rect(out, (20, 26, 28), rect, width=1)
                spot = model.squares.get((r, c))
                if spot is None:
                    continue
                inner = rect.inflate(-4, -4)
                if spot.land is not None:
                    out.blit(self.token("land", spot.land.owner, spot.land.kind, None, inner.w), inner)
                if spot.character is not None:
                    body = inner.inflate(-inner.w // 5, -inner.h // 5) if spot.land is not None else inner
                    out.blit(self.token("character", spot.character.owner, spot.character.kind,
                                        spot.character.facing, body.w), body)
        for c in range(c0, c1 + 1):
            blit_at(out, text.render(str(c), "number", th.text(14), theme.INK_MUTED), "midbottom",
                    (label_w + (c - c0) * size + size // 2, label_w - 2))
        for r in range(r0, r1 + 1):
            blit_at(out, text.render(str(r), "number", th.text(14), theme.INK_MUTED), "midright",
                    (label_w - 4, label_w + (r - r0) * size + size // 2))
        return out

    def reckoning(self, name: str, model: BoardModel) -> str:
        """What the table's model makes of the example: the fight's totals, the capture, or the score."""
        data = game_of(self.ctx).data
        fights = {"a": (0, (3, 8)), "b": (0, (5, 10)), "c": (1, (3, 9))}
        if name in fights:
            seat, at = fights[name]
            preview = model.fight_preview(seat, at)
            assert preview is not None, f"the rules' worked fight {name} is a fight"
            parts = " + ".join(f"{token_name(data, f.token.kind)} {f.strength}" for f in preview.attackers)
            defender = preview.defender
            mods = "".join(f" {signed(p.value)} ({modifier_name(data, p)})" for p in defender.parts[1:])
            return tr("draco_rules.examples.fight", attack=preview.attack, parts=parts, defence=preview.defence,
                      defender=f"{token_name(data, defender.token.kind)} {defender.parts[0].value}{mods}",
                      outcome=tr(f"draco_rules.examples.outcome_{preview.outcome}"))
        if name == "d":
            cannibal = next(c for c in data.characters if c.capture is not None)
            target = next(c for c in data.characters if c.id == "explorer")
            return tr("draco_rules.examples.capture", target=target.strength, strength=cannibal.strength)
        lines = [f"{tr(f'draco_mundis.categories.{line}')} {signed(points)}" for line, points in model.score_lines(0)
                 if points]
        return " · ".join(lines) + " · " + tr("draco_rules.examples.total", total=number(model.score(0)))

    # -- pages -----------------------------------------------------------------------------------------

    def page_board(self, width: int) -> list[Part]:
        data = game_of(self.ctx).data
        first = round(width * 0.4)
        counts = [n for n, _ in data.columns_in_use]
        widths = [first] + [(width - first) // len(counts)] * len(counts)
        rows: list[Sequence[object]] = [[tr("draco_rules.board.players")] + [str(n) for n in counts],
                                    [tr("draco_rules.board.columns")] + [f"{data.columns - c}-{data.columns - 1}"
                                                                          for _, c in data.columns_in_use],
                                    [tr("draco_rules.board.squares")] + [str(c * data.rows)
                                                                          for _, c in data.columns_in_use]]
        return [self.para(self.words("board.text"), width), self.table(rows, widths),
                self.ruling(ruling_text(next(r for r in data.rulings if r.id == "columns-in-use")), width)]

    def page_characters(self, width: int) -> list[Part]:
        data = game_of(self.ctx).data
        first = round(width * 0.3)
        rest = (width - first) // 6
        widths = [first] + [rest] * 6
        mark = "*"
        rows: list[Sequence[object]] = [[tr("draco_rules.characters.token")] + [
            tr(f"draco_rules.characters.{h}") for h in ("count", "forward", "left", "right", "back", "strength")]]
        for c in data.characters:
            arrows = ruled(data, c.id, "arrows")
            rows.append([self.named(c.id, "character", first), str(c.count)]
                        + [(f"{n}{mark if arrows else ''}", theme.COACH if arrows else theme.INK) for n in c.arrows]
                        + [(f"{c.strength}{mark if ruled(data, c.id, 'strength') else ''}",
                            theme.COACH if ruled(data, c.id, "strength") else theme.INK)])
        ruling = next(r for r in data.rulings if r.id == "character-numbers")
        return [self.para(self.words("characters.text"), width), self.table(rows, widths),
                self.ruling(ruling_text(ruling), width)]

    def page_abilities(self, width: int) -> list[Part]:
        data = game_of(self.ctx).data
        parts = [self.para(self.words("abilities.text"), width)]
        first = round(width * 0.3)
        rows: list[Sequence[object]] = []
        for c in data.characters:
            rows.append([self.named(c.id, "character", first), ability_text(data, c.id)])
        for item in data.items:
            rows.append([self.named(item.id, "item", first), ability_text(data, item.id)])
        parts.append(self.table(rows, [first, width - first], head=False))
        for ruling_id in ("journalist-alone", "cannibal-capture", "destroyed-campsite", "trap"):
            ruling = next((r for r in data.rulings if r.id == ruling_id), None)
            if ruling is not None:
                parts.append(self.ruling(ruling_text(ruling), width))
        return parts

    def page_lands(self, width: int) -> list[Part]:
        data = game_of(self.ctx).data
        first = round(width * 0.26)
        widths = [first, round(width * 0.34), round(width * 0.14), width - first - round(width * 0.34)
                  - round(width * 0.14)]
        rows: list[Sequence[object]] = [[tr("draco_rules.lands.land"), tr("draco_rules.lands.enter"),
                                     tr("draco_rules.lands.strength"), tr("draco_rules.lands.points")]]
        for land in data.lands:
            points = [signed(line.points) for line in data.lines if line.land == land.id and line.pattern == "occupied"]
            rows.append([self.named(land.id, "land", first), entry_text(data, land.id),
                         signed(land.strength) if land.strength else "0", ", ".join(points) or "·"])
        movement = next(r for r in data.rulings if r.id == "movement")
        return [self.para(self.words("lands.text"), width), self.table(rows, widths),
                self.ruling(ruling_text(movement), width)]

    def page_setup(self, width: int) -> list[Part]:
        data = game_of(self.ctx).data
        parts = [self.para(self.words("setup.text"), width)]
        for ruling_id in ("first-player", "no-placement-ban"):
            parts.append(self.ruling(ruling_text(next(r for r in data.rulings if r.id == ruling_id)), width))
        return parts

    def page_turn(self, width: int) -> list[Part]:
        data = game_of(self.ctx).data
        th = self.ctx.theme
        art = token_pictures(self.ctx)
        icons = {"peek": "peek", "move": "move", "reveal": "reveal", "fight": "fight", "rotate": "rotate",
                 "special": "capture", "reveal_any": "reveal"}
        first = th.px(56)
        rows: list[Sequence[object]] = [[art.action_mark(icons[a], th.px(40), theme.GOLD), self.words(f"turn.{a}")]
                                    for a in ACTIONS]
        parts = [self.para(self.words("turn.text"), width), self.table(rows, [first, width - first], head=False),
                 self.para(self.words("turn.sacrifice"), width)]
        for ruling_id in ("peek-unknown-only", "reveal-any", "stall"):
            parts.append(self.ruling(ruling_text(next(r for r in data.rulings if r.id == ruling_id)), width))
        return parts

    def page_fight(self, width: int) -> list[Part]:
        data = game_of(self.ctx).data
        return [self.para(self.words("fight.text"), width),
                self.ruling(ruling_text(next(r for r in data.rulings if r.id == "fight")), width)]

    def page_end(self, width: int) -> list[Part]:
        data = game_of(self.ctx).data
        first = round(width * 0.7)
        rows: list[Sequence[object]] = [[tr("draco_rules.end.line"), tr("draco_rules.end.points")]]
        rows += [[tr(f"draco_mundis.categories.{line.id}"),
                  (signed(line.points), theme.GOOD if line.points > 0 else theme.BAD)] for line in data.lines]
        order = join_names([tr(f"draco_mundis.tiebreak.{row.id}") for row in data.tiebreak])
        return [self.para(self.words("end.text"), width), self.table(rows, [first, width - first]),
                self.para(tr("draco_rules.end.ties", order=order), width),
                self.ruling(ruling_text(next(r for r in data.rulings if r.id == "scoring")), width)]

    def page_examples(self, width: int) -> list[Part]:
        th, text = self.ctx.theme, self.ctx.text
        parts = [self.para(self.words("examples.text"), width)]
        for name in EXAMPLES:
            model = self.example_model(name)
            picture = self.board(model, th.px(52))
            words_w = width - picture.get_width() - th.px(24)
            letter = text.fitted(name.upper(), "title", th.text(30), theme.GOLD, words_w)
            told = text.block(self.words(f"examples.{name}"), "body", th.text(19), theme.INK, words_w)
            result = text.block(self.reckoning(name, model), "bold", th.text(19), theme.GOLD, words_w)
            words_h = letter.get_height() + told.get_height() + result.get_height() + th.px(12)
            height = max(picture.get_height(), words_h)
            out = pygame.Surface((width, height + th.px(10)), pygame.SRCALPHA)
            out.blit(picture, (0, 0))
            y = 0
            for part in (letter, told, result):
                blit_at(out, part, "topleft", (picture.get_width() + th.px(24), y))
                y += part.get_height() + th.px(6)
            pygame.draw.line(out, theme.PANEL_EDGE, (0, out.get_height() - 1), (width, out.get_height() - 1))
            parts.append(out)
        return parts

    def page_rulings(self, width: int) -> list[Part]:
        data = game_of(self.ctx).data
        return [self.para(self.words("rulings.text"), width)] + [self.ruling(ruling_text(r), width)
                                                                 for r in data.rulings]

    def page_controls(self, width: int) -> list[Part]:
        key_w = round(width * 0.28)
        rows = [[(tr(f"draco_rules.controls.{c}.keys"), theme.GOLD), tr(f"draco_rules.controls.{c}.does")]
                for c in CONTROLS]
        return [self.para(self.words("controls.text"), width), self.table(rows, [key_w, width - key_w], head=False)]
