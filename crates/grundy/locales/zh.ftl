# 中文。用语（与课文一致）：公平组合游戏、Grundy 值（SG 值）、SG 函数、SG 定理、异或、异或和、
# 必胜态（N）、必败态（P）、轮到走的一方、子游戏、尼姆博弈、巴什博弈、威佐夫博弈、阶梯博弈、
# 斐波那契博弈、反常规则、Anti-Nim、打表找规律。堆的大小写作 n = 12 或“大小为 12 的堆”，
# “第 i 堆”只用于编号。

test-heaps = { $n } 堆

## 解释（solve --explain、对局中的提示、网页）。堆从 1 开始编号。

explain-list-separator = 、
explain-nothing = 无
explain-heap-label = 第 { $i } 堆
explain-heap-value-label = 第 { $i } 堆：g({ $size })
explain-nim-sum-label = 异或和
explain-count-label = 计数
explain-winning-moves-title = 必胜走法：
explain-more-moves = ……另有 { $n } 种
explain-binary-intro = 把每堆写成二进制，每列一位（最右列代表 1，往左依次代表 2、4、8……）：
explain-binary-intro-values = 把每个值写成二进制，每列一位（最右列代表 1，往左依次代表 2、4、8……）：
explain-binary-xor-note = 异或和的某一列为 1，当且仅当这一列中 1 的个数为奇数（不进位的二进制加法，即异或）。

explain-nim-header = 局面：尼姆博弈中的 { $position }（正常规则：取走最后一颗石子的一方获胜）。
explain-nim-empty = 石子已经取完：轮到走的一方无法移动，判负。这是必败态（P）。
explain-nim-p =
    异或和为 0：每一列都有偶数个 1。轮到走的一方必败（必败态，P）。任何一步只改变一堆，
    所以这一堆所在的行至少有一位发生变化；那一列的 1 的个数变成奇数，异或和不再为 0。
    对手总能再把它变回 0，因此最后一颗石子由对手取走。
explain-nim-n =
    异或和为 { $sum }，不为 0：轮到走的一方必胜（必胜态，N）。
    它的最高位 1 在代表 { $worth } 的那一列。该列为 1 的堆：{ $holders }。
    把这样的一堆 h 换成 h XOR { $sum }：代表 { $worth } 的那一列的 1 被消去，左边各位不变，
    所以这一堆变小，这一步合法。
explain-nim-holder = 第 { $i } 堆（{ $heap }）
explain-nim-move = 第 { $i } 堆：{ $from } XOR { $sum } = { $to }，所以从第 { $i } 堆取走 { $taken } 颗石子（{ $from } -> { $to }）
explain-nim-after =
    这样走之后每一列都有偶数个 1，异或和为 0：例如 { $after } 的异或和为 { $value }。
    这是对手的必败态：无论对手怎么走，异或和都会变成非零，你再把它变回 0，
    最后一颗石子由你取走。

explain-misere-header = 局面：Anti-Nim（反常规则下的尼姆博弈）中的 { $position }（取走最后一颗石子的一方输）。
explain-misere-rule =
    规则（Bouton；也就是 Anti-SG 游戏的 SJ 定理用在尼姆博弈上）：轮到走的一方必胜，
    当且仅当（有一堆至少 2 颗且异或和不为 0）或（每堆至多 1 颗且异或和为 0）。
explain-misere-thin =
    每堆至多 1 颗，所以每一步都取走整整一堆，游戏还剩恰好 { $n } 步；走最后一步的一方输。
explain-misere-thin-p =
    这个数是奇数（异或和为 { $sum }）：最后一步由现在轮到走的一方来走，他输。
    这是必败态（P），怎么走都没用。
explain-misere-thin-none =
    根本无步可走：轮到走的一方无法移动，而在反常规则下他因此获胜。
    这是一个无步可走的必胜态（N）。
explain-misere-thin-n =
    这个数是偶数（异或和为 { $sum }）：轮到走的一方必胜（必胜态，N），只要取走任意一堆，
    留下奇数个单颗石子。
explain-misere-fat-p =
    有一堆至少 2 颗，且异或和为 0：轮到走的一方必败（必败态，P）。异或和为 0 时，
    至少 2 颗的堆不少于两堆（只有一堆的话，它的高位无法抵消），所以一步不可能只留下
    0 或 1 颗的堆：每一步之后都还剩一堆至少 2 颗，且异或和不为 0，对手由此获胜。
explain-misere-fat-n =
    有一堆至少 2 颗，且异或和为 { $sum }，不为 0：轮到走的一方必胜（必胜态，N）。
    按普通尼姆博弈走，只有当这一步会只留下 0 或 1 颗的堆时例外：那时改为留下奇数个
    单颗石子，迫使对手取走最后一颗。
explain-misere-one-big =
    只有第 { $i } 堆至少 2 颗；其余各堆共有 { $ones } 个单颗石子。把它减到 { $target }，
    使剩下的单颗石子为奇数个。
explain-take-move = 从第 { $i } 堆取走 { $taken } 颗（{ $from } -> { $to }）
explain-misere-check-thin =
    检验：第一种走法之后各堆为 { $after }。每堆至多 1 颗，异或和为 { $sum }：
    单颗石子有奇数个（{ $ones } 个），所以最后一步由对手走，对手输。这是对手的必败态。
explain-misere-check-fat =
    检验：第一种走法之后各堆为 { $after }。仍有一堆至少 2 颗，异或和为 { $sum }：
    这是对手的必败态。

explain-moore-header = 局面：摩尔 Nim_{ $k } 中的 { $position }（一步可以同时从 1 到 { $k } 堆中取石子）。
explain-moore-binary-intro = 把每堆写成二进制，每列一位：
explain-moore-theorem =
    最后一行是每一列中 1 的个数模 { $mod }（即 K + 1，K = { $k }）。
    摩尔定理：轮到走的一方必败，当且仅当每一列中 1 的个数都是 { $mod } 的倍数。
explain-moore-p =
    每一列的计数模 { $mod } 都为 0：必败态（P）。一步至多减少 { $k } 堆；在被改变的堆
    发生变化的最高一列中，只会有 1 到 { $k } 堆的位从 1 变成 0，所以这一列的计数减少
    1 到 { $k }，不再是 { $mod } 的倍数。对手总能把每一列恢复，最后一颗石子由对手取走。
explain-moore-n =
    有一列的计数模 { $mod } 不为 0：轮到走的一方必胜（必胜态，N），只要改变至多 { $k } 堆，
    使每一列的计数都成为 { $mod } 的倍数。
explain-moore-change = 第 { $i } 堆（{ $from } -> { $to }）
explain-moore-move = 从{ $changes }取石子，剩下 { $after }
explain-moore-check =
    检验：在 { $after } 中，每一列 1 的个数模 { $mod } 为 { $counts }：全为 0，
    所以这是对手的必败态。

explain-heap-header = 局面：游戏 { $game } 中的 { $position }（正常规则）。
explain-heap-mex-intro =
    大小为 n 的一堆的 Grundy 值（SG 值）g(n)，是它所有后继局面的 Grundy 值的 mex
    （不在其中的最小非负整数）；把一堆分成几堆的后继，其值为各部分值的异或。
explain-bounded-formula =
    在巴什博弈中，一步从一堆里取 1 到 { $m } 颗，所以大小为 n 的一堆可以变成
    n − 1、…、n − { $m }（不小于 0）。设更小的堆 k 的值都是 k mod { $mod }，这些后继恰有
    { $m } 个不同的值，即除 n mod { $mod } 本身以外的所有余数（当 n < { $mod } 时恰为 0、…、n − 1）。
    所以 mex 为 n mod { $mod }：g(n) = n mod ({ $m } + 1)。本局面各堆：
