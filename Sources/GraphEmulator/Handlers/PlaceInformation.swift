import GraphAPI
import GraphJSON

/// A place as `search?type=place` answers it from v3.0 on: a PlaceInformation object, whose
/// `page` field leads to the place's Page (https://developers.facebook.com/docs/places/web/search).
/// The emulator's places are Pages, so a PlaceInformation shares its Page's id (**[choice]**).
struct PlaceInformation {
  var renderer: NodeRenderer

  /// The object for `place`: `name`, `location`, `id` without `fields` (**[choice]**), else
  /// the selected fields, `page` rendered as the Page node.
  func render(_ place: Node, selection: FieldSelection?) throws(GraphError) -> JSONObject {
    var out = JSONObject()
    guard let selection, !selection.fields.isEmpty else {
      for key in ["name", "location"] {
        if let value = place.fields[key] { out.append(key, value) }
      }
      out.append("id", .string(place.id))
      return out
    }
    for field in selection.fields {
      if field.name == "page" {
        out.append(
          field.outputName, .object(try renderer.render(place, selection: field.subfields)))
      } else if let value = try renderer.value(of: field, on: place) {
        out.append(field.outputName, value)
      }
    }
    if out["id"] == nil && !selection.fields.contains(where: { $0.outputName == "id" }) {
      out.append("id", .string(place.id))
    }
    return out
  }
}
