"""The game table: what is shown (model), how moves are animated (beats), drawn (painter)
and how gestures become engine actions (gestures)."""
