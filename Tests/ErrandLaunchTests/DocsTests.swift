import ErrandLaunch
import ErrandShell
import Foundation
import Testing

/// README.md and the manual in docs/ cannot drift from the program: every ```errand block is
/// a transcript replayed on a fresh store, the command reference is the generated one, and
/// the front doors stay short.
@Suite struct DocsTests {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static func read(_ path: String) -> String {
        (try? String(contentsOfFile: root + "/" + path, encoding: .utf8)) ?? ""
    }

    /// README.md and every page of docs/ (not docs/dev/, which is for developers).
    static var pages: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/docs")) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// Every page's errand blocks, each with where it starts.
    static var errandBlocks: [DocBlock] {
        pages.flatMap { page in DocBlock.all(in: read(page), file: page) }.filter { $0.info == "errand" }
    }

    /// What a fenced block may be: a transcript replayed here, or a file or screen shown as it
    /// looks (a crontab line, a systemd unit, a terminal mid-watch, a shell command to type).
    static let kinds: Set<String> = ["errand", "text", "ini", "sh"]

    @Test func everyBlockSaysWhatItIs() {
        for page in DocsTests.pages + ["ARCHITECTURE.md", "CONTRIBUTING.md"] {
            for block in DocBlock.all(in: DocsTests.read(page), file: page) {
                #expect(DocsTests.kinds.contains(block.info), "\(page):\(block.line): a ``` block without errand, text, ini or sh")
            }
        }
    }

    @Test func theManualHasItsPagesAndEnoughExamples() {
        #expect(DocsTests.errandBlocks.count >= 15)
        for page in ["shell", "todos", "repeats", "finding", "reminders", "sync", "ads", "places", "scripting",
                     "icalendar", "files", "commands"] {
            #expect(DocsTests.pages.contains("docs/\(page).md"), "docs/\(page).md is missing")
            #expect(DocsTests.read("docs/README.md").contains("(\(page).md)"), "docs/README.md does not link \(page).md")
        }
        // Each page but the generated reference shows itself working.
        for page in DocsTests.pages where page.hasPrefix("docs/") && page != "docs/README.md" && page != "docs/commands.md" {
            #expect(DocsTests.errandBlocks.contains { $0.file == page }, "\(page) has no errand example")
        }
    }

    @Test(arguments: DocsTests.errandBlocks)
    func theExampleReplaysExactly(_ block: DocBlock) throws {
        let report = try TranscriptChecker().check(text: block.text, file: "\(block.file):\(block.line)", folder: DocsTests.root)
        #expect(report.commands > 0)
        #expect(report.diffs == [], "scripts/update-docs rewrites the outputs; read the diff before committing")
    }

    @Test func theFrontDoorsStayShort() {
        let readme = DocsTests.read("README.md").split(separator: "\n", omittingEmptySubsequences: false).count - 1
        let architecture = DocsTests.read("ARCHITECTURE.md").split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(readme > 50 && readme <= 200, "README.md has \(readme) lines")
        #expect(architecture > 50 && architecture <= 250, "ARCHITECTURE.md has \(architecture) lines")
        // The two set-up commands come first.
        let readmeText = DocsTests.read("README.md")
        let run = readmeText.range(of: "scripts/run"), test = readmeText.range(of: "scripts/test")
        let tour = readmeText.range(of: "## A 30-second tour")
        #expect(run != nil && test != nil && tour != nil)
        if let run, let test, let tour { #expect(run.lowerBound < tour.lowerBound && test.lowerBound < tour.lowerBound) }
    }

    @Test func theCommandReferenceIsTheGeneratedOne() {
        #expect(DocsTests.read("docs/commands.md") == CommandReference().text,
                "docs/commands.md is stale: .build/debug/errand --generate markdown > docs/commands.md")
        // A command's declaration changing changes the reference (so the check above can fail).
        var specs = CommandTable.standard.specs
        specs.removeLast()
        #expect(CommandReference(commands: CommandTable(specs: specs)).text != CommandReference().text)
        #expect(CommandReference().text.contains("`undo` reverts a change made by: `create`, `edit`"))
    }

    /// Links to the repository's own files lead somewhere.
    @Test func localLinksLeadToFiles() {
        for page in DocsTests.pages + ["ARCHITECTURE.md", "CONTRIBUTING.md", "bench/README.md"] {
            let folder = (page as NSString).deletingLastPathComponent
            let text = DocsTests.read(page)
            var rest = text[...]
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                let link = String(after[..<close])
                let target = link.hasPrefix("#") ? "" : link.split(separator: "#").first.map(String.init) ?? ""
                rest = after[close...]
                guard !target.isEmpty, !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
                let path = DocsTests.root + "/" + (folder.isEmpty ? "" : folder + "/") + target
                #expect(FileManager.default.fileExists(atPath: path), "\(page) links to \(target), which is not there")
            }
        }
    }

    /// Every example in the Finding table is a `find` a replayed block or transcript types, so
    /// none shows what the program does not do; the same for the ads tab's terms.
    @Test func theQueryTablesExamplesAreReplayed() throws {
        try expectExamplesReplayed(in: "docs/finding.md", from: "| term | matches | example |", sessions: ["find-query", "lists", "subtasks"], atLeast: 10)
        try expectExamplesReplayed(in: "docs/ads.md", from: "- `find` on the ads tab", sessions: ["ads-query", "ads-find", "ads-hide"], atLeast: 6)
    }

    func expectExamplesReplayed(in page: String, from start: String, sessions: [String], atLeast count: Int) throws {
        let text = DocsTests.read(page)
        let first = try #require(text.range(of: start), "\(page) has no table at \(start)")
        let texts = try sessions.map {
            try String(contentsOfFile: DocsTests.root + "/examples/\($0).session", encoding: .utf8)
        } + DocsTests.errandBlocks.filter { $0.file == page }.map(\.text)
        let replayed = Set(texts.joined(separator: "\n").split(separator: "\n").filter { $0.hasPrefix("$ find ") }
            .map { String($0.dropFirst(2)) })
        // The table: the rows after the start, up to the first line that is not one.
        let rows = text[first.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            .map { $0.trimmingCharacters(in: .whitespaces) }.drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
            .filter { !$0.hasPrefix("|---") && !$0.hasPrefix("| term") && !$0.hasPrefix("| --") }
        #expect(rows.count >= count, "\(page): \(rows.count) rows")
        for row in rows {
            let example = row.split(separator: "|").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            let command = example.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            #expect(replayed.contains(command), "\(page): the example \(example) is not replayed")
        }
    }
}
