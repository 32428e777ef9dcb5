"""Entry point of the frozen executable (PyInstaller runs this as a script)."""

import sys

from drako_desktop.cli import main

if __name__ == "__main__":
    sys.exit(main())
