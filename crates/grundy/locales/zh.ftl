# 中文。课文用语：Grundy值、异或、必败态、必胜态。

test-heaps = { $n } 堆
