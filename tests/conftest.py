"""What every test shares: a configuration folder of its own, so that no test reads or
writes the printers kept in the user's (`--printer NAME`, `cardgen printers`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.render.paper.printers import CONFIG_DIR_VARIABLE


@pytest.fixture(autouse=True)
def own_config_folder(tmp_path_factory: pytest.TempPathFactory,
                      monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path_factory.mktemp("config")
    monkeypatch.setenv(CONFIG_DIR_VARIABLE, str(folder))
    return folder
