// JSONWords' own reader against the JSONDecoder it stands in front of (what a SQLite row's
// words field cost before commit 119bf66), on the words Errand writes for a tagged row.
// Built with the real source beside it, optimized as a release build is:
//   swiftc -O -parse-as-library Sources/ErrandStorage/JSONWords.swift bench/json_words.swift -o /tmp/json-words && /tmp/json-words
import FoundationEssentials

@main
enum JSONWordsBench {
    static func main() {
        let rows = ["[\"home\"]", "[\"home\",\"money\"]", "[\"errands\",\"family\",\"health\"]", "[\"école\",\"große \\\"Wäsche\\\"\"]"]
        let count = 200_000
        func seconds(_ body: () -> Int) -> (Double, Int) {
            let clock = ContinuousClock()
            var total = 0
            let elapsed = clock.measure { total = body() }
            return (Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds), total)
        }
        for _ in 0..<3 {
            let (own, a) = seconds {
                var n = 0
                for i in 0..<count { n += JSONWords.decodeOwn(rows[i % rows.count])?.count ?? 0 }
                return n
            }
            let decoder = JSONDecoder()
            let (full, b) = seconds {
                var n = 0
                for i in 0..<count { n += (try? decoder.decode([String].self, from: Data(rows[i % rows.count].utf8)))?.count ?? 0 }
                return n
            }
            precondition(a == b, "the two readers disagree")
            let ownNanos = (own / Double(count) * 1e10).rounded() / 10
            let fullNanos = (full / Double(count) * 1e10).rounded() / 10
            let ratio = (full / own * 10).rounded() / 10
            print("\(count) rows: JSONWords \(ownNanos) ns/row, JSONDecoder \(fullNanos) ns/row, \(ratio)x")
        }
    }
}