explain-bounded-table = 下表中每个值都是其后继值的 mex，结果一致：
explain-heap-period =
    n > { $proven } 的值来自已证明的周期：从 n = { $preperiod } 起周期为 { $period }{ $saltus ->
        [0] {""}
       *[other] ，增量为 { $saltus }
    }
    （到 n = { $proven } 时已得证：{ $proof }）。
explain-proof-guy-smith = Guy–Smith 周期定理，每步至多取 { $removal } 颗、至多留下 { $parts } 堆
explain-proof-window = 没有一步会把堆分开，所以连续 { $removal } 个值吻合就会永远重复
explain-proof-arithmetic = 由二进制分离得到的算术周期性（周期 { $period }，增量 { $saltus }）
explain-proof-closed-nim = 闭式：尼姆博弈，g(n) = n（Bouton）
explain-proof-closed-bounded = 闭式：巴什博弈，g(n) = n mod (M + 1)
explain-proof-closed-lasker = 闭式：Lasker's Nim（Lasker）
explain-proof-closed-other = 闭式
explain-proof-observed = 仅为观察，未证明
explain-heap-xor-intro = 由 SG 定理，局面的值是各堆 Grundy 值的异或：
explain-heap-p =
    异或和为 0：轮到走的一方必败（必败态，P）。一步把一堆变成它的一个后继，而任何后继
    都没有这一堆自己的值（这个值正是它们的 mex），所以走任何一步后异或和都不为 0，
    对手又能把它变回 0。
explain-heap-n = 异或和为 { $total }，不为 0：轮到走的一方必胜（必胜态，N）。
explain-heap-option = { $parts }（值 { $reached }）
explain-heap-option-split = { $parts }（值 { $values } = { $reached }）
explain-heap-move = 第 { $i } 堆的值为 { $v }；它要变成 { $v } XOR { $total } = { $target }；后继 { $what }正是这个值
explain-heap-after = 这样走之后异或和为 0：例如 { $after } 的值为 { $values } = { $total }，这是对手的必败态。

explain-sum-header = 局面：游戏 { $game } 中 { $n } 个子游戏的和。
explain-sum-misere =
    在反常规则下值不能相加，所以搜索了整个局面：从终局往回倒推，
    判定了从它出发能到达的每一个局面（逆向分析）。
explain-sum-values-intro = 每个子游戏的值（它的后继值的 mex）：
explain-sum-component = 第 { $i } 个子游戏：{ $position } 的值为 { $value }
explain-sum-total = 由 SG 定理，和的值是这些值的异或：{ $total }。
explain-sum-infinite =
    有环时，值为 ∞(K) 的子游戏使和为 ∞，K 按有限子游戏的异或平移；两个无穷子游戏给出 ∞()，
    即平局。局面 ∞(K) 若 0 在 K 中，走到 0 即胜；若不在，则是平局。
explain-sum-verdict-p =
    轮到走的一方必败（必败态，P）：值为 0，而每一步都把一个子游戏变成值不同的后继，
    留下非零的值，对手由此获胜。
explain-sum-verdict-p-searched = 轮到走的一方必败（必败态，P）：每一步都走到对手必胜的局面。
explain-sum-verdict-n = 轮到走的一方必胜（必胜态，N）。
explain-sum-verdict-d =
    双方都无法强制取胜：在最优对局下游戏永不结束（D）。没有一步走到值为 0 的局面，
    而轮到走的一方总能走到另一个无穷局面，避免落败。
explain-sum-moves-title = 必胜走法（每一步都走到值为 0 的局面，即必败态）：
explain-sum-moves-title-searched = 必胜走法（每一步都走到对手必败的局面）：
explain-sum-move = 第 { $i } 个子游戏：{ $from } -> { $to }
explain-sum-check-value = 检验：第一种走法之后局面为 { $after }，值为 { $value }：这是对手的必败态。
explain-sum-check-p = 检验：第一种走法之后局面为 { $after }；重新搜索，它是对手的必败态。
explain-sum-check-n = 检验：第一种走法之后局面为 { $after }；重新搜索，它是必胜态。
explain-sum-check-d = 检验：第一种走法之后局面为 { $after }；重新搜索，它是平局。
explain-script-heap-table = 脚本中的堆 heap(n)（n 直到局面中最大的一堆）及其值：

explain-wythoff-header = 局面：威佐夫博弈中的 { $position }（正常规则）。
explain-wythoff-rule =
    一步可以从一堆中取任意多颗，或从两堆中取同样多颗（HDU 1527 就是这个游戏）。
    威佐夫定理：必败态是 (0, 0) 以及 (⌊kφ⌋, ⌊kφ²⌋) = (⌊kφ⌋, ⌊kφ⌋ + k)，k = 1、2、3……，
    其中 φ = (1 + √5)/2，两数顺序不限；每个正整数恰好出现在其中一对里，第 k 对的差为 k。
explain-wythoff-near = 这个局面附近的必败态：
explain-wythoff-value = { $position } 的 Grundy 值（由 Grundy 值表得到）为 { $value }。
explain-wythoff-empty = (0, 0)：石子已经取完，轮到走的一方无法移动，判负。这是必败态（P）。
explain-wythoff-p =
    { $position } 是 k = { $k } 的那一对：必败态（P），没有必胜走法。在一堆中取，另一堆不变，
    而这个数只属于一对，就是这一对；在两堆中同时取，差 { $k } 不变，而只有这一对的差是 { $k }。
    所以每一步都会离开必败态，对手再走回其中一对。
explain-wythoff-n = { $position } 不在其中：轮到走的一方必胜（必胜态，N），走到其中一对即可：
explain-wythoff-move-one = 从第 { $i } 堆取走 { $taken } 颗，剩下 { $pair }，即 k = { $k } 的那一对
explain-wythoff-move-both = 从两堆各取走 { $taken } 颗，剩下 { $pair }，即 k = { $k } 的那一对（差仍为 { $k }）
explain-wythoff-check =
    检验：{ $pair } 的差为 { $k }，⌊{ $k }φ⌋ = { $first }，{ $first } + { $k } = { $second }，所以它
    { $p ->
        [yes] 是 k = { $k } 的威佐夫对：这是对手的必败态。
       *[no] 不是威佐夫对。
    }
explain-wythoff-sum-intro =
    多对之和需要每一对的 Grundy 值，而不仅是胜负。Grundy 值表：
    g(x, y) 是同一行左边、同一列上边以及左上对角线上各值的 mex（即从 (x, y) 出发的各步）。
explain-wythoff-pair-label = 第 { $i } 对 { $pair }
explain-wythoff-sum-move = 第 { $i } 对的值为 { $v }；它要变成 { $v } XOR { $total } = { $target }；{ $pair } 的值为 { $reached }

explain-stair-header = 局面：阶梯博弈中的 { $position }（硬币在第 0、1、2……级台阶上；第 0 级是地面）。
explain-stair-rule =
    一步把某一级台阶上的若干硬币移到下一级。只有奇数级台阶有用：这就是第 1、3、5……级
    上硬币的尼姆博弈。把硬币从奇数级往下移，就是从尼姆博弈的一堆中取走（它们落到不计数的
    偶数级）。把硬币从偶数级往下移，是往奇数级添硬币，那一堆变大了；但这样走没有好处，
    因为下一位玩家可以把这些硬币继续移到下面的偶数级，恢复原状。
