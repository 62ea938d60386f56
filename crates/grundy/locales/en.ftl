# English. Every key here exists in ru.ftl, zh.ftl and mk.ftl (a test checks).
# Arguments are written { $name }; plural forms use Fluent's selectors.

test-heaps = { $n ->
    [one] { $n } heap
   *[other] { $n } heaps
}

## Explanations (solve --explain, hints in play, the web page). Heaps count from 1.

explain-list-separator = ,{" "}
explain-nothing = nothing
explain-heap-label = heap { $i }
explain-heap-value-label = heap { $i }: g({ $size })
explain-nim-sum-label = nim-sum
explain-count-label = count
explain-winning-moves-title = Winning moves:
explain-more-moves = … and { $n } more
explain-binary-intro =
    Each heap in binary, one bit per column (the rightmost column is worth 1, the next 2,
    then 4, 8, ...):
explain-binary-intro-values =
    Each value in binary, one bit per column (the rightmost column is worth 1, the next 2,
    then 4, 8, ...):
explain-binary-xor-note =
    A column of the nim-sum is 1 exactly when that column holds an odd number of 1s
    (binary addition without carrying, XOR).

explain-nim-header = Position: { $position } in Nim (normal play: whoever takes the last token wins).
explain-nim-empty =
    There is no token left: the player to move cannot move and loses. This is a
    P-position.
explain-nim-p =
    The nim-sum is 0: every column holds an even number of 1s. The player to move loses
    (a P-position). Any move changes exactly one heap, so it flips at least one bit in that
    heap's row; that column then holds an odd number of 1s and the nim-sum is no longer 0.
    The opponent can always make it 0 again, and so takes the last token.
explain-nim-n =
    The nim-sum is { $sum }, not 0: the player to move wins (an N-position).
    Its highest set bit is the column worth { $worth }. { $count ->
        [one] The heap
       *[other] The heaps
    } with a 1 in that column: { $holders }.
    Replace such a heap h by h XOR { $sum }: that clears the 1 in the column worth { $worth } and
    changes nothing to its left, so the heap gets smaller and the move is legal.
explain-nim-holder = heap { $i } ({ $heap })
explain-nim-move = heap { $i }: { $from } XOR { $sum } = { $to }, so take { $taken } { $count ->
        [one] token
       *[other] tokens
    } from heap { $i } ({ $from } -> { $to })
explain-nim-after =
    After such a move every column holds an even number of 1s, so the nim-sum is 0: for
    example { $after } has nim-sum { $value }. That is a P-position for the opponent: whatever they do
    makes the nim-sum non-zero, you make it 0 again, and you take the last token.

explain-misere-header = Position: { $position } in misère Nim (whoever takes the last token loses).
explain-misere-rule =
    Rule: the player to move wins exactly when (some heap has 2 or more tokens and the
    nim-sum is not 0) or (every heap has at most 1 token and the nim-sum is 0).
explain-misere-thin =
    Every heap has at most 1 token, so every move takes one whole heap and the game
    lasts exactly { $n } more { $n ->
        [one] move
       *[other] moves
    }; whoever makes the last of them loses.
explain-misere-thin-p =
    That number is odd (the nim-sum is { $sum }): the player to move makes the last move and
    loses. This is a P-position; no move helps.
explain-misere-thin-none =
    There is no move at all: the player to move cannot move, and under misère play
    that player wins. This is an N-position with no move to make.
explain-misere-thin-n =
    That number is even (the nim-sum is { $sum }): the player to move wins (an N-position) by
    taking any one heap, leaving an odd number of single tokens.
explain-misere-fat-p =
    Some heap has 2 or more tokens and the nim-sum is 0: the player to move loses
    (a P-position). With a nim-sum of 0 at least two heaps have 2 or more tokens (one
    alone would leave its high bits unmatched), so no single move can leave only heaps
    of 0 or 1: every move leaves a heap of 2 or more and a non-zero nim-sum, from which
    the opponent wins.
explain-misere-fat-n =
    Some heap has 2 or more tokens and the nim-sum is { $sum }, not 0: the player to move
    wins (an N-position). Play as in ordinary Nim, except when the move would leave only
    heaps of 0 or 1 tokens: then leave an odd number of single tokens instead, so that the
    opponent is forced to take the last one.
