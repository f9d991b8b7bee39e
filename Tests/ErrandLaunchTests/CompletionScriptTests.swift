@testable import ErrandLaunch
import ErrandShell
import ErrandTestSupport
import Foundation
import Testing

/// The bash, zsh and fish completion scripts are generated from the declarations and work in
/// the real shells (installed by scripts/deps --test): sourced, asked, answering.
@Suite(.tags(.process), .fullLane) struct CompletionScriptTests {
    static let allNames = (LaunchOption.errand + LaunchOption.check).flatMap(\.names)

    /// A folder holding the script and a few files to complete.
    func withFolder(_ body: (String) throws -> Void) throws {
        let dir = NSTemporaryDirectory() + "errand-completion-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir + "/sub dir", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["a.session", "b.session", "notes.txt"] {
            _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: Data())
        }
        for format in [GeneratedFormat.bash, .zsh, .fish] {
            try format.text.write(toFile: dir + "/errand." + format.rawValue, atomically: false, encoding: .utf8)
        }
        try body(dir)
    }

    /// Runs the completion function bash registered for errand, as bash does on Tab, on the
    /// words of `line` (a trailing space starts an empty word); returns the candidates.
    func bashCandidates(_ line: String, in dir: String) throws -> [String] {
        let script = """
            source ./errand.bash
            function=$(complete -p errand | sed -n 's/.*-F \\([^ ]*\\) .*/\\1/p')
            COMP_LINE=$LINE; COMP_POINT=${#COMP_LINE}
            COMP_WORDS=($WORDS); [[ $LINE == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            "$function" errand "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        // bash splits at = as COMP_WORDBREAKS says: --store=x is three words.
        let words = line.replacingOccurrences(of: "=", with: " = ")
        let (status, out, err) = try ShellScript.run("exec bash -c '\(script.replacingOccurrences(of: "'", with: "'\\''"))'",
                                                     environment: ["LINE": line, "WORDS": words], in: dir)
        #expect(status == 0 && err == "", "\(err)")
        return out.split(separator: "\n").map(String.init).sorted()
    }

    @Test func bashRegistersAndCompletesOptions() throws {
        try withFolder { (dir: String) throws in
            let (status, registered, _) = try ShellScript.run("bash -c 'source ./errand.bash; complete -p errand'",
                                                              environment: [:], in: dir)
            #expect(status == 0 && registered == "complete -F _errand errand\n")
            let st = try bashCandidates("errand --st", in: dir)
            #expect(st == CompletionScriptTests.allNames.filter { $0.hasPrefix("--st") }.sorted())
            #expect(st.contains("--store"))
            #expect(try bashCandidates("errand -", in: dir) == LaunchOption.errand.flatMap(\.names).sorted())
            #expect(try bashCandidates("errand --generate ", in: dir) == GeneratedFormat.allCases.map(\.rawValue).sorted())
            #expect(try bashCandidates("errand -c ", in: dir) == CommandTable.standard.specs.map(\.name).sorted())
            #expect(try bashCandidates("errand -c vi", in: dir) == ["view"])
            #expect(try bashCandidates("errand --today ", in: dir) == [])
        }
    }

    @Test func bashCompletesFilesWhereFilesGo() throws {
        try withFolder { (dir: String) throws in
            #expect(try bashCandidates("errand --store ", in: dir).contains("notes.txt"))
            #expect(try bashCandidates("errand --store=no", in: dir) == ["notes.txt"])
            #expect(try bashCandidates("errand -f sub", in: dir) == ["sub dir"])
            #expect(try bashCandidates("errand ch", in: dir) == ["check"])
            // check takes transcripts: .session files and folders to look in, and its own options.
            #expect(try bashCandidates("errand check ", in: dir) == ["a.session", "b.session", "sub dir"])
            #expect(try bashCandidates("errand check --", in: dir) == LaunchOption.check.flatMap(\.names).sorted())
        }
    }

    @Test func zshReadsItsFunctionAndItNamesEveryOption() throws {
        try withFolder { (dir: String) throws in
            let text = GeneratedFormat.zsh.text
            #expect(text.hasPrefix("#compdef errand\n"))
            let (status, _, err) = try ShellScript.run("zsh -n errand.zsh", environment: [:], in: dir)
            #expect(status == 0 && err == "", "zsh -n: \(err)")
            for option in LaunchOption.errand + LaunchOption.check {
                let flags = option.names.map { option.valueName == nil ? $0 : $0 + ($0.hasPrefix("--") ? "=" : "+") }
                let spec = flags.count == 1 ? flags[0] : "{" + flags.joined(separator: ",") + "}"
                let described = ShellQuote.single("[" + ZshCompletion.escape(option.summary) + "]").dropLast()
                #expect(text.contains(spec + described), "\(option.names)")
            }
        }
    }

    /// Types each line into an interactive zsh (in a pseudo-terminal, zsh/zpty) where the
    /// script is in fpath and compinit has run, presses a key bound to complete-word then
    /// accept-line, and returns what errand received: errand is a function there that prints
    /// its arguments. Only lines with one candidate make sense here.
    static let zshDriver = """
        zmodload zsh/zpty
        zpty -b z zsh -f -i
        zpty -w z "PS1='%% '; fpath=(${(q)PWD} \\$fpath); autoload -U compinit; compinit -u -D
        errand() { print -r -- \\"G\\"\\"OT<\\$*>\\" }
        complete-then-accept() { zle complete-word; zle accept-line }
        zle -N complete-then-accept; bindkey '^T' complete-then-accept"
        for line in "$@"; do
          zpty -w -n z "$line"$'\\x14'
          # Reads until errand's answer has come: an event, bounded by timeout(1) outside.
          got=""
          zpty -r z got '*GOT<*>*'
          print -r -- "${${got#*GOT<}%%>*}"
        done
        zpty -d z
        """

    func zshCompleted(_ lines: [String], in dir: String) throws -> [String] {
        try CompletionScriptTests.zshDriver.write(toFile: dir + "/drive.zsh", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/fpath", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: dir + "/errand.zsh", toPath: dir + "/fpath/_errand")
        let quoted = lines.map { "'" + $0 + "'" }.joined(separator: " ")
        let (status, out, err) = try ShellScript.run("cd fpath && timeout \(Int(Waiting.patience)) zsh -f ../drive.zsh \(quoted)", environment: [:], in: dir)
        #expect(status == 0 && err == "", "\(err)")
        return out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test func zshCompletesAtARealPrompt() throws {
        try withFolder { (dir: String) throws in
            let st = CompletionScriptTests.allNames.filter { $0.hasPrefix("--st") }
            let z = GeneratedFormat.allCases.map(\.rawValue).filter { $0.hasPrefix("z") }
            let vi = CommandTable.standard.specs.map(\.name).filter { $0.hasPrefix("vi") }
            let up = LaunchOption.check.flatMap(\.names).filter { $0.hasPrefix("--up") }
            try #require(st.count == 1 && z.count == 1 && vi.count == 1 && up.count == 1)
            let got = try zshCompleted(["errand --st", "errand --generate z", "errand -c vi", "errand check --up"], in: dir)
            #expect(got == [st[0], "--generate " + z[0], "-c " + vi[0], "check " + up[0]])
        }
    }

    /// fish answers `complete -C LINE` with the candidates Tab would show.
    func fishCandidates(_ line: String, in dir: String) throws -> [String] {
        let (status, out, err) = try ShellScript.run("fish --no-config -c \"source ./errand.fish; complete -C'\(line)'\"",
                                                     environment: [:], in: dir)
        #expect(status == 0 && err == "", "\(err)")
        return out.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.sorted()
    }

    @Test func fishCompletesOptionsAndValues() throws {
        try withFolder { (dir: String) throws in
            let long = LaunchOption.errand.flatMap(\.names).filter { $0.hasPrefix("--") }
            #expect(try fishCandidates("errand --", in: dir) == long.sorted())
            #expect(try fishCandidates("errand --st", in: dir) == ["--store"])
            #expect(try fishCandidates("errand --generate ", in: dir) == GeneratedFormat.allCases.map(\.rawValue).sorted())
            #expect(try fishCandidates("errand check --", in: dir) == LaunchOption.check.flatMap(\.names).sorted())
            #expect(try fishCandidates("errand -c ", in: dir) == CommandTable.standard.specs.map(\.name).sorted())
            let short = LaunchOption.errand.flatMap(\.names).filter { !$0.hasPrefix("--") }
            let offered = try fishCandidates("errand -", in: dir)
            #expect(short.allSatisfy(offered.contains), "\(offered)")
        }
    }

    @Test func everyScriptNamesEveryOption() {
        for format in [GeneratedFormat.bash, .zsh, .fish] {
            let text = format.text
            for option in LaunchOption.errand + LaunchOption.check {
                for name in option.names {
                    let word = format == .fish ? (name.hasPrefix("--") ? "-l " + name.dropFirst(2) : "-s " + name.dropFirst())
                        : name
                    #expect(text.contains(word), "\(format.rawValue) lacks \(name)")
                }
            }
        }
    }
}