explain-stair-odd-step = 第 { $step } 级：{ $coins }
explain-stair-no-odd = 没有奇数级
explain-stair-component = 阶梯 { $i }（{ $position }）：奇数级为{ $odd }；异或和 { $value }
explain-step-label = 第 { $step } 级
explain-stair-step-label = 阶梯 { $i } 第 { $step } 级
explain-stair-p =
    奇数级的异或和为 0：轮到走的一方必败（必败态，P）。从奇数级走会改变尼姆博弈的一堆，
    使异或和非零；从偶数级走会往奇数级添硬币，对手要么把它们继续往下移（抵消这一步），
    要么按尼姆博弈应对。
explain-stair-n = 奇数级的异或和为 { $total }，不为 0：轮到走的一方必胜（必胜态，N）。
explain-stair-move-odd = 阶梯 { $i }：把 { $coins } 枚硬币从第 { $step } 级移到第 { $below } 级：第 { $heap } 级的堆减小 { $from } -> { $to }（{ $after }）
explain-stair-move-even = 阶梯 { $i }：把 { $coins } 枚硬币从第 { $step } 级移到第 { $below } 级：第 { $heap } 级的堆变大 { $from } -> { $to }（{ $after }）
explain-stair-check = 检验：第一种走法之后局面为 { $after }；奇数级给出 { $heaps } = { $total }，这是对手的必败态。

explain-pieces-header =
    局面：棋子在第 { $position } 格（POJ 1704，Georgia 和 Bob：一步把一枚棋子向左移，
    不能移到或跨过别的棋子，不能越过第 1 格）。
explain-pieces-rule =
    先把棋子排序，再从右往左两两配对：最后一枚和倒数第二枚，依此类推；棋子数为奇数时，
    第一枚和墙（第 0 格）配对。每一对内部的空格数就是尼姆博弈的一堆：把一对中右边的棋子
    左移，就是从这堆中取走石子。把左边的棋子左移会使这一对的间距变大，堆变大了；但这样走
    没有好处：下一位玩家可以把右边的棋子跟着左移同样多格，间距恢复原样。
    对与对之间的空格不计。（这就是阶梯博弈的一种。）
explain-pieces-pair = ({ $left }, { $right })：间距 { $gap }
explain-pieces-wall-pair = (墙, { $right })：间距 { $gap }
explain-pieces-wall-name = (墙, { $right })
explain-pieces-component = 第 { $i } 行（{ $count } 枚棋子，排序后 { $position }）：{ $pairs }
explain-pair-label = 第 { $j } 对
explain-line-pair-label = 第 { $i } 行第 { $j } 对
explain-pieces-p =
    各间距的异或和为 0：轮到走的一方必败（必败态，P）。
    POJ 1704 中 Georgia 先走，所以 Bob 获胜。
explain-pieces-n =
    各间距的异或和为 { $total }，不为 0：轮到走的一方必胜（必胜态，N）。
    POJ 1704 中 Georgia 先走，所以 Georgia 获胜：
explain-pieces-move-shrink = 把第 { $from } 格的棋子移到第 { $to } 格：{ $pair } 这一对的间距缩小 { $gap } -> { $new }（{ $after }）
explain-pieces-move-widen = 把第 { $from } 格的棋子移到第 { $to } 格：{ $pair } 这一对的间距变大 { $gap } -> { $new }（{ $after }）
explain-pieces-check = 检验：第一种走法之后棋子在 { $after }；各对的间距给出 { $gaps } = { $total }，这是对手的必败态。

explain-graph-header = 局面：{ $game } 中位于 { $position } 的棋子（一步沿一条边移动一枚棋子）。
explain-graph-acyclic =
    从这里出发图中没有环，所以每个局面都有 Grundy 值：它的后继的值的 mex。
    从终局开始标记：无步可走的局面得到 mex{"{"}{"}"} = 0，
    之后每个局面在其所有后继都标记完后再标记：
explain-graph-cyclic =
    图中有环，所以有些局面可能没有有限的值。Smith 规则：一个局面的值为 m，当且仅当
    没有后继的值为 m，每个更小的值都出现在后继中，并且每个值更大或为无穷的后继都能走回
    值为 m 的局面（胜者对每次逃离都以返回应对）。没有这样的值的局面记为 ∞(K)，
    K 是其后继中的有限值。0 在 K 中的 ∞(K) 走到 0 即胜；0 不在 K 中的 ∞(K) 是平局：
    没有一步走到 0，但总有一步走到另一个无穷局面，双方都无法迫使游戏结束。
    从这里出发的局面，按标记的顺序：
explain-graph-more-nodes = ……另有 { $n } 个
explain-graph-infinite-win = { $node } 的值为 { $value }：0 在 K 中，所以轮到走的一方走到值为 0 的局面即可获胜。
explain-graph-infinite-draw =
    { $node } 的值为 { $value }：0 不在 K 中，所以是平局：没有一步走到 0，
    而轮到走的一方总能逃到另一个无穷局面。
explain-graph-remoteness-p = { $node } 的远度：{ $r }（轮到走的一方必败，至多能把游戏拖 { $r } 步）。
explain-graph-remoteness-n = { $node } 的远度：{ $r }（轮到走的一方至多 { $r } 步获胜）。
explain-graph-remoteness-d = { $node } 是平局：没有远度，最优对局下游戏永不结束。

explain-fib-header = 局面：斐波那契博弈中的 { $position }。
explain-fib-rule =
    第一步可以取 1 到 n − 1 颗；之后每步取 1 颗到上一步所取数目的两倍
    （HDU 2516 就是这个游戏）。
    Whinihan 定理：把这一堆写成不相邻的斐波那契数 1、2、3、5、8、13……之和
    （齐肯多夫表示，唯一）；轮到走的一方必败，当且仅当其中最小的一项大于现在可取的上限。
explain-fib-empty = 石子已经取完：轮到走的一方无法移动，判负。这是必败态（P）。
explain-fib-zeckendorf = 齐肯多夫表示：{ $n } = { $terms }；最小的一项是 { $q }，现在至多可取 { $m }。
explain-fib-value = 它的 Grundy 值（用于与其他堆求和）为 { $value }。
explain-fib-p =
    { $q } > { $m }：必败态（P）。没有必胜走法：取 k 颗（至多 { $m }，小于最小的一项）之后，
    剩下的堆的最小项总不超过 2k，对手可以取走它，并一直这样走到最后一颗。
explain-fib-n =
    { $q } ≤ { $m }：必胜态（N）。取走最小的一项（或最小的几项之和），
    使剩下部分的最小项大于所取数目的两倍：
explain-fib-move = 取 { $k } 颗：剩下 { $rest } = { $terms }，其最小项 { $q } 大于对手可取的 { $limit }（{ $after }）：这是对手的必败态
explain-fib-move-last = 取 { $k } 颗：石子取完，对手无法移动

## 对局（命令行：提示、拒绝与建议；不含 `position:`、`winner:`、`draw` 行，也不含命令 `hint`、`undo`、`quit`）。

