"""Entry point of the frozen executable (PyInstaller runs this as a script)."""

import multiprocessing
import sys

from drako_desktop.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the computer opponents' process starts this executable again
    sys.exit(main())
