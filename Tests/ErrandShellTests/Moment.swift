import Foundation

/// A clock's moment a test moves by hand.
final class Moment: @unchecked Sendable {
    var value: Date
    init(_ value: Date) { self.value = value }
}