explain-misere-one-big =
    Heap { $i } is the only one with 2 or more tokens; the other heaps hold { $ones } single
    { $ones ->
        [one] token
       *[other] tokens
    }. Reduce it to { $target } so that an odd number of single tokens is left.
explain-take-move = take { $taken } from heap { $i } ({ $from } -> { $to })
explain-misere-check-thin =
    Check: after the first of these moves the heaps are { $after }. Every heap holds at most
    1 token and the nim-sum is { $sum }: an odd number ({ $ones }) of single tokens, so the
    opponent makes the last move and loses. A P-position for the opponent.
explain-misere-check-fat =
    Check: after the first of these moves the heaps are { $after }. Some heap still has 2 or
    more tokens and the nim-sum is { $sum }: a P-position for the opponent.

explain-moore-header = Position: { $position } in Moore's Nim_{ $k } (a move takes tokens from 1 to { $k } heaps at once).
explain-moore-binary-intro = Each heap in binary, one bit per column:
explain-moore-theorem =
    The last row counts the 1s of each column modulo { $mod } (K + 1, with K = { $k }).
    Moore's theorem: the player to move loses exactly when every column's count of 1s is a
    multiple of { $mod }.
explain-moore-p =
    Every count is 0 modulo { $mod }: a P-position. A move lowers at most { $k } heaps; in the
    highest column where a changed heap changes, the bits only go from 1 to 0, in 1 to { $k }
    heaps, so that column's count drops by 1 to { $k } and is no longer a multiple of { $mod }.
    The opponent can always restore every column, and takes the last token.
explain-moore-n =
    Some count is not 0 modulo { $mod }: the player to move wins (an N-position) by making every
    count a multiple of { $mod }, changing at most { $k } heaps.
explain-moore-change = heap { $i } ({ $from } -> { $to })
explain-moore-move = take from { $changes }, leaving { $after }
explain-moore-check =
    Check: in { $after } the counts of 1s per column, modulo { $mod }, are { $counts }: every
    one is 0, so it is a P-position for the opponent.

explain-heap-header = Position: { $position } in { $game } (normal play).
explain-heap-mex-intro =
    The Grundy value g(n) of a heap of n is the mex (the smallest non-negative number not
    among them) of the values of its options; an option that splits the heap is worth the
    XOR of its parts' values.
explain-bounded-formula =
    In bounded Nim a move takes 1 to { $m } tokens from one heap, so the options of a heap of n
    are the heaps n − 1, …, n − { $m } (none below 0). If the smaller heaps have the values
    k mod { $mod }, these options have { $m } different values, every remainder except
    n mod { $mod } itself (when n < { $mod }, exactly 0, …, n − 1). So the mex is n mod { $mod }:
    g(n) = n mod ({ $m } + 1). For the heaps of this position:
explain-bounded-table = The table, each value the mex of its options' values, agrees:
explain-heap-period = Past heap { $proven }, the values come from the proven period: periodic from heap { $preperiod } with period { $period }{ $saltus ->
        [0] {""}
       *[other] {" "}and saltus { $saltus }
    } (proven at heap { $proven }: { $proof }).
explain-proof-guy-smith = Guy–Smith periodicity theorem, at most { $removal } tokens removed and { $parts } heaps left
explain-proof-window = no move splits a heap, so a run of { $removal } matches repeats for ever
explain-proof-arithmetic = arithmetic periodicity by binary separation (period { $period }, saltus { $saltus })
explain-proof-closed-nim = closed form: Nim, g(n) = n (Bouton)
explain-proof-closed-bounded = closed form: bounded Nim, g(n) = n mod (M + 1)
explain-proof-closed-lasker = closed form: Lasker's Nim (Lasker)
explain-proof-closed-other = a closed form
explain-proof-observed = observed only, not proven
explain-heap-xor-intro = By the Sprague–Grundy theorem the position is worth the XOR of its heaps' values:
explain-heap-p =
    The XOR is 0: the player to move loses (a P-position). A move changes one heap into
    an option, and no option of a heap has the heap's own value (that value is the mex
    of theirs), so after any move the XOR is not 0, and the opponent can make it 0 again.
