"""Aetherya Pocket's names of its cards, legends and families in the player's language: the translation
(`cards.<id>`, `legends.<id>.name` / `.text`, `families.<id>` in the game's locales), or the card data's
English, so that a house-rules card folder needs no translation to be playable."""

from __future__ import annotations

from typing import Any

from ...i18n import has, tr


def _translated(key: str, english: str) -> str:
    return tr(key) if has(key) else english


def card_name(cards: Any, type_id: str) -> str:
    return _translated(f"cards.{type_id}", cards.type(type_id).name)


def legend_name(cards: Any, legend_id: str) -> str:
    return _translated(f"legends.{legend_id}.name", cards.legend(legend_id).name)


def legend_text(cards: Any, legend_id: str) -> str:
    return _translated(f"legends.{legend_id}.text", cards.legend(legend_id).text)


def family_name(cards: Any, family_id: str) -> str:
    return _translated(f"families.{family_id}", cards.family(family_id).name)
