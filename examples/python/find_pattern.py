"""Finding the pattern of a new game, notebook style: a move takes one token, or splits a pile
of 2x into k piles of x (the contest game of examples/split.rhai), here in Python."""

import grundy


def moves(n):
    options = [n - 1] if n >= 1 else []
    for k in range(2, n + 1):
        if n % k == 0:
            options.append(grundy.sum([n // k] * k))
    return options


game = grundy.Game(moves=moves, heap=lambda n: n, name="split")
print(list(grundy.seq(game, 30)))
report = grundy.pattern(game, max=300)
print(report["formula"], "proven" if report["proven"] else "checked to %d" % report["checked_to"])
for rejected in report["rejected"]:
    print("  rejected", rejected["formula"], "at", rejected["counterexample"])
