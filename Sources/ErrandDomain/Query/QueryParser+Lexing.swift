extension QueryParser {
    /// Words, parentheses, a leading `-` and `or`, each with the column it starts at. A `"`
    /// quotes up to the next one (spaces and parentheses included); the quotes are not part
    /// of the word, and a quoted `or` is a word.
    static func lex(_ text: String) throws(QuerySyntaxError) -> [Located] {
        var tokens: [Located] = []
        let characters = Array(text)
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c == " " || c == "\t" {
                i += 1
                continue
            }
            let column = i + 1
            if c == "(" || c == ")" {
                tokens.append(Located(token: c == "(" ? .open : .close, column: column, text: String(c)))
                i += 1
                continue
            }
            if c == "-", i + 1 < characters.count, !" \t)".contains(characters[i + 1]) {
                tokens.append(Located(token: .minus, column: column, text: "-"))
                i += 1
                continue
            }
            var word = ""
            var quoted = false
            var quoteColumn = column
            while i < characters.count {
                let d = characters[i]
                if d == "\"" {
                    if !quoted { quoteColumn = i + 1 }
                    quoted.toggle()
                } else if !quoted, d == " " || d == "\t" || d == "(" || d == ")" {
                    break
                } else {
                    word.append(d)
                }
                i += 1
            }
            guard !quoted else {
                throw QuerySyntaxError(term: "\"" + word, column: quoteColumn, reason: "this quote is never closed")
            }
            let typed = String(characters[(column - 1)..<i])
            let isOr = word.lowercased() == "or" && !typed.contains("\"")
            tokens.append(Located(token: isOr ? .or : .word(word), column: column, text: typed))
        }
        return tokens
    }
}
