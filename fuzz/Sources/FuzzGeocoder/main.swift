import ErrandDomain
import ErrandPlaces
import Foundation

/// Any bytes as a geocoder's answer: read it, and check what a terminal or the store would get
/// (an address without control characters, within its length; coordinates on the Earth).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let data = Data(bytes: bytes, count: count)
    guard let places = try? GeocoderReply.read(data) else { return 0 }
    for place in places {
        if TextSafety.containsControl(place.address) || place.address.count > GeocoderReply.maxAddress
            || !(-90...90).contains(place.coordinate.latitude) || !(-180...180).contains(place.coordinate.longitude)
            || place.candidates != places.count || places.count > GeocoderReply.maxPlaces {
            fatalError("unsafe place read: \(place)")
        }
        _ = MapLink.url(place.coordinate)
    }
    return 0
}
