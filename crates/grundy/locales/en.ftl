# English. Every key here exists in ru.ftl, zh.ftl and mk.ftl (a test checks).
# Arguments are written { $name }; plural forms use Fluent's selectors.

test-heaps = { $n ->
    [one] { $n } heap
   *[other] { $n } heaps
}

## Lessons

lesson-grundy-title = What a Grundy value is: the mex
lesson-nim-title = Nim and the nim-sum, with the proof by the highest bit
lesson-table-title = The table of two Nim heaps: x XOR y, checked on 3600 cells
lesson-bounded-title = Bounded Nim: at most m tokens a move
lesson-subtraction-title = Subtraction games and their period
lesson-recipe-title = The five-step recipe on a new game (Kayles, with pattern)
lesson-pieces-title = Pieces on a line (POJ 1704) and the staircase
lesson-misere-title = Misère Nim: the last mover loses
lesson-wythoff-title = Wythoff's game: the golden pairs
lesson-cycles-title = Games with cycles: ∞, draws and remoteness

lesson-pitfalls = Common pitfalls
lesson-exercises = Exercises
lesson-exercises-intro = Each command prints the answer: the outcome, the value and every winning move
    (grundy lesson TOPIC --answers shows them here).
lesson-answer-moves = winning moves: { $moves }
lesson-verdict-p = the player to move loses (a losing position, P)
lesson-verdict-n = the player to move wins (a winning position, N)
lesson-verdict-d = a draw: with best play the game never ends
lesson-proof-guy-smith = the periodicity theorem for games that split heaps (Guy and Smith): a move
    takes at most { $removal } tokens and leaves at most { $parts } heaps, and the values agree
    with the period up to heap { $proven_at }, which is all the theorem asks
lesson-proof-window = no move splits a heap and the largest move takes { $removal } tokens, so once
    { $removal } values in a row repeat, every later value is the mex of the same values and the
    repetition goes on for ever (it was reached by heap { $proven_at })
lesson-proof-arithmetic = arithmetic periodicity, proven by binary separation
lesson-proof-bounded = from a heap n the options are the m heaps just below it, whose values are
    the m residues other than n mod (m + 1), so the mex is n mod (m + 1), by induction on n
lesson-proof-nim = from a heap n every smaller heap can be reached, so G(n) = n
lesson-proof-other = a closed form of the game
lesson-fails-at = fails at { $at }
lesson-fits = fits every value computed
lesson-formula-periodic = periodic
lesson-formula-arithmetic = arithmetic-periodic
lesson-ex-who-wins = Who wins the position { $position } of { $game }, and with which moves?
lesson-ex-who-wins-misere = Under misère play (the last mover loses), who wins the position { $position } of { $game }?
lesson-ex-cell = What stands in row { $x }, column { $y } of the table, and who wins the heaps { $x } and { $y }?
lesson-ex-who-wins-graph = With tokens on { $position } (one token per node named), who wins, and how?
lesson-grundy-options = options
lesson-grundy-option-values = their values

lesson-grundy-class = The games of these lessons are impartial: two players move in turn, both have the
    same moves, everything is in view, nothing is left to chance, and the player who cannot move
    loses (normal play). Every such game is solved the same way, by one number per position.
lesson-grundy-mex = The mex (minimum excludant) of a set of numbers is the smallest non-negative whole
    number that is not in the set:
lesson-grundy-definition = The Grundy value of a position is the mex of the values of the positions one
    move away: G(v) = mex{"{"} G(u) : u is one move from v {"}"}. A position with no move has G = 0,
    the mex of the empty set.
lesson-grundy-example = Take the subtraction game { $game }: a move takes 1, 3 or 4 tokens from the heap.
    Heap by heap, its options, their values and the mex:
