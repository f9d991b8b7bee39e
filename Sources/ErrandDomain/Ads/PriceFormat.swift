/// French price formatting, by hand so it is the same on every platform and fast:
/// `45 000,00 €` with a narrow no-break space (U+202F) between thousands and a no-break
/// space (U+00A0) before the euro sign, as the platform's fr_FR formatter writes it.
public enum PriceFormat {
    public static func euros(_ price: Double) -> String {
        guard price.isFinite, abs(price) < 1e15 else { return "—" }
        let cents = Int64((abs(price) * 100).rounded())
        let whole = String(cents / 100)
        var grouped = ""
        for (i, digit) in whole.enumerated() {
            if i > 0, (whole.count - i) % 3 == 0 { grouped += "\u{202F}" }
            grouped.append(digit)
        }
        let fraction = cents % 100
        return (price < 0 ? "-" : "") + grouped + "," + (fraction < 10 ? "0" : "") + String(fraction) + "\u{00A0}€"
    }
}
