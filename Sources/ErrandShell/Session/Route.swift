import ErrandDomain
import Foundation

/// One screen on a tab's navigation stack.
public enum Route: Equatable, Sendable {
    case week(start: DueDay)
    case day(DueDay)
    case all
    case item(UUID)
    case createForm
    case ads
    case ad(Int64)
}