lesson-grundy-zero = The player to move loses exactly when the value is 0. From a 0 every move leads to a
    non-zero value (a 0 among the options would make the mex non-zero), and from a non-zero value
    some move leads to a 0 (otherwise the mex would be 0). Here the losing heaps up to { $max } are
    { $zeros }; every other heap is a winning position.
lesson-grundy-sum = The value is what lets games be added. The Sprague–Grundy theorem: in a sum of
    independent games, where a move is a move in one of them, the value is the XOR (the nim-sum,
    ⊕) of the parts' values. Heaps 5 and 6 of { $game }: G = { $a } ⊕ { $b } = { $total }, so
    { $verdict }.
lesson-grundy-pitfall-mex = The mex looks for 0 first. The Chinese lesson writes mex{"{"}2, 3{"}"} = 1, but 0 is
    not in {"{"}2, 3{"}"}, so mex{"{"}2, 3{"}"} = { $mex }. Its other examples are right.

lesson-nim-rules = Nim: a few heaps of tokens; a move takes any positive number of tokens from one heap;
    the player who cannot move has lost. Bouton's theorem: a position is lost for the player to
    move exactly when the XOR of the heap sizes (the nim-sum) is 0.
lesson-nim-mirror = Start with two heaps. From { $to } and { $from } the first player takes { $take } from the heap of
    { $from }, leaving two equal heaps, and then repeats every move of the opponent on the other heap.
    Two equal heaps are lost for the player to move, and a ⊕ a = 0: what matters is not the sum
    of the heaps but a balance between them, and that balance is the XOR.
lesson-nim-binary = Write each heap in binary, one bit per column, and XOR every column: add without
    carrying, so a column with an odd number of ones gives 1. For { $position }:
lesson-nim-claims = Two claims make the strategy. (1) From S = 0 every move makes S ≠ 0. (2) From
    S ≠ 0 some move makes S = 0. Whoever always leaves S = 0 wins: the final position (every heap
    empty) has S = 0, so the opponent can never reach it.
lesson-nim-proof-zero = Why (1): a move changes one heap from x_k to y_k, so the new nim-sum is
    T = S ⊕ x_k ⊕ y_k; with S = 0 this is x_k ⊕ y_k, which is not 0 because y_k ≠ x_k.
lesson-nim-proof-nonzero = Why (2): let d be the highest set bit of S (here S = { $s }, d = { $d }, worth { $power }).
    Some heap x_k has bit d set, or S would not have it. Make that heap y_k = x_k ⊕ S: the bits
    above d stay, bit d drops from 1 to 0, which takes away { $power }, and the bits below can give
    back at most { $power } − 1, so y_k < x_k and the move is legal. Then T = S ⊕ x_k ⊕ y_k = 0.
lesson-nim-move-line = heap { $heap }: { $heap } ⊕ { $s } = { $target }, take { $take }
lesson-nim-solve-lists = { $n ->
    [one] One heap has bit d set, so there is one winning move; grundy solve finds it:
   *[other] { $n } heaps have bit d set, so there are { $n } winning moves; grundy solve lists them all:
}
lesson-nim-pitfall-seven = The Macedonian lesson says that one may instead take 7 tokens from the second heap.
    { $heap } ⊕ { $s } = { $target } is what the heap must become, so take { $take } ({ $heap } → { $target }).
    Taking 7 leaves { $wrong_left }, and 8 ⊕ { $wrong_left } ⊕ 15 = { $wrong_sum }, not 0: the opponent wins.
lesson-nim-pitfall-one = The Chinese lesson says that a nim-sum of 0 loses and of 1 wins. It means
    "non-zero wins": the nim-sum can be any number. 3 4 5 has nim-sum { $s } and is won by the
    first player, who moves to { $after }.
lesson-nim-pitfall-sum = XOR, not the ordinary sum: 1 2 3 has sum { $sum } but nim-sum { $xor }, so
    { $verdict }.

