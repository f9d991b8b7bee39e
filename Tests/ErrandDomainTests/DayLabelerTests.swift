@testable import ErrandDomain
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Day labels come from the C library's locale data (strftime_l, nl_langinfo_l) since errand
/// stopped linking ICU. Needs the fr_FR.UTF-8 and de_DE.UTF-8 locales, which scripts/test
/// installs (scripts/deps --test).
@Suite struct DayLabelerTests {
    /// What the previous implementation (Foundation's DateFormatter, ICU's CLDR data, template
    /// "EEEMMMd", commas removed) printed for these days, recorded from that build: every month
    /// and every weekday once at least.
    static let previous: [String: [(String, String)]] = [
        "fr_FR.UTF-8": [
            ("2026-01-02", "ven. 2 janv."), ("2026-02-03", "mar. 3 févr."), ("2026-03-04", "mer. 4 mars"),
            ("2026-04-05", "dim. 5 avr."), ("2026-05-06", "mer. 6 mai"), ("2026-06-07", "dim. 7 juin"),
            ("2026-07-08", "mer. 8 juil."), ("2026-08-09", "dim. 9 août"), ("2026-09-01", "mar. 1 sept."),
            ("2026-10-02", "ven. 2 oct."), ("2026-11-03", "mar. 3 nov."), ("2026-12-04", "ven. 4 déc."),
            ("2026-11-29", "dim. 29 nov."), ("2026-11-30", "lun. 30 nov."), ("2026-12-01", "mar. 1 déc."),
            ("2026-12-02", "mer. 2 déc."), ("2026-12-03", "jeu. 3 déc."), ("2026-12-05", "sam. 5 déc."),
        ],
        "de_DE.UTF-8": [
            ("2026-01-02", "Fr. 2. Jan."), ("2026-02-03", "Di. 3. Feb."), ("2026-03-04", "Mi. 4. März"),
            ("2026-04-05", "So. 5. Apr."), ("2026-05-06", "Mi. 6. Mai"), ("2026-06-07", "So. 7. Juni"),
            ("2026-07-08", "Mi. 8. Juli"), ("2026-08-09", "So. 9. Aug."), ("2026-09-01", "Di. 1. Sept."),
            ("2026-10-02", "Fr. 2. Okt."), ("2026-11-03", "Di. 3. Nov."), ("2026-12-04", "Fr. 4. Dez."),
            ("2026-11-29", "So. 29. Nov."), ("2026-11-30", "Mo. 30. Nov."), ("2026-12-01", "Di. 1. Dez."),
            ("2026-12-02", "Mi. 2. Dez."), ("2026-12-03", "Do. 3. Dez."), ("2026-12-05", "Sa. 5. Dez."),
        ],
    ]

    /// The only differences allowed: where glibc's abbreviations (what `date` prints in these
    /// locales) are not CLDR's. Order and punctuation of the label are the same.
    static let cLibraryNames: [String: [String: String]] = [
        "fr_FR.UTF-8": ["avr.": "avril"],
        "de_DE.UTF-8": [
            "So.": "So", "Mo.": "Mo", "Di.": "Di", "Mi.": "Mi", "Do.": "Do", "Fr.": "Fr", "Sa.": "Sa",
            "Jan.": "Jan", "Feb.": "Feb", "März": "Mär", "Apr.": "Apr", "Juni": "Jun", "Juli": "Jul",
            "Aug.": "Aug", "Sept.": "Sep", "Okt.": "Okt", "Nov.": "Nov", "Dez.": "Dez",
        ],
    ]

    static func installed(_ locale: String) -> Bool {
        guard let handle = newlocale(LC_TIME_MASK, locale, nil) else { return false }
        freelocale(handle)
        return true
    }

    @Test(arguments: ["fr_FR.UTF-8", "de_DE.UTF-8"])
    func labelsAreThePreviousOnesWithTheCLibrarysNames(locale: String) throws {
        try #require(DayLabelerTests.installed(locale), "\(locale) is not installed: run scripts/deps --test")
        let labeler = DayLabeler(localeIdentifier: locale)
        let names = DayLabelerTests.cLibraryNames[locale] ?? [:]
        for (iso, old) in DayLabelerTests.previous[locale] ?? [] {
            let day = try #require(DueDay(iso: iso))
            let expected = old.split(separator: " ").map { names[String($0)] ?? String($0) }.joined(separator: " ")
            #expect(labeler.label(day) == expected, "\(locale) \(iso)")
        }
    }

