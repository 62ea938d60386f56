"""grundy from Python against the command line's --json on the same inputs, and the rest of
the Python contract (games of Python callables, big integers, exceptions, Ctrl-C, HTML)."""

import html.parser
import json
import os
import pathlib
import signal
import subprocess
import sys
import threading
import time

import pytest

import grundy

ROOT = pathlib.Path(__file__).resolve().parents[3]


def cli(*args):
    for build in ("release", "debug"):
        binary = ROOT / "target" / build / "grundy"
        if binary.exists():
            return json.loads(subprocess.run([str(binary), *args], check=True, capture_output=True, text=True).stdout)
    pytest.fail("build the grundy binary first (cargo build --release)")


@pytest.mark.parametrize("game,components,misere", [
    ("nim", ["8", "13", "15"], False),
    ("kayles", ["5", "7"], False),
    ("wythoff", ["3,5", "4,4"], False),
    ("nim", ["1", "1", "2"], True),
    ("moore:2", ["3", "5", "6"], False),
    ("fibonacci-nim", ["10", "7,3"], False),
])
def test_solve_is_the_cli_document(game, components, misere):
    args = ["solve", game, *components, "--json"] + (["--misere"] if misere else [])
    assert dict(grundy.solve(game, components, misere=misere)) == cli(*args)


def test_seq_period_pattern_table_graph_are_the_cli_documents():
    assert list(grundy.seq("0.07", 300)) == cli("seq", "0.07", "300", "--json")["values"]
    assert grundy.period("0.07", max=100000) == cli("period", "0.07", "--max", "100000", "--json")
    assert grundy.pattern("bounded:3") == cli("pattern", "bounded:3", "--json")
    assert dict(grundy.table("wythoff", 12)) == cli("table", "wythoff", "--size", "12", "--json")
    text = "a: b\nb: a c\nc:\nd: d c\n"
    path = ROOT / "examples" / "tour.txt"
    assert path.read_text() == text
    assert grundy.graph(text) == cli("graph", str(path), "--json")


def kayles_moves(n):
    options = []
    for take in (1, 2):
        for left in range(0, n - take + 1):
            right = n - take - left
            if left <= right:
                options.append(grundy.sum([left, right]))
    return options


KAYLES = grundy.Game(moves=kayles_moves, heap=lambda n: n, name="python kayles")


def test_a_python_kayles_is_kayles():
    assert list(grundy.seq(KAYLES, 80)) == list(grundy.seq("kayles", 80))
    mine = grundy.solve(KAYLES, [5, 7])
    theirs = grundy.solve("kayles", [5, 7])
    assert (mine["value"], mine["outcome"]) == (theirs["value"], theirs["outcome"])


def test_the_seeds_brute_force_check_of_the_xor_rule():
    # A sum is lost for the player to move exactly when the XOR of the parts' values is 0.
    subtraction = grundy.Game(moves=lambda n: [n - t for t in (1, 3, 4) if t <= n], heap=lambda n: n)
    values = list(grundy.seq(subtraction, 12))
    for a in range(8):
        for b in range(8):
            outcome = grundy.solve(subtraction, [a, b])["outcome"]
            assert (outcome == "P") == (values[a] ^ values[b] == 0)


def test_big_integers_round_trip():
    heap = 10 ** 100 + 7
    answer = grundy.solve("nim", [heap, 1])
    assert answer["value"] == heap ^ 1
    assert answer["winning_moves"][0]["to"] == [str(1)] or answer["winning_moves"]


def test_errors_become_the_right_exceptions():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        grundy.solve("chess", [1])
    with pytest.raises(ValueError, match="negative heap size"):
        grundy.solve("nim", ["-3"])
    with pytest.raises(grundy.LimitError, match="too large to decide"):
        grundy.solve("dawson", [10 ** 9], misere=True)
    with pytest.raises(ValueError, match="raised"):
        grundy.solve(grundy.Game(moves=lambda n: 1 / 0), [1])


def test_keyboard_interrupt_during_a_long_seq_returns_promptly():
    # Python keeps SIGINT ignored when it starts with it ignored (a shell's background job, some
    # CI runners): the test installs the usual handler itself, as an interactive session has it.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    try:
        timer.start()
        started = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            grundy.seq("grundy", 10 ** 8)
        assert time.monotonic() - started < 10
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)


class _Parser(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)


def test_explanations_in_the_language_asked_for():
    for lang, word in [("en", "nim-sum"), ("ru", "ним-сумма"), ("zh", "异或和"), ("mk", "НИМ сума")]:
        answer = grundy.solve("nim", [8, 13, 15], explain=True, lang=lang)
        assert word in answer["explanation"], lang
        assert [m["after"] for m in answer["winning_moves"]][0] == ["2", "13", "15"]
    try:
        grundy.solve("nim", [1], explain=True, lang="xx")
    except ValueError as error:
        assert "lang" in str(error)
    else:
        raise AssertionError("an unknown language is refused")


def test_html_representations_parse_and_hold_the_numbers():
    answer = grundy.solve("nim", [8, 13, 15], explain=True)
    page = answer._repr_html_()
    parser = _Parser()
    parser.feed(page)
    assert "pre" in parser.tags and "2 13 15" in page and "nim-sum" in page
    svg = grundy.table("wythoff", 8)._repr_html_()
    parser.feed(svg)
    assert "svg" in parser.tags and "wythoff" in svg
    sequence = grundy.seq("0.07", 100)
    if hasattr(sequence, "_repr_html_"):
        assert "<svg" in sequence._repr_html_()


