import CChafa
#if canImport(Glibc)
import Glibc
#endif

/// What the terminal can show, from its environment (TERM, COLORTERM, TERM_PROGRAM,
/// KITTY_WINDOW_ID...) read through chafa's own terminal database, as the `chafa` command does.
public struct TerminalProfile: Equatable, Sendable {
    public var format: PictureFormat
    public var colors: PictureColors

    public init(format: PictureFormat, colors: PictureColors) {
        self.format = format
        self.colors = colors
    }

    public static func detect(environment: [String: String]) -> TerminalProfile {
        let entries = environment.map { strdup($0.key + "=" + $0.value) }
        defer { entries.forEach { free($0) } }
        var envp: [UnsafeMutablePointer<CChar>?] = entries + [nil]
        guard let db = chafa_term_db_get_default() else { return TerminalProfile(format: .symbols, colors: .indexed256) }
        let info = envp.withUnsafeMutableBufferPointer { chafa_term_db_detect(db, $0.baseAddress) }
        defer { if let info { chafa_term_info_unref(info) } }
        func has(_ seq: ChafaTermSeq) -> Bool { info.map { chafa_term_info_have_seq($0, seq) != 0 } ?? false }
        var format = PictureFormat.symbols
        // tmux and screen pass no image protocol through unless configured to: symbols there.
        let term = environment["TERM"] ?? ""
        let multiplexed = environment["TMUX"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen")
        if !multiplexed {
            if has(CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1) {
                format = .kitty
            } else if has(CHAFA_TERM_SEQ_BEGIN_ITERM2_IMAGE) {
                format = .iterm2
            } else if has(CHAFA_TERM_SEQ_BEGIN_SIXELS) {
                format = .sixels
            }
        }
        let colorterm = environment["COLORTERM"]?.lowercased() ?? ""
        let colors: PictureColors
        if colorterm == "truecolor" || colorterm == "24bit" || has(CHAFA_TERM_SEQ_SET_COLOR_FGBG_DIRECT) {
            colors = .truecolor
        } else if has(CHAFA_TERM_SEQ_SET_COLOR_FG_256) {
            colors = .indexed256
        } else {
            colors = .indexed16
        }
        return TerminalProfile(format: format, colors: colors)
    }
}
