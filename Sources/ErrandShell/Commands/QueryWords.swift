/// The words of a query as one text for QueryParser. The shell's quotes are gone by then, so
/// a word that holds a space was quoted: it is quoted again for the query, after its key
/// (`near:"Clinique du Parc"`), and so stays one term.
enum QueryWords {
    static func joined(_ words: some Sequence<String>) -> String {
        words.map { word in
            guard word.contains(where: { $0 == " " || $0 == "\t" }), !word.contains("\"") else { return word }
            if let colon = word.firstIndex(of: ":"), word[..<colon].allSatisfy(\.isLetter), colon != word.startIndex {
                return String(word[...colon]) + "\"" + word[word.index(after: colon)...] + "\""
            }
            return "\"" + word + "\""
        }.joined(separator: " ")
    }
}
