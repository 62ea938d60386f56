"""The seed lesson's check that the XOR rule matches brute force, with grundy.Game.

A subtraction game (take 1, 3 or 4): the lesson computes grundy(x) by brute force and checks
that a sum of piles is lost exactly when the XOR of the piles' values is 0. Here the game is a
few lines of Python, and grundy's solver does the brute force (memoized)."""

import grundy

game = grundy.Game(moves=lambda n: [n - t for t in (1, 3, 4) if t <= n], heap=lambda n: n)
values = list(grundy.seq(game, 20))
print("g(0..20) =", values)
for a in range(10):
    for b in range(10):
        lost = grundy.solve(game, [a, b])["outcome"] == "P"
        assert lost == (values[a] ^ values[b] == 0), (a, b)
print("the XOR rule holds on every pair of piles below 10")
