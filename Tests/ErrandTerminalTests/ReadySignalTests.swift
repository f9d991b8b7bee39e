@testable import ErrandTerminal
import ErrandTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 41, item 1 without a terminal: what errand tells a driver on ERRAND_READY_FD, read
/// back as TmuxDriver reads it (ReadyPipe, ReadyEvent).
@Suite struct ReadySignalTests {
    /// A pipe: (read end, write end).
    func pipeEnds() throws -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    func readAll(_ fd: Int32) -> String {
        var out = Data()
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { break }
            out.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func onlyAnOpenDescriptorAboveTheStandardOnesIsTaken() throws {
        #expect(ReadySignal(descriptorText: nil) == nil)
        #expect(ReadySignal(descriptorText: "") == nil)
        #expect(ReadySignal(descriptorText: "three") == nil)
        #expect(ReadySignal(descriptorText: "1") == nil, "never stdout: the screen is not a signal")
        #expect(ReadySignal(descriptorText: "987654") == nil)
        let (reading, writing) = try pipeEnds()
        defer { close(reading) }
        let signal = try #require(ReadySignal(descriptorText: String(writing)))
        // Closed on exec: the helpers and the editor errand starts never write to it.
        #expect(fcntl(writing, F_GETFD) & FD_CLOEXEC != 0)
        signal.tell("prompt", prompt: "view> ", line: "")
        close(writing)
        #expect(readAll(reading) == "prompt\tview> \t\n")
    }

    @Test func promptsAndLinesAreOneLineEachWhateverTheyHold() throws {
        let (reading, writing) = try pipeEnds()
        defer { close(reading) }
        let signal = try #require(ReadySignal(descriptorText: String(writing)))
        signal.tell("form", prompt: "Title: ", line: "a\tb\nc\\d")
        signal.tell("watch")
        close(writing)
        let text = readAll(reading)
        #expect(text == "form\tTitle: \ta\\tb\\nc\\\\d\nwatch\t\t\n")
        let events = text.split(separator: "\n").map { ReadyEvent(String($0)) }
        #expect(events.map(\.reading) == ["form", "watch"])
        #expect(events.first?.line == "a\tb\nc\\d" && events.first?.prompt == "Title: ")
        #expect(events.map(\.startsALine) == [true, true])
        #expect(ReadyEvent("key\tview> \tli").startsALine == false)
    }

    /// A driver that went away costs errand nothing: the write fails once (SIGPIPE is ignored
    /// in errand, as here) and the signal falls silent.
    @Test func aReaderThatWentAwayEndsTheSignalQuietly() throws {
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let (reading, writing) = try pipeEnds()
        close(reading)
        let ready = try #require(ReadySignal(descriptorText: String(writing)))
        ready.tell("prompt", prompt: "view> ")
        ready.tell("prompt", prompt: "view> ")
        close(writing)
    }

    /// Told only when errand would block: keys already waiting mean the driver's keys are
    /// still being handled.
    @Test func pendingInputIsSeen() throws {
        let (reading, writing) = try pipeEnds()
        defer { close(reading); close(writing) }
        #expect(!ReadySignal.inputPending(reading))
        #expect(write(writing, "x", 1) == 1)
        #expect(ReadySignal.inputPending(reading))
    }
}