play-rule-normal = 无法移动的一方输
play-rule-misere = 反常规则：无法移动的一方赢
play-computer-first = 电脑先走
play-you-first = 你先走
play-intro = { $game }（{ $rule }）；{ $first }。
play-how-to-type = 输入一步：子游戏的编号（每行开头的数）和它变成什么（`1 2`），或 `= ` 加走完后的整个局面；`hint` 提示，`undo` 悔棋，`quit` 退出。
play-prompt = 你的走法>
play-input-ended = 输入中没有更多走法：游戏到此为止
play-line-too-long = 第 { $line } 行超过 { $bytes } 字节，已跳过（一步棋只需几个数）
play-line-not-text = 第 { $line } 行不是 UTF-8 文本，已跳过
play-stopped = 你结束了游戏
play-computer-moves = 电脑：{ $move }（{ $why }）
play-illegal = 不合法的走法：{ $problem }
play-undone = 已撤销：你的上一步和电脑的应对
play-nothing-to-undo = 没有可撤销的走法
play-hint = 提示：{ $hint }
play-hint-draw = 没有必胜走法：最优对局下这是平局；保持平局
play-hint-lost = 这里没有必胜走法：每一步都给电脑留下必胜态；尽量拖长游戏，等待对方失误
play-move-component = 第 { $i } 个子游戏：{ $from } -> { $to }
play-why-wins-fast = 它能赢，并且尽快取胜
play-why-wins = 它能赢
play-why-keeps-draw = 它保持平局
play-why-lasts-longest = 每一步都会输；这一步让游戏拖得最久
play-why-most-tokens = 每一步都会输；这一步留下最多的石子
play-usage = 输入子游戏的编号和它变成什么（如 `1 2`），或 `=` 加走完后的整个局面（如 `= 1 4 5`）
play-no-move = 没有输入走法：{ $usage }
play-not-a-number = “{ $typed }”不是子游戏的编号：{ $usage }
play-no-such-component = 没有第 { $number } 个子游戏：这个局面只有 { $n } 个子游戏（从 1 开始编号）
play-what-becomes = 第 { $number } 个子游戏变成什么？{ $usage }
play-cannot-become = 第 { $number } 个子游戏（{ $from }）不能变成 { $to }
play-bad-new-component = 第 { $number } 个子游戏不能变成“{ $typed }”：{ $problem }
play-unreachable = 从 { $position } 一步走不到 { $after }
play-board-empty = （空）
play-board-ground = 地面
play-board-step = 第 { $step } 级
play-board-pieces = 棋子在第 { $cells } 格
play-board-first-take = 第一步可取 1 到 { $m }
play-board-may-take = 现在至多可取 { $m }
play-board-token-stuck = 棋子在 { $node }（无步可走）
play-board-token = 棋子在 { $node }（可走到 { $next }）

explain-misere-quotient =
    在反常规则下值不能相加；由 { $game } 的反常商（Plambeck 与 Siegel）来完成相加：
    一个有 { $order } 个元素的幺半群 { $presentation }，{ $proof ->
        [final] 由其伪装函数的周期性证明为最终的商
       *[partial] 是堆不超过 { $max } 的部分商
    }。
    每个堆伪装成一个元素，局面是各堆元素之积；当且仅当这个积属于 P 部分
    { "{" }{ $portion }{ "}" } 时，局面是必败态（P）。
explain-misere-heap = 第 { $i } 堆：{ $heap } 伪装成 { $element }
explain-misere-product = 积为 { $product }，{ $inside ->
        [yes] 属于 P 部分。
       *[no] 不属于 P 部分。
    }
explain-misere-verdict-p = 轮到走的一方必败（必败态，P）：每一步只改变一堆的元素，而能得到的每个积都不在 P 部分中。
explain-misere-verdict-n = 轮到走的一方必胜（必胜态，N），走一步使积落入 P 部分：
explain-misere-move = 第 { $i } 堆：{ $from } -> { $to }（现在是 { $element }）；积变为 { $product }，属于 P 部分
explain-misere-more = ……另外还有 { $n } 步
explain-tame-intro =
    在反常规则下值不能相加，但这里每个堆都是驯服的（Conway 的亏格理论）：它的亏格
    g^γ0γ1…（g 是普通的值，γk 是该堆加上 k 个大小为 2 的堆的反常值）与某个尼姆博弈局面
    相同，它的所有后继也是如此。驯服的游戏像 Anti-Nim 一样相加：
explain-tame-heap = 第 { $i } 堆：{ $heap } 的亏格是 { $genus }{ $firm ->
        [yes] ，坚固（像只有 0 颗或 1 颗石子的堆）
       *[no] {""}
    }
explain-tame-sum = 和的 g = { $normal }（各部分 g 的异或），{ $firm ->
        [yes] 它是坚固的：每个部分都坚固。
       *[no] 它不坚固：有部分不坚固。
    }驯服的和是必败态（P），当且仅当 g = 1 且坚固，或 g = 0 且不坚固。
explain-tame-verdict-p = 所以轮到走的一方必败（必败态，P）。
explain-tame-verdict-n = 所以轮到走的一方必胜（必胜态，N），走一步留下这样的驯服的和：
explain-tame-move = 第 { $i } 堆：{ $from } -> { $to }，留下 g = { $normal }，{ $firm ->
        [yes] 坚固
       *[no] 不坚固
    }

## Lessons

lesson-grundy-title = 什么是 Grundy 值（SG 值）：mex
lesson-nim-title = 尼姆博弈与异或和：用最高位证明
lesson-table-title = 两堆尼姆博弈的表：x XOR y，在 3600 个格子上验证
lesson-bounded-title = 巴什博弈：每次最多取 m 个
lesson-subtraction-title = 减法游戏（S-Nim）及其周期
lesson-recipe-title = 五步法与打表找规律：解一个新游戏（Kayles，借助 pattern）
lesson-pieces-title = 直线上的棋子（POJ 1704）与阶梯博弈
lesson-misere-title = Anti-Nim（反常规则下的尼姆博弈）：走最后一步的一方输
lesson-wythoff-title = 威佐夫博弈：黄金分割数对
lesson-cycles-title = 有环的游戏：∞、平局与远度
lesson-coins-title = 翻硬币游戏：一排硬币是各个正面的和，棋盘是乘积

lesson-pitfalls = 常见错误
lesson-exercises = 练习
lesson-exercises-intro = 每条命令都会打印答案：胜负、Grundy 值和所有必胜走法
    （grundy lesson 主题 --answers 会直接在这里显示）。
lesson-answer-moves = 必胜走法：{ $moves }
lesson-verdict-p = 轮到走的一方必败（必败态，P）
lesson-verdict-n = 轮到走的一方必胜（必胜态，N）
lesson-verdict-d = 平局：双方都走最优时游戏永不结束
lesson-proof-guy-smith = 可分堆游戏的周期定理（Guy 与 Smith）：每步最多取 { $removal } 个，最多留下
    { $parts } 堆，并且直到 n = { $proven_at } 的值都符合周期——这正是定理所要求的
lesson-proof-window = 没有走法会把一堆分开，最大的一步取 { $removal } 个，所以一旦连续 { $removal } 个值重复，
    之后每个值都是同一组值的 mex，重复就永远继续（到 n = { $proven_at } 时已出现）
lesson-proof-arithmetic = 算术周期性，由二进制分离证明
lesson-proof-bounded = 大小为 n 的堆可以走到 n − 1、…、n − m，它们的值正好是除 n mod (m + 1)
    以外的所有余数，所以 mex 等于 n mod (m + 1)；对 n 归纳即得
