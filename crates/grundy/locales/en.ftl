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
    Wythoff's theorem: the P-positions are (0, 0) and the pairs (⌊kφ⌋, ⌊kφ²⌋) =
    (⌊kφ⌋, ⌊kφ⌋ + k) for k = 1, 2, 3, …, with φ = (1 + √5)/2, in either order; every
    positive whole number lies in exactly one of them, and the pair for k has difference k.
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
    that grows; that does not help the opponent, who can move the right piece after it by
    as many cells, which undoes it. The gaps between pairs do not count.
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

## Lessons