explain-heap-n = The XOR is { $total }, not 0: the player to move wins (an N-position).
explain-heap-option = { $parts } (value { $reached })
explain-heap-option-split = { $parts } (values { $values } = { $reached })
explain-heap-move = heap { $i } has value { $v }; it must become { $v } XOR { $total } = { $target }; the option { $what } has that value
explain-heap-after = After such a move the XOR is 0: for example { $after } has values { $values } = { $total }, a P-position for the opponent.

explain-sum-header = Position: { $n } { $n ->
        [one] component
       *[other] components
    } of { $game }.
explain-sum-misere =
    Under misère play values do not add, so the whole position was searched: every
    position reachable from it was decided, from the ends back (retrograde analysis).
explain-sum-values-intro = The value of each component (the mex of the values of its options):
explain-sum-component = component { $i }: { $position } has value { $value }
explain-sum-total = By the Sprague–Grundy theorem the value of the sum is the XOR of these: { $total }.
explain-sum-infinite =
    With cycles, a part of value ∞(K) makes the sum ∞ with K shifted by the XOR of the
    finite parts; two infinite parts give ∞() — a draw. A position ∞(K) is won by moving to
    a 0 when 0 is in K, and is a draw when it is not.
explain-sum-verdict-p =
    The player to move loses (P): the value is 0, and every move changes one component
    into an option of another value, so it leaves a non-zero value the opponent wins from.
explain-sum-verdict-p-searched = The player to move loses (P): every move leads to a position the opponent wins.
explain-sum-verdict-n = The player to move wins (N).
explain-sum-verdict-d =
    Neither player can force a win: with best play the game goes on for ever (D). No move
    leads to a position of value 0, and the player to move can always go on to another
    infinite position rather than lose.
explain-sum-moves-title = Winning moves (each leads to a position of value 0, a P-position):
explain-sum-moves-title-searched = Winning moves (each leads to a position the opponent loses, a P-position):
explain-sum-move = component { $i }: { $from } -> { $to }
explain-sum-check-value = Check: after the first of these moves the position is { $after }, of value { $value }: a P-position for the opponent.
explain-sum-check-p = Check: after the first of these moves the position is { $after }: searched again, it is a P-position for the opponent.
explain-sum-check-n = Check: after the first of these moves the position is { $after }; searched again, it is an N-position.
explain-sum-check-d = Check: after the first of these moves the position is { $after }; searched again, it is a draw.
explain-script-heap-table = The script's heaps heap(n), n up to the largest in the position, and their values:

explain-wythoff-header = Position: { $position } in Wythoff's game (normal play).
explain-wythoff-rule =
    A move takes any number of tokens from one heap, or the same number from both heaps.
    Wythoff's theorem: the P-positions are (0, 0) and the pairs
    (⌊kφ⌋, ⌊kφ²⌋) = (⌊kφ⌋, ⌊kφ⌋ + k) for k = 1, 2, 3, …, with φ = (1 + √5)/2, in either
    order; every positive whole number lies in exactly one of them, and the pair for k has
    difference k.
explain-wythoff-near = The P-positions near this one:
explain-wythoff-value = The Grundy value of { $position } (from the Grundy table) is { $value }.
explain-wythoff-empty = (0, 0): no token is left, the player to move cannot move and loses. A P-position.
explain-wythoff-p =
    { $position } is the pair for k = { $k }: a P-position, and no move wins. A move in one heap
    keeps the other heap, and that number lies in only one pair, this one; a move in both
    heaps keeps the difference { $k }, and only this pair has that difference. So every move
    leaves a pair that is not a P-position, and the opponent moves back to one.
explain-wythoff-n = { $position } is not one of them: the player to move wins (an N-position) by moving to one:
explain-wythoff-move-one = take { $taken } from heap { $i }, leaving { $pair }, the pair for k = { $k }
explain-wythoff-move-both = take { $taken } from both heaps, leaving { $pair }, the pair for k = { $k } (the difference stays { $k })
explain-wythoff-check =
    Check: in { $pair } the difference is { $k }, ⌊{ $k }φ⌋ = { $first } and { $first } + { $k } = { $second }, so it is
    { $p ->
        [yes] Wythoff's pair for k = { $k }: a P-position for the opponent.
       *[no] not one of Wythoff's pairs.
    }
explain-wythoff-sum-intro =
    A sum of pairs needs each pair's Grundy value, not only its outcome. The Grundy table:
    g(x, y) is the mex of the values to its left in the row, above it in the column and on
    the diagonal up-left (the moves from (x, y)).