    /// Each label holds the C library's own abbreviations for its weekday and month.
    @Test(arguments: ["fr_FR.UTF-8", "de_DE.UTF-8"])
    func namesAreTheCLibrarys(locale: String) throws {
        try #require(DayLabelerTests.installed(locale), "\(locale) is not installed: run scripts/deps --test")
        let handle = try #require(newlocale(LC_TIME_MASK, locale, nil))
        defer { freelocale(handle) }
        let labeler = DayLabeler(localeIdentifier: locale)
        for offset in 0..<366 {
            let day = DueDay(dayNumber: 20_454 + offset)
            let words = labeler.label(day).split(separator: " ").map(String.init)
            let weekday = String(cString: nl_langinfo_l(nl_item(ABDAY_1) + nl_item(day.weekday), handle))
            let month = String(cString: nl_langinfo_l(nl_item(ABMON_1) + nl_item(day.civil.month - 1), handle))
            #expect(words.contains(weekday) && words.contains(month), "\(locale) \(day.iso): \(words)")
        }
    }

    @Test(arguments: [nil, "C", "POSIX", "C.UTF-8", "en_US.UTF-8", "xx_YY.UTF-8"])
    func cPosixEnglishAndUnknownLocalesGiveEnglish(locale: String?) throws {
        let labeler = DayLabeler(localeIdentifier: locale)
        let week = ["Sun Nov 29", "Mon Nov 30", "Tue Dec 1", "Wed Dec 2", "Thu Dec 3", "Fri Dec 4", "Sat Dec 5"]
        let first = try #require(DueDay(iso: "2026-11-29"))
        #expect((0..<7).map { labeler.label(DueDay(dayNumber: first.dayNumber + $0)) } == week)
        let months = (1...12).compactMap { DueDay(year: 2026, month: $0, day: 15) }.map { labeler.label($0) }
        #expect(months.map { $0.split(separator: " ")[1] } == ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug",
                                                                "Sep", "Oct", "Nov", "Dec"])
    }

    @Test func patternIsTheDatePartOfTheLocalesDateFormat() {
        #expect(DayLabelPattern(dateFormat: "%a %-d. %b %H:%M:%S %Z %Y").strftime == "%a %-d. %b")
        #expect(DayLabelPattern(dateFormat: "%a %d %b %Y %T %Z").strftime == "%a %-d %b")
        #expect(DayLabelPattern(dateFormat: "%a %b %e %H:%M:%S %Z %Y").strftime == "%a %b %-d")
        #expect(DayLabelPattern(dateFormat: "%Y年 %b %e日 %A %H:%M:%S %Z").strftime == "%b %-d日 %a")
        // A format without all three parts gives the plain order.
        #expect(DayLabelPattern(dateFormat: "%H:%M %Y").strftime == DayLabelPattern.fallback)
        #expect(DayLabelPattern(dateFormat: "").strftime == DayLabelPattern.fallback)
        #expect(DayLabelPattern(dateFormat: "%").strftime == DayLabelPattern.fallback)
    }

    /// Issue 27, 10: dates typed as the screen shows them, in its language.
    @Test func datesTypedInTheScreensLanguageRead() throws {
        let today = try #require(DueDay(year: 2026, month: 12, day: 1))
        let french = DayLabeler(localeIdentifier: "fr_FR.UTF-8")
        let words = french.inputWords
        #expect(words.months["dec"] == 12 && words.weekdays["mercredi"] == 3, "\(words)")
        let shown = french.label(try #require(DueDay(year: 2026, month: 12, day: 2)))
        #expect(try DateInputParser.parse(shown, today: today, local: words).day.iso == "2026-12-02", "\(shown)")
        #expect(try DateInputParser.parse("lundi", today: today, local: words).day.iso == "2026-12-07")
        // A Tuesday as the screen shows it, with or without its dot: `mar` first is the weekday
        // there, not March.
        let tuesday = french.label(try #require(DueDay(year: 2026, month: 12, day: 8)))
        #expect(try DateInputParser.parse(tuesday, today: today, local: words).day.iso == "2026-12-08", "\(tuesday)")
        #expect(try DateInputParser.parse("mar 8 déc", today: today, local: words).day.iso == "2026-12-08")
        #expect(try DateInputParser.parse("3 décembre 14:30", today: today, local: words).day.iso == "2026-12-03")
        #expect(try DateInputParser.parse("Wed Dec 2", today: today).day.iso == "2026-12-02")
        #expect(throws: DomainError.invalidDate("Thu Dec 2")) { try DateInputParser.parse("Thu Dec 2", today: today) }
        #expect(throws: DomainError.invalidDate("demain")) { try DateInputParser.parse("demain", today: today, local: words) }
        #expect(DayLabeler.english.inputWords.isEmpty)
    }
}