lesson-proof-nim = 大小为 n 的堆可以走到任何更小的堆，所以 G(n) = n
lesson-proof-other = 这个游戏已知的公式
lesson-fails-at = 在 { $at } 处不成立
lesson-fits = 与所有算出的值相符
lesson-formula-periodic = 周期的
lesson-formula-arithmetic = 算术周期的
lesson-ex-who-wins = 在{ $game }中，局面 { $position } 谁必胜？必胜走法是什么？
lesson-ex-who-wins-misere = 在反常规则下的{ $game }中（走最后一步的一方输），局面 { $position } 谁必胜？
lesson-ex-cell = 表中 (x, y) = ({ $x }, { $y }) 的格子是多少？两堆 { $x } 和 { $y } 谁必胜？
lesson-ex-who-wins-graph = 棋子放在顶点 { $position } 上（每个列出的顶点一枚），谁必胜？怎么走？
lesson-grundy-options = 可走到
lesson-grundy-option-values = 它们的值

lesson-grundy-class = 这些课讲的是公平组合游戏（ICG）：两人轮流走，双方可走的步相同，信息完全公开，
    没有运气，无法走的一方判负（正常规则）。所有这样的游戏都用同一种方法解决：给每个局面一个数。
lesson-grundy-mex = 一个数集的 mex（最小排斥值）是不属于这个集合的最小非负整数：
lesson-grundy-definition = 一个局面的 Grundy 值（竞赛中常叫 SG 值），是它一步能到达的所有局面的值的 mex：
    G(v) = mex{"{"} G(u) : 从 v 一步可到 u {"}"}。把它看成局面的函数，就是 SG 函数。
    没有走法的局面 G = 0，即空集的 mex。
lesson-grundy-example = 看减法游戏 { $game }：每步从堆中取 1、3 或 4 个。对每个 n 列出：能走到哪里、
    那里的值、以及 mex：
lesson-grundy-zero = 轮到走的一方必败，当且仅当值为 0。从 0 出发，每一步都走到非零值（如果能走到 0，mex
    就不会是 0）；从非零值出发，总有一步走到 0（否则 mex 就是 0）。这里 n ≤ { $max } 的必败态是
    n = { $zeros }；其余大小的堆都是必胜态。
lesson-grundy-sum = Grundy 值让游戏可以相加。Sprague–Grundy 定理（SG 定理）：几个互相独立的子游戏之和
    （每步只在其中一个子游戏里走），它的 Grundy 值是各子游戏 Grundy 值的异或（异或和，⊕）。
    { $game } 的两堆 5 和 6：G = { $a } ⊕ { $b } = { $total }，所以{ $verdict }。
lesson-grundy-pitfall-mex = mex 从 0 开始找。中文课文里写 mex{"{"}2, 3{"}"} = 1，但 0 不在 {"{"}2, 3{"}"} 中，
    所以 mex{"{"}2, 3{"}"} = { $mex }。它的另外两个例子是对的。

lesson-nim-rules = 尼姆博弈（Nim 游戏）：有若干堆石子；每步从一堆中取走任意正数个；无法走的一方判负。
    Bouton 定理：局面对轮到走的一方是必败态，当且仅当所有堆大小的异或（异或和）为 0。
lesson-nim-mirror = 先看两堆。从 { $to } 和 { $from } 出发，先手从 { $from } 那堆取走 { $take } 个，留下两堆相等，
    之后对手在一堆上怎么走，他就在另一堆上照样走。两堆相等对轮到走的一方是必败态，而 a ⊕ a = 0：
    重要的不是堆的和，而是堆之间的某种平衡，这个平衡就是异或。
lesson-nim-binary = 把每堆写成二进制，每列一位，再对每一列做异或：即不进位的加法，一列中 1 的个数为奇数就得 1。
    对 { $position }：
lesson-nim-claims = 策略来自两个结论。(1) 从 S = 0 出发，任何一步都使 S ≠ 0。(2) 从 S ≠ 0 出发，
    总有一步使 S = 0。始终留下 S = 0 的一方获胜：终局（所有堆都空）S = 0，所以对手永远到不了那里。
lesson-nim-proof-zero = (1) 的理由：一步只把一堆从 x_k 变成 y_k，新的异或和 T = S ⊕ x_k ⊕ y_k；
    当 S = 0 时它等于 x_k ⊕ y_k，因为 y_k ≠ x_k，所以不为 0。
lesson-nim-proof-nonzero = (2) 的理由：设 d 是 S 的最高位 1（这里 S = { $s }，d = { $d }，该位值 { $power }）。
    一定有某堆 x_k 的第 d 位也是 1，否则 S 不会有这一位。把这堆变成 y_k = x_k ⊕ S：高于 d 的位不变，
    第 d 位从 1 变 0，减少 { $power }，而低位最多补回 { $power } − 1，所以 y_k < x_k，这一步合法。
    于是 T = S ⊕ x_k ⊕ y_k = 0。
lesson-nim-move-line = 大小为 { $heap } 的那堆：{ $heap } ⊕ { $s } = { $target }，取走 { $take }
lesson-nim-solve-lists = 有 { $n } 堆的第 d 位是 1，所以有 { $n } 种必胜走法；grundy solve 把它们全部列出：
lesson-nim-pitfall-seven = 本工具最初依据的马其顿语课文里说，也可以从第二堆取走 7 个。但这堆应该变成
    { $heap } ⊕ { $s } = { $target }，所以要取走 { $take } 个（{ $heap } → { $target }）。取走 7 个会剩下 { $wrong_left }，
    而 8 ⊕ { $wrong_left } ⊕ 15 = { $wrong_sum }，不是 0：对手获胜。
lesson-nim-pitfall-one = 本工具最初依据的中文课文里写“为0必败，为1必胜”。意思是“非零必胜”：异或和可以是任何数。
    3 4 5 的异或和是 { $s }，先手必胜，走到 { $after }。
lesson-nim-pitfall-sum = 是异或，不是普通的和：1 2 3 的和是 { $sum }，但异或和是 { $xor }，所以{ $verdict }。

lesson-table-intro = 两堆尼姆博弈的大小 x 和 y 组成一张表：行号 x、列号 y 的格子 (x, y) 里是这个局面的值。
    一步从一堆中取石子，也就是走到同一行左边或同一列上方的格子；格子里的数是这些格子中没有出现的最小数。
    按这个定义算出的表的一角：
lesson-table-xor = 每个格子都是 x ⊕ y：格子 ({ $x }, { $y }) 是 { $value } = { $x } ⊕ { $y }。0 都在对角线 x = y 上：
    两堆相等，就是尼姆博弈那一课的“镜像”策略。
lesson-table-check = 俄语课文用穷举在所有 x, y < 60 的格子上验证过这一点。grundy 刚才又验证了一遍：
    用 mex 算出的 { $side } × { $side } 表共有 { $cells } 个格子，{ $bad ->
        [0] 没有一个与 x ⊕ y 不同。
       *[other] 其中 { $bad } 个与 x ⊕ y 不同。
    }
lesson-table-geometry = 同一张表也出现在用几何方式叙述的题目里（“每个点赋予其所在行和列中没有出现的最小数”）；
    答案就是 x ⊕ y。重复这个验证：grundy table nim --size 60 --verify。
lesson-table-pitfall-before = “所在行和列中没有出现”指的是它之前的格子：行中左边的、列中上方的，也就是走法能到的地方。
    整行整列会包含所有的数。

lesson-bounded-rules = 巴什博弈（{ $game }，m = { $m }）：每步从一堆中取 1 到 { $m } 个。大小为 n 的堆不再值 n：
lesson-bounded-pattern = grundy pattern { $game } 从最简单的公式试起，并对每个被否定的公式给出它第一次不成立的 n：
lesson-bounded-why = 所以 G(n) = { $formula }，并且对所有 n 都已证明：{ $proof }。只有一堆时，这就是巴什博弈的
    经典结论：n 是 m + 1 的倍数时先手必败。