explain-wythoff-pair-label = pair { $i } { $pair }
explain-wythoff-sum-move = pair { $i } has value { $v }; it must become { $v } XOR { $total } = { $target }; { $pair } has value { $reached }

explain-stair-header = Position: { $position } in Staircase Nim (coins on steps 0, 1, 2, …; step 0 is the ground).
explain-stair-rule =
    A move takes coins from one step down to the step below. Only the odd steps count: the
    game is Nim on the coins of steps 1, 3, 5, …. Moving coins from an odd step down takes
    them out of a Nim heap (they land on an even step, which does not count). Moving coins
    from an even step down adds them to an odd step, a Nim heap that grows; that does not
    help the opponent, because the next player can move the same coins on down to the even
    step below, which undoes it.
explain-stair-odd-step = step { $step }: { $coins }
explain-stair-no-odd = no odd step
explain-stair-component = staircase { $i } ({ $position }): on the odd steps { $odd }; nim-sum { $value }
explain-step-label = step { $step }
explain-stair-step-label = stairs { $i } step { $step }
explain-stair-p =
    The nim-sum of the odd steps is 0: the player to move loses (a P-position). A move from
    an odd step changes one Nim heap and makes the nim-sum non-zero; a move from an even
    step adds coins to an odd step, and the opponent either moves them on down (undoing it)
    or answers as in Nim.
explain-stair-n = The nim-sum of the odd steps is { $total }, not 0: the player to move wins (an N-position).
explain-stair-move-odd = staircase { $i }: move { $coins } { $coins ->
        [one] coin
       *[other] coins
    } from step { $step } down to step { $below }: the Nim heap on step { $heap } goes { $from } -> { $to } ({ $after })
explain-stair-move-even = staircase { $i }: move { $coins } { $coins ->
        [one] coin
       *[other] coins
    } from step { $step } down to step { $below }: the Nim heap on step { $heap } grows { $from } -> { $to } ({ $after })
explain-stair-check = Check: after the first of these moves the position is { $after }; its odd steps give { $heaps } = { $total }, a P-position for the opponent.

explain-pieces-header = Position: pieces on the cells { $position } (POJ 1704, Georgia and Bob: a move takes one piece left, not onto or across another, not below cell 1).
explain-pieces-rule =
    Sort the pieces and pair them from the right: the last with the one before it, and so
    on; with an odd number of pieces the first piece pairs with the wall (cell 0). The free
    cells inside each pair are a Nim heap: moving the right piece of a pair left takes
    tokens from that heap. Moving the left piece left widens the gap of its pair, a heap
    that grows; that does not help the player who does it, because the next player moves the
    right piece after it by as many cells, which undoes it. The gaps between pairs do not
    count.
explain-pieces-pair = ({ $left }, { $right }): gap { $gap }
explain-pieces-wall-pair = (wall, { $right }): gap { $gap }
explain-pieces-component = line { $i } ({ $count } { $count ->
        [one] piece
       *[other] pieces
    }, sorted { $position }): { $pairs }
explain-pair-label = pair { $j }
explain-line-pair-label = line { $i } pair { $j }
explain-pieces-p = The XOR of the gaps is 0: the player to move loses (a P-position). In POJ 1704 Georgia moves first, so Bob wins.
explain-pieces-n = The XOR of the gaps is { $total }, not 0: the player to move wins (an N-position). In POJ 1704 Georgia moves first, so Georgia wins:
explain-pieces-wall-name = (wall, { $right })
explain-pieces-move-shrink = move the piece on cell { $from } to cell { $to }: the gap of the pair { $pair } shrinks { $gap } -> { $new } ({ $after })
explain-pieces-move-widen = move the piece on cell { $from } to cell { $to }: the gap of the pair { $pair } widens { $gap } -> { $new } ({ $after })
explain-pieces-check = Check: after the first of these moves the pieces are on { $after }; the gaps of the pairs give { $gaps } = { $total }, a P-position for the opponent.

explain-graph-header = Position: tokens on { $position } in { $game } (a move takes one token along an edge).
explain-graph-acyclic =
    The graph has no cycle from here, so every position has a Grundy value: the mex of
    the values of its successors. Label the positions from the end: a position with no
    move gets mex{"{"}{"}"} = 0, then each position once all its successors are labelled:
explain-graph-cyclic =
    The graph has cycles, so some positions may have no finite value. Smith's rule: a
    position has value m when no successor has value m, every smaller value is among its
    successors, and every successor of larger or infinite value can move back to a position
    of value m (the winner answers every escape by coming back). A position with no such
    value is ∞(K), K being the finite values among its successors. ∞(K) with 0 in K is won
    by moving to a 0; ∞(K) with 0 not in K is a draw: no move leads to 0, but there is
    always a move to another infinite position, and neither player can force an end.
    The positions from here, in the order they were labelled:
explain-graph-more-nodes = … and { $n } more
explain-graph-infinite-win = { $node } has value { $value }: 0 is in K, so the player to move wins by moving to a position of value 0.
explain-graph-infinite-draw = { $node } has value { $value }: 0 is not in K, so it is a draw: no move leads to 0, and the player to move can always escape to another infinite position.
explain-graph-remoteness-p = Remoteness of { $node }: { $r } (the player to move loses, and makes the game last { $r } { $r ->
        [one] move
       *[other] moves
    } at most).
explain-graph-remoteness-n = Remoteness of { $node }: { $r } (the player to move wins in { $r } { $r ->
        [one] move
       *[other] moves
    } at most).
explain-graph-remoteness-d = { $node } is a draw: it has no remoteness, play goes on for ever under best play.