@pytest.mark.parametrize("name", ["xor_rule.py", "find_pattern.py"])
def test_the_python_examples_run(name):
    script = ROOT / "examples" / "python" / name
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


def test_genus_of_each_heap():
    doc = grundy.genus("kayles", max=9)
    written = [row["genus"] for row in doc["genus"]]
    assert written[:6] == ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146"]
    assert [row["tame"] for row in doc["genus"]][:6] == [True] * 5 + [False]
    assert doc["max_heap"] == 9 and "stopped" not in doc
    with pytest.raises(ValueError, match="not a heap game"):
        grundy.genus("wythoff")


def test_misere_quotients():
    q = grundy.misere("0.75")
    assert q["order"] == 8
    assert q["p_portion"] == ["a", "b2"]
    assert q["presentation"] == "<a,b,c | a2=1,b3=b,bc=ab,c2=b2>"
    assert (q["periodic"], q["preperiod"], q["period"]) == (True, 8, 2)
    nim = grundy.misere("nim", max=7)
    assert (nim["order"], nim["tame"], nim["periodic"]) == (10, True, False)
    with pytest.raises(ValueError, match="not a heap game"):
        grundy.misere("wythoff")


CORPUS = __import__("tomllib").loads((ROOT / "testdata" / "requests.toml").read_text(encoding="utf-8"))["case"]


def contains(actual, expected):
    """Every field of ``expected`` is in ``actual`` with the same value (lists whole)."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and contains(actual[k], v) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(actual) == len(expected) and all(
            contains(a, e) for a, e in zip(actual, expected))
    return actual == expected


# The command line's words for the corpus's questions, where it has a --json.
def cli_args(kind, low):
    game = low.get("game")
    if game is None or game in ("graph", "script"):
        return None
    if kind == "solve" and all(isinstance(v, bool) for k, v in low.items() if k == "misere"):
        return ["solve", game, *low["components"], "--json"] + (["--misere"] if low.get("misere") else [])
    if kind == "seq":
        return ["seq", game, str(low["n"]), "--json"]
    if kind in ("period", "misere"):
        return [kind, game, "--json"] + (["--max", str(low["max"])] if "max" in low else [])
    if kind == "table":
        return ["table", game, "--size", str(low.get("size", 20)), "--json"]
    if kind == "explore":
        return ["explore", game, *low["positions"], "--json"]
    return None


@pytest.mark.parametrize("case", CORPUS, ids=[c["about"][:40] for c in CORPUS])
def test_the_corpus_through_python(case):
    """The request corpus through Python's door: the hand-derived fields, the command line's
    document where it has one, and every refusal as an exception."""
    low = json.loads(case["request"])
    game = low.pop("game", None)
    fields = json.dumps(low)
    if "refused" in case:
        expected = grundy.LimitError if case["refused"] == "limit" else ValueError
        with pytest.raises(expected):
            grundy._grundy.request_json(case["kind"], game, fields)
        return
    doc = json.loads(grundy._grundy.request_json(case["kind"], game, fields))
    assert contains(doc, json.loads(case["expect"])), (case["about"], doc)
    args = cli_args(case["kind"], {**low, "game": game} if game else low)
    if args is not None:
        assert doc == cli(*args), case["about"]


def test_a_loopy_pair_of_a_python_game_is_refused_not_zero():
    """Regression: Python's table of a game of callables wrote a loopy value as 0 (a
    P-position) where the script family refuses."""
    loop = grundy.Game(moves=lambda p: [p], pair=lambda x, y: (x, y))
    with pytest.raises(ValueError, match="loopy"):
        grundy.table(loop, 2)


def test_moves_returning_a_string_or_a_dict_is_refused():
    for wrong in ("abc", {"a": 1}):
        game = grundy.Game(moves=lambda p, wrong=wrong: wrong)
        with pytest.raises(ValueError, match="not a list of options"):
            grundy.solve(game, [3])


def test_positions_nested_too_deep_or_containing_themselves_are_refused():
    def deep(p):
        value = 0
        for _ in range(5000):
            value = [value]
        return [value]

    def itself(p):
        cycle = []
        cycle.append(cycle)
        return [cycle]

    for moves in (deep, itself):
        with pytest.raises(ValueError, match="not a position"):
            grundy.solve(grundy.Game(moves=moves), [3])


def test_game_files_are_read_by_the_command_line_s_rules():
    with pytest.raises(ValueError, match="not a regular file"):
        grundy.solve("graph:/dev/zero", ["a"])


def test_explore_labels_a_game_of_callables_as_solve_does():
    game = grundy.Game(moves=lambda n: [n - k for k in (1, 2) if n - k >= 0])
    doc = grundy.explore(game, [10])
    assert doc["positions"] == 11
    assert doc["start"][0]["value"] == grundy.solve(game, [10])["value"] == 10 % 3
    # No move splits: remoteness is there; 10 is won by moving to 9 (a multiple of 3).
    assert doc["start"][0]["remoteness"] == 7


def test_nimber_products_are_the_definition():
    n = 16
    product = [[0] * n for _ in range(n)]
    for x in range(n):
        for y in range(n):
            seen = {product[a][y] ^ product[x][b] ^ product[a][b] for a in range(x) for b in range(y)}
            product[x][y] = next(v for v in range(n * n) if v not in seen)
    for x in range(n):
        for y in range(n):
            assert grundy.nimber("mul", x, y)["value"] == product[x][y]
    big = 2 ** 200 + 12345
    assert grundy.nimber("mul", big, grundy.nimber("inv", big)["value"])["value"] == 1
    with pytest.raises(ValueError):
        grundy.nimber("inv", 0)
