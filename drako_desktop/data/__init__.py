"""Layer 1: card data, loaded from YAML into immutable values."""

from .cards import CardDataError, CardSet, CardType, DragonRules, Legend, LegendFamily, Requirement, load_cards

__all__ = ["CardDataError", "CardSet", "CardType", "DragonRules", "Legend", "LegendFamily", "Requirement", "load_cards"]
