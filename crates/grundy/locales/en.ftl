# English. Every key here exists in ru.ftl, zh.ftl and mk.ftl (a test checks).
# Arguments are written { $name }; plural forms use Fluent's selectors.

test-heaps = { $n ->
    [one] { $n } heap
   *[other] { $n } heaps
}