lesson-bounded-example = 俄语课文的例子：三堆 7、8、9，每步最多取 { $m } 个。各堆的 Grundy 值及其异或和：
lesson-bounded-moves = 异或和是 { $total }，所以{ $verdict }。必胜走法把某一堆的值 v 变成 v ⊕ { $total }：
lesson-bounded-pitfall-sizes-illegal = 要异或的是 Grundy 值，不是堆的大小。大小给出 7 ⊕ 8 ⊕ 9 = { $sizes }，这是普通尼姆博弈的结果
    （这里的异或和是 { $total }），而普通尼姆博弈的走法 { $from } → { $to } 要取 { $take } 个，超过了允许的 { $m } 个。
lesson-bounded-pitfall-sizes-losing = 要异或的是 Grundy 值，不是堆的大小。大小给出 7 ⊕ 8 ⊕ 9 = { $sizes }，这是普通尼姆博弈的结果
    （这里的异或和是 { $total }），而普通尼姆博弈的走法 { $from } → { $to } 会给对手留下必胜态。

lesson-sub-rules = 减法游戏（竞赛中也叫 S-Nim，如 HDU 1536）有一个数集 S：每步从一堆中取走 s 个，s 属于 S。
    巴什博弈就是 S = {"{"}1, …, m{"}"}。对 S = { $set }（{ $game }）：
lesson-sub-period = 这些值会重复：从 n = { $preperiod } 起，周期为 { $period }（{ $values }）。这是定理，不是猜测：{ $proof }。
lesson-sub-far = 所以任何一堆都能立刻算出：G({ $n }) = { $value }。
lesson-sub-other = 周期可能开始得晚。{ $game } 要从 n = { $preperiod } 起才以周期 { $period } 重复；
    它到第一个周期结束为止的值：{ $values }。
lesson-sub-sum = 中文课文的题目有若干堆和一个走法集合：对每堆算出 SG 值再取异或。HDU 1848 也是这样：三堆石子，
    每次取的个数必须是斐波那契数（这是减法游戏，不是斐波那契博弈）。{ $game } 的两堆 5 和 6：
    G = { $total }，所以{ $verdict }。
lesson-sub-pitfall-assign = 中文课文的 C++ 程序在循环里写的是 ans^grundy[X[i]];：异或算出来就被丢掉了，ans 一直是 0，
    程序对任何输入都输出 “Bob”。它在每个必胜态上都是错的：{ $game } 中两堆 5 6 的异或和是 { $total }，
    先手 Alice 必胜。应该写 ans ^= grundy[X[i]];。
lesson-sub-pitfall-arrays = 同一个程序把堆的大小和走法集合读进了彼此的数组：第一个循环把 N 个数读进 A（本应存 K 种走法），
    第二个循环把 K 个数读进 X（本应存 N 堆）。应把堆读进 X，把走法读进 A。

lesson-recipe-steps = 俄语课文的方法，适用于任何公平组合游戏：
    1. 确认游戏属于这一类：双方走法相同，没有运气，无法走的一方判负。
    2. 把局面分解成互相独立的子游戏。
    3. 打表：在小规模上穷举，算出每个子游戏的 Grundy 值。
    4. 找规律，并确认它（证明，或由定理保证）。
    5. 答案是这些值的异或（SG 定理）。
lesson-recipe-game = 一个新游戏：Kayles（保龄球）。一排球瓶；每步击倒一个瓶或两个相邻的瓶。从中间击倒会把一排分成两排。
lesson-recipe-step1 = 第 1 步。两人，走法相同，没有运气，无法走的一方判负：这是公平组合游戏，理论适用。
lesson-recipe-step2 = 第 2 步。局面是互不相接的若干排，一步只改变一排：局面是各排之和。在 n 个瓶的一排中走一步，
    留下两排 a 和 b，a + b = n − 1 或 n − 2（用八进制记法，Kayles 是 0.77）。
lesson-recipe-step3 = 第 3 步（打表）。算出的 0 到 { $max } 个瓶的值：
lesson-recipe-step4 = 第 4 步（找规律）。grundy pattern kayles 从最简单的公式试起；下面每一个都在某处不成立：
lesson-recipe-period = 从 n = { $preperiod } 起，值以周期 { $period } 重复：{ $values }。这是证明出来的，不是猜的：{ $proof }。
lesson-recipe-step5 = 第 5 步。5 个和 7 个瓶的两排的值是 { $a } 和 { $b }；异或和 { $a } ⊕ { $b } = { $total }，所以{ $verdict }。
    每种必胜走法（被分开的一排写成留下的两排）：
lesson-recipe-pitfall-guess = 俄语课文说规律是从表中猜出来的，而不是推出来的。打表找规律得到的只是猜想，不是答案：这里周期要到
    n = { $preperiod } 才开始，从小表猜出的规律会是错的。只有当定理覆盖所有 n 时公式才可靠，
    grundy pattern 会告诉你是否如此。

lesson-pieces-rules = POJ 1704（Georgia 和 Bob）：棋子放在一条直线的 1、2、3、… 格上；每步把一枚棋子向左移，
    不能移到另一枚棋子上或越过它，也不能移过第 1 格。
lesson-pieces-pairs = 从右边开始两两配对：最后一枚和它前面的一枚，依此类推；棋子数为奇数时，第一枚与墙（第 0 格）配对。
    一对之间的空格数就是尼姆博弈的一堆石子。移动一对中右边的棋子，就是从这堆里取石子。移动左边的棋子会往堆里加石子，
    好像对手不讲规则；但只要把同一对右边的棋子移动同样多格，这堆就恢复原样。所以局面就是各对空格上的尼姆博弈。
lesson-pieces-wall = 墙
lesson-pieces-example = { $n } 枚棋子，在第 { $cells } 格。各对及其空格：
lesson-pieces-bob = 异或和是 { $total }：轮到走的一方必败，程序输出 “Bob will win”。
lesson-pieces-georgia = 异或和是 { $total }：先走的 Georgia 必胜。她的必胜走法：
lesson-pieces-staircase = 同一个转化换一种说法：从右往左读，所有棋子的空格组成阶梯 { $steps }（先写地面），这就是阶梯博弈：
    每步把硬币往下移一级，只有奇数级才算数。grundy solve staircase { $steps } 给出同样的值 { $value }。
lesson-pieces-pitfall-sort = 先排序：输入中的棋子可能是任意顺序（中文课文提醒了“注意需要排序”），而配对是从右端数起的。
    grundy 读入时会排序：17,1,5 读作 { $sorted }。

lesson-misere-rules = 反常规则把目标颠倒过来：走最后一步的一方输。竞赛中这样的游戏叫 Anti-SG 游戏，
    反常规则下的尼姆博弈叫 Anti-Nim。
lesson-misere-rule = Anti-Nim 的 Bouton 规则：只要还有一堆至少 2 个，就按普通尼姆博弈走（异或和为 0 时是必败态），
    只是那一步如果会留下只有 0 个和 1 个的堆，就必须留下奇数个 1。当每堆都至多 1 个时，
    大小为 1 的堆有奇数个时是必败态。合起来就是 SJ 定理在尼姆博弈上的形式：先手必胜，当且仅当
    异或和不为 0 且有一堆至少 2 个，或者异或和为 0 且每堆至多 1 个。
