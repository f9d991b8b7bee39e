import ErrandShell
import ErrandTestSupport
import Foundation
import Testing

/// Issue 45's board at a real terminal, 80x24 and 40x20: the columns fit the width, each
/// column as many rows as the height leaves, and a row's number works for `check` and `start`.
/// What the board holds is StatusSessionTests'.
extension PromptTerminalTests {
    /// The store as a script leaves it: 25 items to do, two started, one done, one cancelled.
    func seedBoard() throws {
        var lines = (1...25).map { "create Task \($0) --date dec \($0)" }
        lines += ["create Report --no-date", "create Fence --no-date", "create Flights --no-date", "create Rent --no-date",
                  "find report or fence", "start 1 2", "find flights", "check 1", "find rent", "cancel 1"]
        let script = dir + "/seed.errand"
        try (lines.joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
        let (status, _, errors) = try ChildProcess.run(["source", script],
                                                       environment: ["ERRAND_TODAY": "2026-11-29", "HOME": dir,
                                                                     "XDG_DATA_HOME": dir + "/data", "XDG_STATE_HOME": dir + "/state"])
        #expect(status == 0, "\(errors)")
    }

    func boardLines(_ tmux: TmuxDriver) throws -> [String] {
        try Waiting.until { () throws -> [String]? in
            var lines = output(of: "board", in: try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            // The screen's empty rows below, and the next prompt (its space trimmed by tmux).
            while lines.last?.isEmpty == true || lines.last?.hasSuffix("board>") == true { lines.removeLast() }
            return lines.contains { $0.hasPrefix("To do: find") } ? lines : nil
        } ?? []
    }

    @Test(arguments: [(80, 24), (40, 20)])
    func theBoardFitsTheTerminalAndItsNumbersWork(_ size: (columns: Int, rows: Int)) throws {
        try seedBoard()
        let tmux = TerminalSessionTests.Tmux(dir: dir)
        try launch(tmux, columns: size.columns, rows: size.rows, options: "--no-color")
        try tmux.type("board")
        let board = try boardLines(tmux)
        // Heading, column headings, the rows that fit (the page less the two headings), the
        // "+N more" line, the line naming the find: within the window's height and width.
        let fit = size.rows - 4 - 2
        #expect(board.count == 2 + fit + 1 + 1, "\(board)")
        #expect(board.allSatisfy { DisplayWidth.of($0) <= size.columns }, "\(board)")
        #expect(board.first == "Board")
        #expect(board[1].hasPrefix("To do"))
        #expect(board.last?.hasPrefix("To do: find is:open -is:started") == true, "\(board)")
        // The In progress column's first row is numbered after every To do row shown.
        let started = fit + 1
        #expect(board[2].contains("\(started) Report") || board[2].contains("\(started) Rep"), "\(board[2])")
        try tmux.type("check \(started)")
        try tmux.wait(for: "checked \"Report\": moved to Done")
        try tmux.wait(for: "Board")
        try tmux.press("C-d")
        try tmux.wait(for: "EXIT=0")
    }
}
