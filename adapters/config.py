"""Settings read once from the environment at start-up (``Settings.from_env``), never at import.

Defaults are safe for one machine: an embedded SQLite file under the data directory.  Secrets
have no defaults; a channel whose settings are missing stays off.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Settings:
    data_dir: Path = Path("var")
    database_url: str | None = None
    """``CONQUIAN_DATABASE_URL``; None means ``sqlite:///<data_dir>/conquian.db``."""

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> Settings:
        """The settings in ``environ`` (``os.environ`` in the entry points, a dict in tests)."""
        return cls(
            data_dir=Path(environ.get("CONQUIAN_DATA_DIR", "var")),
            database_url=environ.get("CONQUIAN_DATABASE_URL") or None,
        )

    @property
    def effective_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite:///{self.data_dir / 'conquian.db'}"