lesson-misere-normal = 正常
lesson-misere-misere = 反常
lesson-misere-example = 在 1 1 2 中两种规则都是先手必胜，但走法不同：正常规则下必胜走法是走到 { $normal_after }，
    反常规则下是走到 { $misere_after }，留下奇数个单独的石子。
lesson-misere-check = grundy 在三堆、每堆最多 4 个的全部 { $n } 个局面上比较了两种规则：有 { $differ } 个不同，
    即 { $list }，它们的每一堆都至多 1 个。
lesson-misere-check-other = grundy 在三堆、每堆最多 4 个的全部 { $n } 个局面上比较了两种规则：有 { $differ } 个不同：{ $list }。
lesson-misere-no-sum = 反常规则下的值不能用异或相加：SG 定理讲的是正常规则（SJ 定理也只对满足其条件的 Anti-SG 游戏成立）。
    grundy 对反常局面搜索整个局面，或使用堆游戏的反常商。
lesson-misere-pitfall-ones = 俄语课文说反常规则“在单个堆的局面中”不同。应理解为：每堆最多一个石子的局面。
    只要有一堆有两个或更多，胜者就与正常规则相同。

lesson-wythoff-rules = 威佐夫博弈（HDU 1527）：两堆；每步从一堆中取任意个，或从两堆中取同样多个。值的表，每个格子是它左边、
    上方和左上对角线上格子的 mex：
lesson-wythoff-zeros = 必败态（x ≤ y）开头是 { $pairs }。它们是数对 (⌊kφ⌋, ⌊kφ⌋ + k)，k = 0, 1, 2, …，
    φ = (1 + √5)/2 是黄金分割比；所以 (x, y) 是必败态当且仅当 x = ⌊(y − x)φ⌋，HDU 1527 就这样判断。
    grundy 用这个公式核对了 { $side } × { $side } 的表（{ $cells } 个格子）：{ $bad ->
        [0] 没有例外。
       *[other] { $bad } 个例外。
    }
lesson-wythoff-not-nim = 威佐夫博弈不是两堆尼姆博弈：对角线走法把两堆连在一起。(1, 1) 的值是 { $one_one }，不是 1 ⊕ 1 = 0；
    (3, 5) 的值是 { $three_five }，尽管 3 ⊕ 5 = { $xor }。
lesson-wythoff-sum = 几个威佐夫博弈的和仍然是和：(3, 5) 和 (1, 1) 合起来的值是 { $total }，所以{ $verdict }。
lesson-wythoff-pitfall-xor = 不要对同一个威佐夫博弈的两堆取异或：异或是把互相独立的子游戏相加，而威佐夫博弈的两堆是同一个游戏。
    它的值来自它自己的表。

lesson-cycles-intro = 有些游戏可能永远进行下去：在箭头构成环的图上移动一枚棋子。把图写进文件，每行一个顶点，
    “名字: 它能走到的顶点”（保存为 { $file }）：
lesson-cycles-node = 顶点
lesson-cycles-value = 值
lesson-cycles-outcome = 结果
lesson-cycles-remoteness = 远度
lesson-cycles-values = grundy graph { $file } 给每个顶点标上：
lesson-cycles-infinity = Smith 规则把 Grundy 值推广到这样的图，依次分配 0、1、2 等数。一个顶点满足以下三条时
    得到数 m：它不能走到值为 m 的顶点；对每个小于 m 的值，它都能走到具有该值的顶点；对于它能走到的、
    值大于 m 或尚未确定的每个顶点，都能从那里一步走回某个值为 m 的顶点——逃跑没有用，对手会把局面
    拉回 m。始终得不到数的顶点得到 ∞，括号里是它能走到的有限值。只有一个 ∞ 的局面，如果能走到
    值为 0 的顶点，就是必胜态（N）；否则是平局（D）：谁都无法迫使游戏结束。
lesson-cycles-remoteness-text = 远度是赢家尽快取胜、输家尽量拖延时游戏持续的步数；平局没有远度。
lesson-cycles-pitfall-draw = 直接递归搜索在环上会无限递归，而且“不是必败”不等于“必胜”：平局两者都不是。
    要像 grundy 那样从终局开始倒推，给图标号（逆向分析）。
lesson-cycles-finite = 有环并不一定是平局。start 和 hop 在环 start → hop → start 上，但 start 的值是 { $start }，
    hop 的值是 { $hop }：站在 hop 的一方只能走到 start，对手接着把棋子走到 end。
lesson-cycles-sum = 和的算法照旧，只多一条规则：∞ 加上数 n，就是把它集合中的每个值都与 n 异或后的 ∞。
    单独的 fork 是 { $fork }，必胜；但 fork 加上 start（值 { $start }）得到 { $sum }，所以{ $verdict }。

## grundy nimber --explain
nimber-explain-rule = Nim 乘法对 Nim 加法（异或）满足分配律：把两个因数都拆成不同的 2 的幂，乘积就是第一个因数的每个 2 的幂与第二个因数的每个 2 的幂的 Nim 积的异或。
    2 的幂 2ⁿ 等于费马幂 2^(2^k)（2、4、16、256、……）之积，其中 k 取遍 n 的二进制表示中为 1 的各位。
    不同费马幂的 Nim 积就是普通乘积；费马幂 F 与自身相乘得到它的一倍半：F ⊗ F = 3F/2。
nimber-explain-split = { $number } = { $powers }
nimber-explain-term = { $x } ⊗ { $y } = { $factors } = { $value }
nimber-explain-term-plain = { $x } ⊗ { $y } = { $value }（没有公共的费马幂：就是普通乘积）
nimber-explain-term-square = { $x } ⊗ { $y } = { $value }（费马幂与自身相乘：得到它的一倍半）
nimber-explain-many = （共有 { $count } 个 2 的幂的乘积，超过 64 个时不逐一列出。）
nimber-explain-total = 这些乘积的异或：{ $a } ⊗ { $b } = { $value }。
nimber-explain-add = Nim 加法就是异或，即按二进制逐位相加、不进位：{ $a } ⊕ { $b } = { $value }。
nimber-explain-pow = 在 Nim 乘法下，{ $a } 的 { $e } 次幂（反复平方并相乘）为 { $value }。
nimber-explain-check-inverse = 所以 { $value } 是 { $a } 的逆元：{ $a } ⊗ { $value } = 1。
nimber-explain-check-sqrt = 所以 { $value } 是 { $a } 的平方根：{ $value } ⊗ { $value } = { $a }。
coins-misere-mock-title = 局面：反常规则下的 Mock Turtles，正面在位置 { $heads }（走最后一步的一方输）。
coins-misere-mock-twist = 反常规则下的 Mock Turtles 有一个妙处（《Winning Ways》第 14 章）：
    走法和正常规则完全一样，只是要留给对手的值从 0 变成 1。
    轮到走的一方必败，当且仅当这个局面在正常规则下的 Grundy 值
    （各个正面的值的异或和）等于 1。
coins-misere-mock-head = 位置 { $place } 的正面：值 { $value }
coins-misere-mock-sum = 异或和：{ $sum }
coins-misere-mock-why = 为什么是 1：位置 n 上的正面的值是 2n 和 2n + 1 中
    二进制里 1 的个数为奇数的那一个（可恶数）。所以局面的值为 1，
    当且仅当正面有奇数个，并且它们位置的异或和为 0。
    每一步翻一、二或三枚硬币；要让正面的个数仍是奇数，
    就必须翻两枚，而这会改变位置的异或和。
    所以从值为 1 的局面出发，每一步都会得到别的值；
    而从其他任何非空局面出发，总有一步能得到值 1。
    值为 1 的局面一定不是空的，所以始终留下 1 的一方
    不会走最后一步：最后一步由对手来走，对手输。
