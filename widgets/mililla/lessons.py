"""Mililla's lesson parts: the words of its written moves (a move is a card: it is played)."""

from __future__ import annotations

__all__ = ["VERBS"]

VERBS: dict[str, str] = {}
"""What the first word of a written Mililla move means, in words: none, a move is a card
alone, which the lessons read as "play" it."""
