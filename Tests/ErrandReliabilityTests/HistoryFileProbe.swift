import ErrandTerminal

/// One shell's history, typed into and saved at exit.
final class HistoryFileProbe {
    let history: HistoryFile
    let prefix: String

    init(path: String, prefix: String) {
        history = HistoryFile(path: path)
        self.prefix = prefix
    }

    func type(_ count: Int) {
        for i in 0..<count { history.add("\(prefix)\(i)") }
    }

    func exit() throws { try history.save() }
}
