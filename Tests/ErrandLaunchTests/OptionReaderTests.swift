import ErrandOptions
import Testing

/// `OptionReader` applies a declaration's `requires:` and `conflicts:` as the shell's parser
/// does, in its words (`create: --coords needs --at PLACE` there, `--coords needs --at PLACE`
/// here, after the program's context).
@Suite struct OptionReaderTests {
    struct Picked: Equatable {
        var at: String?
        var coords: String?
        var time: String?
        var noTime = false
        var help = false
        var words: [String] = []
    }

    static let at = CommandLineOption<Picked>(["--at"], value: "PLACE", help: "where") { $0.at = $1 }
    static let coords = CommandLineOption<Picked>(["-k", "--coords"], value: "LAT,LON", help: "exactly where",
                                                  requires: at) { $0.coords = $1 }
    static let noTime = CommandLineOption<Picked>(["--no-time"], help: "no time") { $0.noTime = true }
    static let time = CommandLineOption<Picked>(["--time"], value: "TIME", help: "when", conflicts: noTime) { $0.time = $1 }
    static let help = CommandLineOption<Picked>(["--help"], stop: { $0.help = true }, help: "this help")
    static let declarations = [at, coords, time, noTime, help]

    /// The words read, or the line that refused them.
    func read(_ arguments: [String], takingTheRestAfter stop: String? = nil) -> Result<Picked, OptionFailure> {
        var picked = Picked()
        do throws(OptionFailure) {
            try OptionReader.read(arguments[...], OptionReaderTests.declarations, into: &picked, context: "try: ") {
                options, word, rest in
                options.words.append(word)
                guard word == stop else { return .taken }
                options.words += rest
                return .takesTheRest
            }
            return .success(picked)
        } catch {
            return .failure(error)
        }
    }

    @Test func anOptionWithoutTheOneItRequiresIsRefusedNamingItsValue() {
        #expect(read(["--coords", "1,2"]) == .failure(OptionFailure("try: --coords needs --at PLACE")))
        // Its short name is the same option, and `=` changes nothing.
        #expect(read(["-k", "1,2", "word"]) == .failure(OptionFailure("try: --coords needs --at PLACE")))
        #expect(read(["--coords=1,2"]) == .failure(OptionFailure("try: --coords needs --at PLACE")))
        // In either order, the pair is read.
        #expect(read(["-k", "1,2", "--at", "home"]) == .success(Picked(at: "home", coords: "1,2")))
        #expect(read(["--at=home", "--coords", "1,2"]) == .success(Picked(at: "home", coords: "1,2")))
        // The one required alone is fine.
        #expect(read(["--at", "home"]) == .success(Picked(at: "home")))
    }

    @Test func optionsThatConflictAreRefusedTogetherAndReadApart() {
        #expect(read(["--time", "5pm", "--no-time"]) == .failure(OptionFailure("try: --time and --no-time cannot go together")))
        #expect(read(["--no-time", "--time=5pm"]) == .failure(OptionFailure("try: --time and --no-time cannot go together")))
        #expect(read(["--time", "5pm"]) == .success(Picked(time: "5pm")))
        #expect(read(["--no-time"]) == .success(Picked(noTime: true)))
    }

    @Test func theRestTakenByAWordIsNotReadAsOptionsButWhatCameBeforeIsChecked() {
        // After the word that takes the rest, `--no-time` is that word's, not the program's.
        #expect(read(["--time", "5pm", "run", "--no-time"], takingTheRestAfter: "run")
                == .success(Picked(time: "5pm", words: ["run", "--no-time"])))
        #expect(read(["--coords", "1,2", "run", "--at", "x"], takingTheRestAfter: "run")
                == .failure(OptionFailure("try: --coords needs --at PLACE")))
    }

    @Test func aStopAnswersWithoutCheckingThePairs() {
        // `--help` is answered whatever else the line holds.
        #expect(read(["--coords", "1,2", "--help"]) == .success(Picked(coords: "1,2", help: true)))
    }
}
