"""Layer 1, shared: reading a game's YAML data safely. Each game's own loader lives in its package."""

from .yamlfile import CardDataError, YamlFile

__all__ = ["CardDataError", "YamlFile"]
