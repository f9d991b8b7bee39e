/// One question put to the person: a form's field carries how Tab completes its answer and the
/// history Up walks, so a field offers what fits it (dates in Date, places in Place) and never
/// the command line's.
public struct Question {
    public var text: String
    public var initial: String
    /// The answer typed so far (up to the cursor) to what Tab offers; nil: Tab offers nothing.
    public var complete: ((String) -> Completion)?
    /// The name of the answers' own history (the field's), kept apart from the commands'; nil:
    /// a question whose answers are not worth recalling (a confirmation).
    public var history: String?

    public init(_ text: String, initial: String = "", complete: ((String) -> Completion)? = nil, history: String? = nil) {
        self.text = text
        self.initial = initial
        self.complete = complete
        self.history = history
    }
}
