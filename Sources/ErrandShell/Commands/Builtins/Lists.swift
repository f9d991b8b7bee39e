import ErrandDomain

/// `lists`: every list of the store with its open items, where it syncs and when it last did.
struct Lists: ShellCommand {
    static let spec = CommandSpec("lists", summary: "every list with its open count, where it syncs and when it last did",
                                  details: """
                                      The main list is the one the remote syncs with (named after its collection), \
                                      or the local list of a store without one; create --list NAME or move N --list NAME \
                                      makes another, kept here. use NAME shows one list at a time.
                                      """) { _ in
        Lists()
    }

    func run(_ c: inout CommandContext) throws -> Display {
        Display(screen: .lists(try c.listSummaries()))
    }
}
