"""What the test session keeps for its tests (set by tests/conftest.py's hooks)."""

from __future__ import annotations

import pytest

COLLECTED = pytest.StashKey[int]()
"""The tests this session collected, before ``-k`` or ``-m`` deselected any (tests/project/test_doc_figures.py compares
them with the README's count)."""
