import ErrandDomain
import FoundationEssentials

/// The declared fields (ItemField) in a keyed JSON or property-list object, each under its
/// name beside the core keys: the property-list store, the undo journal and the JSON export
/// write and read them here, and every value read goes through the one check
/// (ItemDamage.field), so a bad value is named the same way whichever file held it.
enum FieldCoding {
    struct Key: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    static func encode(_ fields: ItemFieldValues, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (field, value) in fields.present {
            let key = Key(field.name)
            switch value {
            case let .number(n): try container.encode(n, forKey: key)
            case let .words(words): try container.encode(words, forKey: key)
            case let .text(text): try container.encode(text, forKey: key)
            }
        }
    }

    /// Each declared field the object holds, checked; one of the wrong type or outside its
    /// limits is left out and named in `damage`.
    static func decode(from decoder: any Decoder, damage: inout ItemDamage) throws -> ItemFieldValues {
        let container = try decoder.container(keyedBy: Key.self)
        var fields = ItemFieldValues()
        for field in ItemField.declared {
            let key = Key(field.name)
            guard container.contains(key), !((try? container.decodeNil(forKey: key)) ?? false) else { continue }
            let raw: FieldValue?
            switch field.kind {
            case .number: raw = (try? container.decode(Int.self, forKey: key)).map(FieldValue.number)
            case .words, .reminders: raw = (try? container.decode([String].self, forKey: key)).map(FieldValue.words)
            case .text, .dayTime, .choice: raw = (try? container.decode(String.self, forKey: key)).map(FieldValue.text)
            }
            guard let raw else {
                _ = damage.field(field, .text("?"))
                continue
            }
            fields[field] = damage.field(field, raw)
        }
        return fields
    }
}
