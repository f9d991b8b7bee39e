import Foundation

/// What the terminal tests take from the checkout and from the session tests' cases.
enum TerminalFixtures {
    /// The sample catalogue in examples/ (as AdsSessionTests uses it).
    static var sample: String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("examples/catalogue").path
    }

    /// A title longer than a narrow screen (ScreenWidthTests.title).
    static let longTitle = "Write the extremely long appendices for the board meeting on Thursday"
}
