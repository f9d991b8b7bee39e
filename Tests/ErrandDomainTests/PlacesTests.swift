import ErrandDomain
import ErrandTestSupport
import Foundation
import Testing

/// Great-circle distances, the boxes `near` asks an index for, and how distances and map links
/// are written.
@Suite struct PlacesTests {
    static func point(_ lat: Double, _ lon: Double) throws -> Coordinate { try Coordinate(latitude: lat, longitude: lon) }

    /// Known city pairs (great-circle distances between city centres, as published by
    /// distance calculators that use the mean radius).
    @Test(arguments: [
        (48.8566, 2.3522, 45.7640, 4.8357, 392.0),   // Paris - Lyon
        (48.8566, 2.3522, 51.5074, -0.1278, 344.0),  // Paris - London
        (40.7128, -74.0060, 51.5074, -0.1278, 5570.0), // New York - London
        (-33.8688, 151.2093, 35.6762, 139.6503, 7823.0), // Sydney - Tokyo
    ])
    func distancesBetweenCities(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double, _ km: Double) throws {
        let d = GreatCircle.distance(try Self.point(lat1, lon1), try Self.point(lat2, lon2)) / 1000
        #expect(abs(d - km) / km < 0.005, "\(d) km, expected about \(km)")
        // Symmetric.
        #expect(GreatCircle.distance(try Self.point(lat2, lon2), try Self.point(lat1, lon1)) / 1000 == d)
    }

    @Test func edgeCasesStayFinite() throws {
        let here = try Self.point(12.5, -7.25)
        #expect(GreatCircle.distance(here, here) == 0)
        let antipode = GreatCircle.distance(try Self.point(0, 0), try Self.point(0, 180))
        #expect(abs(antipode - GreatCircle.maxDistance) < 1)
        #expect(GreatCircle.distance(try Self.point(90, 0), try Self.point(-90, 0)).isFinite)
        // Across the 180th meridian: two points 0.2 degrees apart, not 359.8.
        let across = GreatCircle.distance(try Self.point(0, 179.9), try Self.point(0, -179.9))
        #expect(abs(across - 22_239) < 10)
    }

    /// Every point within the radius lies in the box, wherever the centre is (poles, the
    /// 180th meridian): the index may return more than the circle, never less.
    @Test func theBoxHoldsEveryPointOfTheCircle() throws {
        let seed = TestSeed.draw(for: "theBoxHoldsEveryPointOfTheCircle")
        var rng = SeededGenerator(seed: seed)
        var checked = 0
        for _ in 0..<2_000 {
            let centre = try Self.point(Double.random(in: -90...90, using: &rng), Double.random(in: -180...180, using: &rng))
            let radius = [100.0, 5_000, 50_000, 800_000, 5_000_000][Int.random(in: 0..<5, using: &rng)]
            let box = BoundingBox(around: centre, radius: radius)
            for _ in 0..<20 {
                let p = try Self.point(Double.random(in: -90...90, using: &rng), Double.random(in: -180...180, using: &rng))
                // Points near the centre, so that many fall inside the circle.
                let q = try Self.point(min(90, max(-90, centre.latitude + (p.latitude / 90) * radius / 111_000)),
                                       min(180, max(-180, centre.longitude + (p.longitude / 180) * radius / 50_000)))
                for candidate in [p, q] where GreatCircle.distance(centre, candidate) <= radius {
                    checked += 1
                    #expect(box.contains(candidate), "seed \(seed): centre \(centre), radius \(radius), point \(candidate) outside \(box)")
                }
            }
        }
        #expect(checked > 5_000, "seed \(seed)")
    }

    @Test func aSmallBoxIsSmall() throws {
        let box = BoundingBox(around: try Self.point(48.8566, 2.3522), radius: 5_000)
        #expect(box.maxLatitude - box.minLatitude < 0.1)
        #expect(box.maxLongitude - box.minLongitude < 0.15)
        let polar = BoundingBox(around: try Self.point(89.99, 0), radius: 5_000)
        #expect(polar.minLongitude == -180 && polar.maxLongitude == 180 && polar.maxLatitude == 90)
    }

    @Test func distancesAsTypedAndAsShown() {
        #expect(Distance.parse("5km") == 5_000)
        #expect(Distance.parse("5 km") == 5_000)
        #expect(Distance.parse("500m") == 500)
        #expect(Distance.parse("2.5KM") == 2_500)
        #expect(Distance.parse("1mi") == 1_609.344)
        for bad in ["", "km", "5", "-5km", "0km", "5 parsecs", "1e3km", "nan km", "inf m", "99999km", "5..0km", "٣km"] {
            #expect(Distance.parse(bad) == nil, "\(bad)")
        }
        #expect(Distance.describe(12.4) == "12 m")
        #expect(Distance.describe(999.4) == "999 m")
        #expect(Distance.describe(999.6) == "1 km")
        #expect(Distance.describe(1_240) == "1.2 km")
        #expect(Distance.describe(5_000) == "5 km")
        #expect(Distance.describe(391_499) == "391 km")
    }

    @Test func mapLinksPinThePointAtStreetLevel() throws {
        #expect(MapLink.url(try Self.point(48.8606, 2.3376))
                == "https://www.openstreetmap.org/?mlat=48.8606&mlon=2.3376#map=16/48.8606/2.3376")
        #expect(MapLink.url(try Self.point(-33.868819, 151.209301))
                == "https://www.openstreetmap.org/?mlat=-33.86882&mlon=151.2093#map=16/-33.86882/151.2093")
        #expect(MapLink.degrees(0.000001) == "0")
        #expect(MapLink.degrees(-0.000001) == "0")
        #expect(MapLink.degrees(1e-7).contains("e") == false)
    }

    @Test func placeKeysIgnoreCaseSpacingAndForm() {
        #expect(PlaceKey.of("  12 Rue de la Paix,   Paris ") == "12 rue de la paix, paris")
        #expect(PlaceKey.of("Cafe\u{301}") == PlaceKey.of("Café"))
    }

    @Test func theMeterAgreesWithTheDistance() throws {
        let centre = try Self.point(48.8566, 2.3522)
        let meter = GreatCircle.Meter(from: centre)
        for (lat, lon) in [(45.764, 4.8357), (48.8606, 2.3376), (-33.87, 151.2), (48.8566, 2.3522)] {
            let d = GreatCircle.distance(centre, try Self.point(lat, lon))
            #expect(abs(GreatCircle.Meter.metres(forTerm: meter.term(latitude: lat, longitude: lon)) - d) < 0.001)
            #expect((meter.term(latitude: lat, longitude: lon) <= GreatCircle.Meter.term(forMetres: d + 1)))
        }
    }
}