coins-misere-mock-lost = 值为 1：轮到走的一方必败（必败态，P）。
    无论怎么走，值都不再是 1，对手再把值变回 1。
coins-misere-mock-won = 值为 { $sum }，不是 1。轮到走的一方必胜（必胜态，N），
    只要走到值为 1 的局面：{ $moves }。
coins-misere-mock-empty = 已经没有正面了：轮到走的一方无法移动，而在反常规则下他因此获胜。
coins-turn = 翻位置 { $coins } 的硬币

lesson-coins-rules = 一排硬币放在位置 0、1、2、……上，每枚正面（H）或反面（T）朝上。
    在 Mock Turtles 中，每一步翻转一枚、两枚或三枚硬币，其中最右边的一枚必须由正面翻成反面；
    其余被翻的硬币正反都可以。把这排硬币看成一个二进制数（位置 n 上的正面表示 2ⁿ），
    每一步都使这个数变小：所翻硬币中最右边的一枚由正面变成反面，其余变化都在它左边、权值更小。
    所以游戏一定会结束。
lesson-coins-sum = 关键想法：一排硬币是若干单个正面的和。把每个正面看成一个独立的游戏。
    设一步把位置 n 上的正面翻成反面，同时翻转它左边的几枚硬币：原来是反面的硬币变成新的
    正面，也就是多了一个小游戏；原来是正面的硬币变成反面，这等于在那个位置再加一个正面，
    而两个相同的游戏互相抵消（G ⊕ G = 0）。所以一排硬币的值等于各个正面的值的异或，
    只需要知道位置 n 上单个正面的值 G(n)：
lesson-coins-odious = 这些是可恶数（odious number）：二进制中 1 的个数为奇数的数。G(n) 是 2n 和
    2n + 1 中是可恶数的那一个。
lesson-coins-checked = grundy 没有直接相信这个想法，而是做了验证：它按定义（对整排硬币取 mex）算出了
    { $places } 个位置上全部 { $boards } 种排法的值，每一个都等于该排各个正面的值的异或。
lesson-coins-example = 例子：{ $row } 的正面在位置 { $heads }；{ $values }，异或为 { $sum }，所以{ $verdict }。
    一种必胜走法：{ $move }，留下 { $after }，值为 0。
lesson-coins-corners = 二维的情形：在 Turning Corners（翻角游戏）中，硬币放在棋盘的格子里，位置 (x, y)
    从 (0, 0) 算起。每一步选一个位于 (x, y) 的正面，再选一个坐标更小的格子 (a, b)（a < x，b < y），
    翻转这个矩形四个角上的硬币：(x, y)、(a, y)、(x, b) 和 (a, b)。按规则算出的 (x, y) 上
    单个正面的值：
lesson-coins-tartan = 这正是 Nim 积 x ⊗ y 的表。Turning Corners 是 Twins 与 Twins 的乘积（在 Twins 中
    每一步恰好翻两枚硬币，位置 n 上的正面值为 n）。Tartan 定理指出：两个翻硬币游戏的乘积中，
    单个正面的值等于两个因子游戏中对应值的 Nim 积，即 G(x, y) = G₁(x) ⊗ G₂(y)。grundy 按规则
    算出了全部 { $cells } 个格子，每一个都等于 Nim 积。对于费马幂 2、4、16、256、……，Nim 乘法
    有两条规则：两个不同的费马幂相乘就是普通乘积（2 ⊗ 4 = { $two_four }），一个费马幂与自身的
    Nim 积是它的 1.5 倍（2 ⊗ 2 = { $two_two }，4 ⊗ 4 = { $four_four }）；其他乘积都可以把两个数写成
    2 的幂的异或，再逐项相乘得到（3 ⊗ 3 = { $three_three }）。grundy nimber mul 3 3 --explain
    会列出每一步。
lesson-coins-contest = 竞赛题里，这个游戏常常换个样子出现：方格棋盘的每个格子里有一盏灯，亮着的灯
    位于 { $lights }。每一步选一盏亮着的灯 (x, y)，再选一个以 (x, y) 为离 (0, 0) 最远的角的
    矩形，切换这个矩形四个角上的灯（亮变灭、灭变亮）；不能走的一方输。这就是 Turning Corners，
    所以每盏亮着的灯的值是 x ⊗ y，整个局面的值是它们的异或：
lesson-coins-contest-answer = 异或为 { $sum }，所以{ $verdict }。一种必胜走法是切换 { $corners } 这四个角上的灯，
    之后亮着的灯为 { $after }，值为 0。比赛中输入的灯很多时，grundy nimber --batch 每秒能算
    几百万对 64 位数的 Nim 积。
lesson-coins-pitfall-product = 坐标要按 Nim 乘法相乘，而不是普通乘法：(3, 3) 上的正面值为 3 ⊗ 3 = { $three_three }，
    不是 3 · 3 = { $ordinary }，也不是 3 ⊕ 3 = { $xor }。
lesson-coins-pitfall-misere = 在反常规则下，一排硬币不再是各个正面的和，因为同一位置上的两个正面只在正常规则下
    才会抵消。反常规则下的 Mock Turtles 有自己的规则：要留给对手值为 1 而不是 0 的局面。
    例如局面 1 2 3 的值为 1，所以{ $verdict }（原因见 grundy solve mock-turtles 1 2 3
    --misere --explain）。

answer-outcome-p = 轮到走的一方必败
answer-outcome-n = 轮到走的一方必胜
answer-outcome-d = 平局：双方都走最优时游戏永不结束
answer-winning-moves = 必胜走法：
answer-move = 第 { $component } 个子游戏：{ $from } -> { $to }，剩下 { $after }
answer-move-words = 第 { $component } 个子游戏：{ $words }，剩下 { $after }
answer-move-words-many = 第 { $components } 个子游戏：{ $words }，剩下 { $after }
answer-nothing = 空局面
answer-cut-short = （还有更多：必胜走法没有全部列出）
list-and = { $rest }、{ $last }
move-stair = 把 { $coins } 枚硬币从第 { $step } 级移到第 { $below } 级
move-piece = 把第 { $from } 格的棋子移到第 { $to } 格
move-take = 取走 { $count } 颗
move-take-from = 从第 { $heap } 堆取走 { $count } 颗
move-take-heaps = { $parts }
move-turn = 翻转位置 { $coins } 的硬币
move-run = 翻转位置 { $from } 到 { $to } 的硬币
move-corners = 翻转 { $corners } 这四个角上的硬币
list-sep = 、
game-name-nim = 尼姆博弈
game-name-kayles = { " " }Kayles 游戏
game-name-wythoff = 威佐夫博弈
game-name-georgia-bob = { " " }Georgia 和 Bob（POJ 1704）
game-name-staircase = 阶梯博弈
game-name-bounded = 巴什博弈（每次最多取 { $param } 个）
game-name-sub = 减法游戏 S = { "{" }{ $param }{ "}" }{ " " }
game-name-mock-turtles = { " " }Mock Turtles{ " " }
game-name-ruler = { " " }Ruler{ " " }
game-name-turning-corners = { " " }Turning Corners（翻角游戏）
game-name-tartan = { " " }{ $param } 的乘积
