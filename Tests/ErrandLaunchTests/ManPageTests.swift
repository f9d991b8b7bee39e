@testable import ErrandLaunch
import ErrandOptions
import ErrandShell
import ErrandTestSupport
import Foundation
import Testing

/// errand(1) is generated from the declarations: everything errand accepts is in it, and
/// groff and man read it without a warning.
@Suite(.tags(.process), .fullLane) struct ManPageTests {
    let page = ManPage().text

    @Test func hasTheSectionsOfAManPageInOrder() {
        let sections = page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }
            .map { $0.dropFirst(4).replacingOccurrences(of: "\"", with: "") }
        #expect(sections == ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "KEYS", "OPTIONS", "ENVIRONMENT", "FILES",
                             "EXIT STATUS", "EXAMPLES", "SEE ALSO"])
        #expect(page.contains("Alt-E or Ctrl-X Ctrl-E edits the line"), "the prompt's keys, as help says them")
        #expect(page.contains(".TH ERRAND 1 \"\(ProgramVersion.date)\" \"errand \(ProgramVersion.number)\""))
    }

    @Test func listsEveryDeclaredOptionCommandVariableFileAndStatus() {
        for option in LaunchOption.errand + LaunchOption.check {
            for name in option.names {
                #expect(page.contains("\\fB" + Roff.escape(name) + "\\fR"), "\(name) is not in the man page")
            }
        }
        for spec in CommandTable.standard.specs {
            #expect(page.contains(".TP\n" + Roff.usage(spec.usage) + "\n"), "\(spec.name) is not in COMMANDS")
            for option in spec.options {
                #expect(page.contains("\\fB" + Roff.escape(option.flag) + "\\fR"), "\(spec.name) \(option.flag)")
            }
        }
        for variable in EnvironmentVariable.all { #expect(page.contains(".TP\n\\fB\(variable.name)\\fR\n")) }
        for file in ProgramFile.all { #expect(page.contains(Roff.escape(file.path))) }
        for status in ExitStatus.all { #expect(page.contains(".TP\n\\fB\(status.status)\\fR\n")) }
        for example in ProgramExample.all { #expect(page.contains(Roff.escape(example.command))) }
    }

    @Test func rendersWithoutWarningsAndShowsEveryOption() throws {
        let dir = NSTemporaryDirectory() + "errand-man-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try page.write(toFile: dir + "/errand.1", atomically: false, encoding: .utf8)
        // groff and man-db come with scripts/deps --test.
        let (groffStatus, _, warnings) = try ShellScript.run("groff -ww -man -Tutf8 -z errand.1", environment: [:], in: dir)
        #expect(groffStatus == 0)
        #expect(warnings == "", "groff -ww warns:\n\(warnings)")
        let (manStatus, rendered, manErrors) = try ShellScript.run("man -l ./errand.1", environment: ["MANWIDTH": "80"], in: dir)
        #expect(manStatus == 0 && manErrors == "", "\(manErrors)")
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS",
                        "EXAMPLES"] {
            #expect(rendered.contains("\n" + heading + "\n"), "\(heading) is not a heading of the rendered page")
        }
        // Never hyphenated (.nh), so each name is whole on its line.
        for name in (LaunchOption.errand + LaunchOption.check).flatMap(\.names) {
            #expect(rendered.contains(name), "\(name) is not in man's rendering")
        }
        #expect(rendered.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func roffEscapesWhatRoffWouldRead() {
        #expect(Roff.escape("--store PATH") == "\\-\\-store PATH")
        #expect(Roff.escape("read-only, +3d or -1w") == "read-only, +3d or \\-1w")
        #expect(Roff.escape("a\\b") == "a\\eb")
        #expect(Roff.escape(".hidden") == "\\&.hidden")
        #expect(Roff.escape("'quoted'") == "\\&'quoted'")
        #expect(Roff.escape("École, 10 €") == "\\[u00C9]cole, 10 \\[u20AC]")
        #expect(Roff.usage("create [TITLE...] [--date DATE]")
                == "\\fBcreate\\fR [\\fITITLE\\fR\\&...] [\\fB\\-\\-date\\fR \\fIDATE\\fR]")
        #expect(Roff.usage("errand [-f|--script FILE]") == "\\fBerrand\\fR [\\fB\\-f\\fR|\\fB\\-\\-script\\fR \\fIFILE\\fR]")
    }
}
