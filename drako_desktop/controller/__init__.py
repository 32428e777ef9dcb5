"""Layer 4: the turn controller and headless game runner over the engine and the agents."""
