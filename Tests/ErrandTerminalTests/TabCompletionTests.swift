import ErrandTerminal
import Testing

@Suite struct TabCompletionTests {
    @Test func commonPrefixOfCandidates() {
        let completion = TabCompletion(replaceCount: 1, candidates: [("uncheck", "uncheck", true), ("undo", "undo", true)])
        #expect(completion.commonPrefix == "un")
        #expect(TabCompletion(replaceCount: 0, candidates: []).commonPrefix == "")
    }
}
