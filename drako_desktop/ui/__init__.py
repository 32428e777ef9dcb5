"""Layer 5: the pygame-ce desktop game (scenes, table, card art). Nothing below imports it."""

import os

# pygame prints a banner on stdout when imported; commands that print JSON must not have it.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