explain-fib-header = Position: { $position } in Fibonacci Nim.
explain-fib-rule =
    The first move takes 1 to n − 1 tokens; after that a move takes 1 to twice what the
    previous move took. Whinihan's theorem: write the heap as a sum of non-consecutive
    Fibonacci numbers 1, 2, 3, 5, 8, 13, … (Zeckendorf's form, which is unique); the player
    to move loses exactly when its smallest term is more than may be taken now.
explain-fib-empty = No token is left: the player to move cannot move and loses. A P-position.
explain-fib-zeckendorf = Zeckendorf's form: { $n } = { $terms }; the smallest term is { $q }, and at most { $m } may be taken now.
explain-fib-value = Its Grundy value (for sums with other heaps) is { $value }.
explain-fib-p =
    { $q } > { $m }: a P-position. No take wins: a take k of at most { $m }, less than the
    smallest term, always leaves a heap whose smallest term is at most 2k, which the
    opponent may then take, and the opponent goes on the same way to the last token.
explain-fib-n =
    { $q } ≤ { $m }: an N-position. Take the smallest term (or the sum of a few smallest
    terms) so that what is left has its smallest term above twice the take:
explain-fib-move = take { $k }: { $rest } = { $terms } is left, its smallest term { $q } is more than the { $limit } the opponent may take ({ $after }): a P-position for the opponent
explain-fib-move-last = take { $k }: that is the last token, and the opponent cannot move

## Play (the command line; prompts, refusals and hints. Not the lines `position:`, `winner:`,
## `draw`, nor the commands `hint`, `undo`, `quit`.)

play-rule-normal = whoever cannot move loses
play-rule-misere = misère play: whoever cannot move wins
play-computer-first = the computer moves first
play-you-first = you move first
play-intro = { $game } ({ $rule }); { $first }.
play-how-to-type = Type a move as the component's number and what it becomes (`1 2`), or `= ` and the whole position after it; `hint`, `undo`, `quit`.
play-prompt = your move>
play-input-ended = no more moves on the input: the game stops here
play-line-too-long = line { $line } is longer than { $bytes } bytes: skipped (a move is a few numbers)
play-line-not-text = line { $line } is not UTF-8 text: skipped
play-stopped = you stopped the game
play-computer-moves = computer: { $move } ({ $why })
play-illegal = illegal move: { $problem }
play-undone = undone: your last move and the computer's answer
play-nothing-to-undo = nothing to undo
play-hint = hint: { $hint }
play-hint-draw = no move wins: with best play this game is a draw; keep it so
play-hint-lost = no move wins here: every move leaves the computer a winning position; make the game last and hope for a mistake
play-move-component = component { $i }: { $from } -> { $to }
play-why-wins-fast = it wins, as fast as it can
play-why-wins = it wins
play-why-keeps-draw = it keeps the draw
play-why-lasts-longest = every move loses; this one makes the game last longest
play-why-most-tokens = every move loses; this one leaves the most tokens in play
play-usage = type the component's number and what it becomes (like `1 2`), or `=` and the whole position after the move (like `= 1 4 5`)
play-no-move = no move typed: { $usage }
play-not-a-number = '{ $typed }' is not a component number: { $usage }
play-no-such-component = there is no component { $number }: the position has { $n } (numbered from 1)
play-what-becomes = what does component { $number } become? { $usage }
play-cannot-become = component { $number } ({ $from }) cannot become { $to }
play-bad-new-component = component { $number } cannot become '{ $typed }': { $problem }
play-unreachable = { $after } cannot be reached in one move from { $position }
play-board-empty = (empty)
play-board-ground = ground
play-board-step = step { $step }
play-board-pieces = pieces on cells { $cells }
play-board-first-take = the first move takes 1 to { $m }
play-board-may-take = at most { $m } may be taken now
play-board-token-stuck = token on { $node } (no move from here)
play-board-token = token on { $node } (moves to { $next })

explain-misere-quotient =
    Under misère play values do not add; the misère quotient of { $game } (Plambeck and
    Siegel) does the adding instead: a monoid of { $order } elements, { $presentation }, { $proof ->
        [final] proven final by the periodicity of its pretending function
       *[partial] the partial quotient of heaps up to { $max }
    }.
    Each heap pretends to be one element, a position is the product of its heaps'
    elements, and it is a P-position exactly when that product lies in the P-portion
    { "{" }{ $portion }{ "}" }.
explain-misere-heap = heap { $i }: { $heap } pretends to be { $element }
explain-misere-product = The product is { $product }, { $inside ->
        [yes] in the P-portion.
       *[no] not in the P-portion.
    }
explain-misere-verdict-p = The player to move loses (P): every move changes one heap's element, and every product it can reach lies outside the P-portion.
explain-misere-verdict-n = The player to move wins (N) by a move whose product lies in the P-portion:
explain-misere-move = heap { $i }: { $from } -> { $to } (now { $element }); the product becomes { $product }, in the P-portion
explain-misere-more = … and { $n } more
explain-tame-intro =
    Under misère play values do not add, but every heap here is tame (Conway's genus
    theory): its genus g^γ0γ1… — g its ordinary value, γk the misère value of the heap plus k
    heaps of 2 — is that of a Nim position, and so are those of all its options. Tame games
    add like misère Nim:
explain-tame-heap = heap { $i }: { $heap } has genus { $genus }{ $firm ->
        [yes] , firm (like heaps of 0 and 1 tokens only)
       *[no] {""}
    }
explain-tame-sum = The sum has g = { $normal } (the XOR of the parts' g), and it is { $firm ->
        [yes] firm: every part is firm.
       *[no] not firm: some part is not.
    } A tame sum is a P-position exactly when g = 1 and it is firm, or g = 0 and it is not.
explain-tame-verdict-p = So the player to move loses (P).
explain-tame-verdict-n = So the player to move wins (N), by a move that leaves a tame sum of that kind:
explain-tame-move = heap { $i }: { $from } -> { $to }, leaving g = { $normal }, { $firm ->
        [yes] firm
       *[no] not firm
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
lesson-coins-title = Coin-turning games: a row is a sum of heads, a grid a product

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
lesson-nim-pitfall-seven = The Macedonian lesson this tool grew from (one of its seed texts) says that one may instead
    take 7 tokens from the second heap.
    { $heap } ⊕ { $s } = { $target } is what the heap must become, so take { $take } ({ $heap } → { $target }).
    Taking 7 leaves { $wrong_left }, and 8 ⊕ { $wrong_left } ⊕ 15 = { $wrong_sum }, not 0: the opponent wins.
lesson-nim-pitfall-one = The Chinese lesson this tool grew from says that a nim-sum of 0 loses and of 1 wins. It means
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
lesson-cycles-infinity = Smith's rule extends the Grundy value to such graphs, handing out the numbers 0, 1, 2, …
    in turn. A node gets the number m when it has no move to a node of value m, it has moves
    to nodes of every value below m, and from every node it can move to that has a larger
    value or none yet there is a move back to a node of value m: running away does not
    help, the opponent comes back to m. A node that never gets a number gets ∞, with the
    finite values it can move to in brackets. A position with a single ∞ is a win (N) when
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

## grundy nimber --explain
nimber-explain-rule = Nim-multiplication distributes over nim-addition (XOR), so the product is the XOR of the
    nim-products of each power of two in one factor with each power of two in the other. A power
    of two 2ⁿ is the product of the Fermat 2-powers 2^(2^k) (2, 4, 16, 256, …) for the k where n
    has binary digit 1. Distinct Fermat 2-powers nim-multiply to their ordinary product; the
    nim-square of a Fermat 2-power F is the ordinary 3F/2: F ⊗ F = 3F/2 = F ⊕ F/2.
nimber-explain-split = { $number } = { $powers }
nimber-explain-term = { $x } ⊗ { $y } = { $factors } = { $value }
nimber-explain-term-plain = { $x } ⊗ { $y } = { $value } (no Fermat 2-power in common: the ordinary product)
nimber-explain-term-square = { $x } ⊗ { $y } = { $value } (the nim-square of a Fermat 2-power F is 3F/2)
nimber-explain-many = ({ $count } products of powers of two: they are listed one by one only when there are at most 64.)
nimber-explain-total = The XOR of these products: { $a } ⊗ { $b } = { $value }.
nimber-explain-add = Nim-addition is XOR, bit by bit with no carries: { $a } ⊕ { $b } = { $value }.
nimber-explain-pow = { $a } to the power { $e } under nim-multiplication (by squaring and multiplying): { $value }.
nimber-explain-check-inverse = So { $value } is the inverse of { $a } under nim-multiplication: { $a } ⊗ { $value } = 1.
nimber-explain-check-sqrt = So { $value } is the square root of { $a }: { $value } ⊗ { $value } = { $a }.
coins-misere-mock-title =
    Position: heads at { $heads } in misère Mock Turtles
    (whoever makes the last move loses).
coins-misere-mock-twist =
    Misère Mock Turtles has a twist (Winning Ways, ch. 14): play it exactly as normal-play
    Mock Turtles, but aim for value 1 instead of 0. A board is lost for the player to move
    exactly when its normal-play value, the nim-sum of its heads' values, is 1.
coins-misere-mock-head = head at { $place }: value { $value }
coins-misere-mock-sum = nim-sum: { $sum }
coins-misere-mock-why =
    Why 1: a head at place n is worth 2n or 2n + 1, whichever has an odd number of binary
    ones (an odious number). So a board's value is 1 exactly when it has an odd number of
    heads and the nim-sum of their places is 0. A move turns one, two or three coins; to
    keep the number of heads odd it must turn two, and that changes the nim-sum of the
    places. So every move from value 1 leaves another value, and from any other board
    except the empty one some move leaves 1. A board of value 1 is never empty, so the
    player who always leaves 1 never makes the last move: the opponent does, and loses.
coins-misere-mock-lost =
    The value is 1: the player to move loses (a P-position). Every move leaves another
    value, and the opponent answers by leaving 1 again.
coins-misere-mock-won =
    The value is { $sum }, not 1. The player to move wins (N) by leaving value 1: { $moves }.
coins-misere-mock-empty =
    No head is left: the player to move cannot move, and under misère play that player wins.
coins-turn = { $count ->
    [one] turn coin { $coins }
   *[other] turn coins { $coins }
}

lesson-coins-rules = Coins lie in a row on places 0, 1, 2, …, each showing heads (H) or tails (T). In
    Mock Turtles a move turns over one, two or three coins, and the rightmost of them must go from
    heads to tails; the other coins it turns may be heads or tails. Read the row as a binary
    number, a head at place n worth 2ⁿ: a move turns its rightmost coin from heads to tails and
    changes only places to its left, so the number goes down and the game always ends.
lesson-coins-sum = The key idea: a row is a sum of single heads. Think of each head as a game of its own.
    A move on the head at place n turns it to tails and turns some coins to its left: a coin that
    was tails becomes a new head, a new little game; a coin that was heads becomes tails, which is
    the same as adding a second head on that place, and two equal games cancel (G ⊕ G = 0). So the
    value of a row is the XOR of the values of its heads, and one only needs the value G(n) of a
    single head at place n:
lesson-coins-odious = These are the odious numbers: the numbers with an odd count of ones in binary. G(n)
    is 2n or 2n + 1, whichever of the two is odious.
lesson-coins-checked = grundy checked the idea instead of trusting it: it computed the value of every row of
    { $places } places ({ $boards } rows) by the definition, the mex over whole rows, and each one
    is the XOR of the values of its heads.
lesson-coins-example = Example: { $row } has heads at { $heads }; { $values }, and the XOR is { $sum }, so
    { $verdict }. A winning move: { $move }, leaving { $after }, whose value is 0.
lesson-coins-corners = Two dimensions: in Turning Corners the coins lie on a grid, places (x, y) from (0, 0). A
    move chooses a head at (x, y) and a smaller corner (a, b), a < x and b < y, and turns the four
    corners of that rectangle: (x, y), (a, y), (x, b) and (a, b). Its table of single heads,
    computed from the rules:
lesson-coins-tartan = This is the table of the nim-product x ⊗ y. Turning Corners is the product of Twins with
    Twins (in Twins a move turns exactly two coins, and a head at n is worth n), and the Tartan
    theorem says that a product of two coin-turning games is worth the nim-product of their
    values: G(x, y) = G₁(x) ⊗ G₂(y). grundy computed all { $cells } cells from the rules and each
    one is the nim-product. Nim-multiplication has two rules for the Fermat 2-powers 2, 4, 16,
    256, …: two different ones multiply as ordinary numbers (2 ⊗ 4 = { $two_four }), and one times
    itself is one and a half times it (2 ⊗ 2 = { $two_two }, 4 ⊗ 4 = { $four_four }); every other
    product follows by writing the numbers as XORs of powers of two and multiplying term by term
    (3 ⊗ 3 = { $three_three }). grundy nimber mul 3 3 --explain shows every step.
lesson-coins-contest = A contest problem in this dress: lights on a grid, some of them on, at { $lights }. A
    move picks a light that is on at (x, y) and a rectangle with (x, y) as its far corner, and
    switches its four corners; whoever cannot move loses. It is Turning Corners, so each light is
    worth x ⊗ y and the whole grid the XOR:
lesson-coins-contest-answer = The XOR is { $sum }, so { $verdict }. A winning move switches the corners
    { $corners }, leaving lights at { $after }, of value 0. For a contest's input of many lights,
    grundy nimber --batch multiplies millions of pairs of 64-bit numbers a second.
lesson-coins-pitfall-product = Multiply places as nimbers, not as numbers: a head at (3, 3) is worth 3 ⊗ 3 = { $three_three },
    not 3 · 3 = { $ordinary } and not 3 ⊕ 3 = { $xor }.
lesson-coins-pitfall-misere = Under misère play a row is no longer the sum of its heads, because two heads on one place
    cancel only under normal play. Misère Mock Turtles has a rule of its own: aim for value 1
    instead of 0. So 1 2 3, of value 1: { $verdict } (grundy solve mock-turtles 1 2 3 --misere
    --explain tells why).

answer-outcome-p = the player to move loses
answer-outcome-n = the player to move wins
answer-outcome-d = a draw: play goes on for ever
answer-winning-moves = winning moves:
answer-move = component { $component }: { $from } -> { $to }, leaving { $after }
answer-move-words = component { $component }: { $words }, leaving { $after }
answer-move-words-many = { $count ->
    [one] component
   *[other] components
} { $components }: { $words }, leaving { $after }
answer-nothing = nothing
answer-cut-short = (and more: the list of winning moves was cut short)
list-and = { $rest } and { $last }
move-stair = { $coins ->
    [one] move { $coins } coin
   *[other] move { $coins } coins
} from step { $step } down to step { $below }
move-piece = move the piece on cell { $from } to cell { $to }
move-take = take { $count }
move-take-from = { $count } from heap { $heap }
move-take-heaps = take { $parts }
move-turn = { $coins_count ->
    [one] turn coin { $coins }
   *[other] turn coins { $coins }
}
move-run = turn coins { $from } to { $to }
move-corners = turn the corners { $corners }
list-sep = {", "}
game-name-nim = Nim
game-name-kayles = Kayles
game-name-wythoff = Wythoff's game
game-name-georgia-bob = Georgia and Bob
game-name-staircase = Staircase Nim
game-name-bounded = bounded Nim (at most { $param } a move)
game-name-sub = the subtraction game S = { "{" }{ $param }{ "}" }
game-name-mock-turtles = Mock Turtles
game-name-ruler = Ruler
game-name-turning-corners = Turning Corners
game-name-tartan = the product { $param }
