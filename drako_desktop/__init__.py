"""Drako Desktop: Drako: Aetherya Pocket for the desktop."""

__version__ = "0.1.0"
