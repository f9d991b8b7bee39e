import ErrandCatalogue
import ErrandDomain
import Foundation

/// Any bytes as listing.json (against real categories) and as categories.json.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let data = Data(bytes: bytes, count: count)
    let categories = (1...11).map { AdCategory(id: Int64($0), name: "c\($0)") }
    if let ads = try? CatalogueDecoder.ads(data, categories: categories) {
        let catalogue = Catalogue(ads: ads, categories: categories, source: "", fetched: 0)
        _ = catalogue.listed(in: categories.first?.id)
        for ad in ads.prefix(5) { _ = PriceFormat.euros(ad.price) + APIDate.format(ad.created) }
    }
    _ = try? CatalogueDecoder.categories(data)
    return 0
}