lesson-table-intro = Two Nim heaps x and y form a table: the cell in row x, column y holds the value of
    the position (x, y). A move takes tokens from one heap, so it goes to a cell to the left in
    the same row or higher up in the same column; the cell holds the smallest number missing among
    those cells. Computed by that definition, the corner of the table:
lesson-table-xor = Every cell is x ⊕ y: row { $x }, column { $y } holds { $value } = { $x } ⊕ { $y }. The zeros lie on the
    diagonal x = y: two equal heaps, the mirror strategy of the Nim lesson.
lesson-table-check = The Russian lesson checked this by brute force on all cells with x, y < 60. grundy
    has just done it again: the { $side } × { $side } table computed by the mex has { $cells } cells, and
    { $bad ->
        [0] not one of them differs from x ⊕ y.
        [one] one of them differs from x ⊕ y.
       *[other] { $bad } of them differ from x ⊕ y.
    }
lesson-table-geometry = The same table appears in problems told geometrically ("each cell gets the
    smallest number missing from its row and its column"); the answer is x ⊕ y. To repeat the
    check: grundy table nim --size 60 --verify.
lesson-table-pitfall-before = "Missing from its row and its column" means the cells before it: to the left in
    the row and above in the column, where the moves go. The whole row and column would hold every
    number.

lesson-bounded-rules = Bounded Nim ({ $game } with m = { $m }): a move takes from 1 to { $m } tokens from one heap.
    A heap of n is no longer worth n:
lesson-bounded-pattern = grundy pattern { $game } tries the simplest formulas first and rejects each one with
    the first heap where it fails:
lesson-bounded-why = So G(n) = { $formula }, and it is proven for every n: { $proof }.
lesson-bounded-example = The Russian lesson's example: heaps 7, 8 and 9, at most { $m } tokens a move.
    The values, and their nim-sum:
lesson-bounded-moves = The nim-sum is { $total }, so { $verdict }. A winning move changes one heap's
    value v into v ⊕ { $total }:
lesson-bounded-pitfall-sizes-illegal = XOR the values, not the sizes. The sizes give 7 ⊕ 8 ⊕ 9 = { $sizes }, a number
    that belongs to plain Nim (here the nim-sum is { $total }), and the plain Nim move { $from } → { $to }
    takes { $take } tokens, more than the { $m } allowed.
lesson-bounded-pitfall-sizes-losing = XOR the values, not the sizes. The sizes give 7 ⊕ 8 ⊕ 9 = { $sizes }, a number
    that belongs to plain Nim (here the nim-sum is { $total }), and the plain Nim move { $from } → { $to }
    leaves a position that is won for the opponent.

lesson-sub-rules = A subtraction game has a set S of numbers: a move takes s tokens from one heap, for
    some s in S. Bounded Nim is S = {"{"}1, …, m{"}"}. For S = { $set } ({ $game }):
lesson-sub-period = The values repeat: from n = { $preperiod } on, with period { $period } ({ $values }). This is a
    theorem, not a guess: { $proof }.
lesson-sub-far = So any heap is answered at once: G({ $n }) = { $value }.
lesson-sub-other = A period may start late. { $game } repeats with period { $period } only from n = { $preperiod };
    its first values, up to the end of the first period: { $values }.
lesson-sub-sum = The Chinese lesson's problem has several heaps and one set of moves: compute G for
    every heap and XOR them. Heaps 5 and 6 of { $game }: G = { $total }, so { $verdict }.
lesson-sub-pitfall-assign = The Chinese lesson's C++ program writes ans^grundy[X[i]]; in its loop: the
    XOR is computed and thrown away, ans stays 0, and the program prints "Bob" for every input. It
    is wrong on every winning position: with { $game } and heaps 5 6 the nim-sum is { $total } and
    Alice, who moves first, wins. Write ans ^= grundy[X[i]];.
lesson-sub-pitfall-arrays = The same program reads the heap counts and the move set into each other's
    arrays: its first loop reads N numbers into A (meant for the K moves), the second K numbers
    into X (meant for the N heaps). Read the heaps into X and the moves into A.

lesson-recipe-steps = The recipe of the Russian lesson, for any game of this kind:
    1. Check that the game belongs here: the same moves for both, no chance, the player who
       cannot move loses.
    2. Split the position into independent parts.
    3. Compute the Grundy value of each part, by brute force on small sizes.
    4. Find the pattern and make sure of it.
    5. The answer is the XOR of the values.
lesson-recipe-game = A new game: Kayles. Pins stand in a row; a move knocks down one pin or two
    neighbouring pins. Knocking pins out of the middle leaves two rows.
lesson-recipe-step1 = Step 1. Two players, the same moves for both, no chance, the player who cannot
    move loses: the theory applies.
lesson-recipe-step2 = Step 2. A position is a set of rows that do not touch, and a move changes one
    row: the position is a sum of rows. A move in a row of n leaves two rows a and b with
    a + b = n − 1 or n − 2 (in the code notation Kayles is 0.77).
lesson-recipe-step3 = Step 3. The values of rows 0 to { $max }, computed:
lesson-recipe-step4 = Step 4. grundy pattern kayles tries formulas from the simplest; each one below
    fails somewhere:
lesson-recipe-period = The values are periodic from n = { $preperiod } with period { $period }: { $values }. That is
    proven, not guessed: { $proof }.
lesson-recipe-step5 = Step 5. Rows 5 and 7 have values { $a } and { $b }; the nim-sum is { $a } ⊕ { $b } = { $total }, so
    { $verdict }. Each winning move (a split row is written as the two rows it leaves):
lesson-recipe-pitfall-guess = The Russian lesson says the pattern is guessed from the table, not derived.
    Guessing is a start, not an answer: here the period only begins at n = { $preperiod }, and a
    guess from a small table would be wrong. A formula is sure when a theorem covers every n, and
    grundy pattern says when one does.

lesson-pieces-rules = POJ 1704 (Georgia and Bob): pieces stand on cells 1, 2, 3, … of a line; a move takes
    one piece to the left, not onto or across another piece and not past cell 1.
lesson-pieces-pairs = Pair the pieces from the right: the last with the one before it, and so on; with
    an odd number of pieces the first one pairs with the wall (cell 0). The free cells inside a
    pair form a Nim heap. Moving the right piece of a pair takes tokens from its heap. Moving the
    left piece adds tokens to the heap, as if the opponent broke the rules; but the answer is to
    move the right piece of the same pair by as many cells, and the heap is as it was. So the
    position is Nim on the pairs' gaps.
lesson-pieces-wall = wall
lesson-pieces-example = { $n ->
    [one] One piece, on cell { $cells }. The pair and its gap:
   *[other] { $n } pieces, on cells { $cells }. The pairs and their gaps:
}
lesson-pieces-bob = The nim-sum is { $total }: the player to move loses, and the program prints "Bob will win".
lesson-pieces-georgia = The nim-sum is { $total }: Georgia, who moves first, wins. Her winning moves:
lesson-pieces-staircase = The same reduction in another dress: read from the right, the gaps of all the
    pieces form a staircase, { $steps } (ground first), where a move takes coins one step down,
    and only the odd steps count. grundy solve staircase { $steps } gives the same value, { $value }.
lesson-pieces-pitfall-sort = Sort first: the input may list the pieces in any order (the Chinese lesson warns
    about it), and the pairs are counted from the right end. grundy sorts the cells as it reads
    them: 17,1,5 is read as { $sorted }.

lesson-misere-rules = Misère play turns the goal round: the player who makes the last move loses.
lesson-misere-rule = Bouton's rule for misère Nim: while some heap has 2 or more tokens, play as in
    ordinary Nim (the position is lost exactly when the nim-sum is 0), except that the move which
    would leave only heaps of 0 and 1 token must leave an odd number of heaps of 1. When no heap
    has 2 or more, the position is lost exactly when the number of heaps of 1 is odd.
lesson-misere-normal = normal
lesson-misere-misere = misère
lesson-misere-example = In 1 1 2 both win, but differently: under normal play the winning move is to
    { $normal_after }, under misère play to { $misere_after }, which leaves an odd number of single tokens.
lesson-misere-check = grundy compared the two conventions on all { $n } positions of three heaps of at most 4
    tokens: they differ in { $differ }, { $list }, and every one of them has no heap of 2 or more.
lesson-misere-check-other = grundy compared the two conventions on all { $n } positions of three heaps of at most 4
    tokens: they differ in { $differ }: { $list }.
lesson-misere-no-sum = Misère values do not add by XOR: the Sprague–Grundy theorem is about normal
    play. grundy answers misère positions by searching the whole position, or by the misère
    quotient of a heap game.
lesson-misere-pitfall-ones = The Russian lesson says the misère rule differs "in positions of single heaps".
    Read it as: positions where every heap has at most one token. As soon as one heap has two or
    more, the winner is the same as in normal play.

lesson-wythoff-rules = Wythoff's game: two heaps; a move takes any number of tokens from one heap, or
    the same number from both. The table of values, each cell the mex of the cells to its left,
    above it and on its diagonal up and to the left:
lesson-wythoff-zeros = The losing positions (x ≤ y) begin { $pairs }. They are the pairs (⌊kφ⌋, ⌊kφ⌋ + k)
    for k = 0, 1, 2, …, with φ = (1 + √5)/2. grundy checked the { $side } × { $side } table
    ({ $cells } cells) against that formula: { $bad ->
        [0] no exception.
        [one] one exception.
       *[other] { $bad } exceptions.
    }
lesson-wythoff-not-nim = Wythoff is not two Nim heaps: the diagonal move joins them. (1, 1) has value
    { $one_one }, not 1 ⊕ 1 = 0, and (3, 5) has value { $three_five }, though 3 ⊕ 5 = { $xor }.
lesson-wythoff-sum = A sum of Wythoff games is still a sum: (3, 5) and (1, 1) together have value
    { $total }, so { $verdict }.
lesson-wythoff-pitfall-xor = Do not XOR the two heaps of one Wythoff game: the XOR adds separate games, and
    the two heaps of a Wythoff position are one game. Its value comes from its own table.

lesson-cycles-intro = Some games can go on for ever: a token on a graph whose arrows form cycles. Write
    the graph in a file, one node per line, "name: the nodes it can move to" (save it as { $file }):
lesson-cycles-node = node
lesson-cycles-value = value
lesson-cycles-outcome = outcome
lesson-cycles-remoteness = remoteness
lesson-cycles-values = grundy graph { $file } labels every node:
lesson-cycles-infinity = Smith's rule extends the Grundy value to such graphs: a node whose play can be
    forced to end gets a number as before; a node from which play may go on for ever gets ∞, with
    the finite values it can move to in brackets. A position with a single ∞ is a win (N) when
    it can move to a 0; otherwise it is a draw (D): neither player can force an end.
lesson-cycles-remoteness-text = Remoteness is the number of moves the game lasts when the winner hurries and
    the loser delays; a draw has none.
lesson-cycles-pitfall-draw = Brute force without memory runs for ever on a cycle, and "not lost" is not
    "won": a drawn position is neither. Label the graph from its ends (retrograde analysis), as
    grundy does.
lesson-cycles-finite = A cycle alone does not make a draw. start and hop lie on the cycle start → hop → start,
    yet start has value { $start } and hop { $hop }: whoever stands on hop must go to start, and the
    opponent then takes the token to end.
lesson-cycles-sum = Sums work as before, with one more rule: ∞ plus a number n is ∞ with every value of its
    set XORed with n. fork alone is { $fork }, a win; but fork beside start (value { $start }) makes { $sum },
    so { $verdict }.
