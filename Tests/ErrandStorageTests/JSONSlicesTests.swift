@testable import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// The cutter that lets a large export or journal entry be decoded a value at a time.
struct JSONSlicesTests {
    func elements(_ text: String) throws -> [String] {
        let data = Data(text.utf8)
        return try data.withUnsafeBytes { bytes in
            var slices = JSONSlices(bytes)
            var found: [String] = []
            try slices.elements { found.append(String(decoding: bytes[$0], as: UTF8.self)) }
            try slices.end()
            return found
        }
    }

    @Test func eachElementIsCutWhole() throws {
        #expect(try elements("[]") == [])
        #expect(try elements(" [ 1 , \"a]\\\"}\" ,{\"k\":[1,{\"x\":\"]\"}]},[[]],null,-2.5e3,true ] \n") ==
                ["1", "\"a]\\\"}\"", "{\"k\":[1,{\"x\":\"]\"}]}", "[[]]", "null", "-2.5e3", "true"])
    }

    @Test func whatSurroundsTheElementsIsChecked() {
        for (text, offset) in [("[1 2]", 3), ("[1,]", 3), ("[,1]", 1), ("[1]x", 3), ("[\"open", 1), ("[{\"a\":1]", 8),
                               ("{}", 0), ("[1", 2)] {
            #expect(throws: JSONSlices.Failure.self, "\(text)") { try elements(text) }
            #expect((try? elements(text)) == nil)
            do {
                _ = try elements(text)
            } catch let failure as JSONSlices.Failure {
                #expect(failure.offset == offset, "\(text): \(failure)")
            } catch {
                Issue.record("\(text): \(error)")
            }
        }
    }

    /// Random documents JSONEncoder wrote: every element cut is the one it encoded.
    @Test func encodedArraysAreCutAsTheyWereWritten() throws {
        let seed = TestSeed.draw(for: "JSONSlicesTests")
        var rng = SeededGenerator(seed: seed)
        let pieces = ["a", "\"", "\\", "]", "}", "[", "{", ",", ":", "é", "\n", " "]
        for _ in 0..<300 {
            let values: [[String: [String]]] = (0..<Int.random(in: 0...5, using: &rng)).map { _ in
                ["k" + (pieces.randomElement(using: &rng) ?? ""): (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    (0..<Int.random(in: 0...4, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
                }]
            }
            let text = String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
            let cut = try elements(text).map { try JSONDecoder().decode([String: [String]].self, from: Data($0.utf8)) }
            #expect(cut == values, "seed \(seed): \(text)")
        }
    }
}
