import ErrandDomain
@testable import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// A store that cannot be read is refused with one line naming the file and left as it was.
@Suite(.tags(.process), .fullLane) struct DamagedStoreTests {
    /// `context` goes into every failure message (a random test's seed, say).
    func refuses(_ backend: Backend, contents: Data, expect fragment: String, context: String = "") throws {
        let dir = TemporaryDirectory()
        let path = dir.file(backend.fileName)
        try contents.write(to: URL(fileURLWithPath: path))
        var message = ""
        do {
            _ = try StoreOpener.open(path: path, backend: backend)
        } catch {
            message = "\(error)"
        }
        #expect(message.hasPrefix(path + ": "), "\(context)")
        #expect(message.contains(fragment), "\(message) \(context)")
        #expect(!message.contains("\n"), "\(context)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == contents, "\(context)")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "\(context)")
    }

    @Test(arguments: Backend.allCases)
    func randomBytes(_ backend: Backend) throws {
        let seed = TestSeed.draw(for: "randomBytes(\(backend))")
        var generator = SeededGenerator(seed: seed)
        let bytes = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try refuses(backend, contents: bytes, expect: "not an Errand store", context: "seed \(seed): replay with ERRAND_TEST_SEED=\(seed)")
    }

    @Test(arguments: Backend.allCases)
    func emptyFile(_ backend: Backend) throws {
        try refuses(backend, contents: Data(), expect: "the file is empty")
    }

    @Test func plistOfTheWrongShape() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["a", "b"], format: .xml, options: 0)
        try refuses(.plist, contents: data, expect: "another shape")
    }

    @Test func plistOfANewerVersion() throws {
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["format": "errand-store", "version": 99, "revision": 1, "items": [Any]()],
            format: .xml, options: 0)
        try refuses(.plist, contents: data, expect: "newer Errand (schema 99")
    }

    @Test func truncatedPlist() throws {
        let dir = TemporaryDirectory()
        let store = try StoreOpener.open(path: dir.file("s.plist"), backend: .plist)
        _ = try store.add(TodoItem(id: UUID(), title: "a", due: DueDay(dayNumber: 20_000), created: Date()))
        let whole = try Data(contentsOf: URL(fileURLWithPath: dir.file("s.plist")))
        try refuses(.plist, contents: whole.prefix(whole.count / 2), expect: "not an Errand store")
    }

    @Test func sqliteOfANewerSchemaAndOfAnotherProgram() throws {
        for (setup, fragment) in [("PRAGMA user_version = 42;", "newer Errand (schema 42"),
                                  ("CREATE TABLE t(x); PRAGMA application_id = 7;", "another program")] {
            let dir = TemporaryDirectory()
            let path = dir.file("store.sqlite")
            let store = try StoreOpener.open(path: path, backend: .sqlite)
            store.close()
            if fragment.contains("newer") {
                try runSQLite(path, setup)
            } else {
                try FileManager.default.removeItem(atPath: path)
                try runSQLite(path, setup)
            }
            // Checkpointed by sqlite3's exit; compare the main file only.
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(throws: StoreError.self) { try StoreOpener.open(path: path, backend: .sqlite) }
            do { _ = try StoreOpener.open(path: path, backend: .sqlite) } catch { #expect("\(error)".contains(fragment), "\(error)") }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    @Test(arguments: Backend.allCases)
    func directoryWhereTheFileShouldBe(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let path = dir.file(backend.fileName)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(throws: StoreError.notAStore(path: path, reason: "it is a directory or a special file")) {
            try StoreOpener.open(path: path, backend: backend)
        }
    }

    func runSQLite(_ path: String, _ sql: String) throws {
        #expect(try SQLiteCLI.run(path, sql) == 0)
    }
}

/// A store written by an older Errand is brought up to date, keeping its items.
@Suite(.tags(.process), .fullLane) struct MigrationTests {
    @Test func aVersionOneStoreGainsTheAdsCache() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("old.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        let item = try store.add(TodoItem(id: UUID(), title: "kept", due: DueDay(dayNumber: 20_000), created: Date()))
        store.close()
        // Roll the file back to schema 1, as the first release wrote it.
        #expect(try SQLiteCLI.run(path, Self.backToVersion2
            + "DROP TABLE ad; DROP TABLE ad_category; DROP TABLE catalogue_info; PRAGMA user_version = 1;") == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        #expect(try reopened.item(id: item.id) == item)
        #expect(try reopened.catalogue() == nil)
        let catalogue = Catalogue(ads: [Ad(id: 1, categoryID: 1, title: "a", description: "d", price: 1, created: 0, isUrgent: false)],
                                  categories: [AdCategory(id: 1, name: "c")], source: "file:///x/", fetched: 5)
        _ = try reopened.replaceCatalogue(catalogue)
        #expect(try reopened.catalogue() == catalogue)
    }

    /// The schema version just before `migration`: what a store rolled back past it claims.
    static func version(before migration: String) -> Int {
        SQLiteSchema.migrations.firstIndex(of: migration) ?? SQLiteSchema.currentVersion
    }

    /// The newest migration, the conflicts syncs kept (SQLiteSchema.syncConflicts).
    static let withoutSyncConflicts = """
        DROP TABLE sync_conflict;

        """

    /// The migration before, the items' status and progress (SQLiteSchema.itemStatus).
    static let withoutItemStatus = withoutSyncConflicts + """
        ALTER TABLE item DROP COLUMN status;
        ALTER TABLE item DROP COLUMN progress;

        """

    /// The migration before, the listing's index holding every ad's facts (SQLiteSchema.adListFacts).
    static let withoutAdListFacts = withoutItemStatus + """
        DROP INDEX ad_listing;
        CREATE INDEX ad_list_order ON ad (urgent DESC, created DESC, id);

        """

    /// The migration before, hidden ads (SQLiteSchema.adHidden).
    static let withoutHiddenAds = withoutAdListFacts + """
        DROP INDEX ad_hidden;
        ALTER TABLE ad DROP COLUMN hidden;

        """

    /// A store from before `hide` opens with every ad shown, and can hide one.
    @Test func aStoreFromBeforeHiddenAdsShowsEveryAd() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("old.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        let ads = [1, 2].map { Ad(id: $0, categoryID: 1, title: "a\($0)", description: "d", price: 1, created: $0, isUrgent: false) }
        _ = try store.replaceCatalogue(Catalogue(ads: ads, categories: [AdCategory(id: 1, name: "c")], source: "file:///x/", fetched: 5))
        store.close()
        #expect(try SQLiteCLI.run(path, Self.withoutHiddenAds
            + "PRAGMA user_version = \(Self.version(before: SQLiteSchema.adHidden));") == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        defer { reopened.close() }
        #expect(try reopened.listedAds(in: nil, offset: 0, limit: 10).map(\.id) == [2, 1])
        #expect(try reopened.setHidden(true, ids: [2], journaled: nil) == 1)
        #expect(try reopened.listedAds(in: nil, offset: 0, limit: 10).map(\.id) == [1])
    }

    /// The migration before, the open series' index (SQLiteSchema.openSeries).
    static let withoutOpenSeries = withoutHiddenAds + """
        DROP INDEX item_open_series;

        """

    /// A store from before the open series' index shows its series on each day of the week,
    /// through the index the migration makes.
    @Test func aStoreFromBeforeTheOpenSeriesIndexReadsItsSeries() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("old.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        let day = DueDay(dayNumber: 20_000)
        for (title, rule) in [("daily", Repeat(text: "day")), ("once", nil), ("weekly", Repeat(text: "week"))] {
            _ = try store.add(TodoItem(id: UUID(), title: title, due: day, created: Date(timeIntervalSince1970: 1), repeats: rule))
        }
        store.close()
        #expect(try SQLiteCLI.run(path, Self.withoutOpenSeries
            + "PRAGMA user_version = \(Self.version(before: SQLiteSchema.openSeries));") == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        defer { reopened.close() }
        #expect(try reopened.openSeries(dueThrough: day).map(\.title).sorted() == ["daily", "weekly"])
        #expect(try reopened.openSeries(dueThrough: day.adding(days: -1)).isEmpty)
    }

    /// The migration before, the folded words (SQLiteSchema.foldedWords): the column goes, and
    /// the word index and its triggers are wordPrefixes' again.
    static let withoutFoldedWords = withoutOpenSeries + """
        DROP TRIGGER item_text_insert; DROP TRIGGER item_text_delete; DROP TRIGGER item_text_update;
        DROP TABLE item_text;
        ALTER TABLE item DROP COLUMN words;
        CREATE INDEX item_unstarted ON item (due, start) WHERE done = 0 AND start IS NOT NULL;
        CREATE VIRTUAL TABLE item_text USING fts5(title, notes, place, content='item', content_rowid='id',
            tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6 7 8');
        INSERT INTO item_text (item_text) VALUES ('rebuild');
        INSERT INTO item_text (item_text, rank) VALUES ('automerge', 0);
        CREATE TRIGGER item_text_insert AFTER INSERT ON item BEGIN
            INSERT INTO item_text (rowid, title, notes, place) VALUES (NEW.id, NEW.title, NEW.notes, NEW.place);
        END;
        CREATE TRIGGER item_text_delete AFTER DELETE ON item BEGIN
            INSERT INTO item_text (item_text, rowid, title, notes, place)
                VALUES ('delete', OLD.id, OLD.title, OLD.notes, OLD.place);
        END;
        CREATE TRIGGER item_text_update AFTER UPDATE OF title, notes, place ON item
        WHEN OLD.title IS NOT NEW.title OR OLD.notes IS NOT NEW.notes OR OLD.place IS NOT NEW.place BEGIN
            INSERT INTO item_text (item_text, rowid, title, notes, place)
                VALUES ('delete', OLD.id, OLD.title, OLD.notes, OLD.place);
            INSERT INTO item_text (rowid, title, notes, place) VALUES (NEW.id, NEW.title, NEW.notes, NEW.place);
        END;

        """

    /// A store from before the folded words finds ß as ss and ﬁ as fi once opened: the
    /// migration folds the words of the items already there into the index.
    @Test func aStoreFromBeforeTheFoldedWordsFindsThemOnceOpened() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("old.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        let titles = ["Straße fegen", "ﬁle taxes", "STRASSE kehren", "Pay rent"]
        for title in titles {
            _ = try store.add(TodoItem(id: UUID(), title: title, due: DueDay(dayNumber: 20_000), created: Date(timeIntervalSince1970: 1)))
        }
        store.close()
        #expect(try SQLiteCLI.run(path, Self.withoutFoldedWords
            + "PRAGMA user_version = \(Self.version(before: SQLiteSchema.foldedWords));") == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        defer { reopened.close() }
        let find = { (text: String) throws -> [String] in
            let query = try SearchQuery.parse(text, today: DueDay(dayNumber: 20_000)) { _ in DueDay(dayNumber: 20_000) }
            return try reopened.items(.found(query)).map(\.title).sorted()
        }
        #expect(try find("strasse") == ["STRASSE kehren", "Straße fegen"])
        #expect(try find("straße") == ["STRASSE kehren", "Straße fegen"])
        #expect(try find("file") == ["ﬁle taxes"])
        #expect(try find("rent") == ["Pay rent"])
    }

    /// The migration before, the lists' tally (SQLiteSchema.listTally): its table and triggers go.
    static let withoutListTally = withoutFoldedWords + """
        DROP TRIGGER item_list_tally_insert; DROP TRIGGER item_list_tally_delete; DROP TRIGGER item_list_tally_update;
        DROP TABLE list_tally;

        """

    /// A store from before the lists' tally counts the lists its items already carry, each
    /// spelt as its first item spells it, and goes on counting from there.
    @Test func aStoreFromBeforeTheListTallyCountsItsLists() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("old.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        for (title, list, done) in [("a", "Work", false), ("b", "work", true), ("c", nil, false), ("d", "École", true),
                                    ("e", "Work", false)] as [(String, String?, Bool)] {
            var item = TodoItem(id: UUID(), title: title, due: DueDay(dayNumber: 20_000), created: Date(timeIntervalSince1970: 1))
            item.list = list
            let added = try store.add(item)
            if done { _ = try store.setDone(true, id: added.id, expecting: added, at: Date(timeIntervalSince1970: 2)) }
        }
        store.close()
        #expect(try SQLiteCLI.run(path, Self.withoutListTally
            + "PRAGMA user_version = \(Self.version(before: SQLiteSchema.listTally));") == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        defer { reopened.close() }
        #expect(try reopened.wordCounts(.list) == [WordCount(word: "Work", open: 2), WordCount(word: "École", open: 0)])
        var home = TodoItem(id: UUID(), title: "f", due: nil, created: Date(timeIntervalSince1970: 3))
        home.list = "Home"
        _ = try reopened.add(home)
        #expect(try reopened.wordCounts(.list) == WordCount.counting(.list, in: try reopened.allItems()))
    }

    /// The migration before keeps a tag's rows in list order (SQLiteSchema.tagOrder): its
    /// indexes and columns go, and the triggers are tagFacets' again.
    static let withoutTagOrder = withoutListTally + """
        DROP INDEX item_tag_todo; DROP INDEX item_tag_done; DROP INDEX item_tag_priority;
        DROP TRIGGER item_tag_insert; DROP TRIGGER item_tag_update; DROP TRIGGER item_tag_facets;
        ALTER TABLE item_tag DROP COLUMN due_time; ALTER TABLE item_tag DROP COLUMN seq;
        \(SQLiteSchema.facetTriggers)

        """

    /// The migration before gives the full-text index its prefix indexes
    /// (SQLiteSchema.wordPrefixes): the index is made again without them.
    static let withoutWordPrefixes = withoutTagOrder + """
        DELETE FROM meta WHERE key = 'word_prefixes';
        DROP TABLE item_text;
        CREATE VIRTUAL TABLE item_text USING fts5(title, notes, place, content='item', content_rowid='id',
            tokenize='unicode61 remove_diacritics 2');
        INSERT INTO item_text (item_text) VALUES ('rebuild');

        """

    /// The migration before keeps what `log` shows of each journal entry beside it
    /// (SQLiteSchema.journalBriefs): its table and trigger go.
    static let withoutJournalBriefs = withoutWordPrefixes + """
        DROP TRIGGER journal_brief_delete; DROP TABLE journal_brief;

        """

    /// The migration before moves undo's marks to a table of their own (back into the column).
    static let withoutUndoMarks = withoutJournalBriefs + """
        UPDATE journal SET undone = id IN (SELECT id FROM journal_undo); DROP TABLE journal_undo;
        CREATE INDEX journal_undone ON journal (id) WHERE undone = 1;

        """

    /// The migration before orders a parent's children and removes orphan occurrences
    /// (SQLiteSchema.leftovers): its index goes; the rows it removes are not brought back.
    static let withoutLeftovers = withoutUndoMarks + """
        DROP INDEX item_children;

        """

    /// The migration before gives each tag's row its item's day, state and priority
    /// (SQLiteSchema.tagFacets): the triggers go back to the three columns.
    static let withoutTagFacets = withoutLeftovers + """
        DROP TRIGGER item_priority_insert; DROP TRIGGER item_priority_delete; DROP TRIGGER item_priority_update;
        DROP TABLE priority_count;
        DROP TRIGGER item_tag_facets; DROP TRIGGER item_tag_insert; DROP TRIGGER item_tag_update;
        DROP INDEX item_tag_facet;
        ALTER TABLE item_tag DROP COLUMN due; ALTER TABLE item_tag DROP COLUMN done; ALTER TABLE item_tag DROP COLUMN priority;
        \(SQLiteSchema.firstTagTriggers)

        """

    /// Located places' keys (SQLiteSchema.placeKey), after the tags' facets.
    static let withoutPlaceKey = withoutTagFacets + """
        DROP INDEX item_place_key; ALTER TABLE item DROP COLUMN place_key;

        """

    /// The ads' tallies and the alert records' index (before the place key).
    static let withoutAdTally = withoutPlaceKey + """
        DROP TABLE ad_tally; DROP INDEX search_seen_ad;

        """

    /// The lists syncing with collections of their own: their tables and triggers (before the
    /// ads' tallies).
    static let withoutSyncLists = withoutAdTally + """
        DROP TRIGGER item_sync_list_insert; DROP TRIGGER item_sync_list_update; DROP TRIGGER item_sync_list_delete;
        DROP TABLE sync_list_item; DROP TABLE sync_list; ALTER TABLE sync_remote DROP COLUMN name;

        """

    /// The subtasks' migration adds the parent, indexed.
    static let withoutParent = withoutSyncLists + """
        DROP INDEX item_parent; ALTER TABLE item DROP COLUMN parent;

        """

    /// Saved searches (their table, the journal's column), then stars, alerts and price history.
    static let withoutSavedSearches = """
        DROP TABLE search_seen; DROP TRIGGER ad_price_change; DROP INDEX ad_price_ad; DROP TABLE ad_price;
        DROP INDEX ad_gone; DROP INDEX ad_starred; ALTER TABLE ad DROP COLUMN repost_of; ALTER TABLE ad DROP COLUMN gone;
        ALTER TABLE ad DROP COLUMN starred; DROP TABLE saved_search; ALTER TABLE journal DROP COLUMN searches;

        """

    /// The lists' migration adds the list's name and key, indexed.
    static let withoutLists = """
        DROP INDEX item_list; ALTER TABLE item DROP COLUMN list; ALTER TABLE item DROP COLUMN list_keys;

        """

    /// The snooze's migration adds its field.
    static let withoutSnooze = withoutLists + """
        ALTER TABLE item DROP COLUMN snoozed;

        """

    /// The reminders' migration adds their two fields and the next one's minute, indexed.
    static let withoutReminders = withoutSnooze + """
        DROP INDEX item_remind_next; ALTER TABLE item DROP COLUMN reminders; ALTER TABLE item DROP COLUMN reminded;
        ALTER TABLE item DROP COLUMN remind_next;

        """

    /// A later version indexes priority and ad prices for find's query language.
    static let withoutQueryIndexes = """
        DROP INDEX IF EXISTS item_priority; DROP INDEX IF EXISTS ad_price_order; DROP INDEX IF EXISTS ad_category_price;

        """

    /// The start dates' migration adds the start, the due-day mark and the not-started index.
    static let withoutStartDates = withoutQueryIndexes + """
        DROP INDEX IF EXISTS item_unstarted; ALTER TABLE item DROP COLUMN start; ALTER TABLE item DROP COLUMN due_is_start;
        """

    /// Version 14 adds the declared fields (priority, tags) and their day order.
    static let withoutFields = withoutParent + withoutSavedSearches + withoutReminders + withoutStartDates + """
        DROP TRIGGER item_tag_insert; DROP TRIGGER item_tag_update; DROP TRIGGER item_tag_delete; DROP TABLE item_tag;
        DROP INDEX item_day_order; DROP INDEX item_todo_order;
        ALTER TABLE item DROP COLUMN priority; ALTER TABLE item DROP COLUMN tags; ALTER TABLE item DROP COLUMN tag_keys;
        CREATE INDEX item_day_order ON item (due, done, due_time IS NULL, due_time, seq);
        CREATE INDEX item_todo_order ON item (due, due_time IS NULL, due_time, seq) WHERE done = 0;
        """

    /// Version 13 keeps the last failed sync beside the last good one.
    static let backToVersion12 = withoutFields + """
        ALTER TABLE sync_remote DROP COLUMN last_failure_at; ALTER TABLE sync_remote DROP COLUMN last_failure;
        PRAGMA user_version = 12;
        """

    @Test func aVersionTwelveStoreKeepsItsRemoteAndCanNoteAFailure() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("v12.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        let remote = SyncRemote(url: "https://me@dav.example/tasks/", token: "t1", ctag: nil,
                                lastSync: Date(timeIntervalSince1970: 1_790_000_000), lastResult: "synced")
        try store.setSyncRemote(url: remote.url)
        try store.updateSyncRemote {
            $0 = remote
            return true
        }
        store.close()
        #expect(try SQLiteCLI.run(path, Self.backToVersion12) == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        defer { reopened.close() }
        #expect(try reopened.syncRemote() == remote)
        var failed = remote
        failed.lastFailureAt = Date(timeIntervalSince1970: 1_790_000_600)
        failed.lastFailure = "cannot reach dav.example"
        try reopened.updateSyncRemote {
            $0 = failed
            return true
        }
        #expect(try reopened.syncRemote() == failed)
    }

    /// Versions 12 and 13 add the CalDAV sync state.
    static let withoutSync = withoutFields + """
        DROP TRIGGER item_sync_insert; DROP TRIGGER item_sync_update; DROP TRIGGER item_sync_delete;
        DROP TABLE sync_item; DROP TABLE sync_remote;
        """

    /// Places (versions 10 and 11): the geocoder cache and the R*Tree of located open items.
    static let withoutPlaces = """
        DROP TRIGGER item_place_insert; DROP TRIGGER item_place_delete; DROP TRIGGER item_place_update;
        DROP TABLE item_place; DROP TABLE place_tally; DROP TABLE place_cache; DROP TABLE place_lookup;
        """

    /// Version 9 adds the full-text index of ads.
    static let backToVersion8 = withoutSync + withoutPlaces + """
        DROP TABLE ad_text; PRAGMA user_version = 8;
        """

    /// Version 8 adds UIDs, modified times and kept VTODOs.
    static let backToVersion7 = backToVersion8 + """
        DROP INDEX item_uid; ALTER TABLE item DROP COLUMN uid; ALTER TABLE item DROP COLUMN modified;
        ALTER TABLE item DROP COLUMN icalendar; PRAGMA user_version = 7;
        """

    /// Version 7 adds the undo journal.
    static let backToVersion6 = backToVersion7 + """
        DROP TABLE journal; PRAGMA user_version = 6;
        """

    /// Version 6 adds the full-text index of items.
    static let backToVersion5 = backToVersion6 + """
        DROP TRIGGER item_text_insert; DROP TRIGGER item_text_delete; DROP TRIGGER item_text_update;
        DROP TABLE item_text; DROP INDEX item_todo_order; ALTER TABLE item DROP COLUMN repeat_rule;
        PRAGMA user_version = 5;
        """

    static let backToVersion2 = backToVersion5 + """
        DROP INDEX ad_list_order; DROP INDEX ad_category_order;
        DROP TRIGGER item_tally_insert; DROP TRIGGER item_tally_delete; DROP TRIGGER item_tally_update;
        DROP TABLE day_count; DROP INDEX item_day_order; DROP INDEX item_same_entry;
        ALTER TABLE item DROP COLUMN title_nfc;
        CREATE INDEX item_due ON item (due); CREATE INDEX item_done_due ON item (done, due); PRAGMA user_version = 2;
        """

    /// Undo's marks move from the journal's column to their own table: what was undone before
    /// the migration is still what redo applies, and the newest entry not undone what undo does.
    @Test func undoMarksSurviveTheirMoveToATableOfTheirOwn() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("marks.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        let item = try store.add(TodoItem(id: UUID(), title: "kept", due: DueDay(dayNumber: 20_000), created: Date()))
        let day = Date(timeIntervalSince1970: 1_790_000_000)
        let checked = try store.setDone(true, listed: [item], at: day, journaled: JournalContext(command: "check", time: day))
        _ = try store.setDone(false, listed: checked, at: day, journaled: JournalContext(command: "uncheck", time: day))
        #expect(try store.apply(.undo)?.command == "uncheck")
        store.close()
        #expect(try SQLiteCLI.run(path, Self.withoutUndoMarks
            + "PRAGMA user_version = \(Self.version(before: SQLiteSchema.journalUndoMarks));") == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        #expect(try reopened.journal(limit: 10).map { "\($0.command) \($0.undone)" } == ["uncheck true", "check false"])
        #expect(try reopened.item(id: item.id)?.isDone == true)
        #expect(try reopened.apply(.redo)?.command == "uncheck")
        #expect(try reopened.item(id: item.id)?.isDone == false)
        #expect(try reopened.apply(.redo) == nil)
        #expect(try reopened.apply(.undo)?.command == "uncheck")
        #expect(try reopened.apply(.undo)?.command == "check")
        #expect(try reopened.apply(.undo) == nil)
    }

    /// Version 7 journals changes in the store: a version 6 store keeps its items, starts with
    /// an empty journal, and journals from then on.
    @Test func aVersionSixStoreGainsAnEmptyUndoJournal() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("v6.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        let item = try store.add(TodoItem(id: UUID(), title: "kept", due: DueDay(dayNumber: 20_000), created: Date()))
        store.close()
        #expect(try SQLiteCLI.run(path, Self.backToVersion6) == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        #expect(try reopened.allItems() == [item])
        #expect(try reopened.journal(limit: 10).isEmpty)
        #expect(try reopened.apply(.undo) == nil)
        _ = try reopened.setDone(true, listed: [item], at: Date(timeIntervalSince1970: 1_790_000_000), journaled: JournalContext(command: "check", time: Date()))
        #expect(try reopened.journal(limit: 10).map(\.command) == ["check"])
    }

    /// Version 6 indexes the text of items for `find`, those already stored included.
    @Test func aVersionFiveStoreFindsTheItemsItAlreadyHeld() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("v5.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        let day = try #require(DueDay(year: 2026, month: 11, day: 29))
        let kept = try store.add(TodoItem(id: UUID(), title: "École", notes: "tickets", due: day, created: Date()))
        store.close()
        #expect(try SQLiteCLI.run(path, Self.backToVersion5) == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        let query = try #require(SearchQuery("ecole tick"))
        #expect(try reopened.items(.found(query), offset: 0, limit: 10) == [kept])
        // And the triggers keep it in step from then on.
        var renamed = kept
        renamed.title = "Lycée"
        _ = try reopened.edit(renamed, expecting: kept, at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(try reopened.count(.matching(query)) == 0)
        #expect(try reopened.count(.matching(try #require(SearchQuery("lycee")))) == 1)
    }

    /// The prefix indexes' migration makes the full-text index again with them: what a store
    /// already held is found by the same prefixes, of every length, and a later edit is seen.
    @Test func aStoreFromBeforeWordPrefixesFindsItsItemsByTheirPrefixes() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("prefixes.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        let day = try #require(DueDay(year: 2026, month: 11, day: 29))
        let garage = try store.add(TodoItem(id: UUID(), title: "Garage door", due: day, created: Date()))
        let garden = try store.add(TodoItem(id: UUID(), title: "water", notes: "the gardenias", due: day, created: Date()))
        _ = try store.add(TodoItem(id: UUID(), title: "rent", due: day, location: Location(name: "Gare du Nord"), created: Date()))
        store.close()
        #expect(try SQLiteCLI.run(path, Self.withoutWordPrefixes
            + "PRAGMA user_version = \(Self.version(before: SQLiteSchema.wordPrefixes));") == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        let sqlite = try #require(reopened as? SQLiteItemStore)
        #expect(try sqlite.db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'item_text' AND sql LIKE '%prefix=''2 3 4 5 6 7 8''%'") == 1)
        // 2 to 8 letters from the prefix indexes, 9 and more (gardenias) merged as before.
        let counts = try ["g", "ga", "gar", "gard", "garde", "garden", "gardeni", "gardenia", "gardenias", "gardeniass"].map {
            try reopened.count(.matching(try #require(SearchQuery($0))))
        }
        #expect(counts == [3, 3, 3, 1, 1, 1, 1, 1, 1, 0])
        #expect(try reopened.items(.found(try #require(SearchQuery("gara"))), offset: 0, limit: 10) == [garage])
        var renamed = garden
        renamed.notes = "roses"
        _ = try reopened.edit(renamed, expecting: garden, at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(try reopened.count(.matching(try #require(SearchQuery("gard")))) == 0)
        #expect(try reopened.count(.matching(try #require(SearchQuery("ros")))) == 1)
    }

    /// The places migration indexes the open items that already have coordinates, so `near`
    /// finds them at once, and the triggers keep the index in step from then on.
    @Test func aStoreFromBeforePlacesFindsItsLocatedItemsNear() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("v9.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        let day = try #require(DueDay(year: 2026, month: 11, day: 29))
        let paris = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        let lyon = try Coordinate(latitude: 45.764, longitude: 4.8357)
        let near = try store.add(TodoItem(id: UUID(), title: "Louvre", due: day, location: Location(name: "Louvre", coordinate: paris),
                                          created: Date()))
        let far = try store.add(TodoItem(id: UUID(), title: "Bouchon", due: day, location: Location(name: "Lyon", coordinate: lyon),
                                         created: Date()))
        _ = try store.add(TodoItem(id: UUID(), title: "Nowhere", due: day, created: Date()))
        store.close()
        #expect(try SQLiteCLI.run(path, Self.withoutSync + Self.withoutPlaces + "PRAGMA user_version = 9;") == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        let page = try reopened.nearby(paris, within: nil, offset: 0, limit: 10)
        #expect(page.rows.map(\.item) == [near, far])
        #expect(page.unplaced == 1)
        _ = try reopened.setDone(true, id: near.id, expecting: near, at: Date())
        #expect(try reopened.nearby(paris, within: nil, offset: 0, limit: 10).rows.map(\.item) == [far])
    }

    /// Versions 7 and 8: every item a version-6 store holds keeps its fields, its UUID as its UID and
    /// its created time as its modified time; the rows are not rewritten to get them.
    @Test func aVersionSixStoreKeepsEveryItemWithItsIdAsUID() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("v6.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        let day = try #require(DueDay(year: 2026, month: 11, day: 29))
        var items: [TodoItem] = []
        for i in 0..<20 {
            var item = TodoItem(id: UUID(), title: "item \(i)", notes: i % 3 == 0 ? "notes" : nil, due: day.adding(days: i),
                                created: Date(timeIntervalSince1970: 1_790_000_000 + Double(i)),
                                repeats: i % 4 == 0 ? Repeat(unit: .month, from: day.adding(days: i)) : nil)
            item.time = i % 2 == 0 ? TimeOfDay(minutes: 60 * i) : nil
            items.append(try store.add(item))
        }
        _ = try store.setDone(true, id: items[3].id, expecting: nil, at: items[3].created)
        let before = try store.allItems()
        store.close()
        #expect(try SQLiteCLI.run(path, Self.backToVersion6) == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        let after = try reopened.allItems()
        #expect(after == before)
        #expect(after.allSatisfy { $0.uid == $0.id.uuidString && $0.modified == $0.created })
        #expect(try reopened.item(uid: items[5].id.uuidString)?.title == "item 5")
        // Dated all: nothing lands under No date.
        #expect(try reopened.count(.due(.on(nil), openOnly: true)) == 0)
    }

    /// A property-list store of version 1 (no uid, modified or icalendar keys, every item
    /// dated) reads as it is, and the first change writes version 2.
    @Test func aVersionOnePropertyListStoreKeepsEveryItem() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("v1.plist")
        let id = UUID()
        let entry: [String: Any] = ["id": id.uuidString, "title": "kept", "notes": "n", "due": "2026-11-30", "time": 540,
                                    "done": false, "created": Date(timeIntervalSince1970: 1_790_000_000), "sequence": 4]
        let document: [String: Any] = ["format": "errand-store", "version": 1, "revision": 3, "items": [entry]]
        try PropertyListSerialization.data(fromPropertyList: document, format: .xml, options: 0)
            .write(to: URL(fileURLWithPath: path))
        let store = try StoreOpener.open(path: path, backend: .plist)
        let item = try #require(try store.item(id: id))
        #expect(item.uid == id.uuidString)
        #expect(item.modified == item.created)
        #expect(item.due == DueDay(year: 2026, month: 11, day: 30))
        #expect(item.time == TimeOfDay(minutes: 540))
        _ = try store.add(TodoItem(id: UUID(), title: "new", due: nil, created: Date()))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("<key>version</key>\n\t<integer>2</integer>"))
        #expect(try StoreOpener.open(path: path, backend: .plist).item(id: id) == item)
    }

    /// Version 3 adds per-day tallies: they must start out equal to what the items say.
    @Test func aVersionTwoStoreGainsTalliesThatMatchItsItems() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("v2.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        let day = DueDay(year: 2026, month: 11, day: 29)!
        var ids: [UUID] = []
        for i in 0..<30 {
            let item = TodoItem(id: UUID(), title: "t\(i)", due: day.adding(days: i % 7), created: Date())
            ids.append(try store.add(item).id)
        }
        for id in ids.prefix(5) { _ = try store.setDone(true, id: id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000)) }
        store.close()
        #expect(try SQLiteCLI.run(path, Self.backToVersion2) == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        let all = try reopened.allItems()
        let expected = (0..<7).map { d in all.filter { !$0.isDone && $0.due == day.adding(days: d) }.count }
        #expect(expected.reduce(0, +) == 25)
        #expect(try reopened.openCounts(from: day, days: 7) == expected)
        #expect(try reopened.counts() == ItemCounts(toDo: 25, done: 5))
        #expect(try reopened.count(.day(day)) == all.filter { $0.due == day }.count)
    }

    /// Version 5 compares titles in NFC. Titles a version-4 store holds un-normalised keep
    /// their bytes (the upgrade adds a key beside them, it does not rewrite them) and block
    /// every spelling of themselves, as the property-list backend's == does.
    @Test func aVersionFourStoreKeepsItsTitlesAndComparesThemInNFC() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("v4.sqlite")
        let day = try #require(DueDay(year: 2026, month: 11, day: 29))
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        _ = try store.add(TodoItem(id: UUID(), title: "Plain", due: day, created: Date()))
        store.close()
        // As version 4 stored them: one title decomposed (NFD), one neither NFC nor NFD.
        #expect(try SQLiteCLI.run(path, Self.backToVersion5 + """
            DROP INDEX item_same_entry; ALTER TABLE item DROP COLUMN title_nfc;
            CREATE INDEX item_same_entry ON item (title, due, done);
            INSERT INTO item (uuid, title, due, done, created, seq) VALUES
                ('00000000-0000-0000-0000-000000000001', 'Cafe' || char(0x301), \(day.dayNumber), 0, 0, 10),
                ('00000000-0000-0000-0000-000000000002', 'e' || char(0x301) || 't' || char(0xE9), \(day.dayNumber), 0, 0, 11);
            PRAGMA user_version = 4;
            """) == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        #expect(try reopened.allItems().map { Array($0.title.utf8) }
            == ["Plain", "Cafe\u{301}", "e\u{301}t\u{E9}"].map { Array($0.utf8) })
        for title in ["Caf\u{E9}", "Cafe\u{301}", "\u{E9}t\u{E9}", "e\u{301}te\u{301}"] {
            #expect(throws: DomainError.self, "\(title.unicodeScalars.map(\.value))") {
                try reopened.add(TodoItem(id: UUID(), title: title, due: day, created: Date()))
            }
        }
        #expect(try reopened.counts().toDo == 3)
    }
}

/// A hand-edited SQLite row with an impossible day is reported, not trapped on.
@Suite(.tags(.process), .fullLane) struct ImpossibleRowTests {
    /// `log --json` wrote Int64(time) and trapped on a journal time past Int64.max seconds.
    @Test func aJournalTimeFarBeyondYear9999IsKeptWithinIt() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("edited.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        _ = try store.add(TodoItem(id: UUID(), title: "x", due: DueDay(dayNumber: 20_000), created: Date()),
                          journaled: JournalContext(command: "create", time: Date()))
        store.close()
        #expect(try SQLiteCLI.run(path, "UPDATE journal SET time = 9223372036854775807;") == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        let entry = try #require(try reopened.journal(limit: 1).first)
        #expect(entry.time.timeIntervalSince1970 == Clock.supportedSeconds.upperBound)
        #expect(Int64(exactly: entry.time.timeIntervalSince1970) != nil)
    }

    @Test func aDayFarBeyondYear9999IsNamedAsDamage() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("edited.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        _ = try store.add(TodoItem(id: UUID(), title: "x", due: DueDay(dayNumber: 20_000), created: Date()))
        store.close()
        #expect(try SQLiteCLI.run(path, "UPDATE item SET due = 9000000000000000000;") == 0)
        // Read, named and left for the user to mend (ItemDamage): one row never locks the store.
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        let item = try #require(try reopened.allItems().first)
        #expect(item.due == nil && item.damage == "its due day is outside the years 1 to 9999")
    }
}
