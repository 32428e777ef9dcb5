"""Drako Desktop: Drako: Aetherya Pocket and Draco Mundis for the desktop.

`__version__` is the one place the version is written: `--version`, the main menu and the about screen, the
installed package (pyproject reads it), the frozen build's resources and the archives' names all take it from here,
and CHANGELOG.md has a section for it. This module imports nothing (build.spec reads it before the app can import).
"""

__version__ = "0.3.0"
