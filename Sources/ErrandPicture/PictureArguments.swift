import ErrandOptions

/// errand-picture's command line, declared once: the reader, the usage line and the checks of
/// each value read these declarations.
public struct PictureArguments: Equatable, Sendable {
    /// nil: as the terminal in the environment says.
    public var format: PictureFormat?
    public var colors: PictureColors?
    public var columns = 80
    public var rows = 24
    public var cell = PixelSize(width: 10, height: 20)
    public var detectOnly = false
    public var path: String?

    public init() {}

    public static let options: [CommandLineOption<PictureArguments>] = [
        CommandLineOption(["--format"], value: "auto|" + PictureFormat.allCases.map(\.rawValue).joined(separator: "|"),
                          help: "how to draw") { a, text throws(OptionFailure) in
            guard text == "auto" || PictureFormat(rawValue: text) != nil else { throw OptionFailure("unknown format \(text)") }
            a.format = PictureFormat(rawValue: text)
        },
        CommandLineOption(["--colors"], value: "auto|" + PictureColors.allCases.map(\.rawValue).joined(separator: "|"),
                          help: "how many colours") { a, text throws(OptionFailure) in
            guard text == "auto" || PictureColors(rawValue: text) != nil else { throw OptionFailure("unknown colours \(text)") }
            a.colors = PictureColors(rawValue: text)
        },
        CommandLineOption(["--columns"], value: "N", help: "the widest drawing, in cells") { a, text throws(OptionFailure) in
            guard let n = Int(text), (1...1_000).contains(n) else { throw OptionFailure("--columns needs 1 to 1000") }
            a.columns = n
        },
        CommandLineOption(["--rows"], value: "N", help: "the tallest drawing, in cells") { a, text throws(OptionFailure) in
            guard let n = Int(text), (1...500).contains(n) else { throw OptionFailure("--rows needs 1 to 500") }
            a.rows = n
        },
        CommandLineOption(["--cell"], value: "WxH", help: "a cell's size in pixels") { a, text throws(OptionFailure) in
            let parts = text.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, (1...100).contains(parts[0]), (1...200).contains(parts[1]) else {
                throw OptionFailure("--cell needs WxH")
            }
            a.cell = PixelSize(width: parts[0], height: parts[1])
        },
        CommandLineOption(["--detect"], help: "print the format and colours it would choose") { $0.detectOnly = true },
    ]

    public static let usage = "usage: errand-picture " + options.filter { $0.names != ["--detect"] }.map(\.usage)
        .joined(separator: " ") + " FILE | --detect"

    public static func parse(_ arguments: [String]) throws(OptionFailure) -> PictureArguments {
        var parsed = PictureArguments()
        try OptionReader.read(arguments[...], options, into: &parsed, word: \.path)
        return parsed
    }
}
