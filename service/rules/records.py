"""``Record``: the base of events and actions, immutable values built by a plain ``__init__``.

Events and actions are built by the million in self-play and replay.  A frozen dataclass's
generated ``__init__`` assigns each field through ``object.__setattr__``, which made building them
a quarter of a self-play run's cost (docs/benchmarks.md).  A record assigns its ``Final``
attributes directly: mypy rejects any later assignment, and the compiled build (mypyc) makes them
read-only at run time.  Equality includes the type, so ``CardBuried(c) != CardPassed(s, c)``.
"""

from __future__ import annotations

from typing import ClassVar


class Record:
    """Value semantics over the attributes named in ``__match_args__`` (in declaration order)."""

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(
            getattr(self, name) == getattr(other, name) for name in self.__match_args__
        )

    def __hash__(self) -> int:
        return hash((type(self).__name__, *(getattr(self, name) for name in self.__match_args__)))

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__name__}({inner})"

    def values(self) -> dict[str, object]:
        """The fields by name, in declaration order (for serializers and tests)."""
        return {name: getattr(self, name) for name in self.__match_args__}
