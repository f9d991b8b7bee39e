/// A `set` setting with its value, checked when the line is parsed. Adding one: a case here
/// (its name, help and value check) and the field in Session it sets.
enum Setting: Equatable {
    case output(OutputMode)
    case color(Bool)
    /// nil: lists show every row.
    case pagesize(Int?)
    case timing(Bool)
    case images(Bool)
    case suggest(Bool)
    /// csv, tsv and markdown cells that a spreadsheet would run as a formula: `safe` (a `'`
    /// before them) or `raw` (the bytes as stored).
    case cells(raw: Bool)

    enum Name: String, CaseIterable {
        case output, color, pagesize, timing, images, suggest, cells

        /// Every setting's `part`, in order, between separators: a loop rather than the
        /// standard library's joined, whose unspecialised call cost 5% of a start-up (callgrind).
        static func listed(_ part: (Name) -> String, separator: String) -> String {
            var text = ""
            for name in allCases {
                if !text.isEmpty { text += separator }
                text += part(name)
            }
            return text
        }

        /// As `help set` and the summary show it.
        var usage: String {
            switch self {
            case .output: return "output text|json|csv|tsv|markdown"
            case .color: return "color on|off"
            case .pagesize: return "pagesize N|off (rows per page of long lists)"
            case .timing: return "timing on|off (time each command, on stderr)"
            case .images: return "images on|off (an ad's photo above its detail, at a terminal)"
            case .suggest: return "suggest on|off (the latest matching history line, dimmed at the right; → takes it)"
            case .cells: return "cells safe|raw (csv, tsv, markdown: a cell opening with = + - @ gets a ' so a spreadsheet shows it as text)"
            }
        }

        /// Its value in `session`, as `set NAME VALUE` would set it.
        func current(in session: Session) -> String {
            switch self {
            case .output: return session.output.rawValue
            case .color: return session.color ? "on" : "off"
            case .pagesize: return session.pageSize.map(String.init) ?? "off"
            case .timing: return session.timing ? "on" : "off"
            case .images: return session.images ? "on" : "off"
            case .suggest: return session.suggest ? "on" : "off"
            case .cells: return session.rawCells ? "raw" : "safe"
            }
        }

        /// The words Tab offers for the value.
        var words: [String] {
            switch self {
            case .output: return OutputMode.allCases.map(\.rawValue)
            case .color, .timing, .images, .suggest: return ["on", "off"]
            case .pagesize: return ["off"]
            case .cells: return ["safe", "raw"]
            }
        }
    }

    init(_ name: Name, _ value: String) throws(ShellError) {
        switch name {
        case .output:
            guard let mode = OutputMode(rawValue: value) else {
                throw .usage("set output: choose text, json, csv, tsv or markdown, not \(ShellError.quote(value))")
            }
            self = .output(mode)
        case .color: self = .color(try Setting.onOff(name, value))
        case .timing: self = .timing(try Setting.onOff(name, value))
        case .images: self = .images(try Setting.onOff(name, value))
        case .suggest: self = .suggest(try Setting.onOff(name, value))
        case .cells:
            guard value == "safe" || value == "raw" else {
                throw .usage("set cells: choose safe or raw, not \(ShellError.quote(value))")
            }
            self = .cells(raw: value == "raw")
        case .pagesize:
            if value == "off" {
                self = .pagesize(nil)
            } else if let rows = Int(value), (1...100_000).contains(rows) {
                self = .pagesize(rows)
            } else {
                throw .usage("set pagesize: choose a number of rows from 1 to 100000, or off, not \(ShellError.quote(value))")
            }
        }
    }

    private static func onOff(_ name: Name, _ value: String) throws(ShellError) -> Bool {
        guard value == "on" || value == "off" else {
            throw .usage("set \(name.rawValue): choose on or off, not \(ShellError.quote(value))")
        }
        return value == "on"
    }

    /// Sets it in the session and says so.
    func apply(to s: inout Session) -> String {
        switch self {
        case let .output(mode):
            s.output = mode
            return "output is \(mode.rawValue)"
        case let .color(on):
            s.color = on
            return "color is \(on ? "on" : "off")"
        case let .pagesize(rows):
            s.pageSize = rows
            return rows.map { "pagesize is \($0)" } ?? "pagesize is off: lists show every row"
        case let .timing(on):
            s.timing = on
            return "timing is \(on ? "on" : "off")"
        case let .images(on):
            s.images = on
            return "images is \(on ? "on" : "off")"
        case let .suggest(on):
            s.suggest = on
            return "suggest is \(on ? "on" : "off")"
        case let .cells(raw):
            s.rawCells = raw
            return raw ? "cells are raw: written as stored, formulas included" : "cells are safe: a formula is written as text"
        }
    }
}
