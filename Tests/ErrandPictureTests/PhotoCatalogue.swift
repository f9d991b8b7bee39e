import ErrandTestSupport
import Foundation

/// A loopback catalogue whose ads' photos are what a test wants: good, broken or hostile.
/// Ads list in the order given (newest first), titled "Ad N: NAME".
struct PhotoCatalogue {
    let server: LoopbackServer
    let names: [String]

    init(photos: [(name: String, route: LoopbackServer.Route)]) throws {
        names = photos.map(\.name)
        var routes: [String: LoopbackServer.Route] = ["/categories.json": .body(Data(#"[{"id":1,"name":"Photos"}]"#.utf8))]
        for photo in photos { routes["/photos/\(photo.name).jpg"] = photo.route }
        server = try LoopbackServer(routes: routes)
        let ads = photos.enumerated().map { i, photo in
            """
            {"id":\(100 + i),"category_id":1,"title":"Ad \(i + 1): \(photo.name)","description":"x","price":1.0,\
            "images_url":{"thumb":"\(server.base)photos/\(photo.name).jpg"},\
            "creation_date":"2025-11-\(String(format: "%02d", 28 - i))T10:00:00+0000","is_urgent":false}
            """
        }
        server.set("/listing.json", .body(Data(("[" + ads.joined(separator: ",") + "]").utf8)))
    }

    static func image(_ bytes: [UInt8]) -> LoopbackServer.Route { .body(Data(bytes), contentType: "image/jpeg") }
}
