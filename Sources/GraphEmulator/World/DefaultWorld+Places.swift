import Foundation
import GraphJSON

extension DefaultWorld {
  /// The place picker's centre: the iOS Simulator's default location near Union Square.
  static let centre = (latitude: 37.785834, longitude: -122.406417)

  /// Places: name, category, distance from the centre in metres, bearing in degrees, street.
  /// The first id is the place of the Scrumptious tutorial's Graph API Explorer example.
  static let places: [(String, String, Double, Double, String)] = [
    ("Sears Fine Food", "Restaurant/cafe", 180, 20, "439 Powell St"),
    ("Café de la Presse", "Cafe", 240, 300, "352 Grant Ave"),
    ("Burger Bar", "Restaurant/cafe", 120, 150, "251 Geary St"),
    ("Lefty O'Doul's", "Bar", 210, 250, "333 Geary St"),
    ("Farallon Restaurant", "Restaurant/cafe", 330, 270, "450 Post St"),
    ("Boudin Bakery Café", "Bakery", 410, 110, "170 O'Farrell St"),
    ("Blue Bottle Coffee", "Coffee shop", 620, 140, "66 Mint Plaza"),
    ("Tadich Grill", "Seafood restaurant", 900, 40, "240 California St"),
    ("Zero Zero", "Pizza place", 750, 160, "826 Folsom St"),
    ("House of Prime Rib", "Steakhouse", 1450, 285, "1906 Van Ness Ave"),
    ("Tartine Bakery", "Bakery", 3100, 195, "600 Guerrero St"),
    ("Zuni Café", "Restaurant/cafe", 1600, 240, "1658 Market St"),
    ("Swan Oyster Depot", "Seafood restaurant", 1300, 300, "1517 Polk St"),
    ("The Slanted Door", "Vietnamese restaurant", 1200, 60, "1 Ferry Building"),
    ("Smuggler's Cove", "Bar", 1500, 260, "650 Gough St"),
    ("Sightglass Coffee", "Coffee shop", 1700, 180, "270 7th St"),
    ("Mission Chinese Food", "Chinese restaurant", 3600, 190, "2234 Mission St"),
    ("La Taqueria", "Mexican restaurant", 4300, 185, "2889 Mission St"),
    ("Nopa", "Restaurant/cafe", 2900, 275, "560 Divisadero St"),
    ("Zeitgeist", "Bar", 2300, 215, "199 Valencia St"),
    ("Philz Coffee", "Coffee shop", 3500, 195, "3101 24th St"),
    ("State Bird Provisions", "American restaurant", 2200, 270, "1529 Fillmore St"),
    ("Golden Boy Pizza", "Pizza place", 1100, 345, "542 Green St"),
    ("Caffe Trieste", "Cafe", 1050, 350, "601 Vallejo St"),
    ("Comstock Saloon", "Bar", 950, 5, "155 Columbus Ave"),
    ("Cliff House", "American restaurant", 9300, 280, "1090 Point Lobos Ave"),
    ("Beach Chalet Brewery", "Brewery", 9100, 265, "1000 Great Hwy"),
    ("Burma Superstar", "Burmese restaurant", 5200, 280, "309 Clement St"),
    ("Chez Panisse", "Restaurant/cafe", 17_000, 35, "1517 Shattuck Ave"),
    ("Sam's Chowder House", "Seafood restaurant", 6800, 100, "Pier 3, Treasure Island"),
    ("Outerlands", "Restaurant/cafe", 8600, 250, "4001 Judah St"),
    ("Pizzeria Delfina", "Pizza place", 3300, 200, "3611 18th St"),
    ("Trouble Coffee", "Coffee shop", 8900, 255, "4033 Judah St"),
    ("Dolores Park Café", "Cafe", 3000, 200, "501 Dolores St"),
  ]

  static func placeID(_ index: Int) -> String {
    index == 0 ? "111615355559307" : "1116153555\(59307 + index * 37)"
  }

  static func addPlaces(_ b: inout WorldBuilder) {
    for (index, p) in places.enumerated() {
      let (lat, lng) = offset(centre, metres: p.2, bearing: p.3)
      let location: JSONValue = [
        "street": .string(p.4), "city": "San Francisco", "state": "CA",
        "country": "United States", "zip": index % 2 == 0 ? "94108" : "94102",
        "latitude": .number(JSONNumber(text: fixed(lat))),
        "longitude": .number(JSONNumber(text: fixed(lng))),
      ]
      b.add(
        placeID(index), .page,
        [
          ("name", .string(p.0)),
          ("category", "Local business"),
          ("category_list", [["id": .string("1\(9_328_670_000 + index)"), "name": .string(p.1)]]),
          ("location", location),
          ("link", .string("https://www.facebook.com/pages/place/\(placeID(index))")),
          ("phone", .string("(415) 555-\(1000 + index * 17)")),
          ("likes", .number(JSONNumber(1200 + index * 311 % 5000))),
          ("checkins", .number(JSONNumber(4000 + index * 977 % 20_000))),
          ("were_here_count", .number(JSONNumber(4000 + index * 977 % 20_000))),
        ])
    }
  }

  /// The point `metres` away from `start` towards `bearing` (degrees from north), on a sphere.
  static func offset(
    _ start: (latitude: Double, longitude: Double), metres: Double, bearing: Double
  ) -> (Double, Double) {
    let radius = 6_371_000.0
    let angle = metres / radius
    let theta = bearing * .pi / 180
    let lat1 = start.latitude * .pi / 180
    let lng1 = start.longitude * .pi / 180
    let lat2 = asin(sin(lat1) * cos(angle) + cos(lat1) * sin(angle) * cos(theta))
    let lng2 = lng1 + atan2(sin(theta) * sin(angle) * cos(lat1), cos(angle) - sin(lat1) * sin(lat2))
    return (lat2 * 180 / .pi, lng2 * 180 / .pi)
  }

  /// Six decimals, as Graph prints coordinates.
  static func fixed(_ value: Double) -> String {
    let scaled = (value * 1_000_000).rounded()
    let negative = scaled < 0
    let magnitude = Int(abs(scaled))
    let fraction = String(magnitude % 1_000_000)
    return (negative ? "-" : "") + "\(magnitude / 1_000_000)."
      + String(repeating: "0", count: 6 - fraction.count) + fraction
  }
}
