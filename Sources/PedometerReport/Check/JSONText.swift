import Foundation

/// JSON text as every command writes it: keys sorted, slashes left unescaped.
public enum JSONText {
    /// `value` as JSON text: on one line, or indented two spaces a level (`pretty`). Numbers
    /// that are not finite are written as the strings `inf`, `-inf` and `nan` when
    /// `nonFiniteAsStrings` (else they fail the encoding); `fallback` when the encoding fails.
    public static func encode<Value: Encodable>(
        _ value: Value, pretty: Bool = false, nonFiniteAsStrings: Bool = false, fallback: String = "{}"
    ) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty
            ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        if nonFiniteAsStrings {
            encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        }
        return String(decoding: (try? encoder.encode(value)) ?? Data(fallback.utf8), as: UTF8.self)
    }
}
