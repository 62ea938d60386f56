"""grundy: impartial games solved by Sprague–Grundy theory, from Python.

Every function answers with the same document as the command line's ``--json`` (integers of
any size stay exact Python ints). A game is a catalogue name (``"nim"``, ``"kayles"``,
``"0.07"``, ``"wythoff"``, ``"graph:tour.txt"``, ``"script:game.rhai"``) or a :class:`Game`
defined by Python callables.

>>> import grundy
>>> grundy.solve("nim", [3, 4, 5])["winning_moves"][0]["after"]
['1', '4', '5']
"""

import array as _array
import html as _html
import json as _json

from . import _grundy
from ._grundy import Game, LimitError, sum  # noqa: A004  (grundy.sum, as in scripts)

__all__ = ["solve", "seq", "period", "misere", "genus", "pattern", "table", "graph", "Game", "sum", "LimitError",
           "Analysis", "Table", "Sequence"]


class Analysis(dict):
    """The analysis of a position (the ``solve --json`` document); shows its explanation in a
    notebook."""

    def _repr_html_(self):
        lines = []
        value = self.get("value")
        lines.append("<p><b>%s</b>: outcome %s%s</p>" % (
            _html.escape(" ".join(c["position"] for c in self.get("components", []))),
            _html.escape(str(self.get("outcome"))),
            "" if value is None else ", value " + _html.escape(str(value))))
        moves = ["<li>%s</li>" % _html.escape(" ".join(m["after"])) for m in self.get("winning_moves", [])]
        if moves:
            lines.append("<p>winning moves, leaving:</p><ul>%s</ul>" % "".join(moves))
        if self.get("explanation"):
            lines.append("<pre>%s</pre>" % _html.escape(self["explanation"]))
        return "\n".join(lines)


class Table(dict):
    """A table of pair values (the ``table --json`` document); a heatmap in a notebook."""

    def _repr_html_(self):
        return _grundy.heatmap_svg(self["game"], self["rows"])


class Sequence(list):
    """Grundy values of heaps 0..n; a plot in a notebook."""

    def __init__(self, values, game=""):
        super().__init__(values)
        self.game = game

    def _repr_html_(self):
        return _grundy.sequence_svg(self.game, [int(v) for v in self])


def _name(game):
    return game if isinstance(game, str) else repr(game)


def solve(game, components, misere=False, explain=False, lang="en"):
    """Value, outcome and every winning move of the position made of ``components``; with
    ``explain=True`` the walk-through too, in ``lang`` (``"en"``, ``"ru"``, ``"zh"``, ``"mk"``)."""
    components = [str(c) for c in components]
    return Analysis(_json.loads(_grundy.solve_json(game, components, misere, explain, lang)))


def seq(game, n):
    """The Grundy values of heaps 0..n: a numpy array (read straight from the computed bytes)
    when numpy is installed, else a :class:`Sequence` (a list)."""
    data = _grundy.seq_bytes(game, int(n))
    try:
        import numpy
    except ImportError:
        values = _array.array("Q")
        values.frombytes(data)
        return Sequence(values.tolist(), _name(game))
    return numpy.frombuffer(data, dtype="<u8")


def misere(game, max=300, max_order=100_000):
    """The misère quotient of a heap game (order, P-portion, presentation, pretending function,
    and ``periodic: true`` only with a proof)."""
    return _json.loads(_grundy.misere_json(game, int(max), int(max_order)))


def genus(game, max=30):
    """Conway's genus of each heap 0..max of a heap game: ``{"genus": [{"heap": 5, "genus":
    "4^146", "tame": False}, ...]}``, with ``"stopped"`` when a search limit ended the list."""
    return _json.loads(_grundy.genus_json(game, int(max)))


def period(game, max=1_000_000):
    """The proven period (``periodic: true``), or how far it was checked."""
    return _json.loads(_grundy.period_json(game, int(max)))


def pattern(game, max=None, table=False):
    """The simplest formula the values follow, with its proof or how far it was checked."""
    return _json.loads(_grundy.pattern_json(game, None if max is None else int(max), bool(table)))


def table(game, size):
    """The size × size table of pair values."""
    return Table(_json.loads(_grundy.table_json(game, int(size))))


def graph(text):
    """Every node of a game graph (given as the text of a graph file) with its value, outcome
    and remoteness."""
    return _json.loads(_grundy.graph_json(text))
