"""Shared fixtures of the pathing Python tests (pytest; Debian python3-pytest, python3-numpy)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


def shared_data_dir() -> Path:
    """../shared/data beside the checkout, or $PATHING_SHARED_DATA (as the C++ tests)."""
    env = os.environ.get("PATHING_SHARED_DATA")
    return Path(env) if env else REPO.parent / "shared" / "data"


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def data_dir() -> Path:
    return REPO / "data"


@pytest.fixture(scope="session")
def dao_dir() -> Path:
    d = shared_data_dir() / "movingai" / "dao"
    if not d.is_dir():
        pytest.skip(f"shared Moving AI data not found at {d} (set PATHING_SHARED_DATA)")
    return d
