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

__all__ = ["solve", "seq", "period", "misere", "genus", "pattern", "table", "graph", "play", "lesson", "explore",
           "nimber", "Game", "sum",
           "LimitError",
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


def _ask(kind, game, **fields):
    """The library's answer to one question: the fields given (``None`` left out, so that the
    library's defaults apply, the same as the command line's and the web API's)."""
    low = {k: v for k, v in fields.items() if v is not None}
    return _json.loads(_grundy.request_json(kind, game, _json.dumps(low)))


def solve(game, components, misere=False, explain=False, lang="en"):
    """Value, outcome and every winning move of the position made of ``components``; with
    ``explain=True`` the walk-through too, in ``lang`` (``"en"``, ``"ru"``, ``"zh"``, ``"mk"``)."""
    components = [str(c) for c in components]
    return Analysis(_ask("solve", game, components=components, misere=bool(misere),
                         explain=bool(explain), lang=lang))


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


def _count(n):
    return None if n is None else int(n)


def misere(game, max=None, max_order=None):
    """The misère quotient of a heap game (order, P-portion, presentation, pretending function,
    and ``periodic: true`` only with a proof); by default to heap 300, order 100,000."""
    return _ask("misere", game, max=_count(max), max_order=_count(max_order))


def genus(game, max=None):
    """Conway's genus of each heap 0..max (default 30) of a heap game: ``{"genus": [{"heap": 5,
    "genus": "4^146", "tame": False}, ...]}``, with ``"stopped"`` when a search limit ended the
    list."""
    return _ask("genus", game, max=_count(max))


def period(game, max=None):
    """The proven period (``periodic: true``), or how far it was checked (by default 10^6 heaps
    of a heap game, 10^4 of another family)."""
    return _ask("period", game, max=_count(max))


def pattern(game, max=None, table=False):
    """The simplest formula the values follow, with its proof or how far it was checked."""
    return _ask("pattern", game, max=_count(max), table=bool(table))


def table(game, size=None):
    """The size × size table of pair values (default 20)."""
    return Table(_ask("table", game, size=_count(size)))


def graph(text):
    """Every node of a game graph (given as the text of a graph file) with its value, outcome
    and remoteness."""
    return _ask("graph", None, graph=text)


def play(game, components, misere=False, lang="en"):
    """The computer's move in the position (``{"move": null}`` when none is left), as the web
    page's ``/api/play`` answers it."""
    return _ask("play", game, components=[str(c) for c in components], misere=bool(misere), lang=lang)


def lesson(topic=None, lang="en", answers=False):
    """A lesson's text (``{"topic": ..., "text": ...}``), or the list of topics."""
    return _ask("lesson", None, topic=topic, lang=lang, answers=bool(answers))


def explore(game, positions, max_positions=None):
    """Every position reachable from ``positions`` (one component each), labelled: the
    ``explore --json`` document (one thread; the command line spreads it on threads and
    processes). A :class:`Game` of callables is explored too."""
    return _ask("explore", game, positions=[str(p) for p in positions], max_positions=_count(max_positions))


def nimber(op, a, b=None, explain=False, lang="en"):
    """Nimber arithmetic: ``op`` is ``"add"``, ``"mul"``, ``"pow"`` (``b`` an ordinary
    exponent), ``"inv"`` or ``"sqrt"``; ``a`` and ``b`` ints of any size. The ``nimber --json``
    document; its ``"value"`` is the answer.

    >>> nimber("mul", 2, 3)["value"]
    1
    """
    return _ask("nimber", None, op=op, a=str(int(a)), b=None if b is None else str(int(b)),
                explain=bool(explain), lang=lang)
