from typing import Any, Callable, Optional, Sequence as _Seq, Union

class LimitError(Exception): ...

class sum:
    """An option made of independent components, as a script's sum([...])."""
    def __init__(self, parts: list[Any]) -> None: ...

class Game:
    """A game defined by Python callables: moves(p) lists the options of p (a position, or
    grundy.sum([...]) for a split); heap(n) and pair(x, y) the families to walk; parse(text) and
    show(p) its notation."""
    def __init__(
        self,
        moves: Callable[[Any], Any],
        heap: Optional[Callable[[int], Any]] = ...,
        pair: Optional[Callable[[int, int], Any]] = ...,
        parse: Optional[Callable[[str], Any]] = ...,
        show: Optional[Callable[[Any], str]] = ...,
        name: Optional[str] = ...,
    ) -> None: ...

GameLike = Union[str, Game]

class Analysis(dict[str, Any]):
    def _repr_html_(self) -> str: ...

class Table(dict[str, Any]):
    def _repr_html_(self) -> str: ...

class Sequence(list[int]):
    game: str
    def _repr_html_(self) -> str: ...

def solve(game: GameLike, components: _Seq[Union[str, int]], misere: bool = ..., explain: bool = ..., lang: str = ...) -> Analysis: ...
def seq(game: GameLike, n: int) -> Any: ...
def period(game: GameLike, max: int = ...) -> dict[str, Any]: ...
def pattern(game: GameLike, max: Optional[int] = ..., table: bool = ...) -> dict[str, Any]: ...
def table(game: GameLike, size: int) -> Table: ...
def graph(text: str) -> dict[str, Any]: ...
