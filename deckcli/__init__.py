"""deckcli: validate, check and analyse decks for Gwent: The Legendary Card Game (2025)."""

from __future__ import annotations

__version__ = "0.1.0"
