/// `edit N` with the options the differential run draws; nil leaves a field as it is.
struct ModelEdit: Equatable {
    enum Change<Value: Equatable>: Equatable {
        case set(Value)
        case clear
    }

    var title: String?
    var due: Change<Int>?
    var start: Change<Int>?
    var notes: Change<String>?
    var priority: Change<Int>?
    var priorityText = ""
    var tags: Change<[String]>?

    var words: [String] {
        var words: [String] = []
        if let title { words += ["--title", title] }
        switch due {
        case let .set(day): words += ["--date", ModelDay.iso(day)]
        case .clear: words.append("--no-date")
        case nil: break
        }
        switch start {
        case let .set(day): words += ["--start", ModelDay.iso(day)]
        case .clear: words.append("--no-start")
        case nil: break
        }
        switch notes {
        case let .set(text): words += ["--notes", text]
        case .clear: words.append("--no-notes")
        case nil: break
        }
        switch priority {
        case .set: words += ["--priority", priorityText]
        case .clear: words.append("--no-priority")
        case nil: break
        }
        switch tags {
        case let .set(tags): for tag in tags { words += ["--tag", tag] }
        case .clear: words.append("--no-tags")
        case nil: break
        }
        return words
    }

    var isEmpty: Bool { words.isEmpty }
}
