import Foundation

/// Any JSON value, kept as a tree so that two documents can be compared key by key (a key
/// missing on one side is seen, unlike in a decoded struct where it would become `nil`).
///
/// Numbers are `Double`s: JSON does not tell integers from floats, so ``SummaryComparison``
/// decides from the key which numbers are counts. Encoding writes a whole number below 2^53 as
/// an integer (`261`, not `261.0`) and any other number in the shortest form that reads back to
/// the same `Double`, so a tree written and read again is identical.
public enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A JSON document that cannot be read, with the decoder's reason.
    public struct ParseError: Error, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if let whole = Self.wholeNumber(value) { try container.encode(whole) } else { try container.encode(value) }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value as an `Int64` when it is a whole number JSON can carry exactly (below 2^53).
    static func wholeNumber(_ value: Double) -> Int64? {
        guard value.isFinite, value == value.rounded(), abs(value) < 9_007_199_254_740_992 else { return nil }
        return Int64(value)
    }

    /// Reads a JSON document.
    public init(parsing data: Data) throws(ParseError) {
        do {
            self = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw ParseError(reason: Self.reason(context))
        } catch let DecodingError.typeMismatch(_, context) {
            throw ParseError(reason: Self.reason(context))
        } catch {
            throw ParseError(reason: "\(error)")
        }
    }

    private static func reason(_ context: DecodingError.Context) -> String {
        if let underlying = context.underlyingError as NSError?,
           let detail = underlying.userInfo[NSDebugDescriptionErrorKey] as? String {
            return detail
        }
        return context.debugDescription
    }

    /// The JSON tree of an encodable value (as `JSONEncoder` writes it).
    public init<Value: Encodable>(encoding value: Value) throws {
        let data = try JSONEncoder().encode(value)
        do throws(ParseError) {
            self = try JSONValue(parsing: data)
        } catch {
            throw error
        }
    }

    /// The value as JSON text, keys sorted, slashes unescaped: on one line, or indented two
    /// spaces a level (`pretty`), the form expected files are written in so that a change shows
    /// as a one-line diff.
    public func text(pretty: Bool = false) -> String {
        JSONText.encode(self, pretty: pretty, fallback: "null")
    }

    /// The member `key` of an object; `nil` for a missing key or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The members of an object, `nil` for any other value.
    public var objectValue: [String: JSONValue]? {
        guard case .object(let members) = self else { return nil }
        return members
    }
}
