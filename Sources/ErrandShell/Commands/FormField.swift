import ErrandDomain

/// One question of the create or edit form, derived from the argument or option it fills: its
/// kind says what Tab offers and how the answer is checked, its name which history Up walks.
struct FormField {
    /// The option's (or argument's) name: the field's history, shared by both forms.
    let name: String
    /// As messages name it (`--date`, `TITLE`).
    let label: String
    var question: String
    var initial: String
    let kind: ArgumentKind
    /// Words the field takes besides its kind's values (`none` for a date), any case.
    var words: [String]

    init(option: OptionSpec, question: String? = nil, initial: String = "", words: [String] = []) {
        name = option.name
        label = option.flag
        self.question = question ?? option.prompt ?? option.flag + ": "
        self.initial = initial
        kind = option.valueKind ?? .text
        self.words = words
    }

    init(argument: ArgumentSpec, initial: String = "") {
        name = argument.name.lowercased()
        label = argument.name
        question = argument.prompt ?? argument.name + ": "
        self.initial = initial
        kind = argument.kind
        words = []
    }

    /// Whether `answer` is one of the field's own words.
    func isWord(_ answer: String, _ word: String) -> Bool {
        words.contains(word) && TextSafety.trimmed(answer).lowercased() == word
    }
}
