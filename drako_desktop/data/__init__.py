"""Layer 1: card data, loaded from YAML into immutable values."""

from .yamlfile import CardDataError, YamlFile
from .cards import CardSet, CardType, DragonRules, Legend, LegendFamily, Requirement, load_cards

__all__ = ["CardDataError", "YamlFile", "CardSet", "CardType", "DragonRules", "Legend", "LegendFamily", "Requirement", "load_cards"]
