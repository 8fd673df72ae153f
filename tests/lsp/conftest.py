from __future__ import annotations

import pytest

from .helpers import PROFILES


@pytest.fixture(params=PROFILES)
def profile(request) -> str:
    """A real client's capabilities: VS Code and Neovim."""
    return request.param
